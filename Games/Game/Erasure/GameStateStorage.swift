import ComposableArchitecture
import Synchronization

/// A game's state, and its reducer, in a box of its own: how a room holds the state of
/// whichever game it plays.
///
/// A class, so that the room holds it as one reference and each operation finds the state at
/// once (no dynamic cast); ``GameWitness/reduce`` copies it first when it is shared, so a room
/// keeps value semantics.
///
/// A room holds the state from before each action, to tell which views changed, so each action
/// copies the box. The copy keeps the box it was copied from as its spare, and the next copy
/// reuses that spare when no one else holds it any more: two boxes take turns, and a move
/// allocates none. The cost is that a room keeps its game's state from before the last action
/// alive until the next one.
///
/// ```swift
/// var storage: AnyObject = GameStateStorage(TicTacToe.State(x: "ada", o: "bob"))
/// ```
public final class GameStateStorage<State: Sendable>: @unchecked Sendable {
  // NB: @unchecked: `state` is only mutated through the witness's `reduce`, when the box is not shared (nothing else may write it).
  // NB: Not checked for exclusive access at run time (a thread-local access set on each of the
  //     several reads a room makes per action): only the witness's `reduce` writes it, on a box no one shares.
  @exclusivity(unchecked) public var state: State
  /// The game's reducer, made on the first action and kept for the rest of the game, so that
  /// what it resolves once (`ResolvedDependency`) stays resolved: a ``CachedGameReducer`` of the
  /// game's type, which the witness's `reduce` reads back without a dynamic cast.
  @exclusivity(unchecked) public var reducer: AnyObject?

  /// The box this one was last copied from, held (+1) for reuse by ``copiedForWriting()``.
  // NB: Taken with an atomic exchange, so that two stores that share this box on two threads
  //     (a state handed from one to another) can never both take it.
  @usableFromInline let spare = Atomic<Unmanaged<GameStateStorage<State>>?>(nil)

  @inlinable
  public init(_ state: State, reducer: AnyObject? = nil) {
    self.state = state
    self.reducer = reducer
  }

  deinit {
    self.spare.load(ordering: .acquiring)?.release()
  }

  /// A box of its own with this box's state and reducer, for a write while this one is shared:
  /// the spare box when no one else holds it (the room's state from before the last action,
  /// released since), else a new one. The copy keeps this box as its spare.
  ///
  /// ```swift
  /// if !isKnownUniquelyReferenced(&storage) { storage = shared.copiedForWriting() }
  /// ```
  @inlinable
  public func copiedForWriting() -> GameStateStorage<State> {
    let copy: GameStateStorage<State>
    if let taken = self.spare.exchange(nil, ordering: .acquiringAndReleasing) {
      var box = taken.takeRetainedValue()
      if isKnownUniquelyReferenced(&box) {
        box.state = self.state
        box.reducer = self.reducer
        copy = box
      } else {
        copy = GameStateStorage(self.state, reducer: self.reducer)
      }
    } else {
      copy = GameStateStorage(self.state, reducer: self.reducer)
    }
    copy.spare.exchange(Unmanaged.passRetained(self), ordering: .acquiringAndReleasing)?.release()
    return copy
  }
}
