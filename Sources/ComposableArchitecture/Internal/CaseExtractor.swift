/// Extracts and embeds the associated value of one enum case, resolved once from a case key
/// path so that each use costs a couple of closure calls.
@usableFromInline
struct CaseExtractor<Root, Value>: @unchecked Sendable {
  @usableFromInline let extract: @Sendable (Root) -> Value?
  @usableFromInline let embed: @Sendable (Value) -> Root

  @usableFromInline
  init(_ keyPath: CaseKeyPath<Root, Value>) {
    if let fast = (Root.self as? any _FastCaseExtractable.Type)?._$caseExtractor(for: keyPath)
      as? _CaseExtraction<Root, Value>
    {
      self.extract = fast.extract
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
  /// The case's functions (`_CaseExtraction<Self, Value>`) for `keyPath`, or `nil` when it is not one of
  /// this enum's own cases.
  static func _$caseExtractor(for keyPath: AnyKeyPath) -> Any?
}

/// The embed and extract functions of one enum case; made by code `@Reducer` generates.
public struct _CaseExtraction<Root, Value>: Sendable {
  let embed: @Sendable (Value) -> Root
  let extract: @Sendable (Root) -> Value?
}

/// The embed and extract functions of one case; used by code `@Reducer` generates.
public func _$caseExtractor<Root, Value>(
  _ embed: @escaping @Sendable (Value) -> Root,
  _ extract: @escaping @Sendable (Root) -> Value?
) -> _CaseExtraction<Root, Value> {
  _CaseExtraction(embed: embed, extract: extract)
}
