import GameServerGame
import GameServerWordGrid

/// The right face of the front cube at (2, y, z).
func front(_ y: Int, _ z: Int) -> FacePosition { FacePosition(x: 2, y: y, z: z, side: .right) }

/// The top face of the cube at (x, 2, z).
func top(_ x: Int, _ z: Int) -> FacePosition { FacePosition(x: x, y: 2, z: z, side: .top) }

/// A puzzle of X faces (no sample word has an X) with these letters placed.
func makePuzzle(_ letters: [FacePosition: String], fill: String = "X") -> Puzzle {
  var puzzle = Puzzle(letters: Array(repeating: Letter(fill)!, count: 81))
  for (face, text) in letters { puzzle[face] = Letter(text)! }
  return puzzle
}

/// The front wall (right faces at x = 2), top row first:
///
///     y=2:  C A T
///     y=1:  B E S
///     y=0:  R N X
///
/// Sample words on it include cab, cat, cats, bat, bats, set, sea, seat, net, nets, ten, tens,
/// rest, ace, aces.
let frontWallPuzzle = makePuzzle([
  front(2, 0): "C", front(2, 1): "A", front(2, 2): "T",
  front(1, 0): "B", front(1, 1): "E", front(1, 2): "S",
  front(0, 0): "R", front(0, 1): "N",
])

let cab = [front(2, 0), front(2, 1), front(1, 0)]
let cat = [front(2, 0), front(2, 1), front(2, 2)]
let seat = [front(1, 2), front(1, 1), front(2, 1), front(2, 2)]
