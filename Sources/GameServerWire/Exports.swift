// NB: Room and connection ids are Tagged values, and the wire speaks of players, variants and
// protocol errors from the game seam; importing ServerModels brings them along.
@_exported import GameServerGame
@_exported import Tagged
