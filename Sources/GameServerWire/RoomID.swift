import Tagged

/// Identifies a room on the server, like `"room-12"`.
///
/// ```swift
/// let room: RoomID = "room-1"
/// ```
public typealias RoomID = Tagged<RoomTag, String>

/// The tag of ``RoomID``.
public enum RoomTag {}
