/// How a mapped effect (``MappedEffect``) turns its child's actions into its own.
///
/// A struct rather than a closure, so that mapping a `forEach` element's effect makes no closure
/// capturing the element's id: the id and the parent's case path are kept in the effect's box.
///
/// ```swift
/// let embedding = ElementEmbedding(id: 7, path: toElementAction)
/// embedding.embed(.toggle)  // toElementAction.embed(.element(id: 7, action: .toggle))
/// ```
@usableFromInline
protocol ChildActionEmbedding<Child, Action>: Sendable {
  associatedtype Child
  associatedtype Action
  func embed(_ child: Child) -> Action
}

/// A closure's embedding: ``Effect/map(_:)``, `Scope`, `ifLet`.
@usableFromInline
struct ClosureEmbedding<Child, Action>: ChildActionEmbedding {
  @usableFromInline let transform: @Sendable (Child) -> Action

  @inlinable
  init(_ transform: @escaping @Sendable (Child) -> Action) {
    self.transform = transform
  }

  @inlinable
  func embed(_ child: Child) -> Action { self.transform(child) }
}

/// A `forEach` element's embedding: its id, inside the parent's case of element actions.
@usableFromInline
struct ElementEmbedding<ID: Hashable & Sendable, Child, Action>: ChildActionEmbedding, @unchecked Sendable {
  @usableFromInline let id: ID
  @usableFromInline let path: CaseExtractor<Action, IdentifiedAction<ID, Child>>

  @inlinable
  init(id: ID, path: CaseExtractor<Action, IdentifiedAction<ID, Child>>) {
    self.id = id
    self.path = path
  }

  @inlinable
  func embed(_ child: Child) -> Action { self.path.embed(.element(id: self.id, action: child)) }
}
