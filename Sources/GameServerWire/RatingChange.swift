/// A player's rating after a rated game, with how much the game moved it: the `rating` message
/// the server sends each person of the game once its result is stored.
///
/// `{"v":1,"type":"rating","room":"room-9f2c4a1b7d3e5f60","game":"tictactoe","mode":"standard","rating":1216,"change":16}`
///
/// ```swift
/// RatingChange(room: id, variant: .ticTacToe, rating: 1216, change: 16)
/// ```
public struct RatingChange: Hashable, Sendable {
  /// The room whose game it was.
  public var room: RoomID
  public var variant: GameVariant
  /// The new rating.
  public var rating: Int
  /// New minus old.
  public var change: Int

  public init(room: RoomID, variant: GameVariant, rating: Int, change: Int) {
    self.room = room
    self.variant = variant
    self.rating = rating
    self.change = change
  }
}
