// NB: Player, room and connection ids are Tagged values; importing the game seam brings their
// conformances along.
@_exported import Tagged
