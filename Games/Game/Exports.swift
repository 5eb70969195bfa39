// NB: A game writes its views and records with the JSON library; importing the seam brings it.
@_exported import GameServerJSON
// NB: Player, room and connection ids are Tagged values; importing the game seam brings their
// conformances along.
@_exported import Tagged
