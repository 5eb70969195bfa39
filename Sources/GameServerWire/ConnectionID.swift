import Tagged

/// Identifies one client connection for as long as it is open.
///
/// ```swift
/// let connection = ConnectionID(7)
/// ```
public typealias ConnectionID = Tagged<ConnectionTag, UInt64>

/// The tag of ``ConnectionID``.
public enum ConnectionTag {}
