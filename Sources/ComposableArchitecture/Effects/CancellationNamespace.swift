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

  @usableFromInline
  init(path: [AnyHashableSendable], id: AnyHashableSendable) {
    self.path = path
    self.id = id
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
