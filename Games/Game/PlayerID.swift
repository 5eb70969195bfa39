import Tagged

/// Identifies a player across games, rooms and connections: a string, tagged so that it is
/// not mixed up with other strings.
///
/// Games bind seats to player ids and reject actions from anyone else.
///
/// ```swift
/// let alice: PlayerID = "alice"
/// let bob = PlayerID(rawValue: "bob")
/// ```
public typealias PlayerID = Tagged<PlayerTag, String>

/// The tag of ``PlayerID``.
public enum PlayerTag {}
