import Synchronization

/// How many perception scopes are open and observers are waiting in the whole process. While it
/// is 0, fields' accessors do nothing but read it.
@usableFromInline
let _perceptionActivity = Atomic<Int>(0)

/// Whether anyone in the process is perceiving: the fast path of every observed field.
@inlinable
var _isPerceiving: Bool {
  _perceptionActivity.load(ordering: .relaxed) != 0
}

/// The activity count's address, which a reducer keeps so that its per-action check is one load,
/// without the call through the global's accessor that code in other modules makes. A
/// noncopyable global is never copied, so a borrow of it is its storage, which lives as long as
/// the process.
@usableFromInline
nonisolated(unsafe) let _perceptionActivityAddress: UnsafePointer<Atomic<Int>> =
  withUnsafePointer(to: _perceptionActivity) { $0 }

/// Records a read of `field` for the innermost ``withPerceptionTracking(_:onChange:)`` of the
/// current task or thread, if there is one.
@usableFromInline
@inline(never)
func _perceptionAccess(origin: UInt64, field: StaticString) {
  PerceptionCollector.current?.insert(PerceivedField(origin: origin, name: field.description))
}

/// Tells the observers of `field` that it changes, and forgets them (each is told once).
@usableFromInline
@inline(never)
func _perceptionChange(origin: UInt64, field: StaticString) {
  PerceptionRegistry.shared.change(PerceivedField(origin: origin, name: field.description))
}
