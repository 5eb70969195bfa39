/// Extracts and embeds the associated value of one enum case, resolved once from a case key
/// path so that each use costs a couple of closure calls.
@usableFromInline
struct CaseExtractor<Root, Value>: @unchecked Sendable {
  @usableFromInline let extract: @Sendable (Root) -> Value?
  @usableFromInline let embed: @Sendable (Value) -> Root

  @usableFromInline
  init(_ keyPath: CaseKeyPath<Root, Value>) {
    if let fast = (Root.self as? any _FastCaseExtractable.Type)?._$caseExtractor(for: keyPath)
      as? AnyCasePath<Root, Value>
    {
      self.extract = fast.extract(from:)
      self.embed = fast.embed
      return
    }
    let resolved = Case<Root>()[keyPath: keyPath]
    self.extract = { resolved._extract(from: $0) }
    self.embed = { resolved._embed($0) as! Root }
  }

  @usableFromInline
  init(extract: @escaping @Sendable (Root) -> Value?, embed: @escaping @Sendable (Value) -> Root) {
    self.extract = extract
    self.embed = embed
  }
}

/// An enum that can hand out direct case paths for its case key paths, without the cost of
/// evaluating the key path for every action. The ``Reducer()`` macro conforms `Action` enums.
public protocol _FastCaseExtractable {
  /// A case path (`AnyCasePath<Self, Value>`) for `keyPath`, or `nil` when it is not one of
  /// this enum's own cases.
  static func _$caseExtractor(for keyPath: AnyKeyPath) -> Any?
}

/// A case path from an embed and an extract function; used by code `@Reducer` generates.
public func _$caseExtractor<Root, Value>(
  _ embed: @escaping @Sendable (Value) -> Root,
  _ extract: @escaping @Sendable (Root) -> Value?
) -> AnyCasePath<Root, Value> {
  AnyCasePath(embed: embed, extract: extract)
}
