import Tagged

/// Identifies a room on the server, like `"room-12"`.
///
/// ```swift
/// let room: RoomID = "room-1"
/// ```
public typealias RoomID = Tagged<RoomTag, String>

/// The tag of ``RoomID``.
public enum RoomTag {}

extension Tagged where Tag == RoomTag, RawValue == String {
  /// A new room's id: `room-` and 64 random bits as 16 hex digits, so that a private room's id
  /// cannot be guessed (it is never parsed for anything). Every server and cluster makes ids so.
  ///
  /// ```swift
  /// var generator = SystemRandomNumberGenerator()
  /// RoomID.random(using: &generator)  // "room-9f2c4a1b7d3e5f60"
  /// ```
  public static func random(using generator: inout some RandomNumberGenerator) -> Self {
    let digits = String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 16)
    return Self(rawValue: "room-" + String(repeating: "0", count: 16 - digits.count) + digits)
  }
}
