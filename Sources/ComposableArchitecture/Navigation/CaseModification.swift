import CasePaths
import IssueReporting

/// One modification of an optional enum value through one of its cases, as the navigation
/// subscripts (`state.$destination[case: \.detail]`, `path[id:case:]`) make it.
///
/// `value` is the case's associated value, to be changed in place. When the root held that
/// case, `result` is the root to write back (`nil` when the value was set to `nil`). When it
/// held another case or nothing, the modification is reported and nothing is written.
@usableFromInline
struct CaseModification<Root, Value> {
  @usableFromInline var value: Value?
  @usableFromInline let isRelated: Bool
  private let embed: (Value) -> Root

  @usableFromInline
  init(_ root: Root?, _ path: CaseKeyPath<Root, Value>) where Root: CasePathable {
    self.init(root, extract: { $0[case: path] }, embed: { path($0) })
  }

  @usableFromInline
  init(_ root: Root?, _ path: AnyCasePath<Root, Value>) {
    self.init(root, extract: path.extract, embed: path.embed)
  }

  private init(_ root: Root?, extract: (Root) -> Value?, embed: @escaping (Value) -> Root) {
    self.value = root.flatMap(extract)
    self.isRelated = self.value != nil
    self.embed = embed
    if !self.isRelated {
      let name = root.map { " \(Self.caseName(of: $0).debugDescription)" } ?? ""
      reportIssue("Can't modify unrelated case\(name)")
    }
  }

  /// The root to write back.
  @usableFromInline
  var result: Root? { self.value.map(self.embed) }

  private static func caseName(of root: Root) -> String {
    _enumCase(of: root)?.name ?? String(describing: root)
  }
}
