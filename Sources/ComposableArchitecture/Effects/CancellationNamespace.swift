/// The path of child features an effect belongs to, so that two children may use the same
/// cancellation id without cancelling each other's work.
@usableFromInline
enum CancellationNamespace {
  @TaskLocal
  @usableFromInline
  static var current: [AnyHashableSendable] = []

  /// The id as seen from the current namespace.
  @usableFromInline
  static func scoped(_ id: AnyHashableSendable) -> AnyHashableSendable {
    let path = Self.current
    guard !path.isEmpty else { return id }
    return AnyHashableSendable(NamespacedCancelID(path: path, id: id))
  }
}

/// A cancellation id inside a child feature's namespace.
@usableFromInline
struct NamespacedCancelID: Hashable, Sendable {
  @usableFromInline let path: [AnyHashableSendable]
  @usableFromInline let id: AnyHashableSendable
  /// `path` as child ids when every part is one (as namespaces are): taken out once so that
  /// comparing ids casts nothing.
  private let children: [ChildEffectsID]?
  /// Hashed once: the parts are type-erased, nested values (key paths among them) that cost
  /// far more to hash than to store, and an id is looked up several times in its life.
  @usableFromInline let hash: Int

  @usableFromInline
  init(path: [AnyHashableSendable], id: AnyHashableSendable) {
    self.path = path
    self.id = id
    let children = path.compactMap { $0.base as? ChildEffectsID }
    self.children = children.count == path.count ? children : nil
    var hasher = Hasher()
    hasher.combine(path)
    hasher.combine(id)
    self.hash = hasher.finalize()
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.hash == rhs.hash, lhs.path.count == rhs.path.count else { return false }
    if let left = lhs.children, let right = rhs.children {
      guard left == right else { return false }
    } else if lhs.path != rhs.path {
      return false
    }
    return lhs.id == rhs.id
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(self.hash)
  }
}

extension Effect {
  /// Places this effect's cancellation ids and running work inside a child's namespace.
  @usableFromInline
  func namespaced(_ component: AnyHashableSendable) -> Self {
    switch self.operation {
    case .none, .send, .perform:
      return self
    default:
      return
        self
        .transformingCancelIDs { id in
          if let namespaced = id.base as? NamespacedCancelID {
            return AnyHashableSendable(
              NamespacedCancelID(path: [component] + namespaced.path, id: namespaced.id)
            )
          }
          return AnyHashableSendable(NamespacedCancelID(path: [component], id: id))
        }
        .transformingRuns { operation in
          { send in
            await CancellationNamespace.$current.withValue(CancellationNamespace.current + [component]) {
              await operation(send)
            }
          }
        }
    }
  }
}
