// NB: Player, room and connection ids are Tagged values; importing GameCore brings their
// conformances along.
@_exported import Tagged
