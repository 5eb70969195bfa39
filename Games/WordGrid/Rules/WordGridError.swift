/// Why the word grid rejected an action. The game's state does not change.
///
/// Each error has a stable `code` for programs and a `message` for people.
///
/// ```swift
/// WordGridError.notInDictionary("xqz").code     // "not_in_dictionary"
/// WordGridError.notInDictionary("xqz").message  // "\"xqz\" is not in the dictionary."
/// ```
public enum WordGridError: Error, Hashable, Codable, Sendable {
  case notAPlayer
  case gameOver
  case notYourTurn
  case playerFinished
  case tooShort
  case faceOffCube(FacePosition)
  case faceNotPlayable(FacePosition)
  case faceRepeated(FacePosition)
  case facesNotTouching(FacePosition, FacePosition)
  case notInDictionary(String)
  case alreadyPlayed(String)
  case cubeNotRemovable(CubeIndex)
  case passOnlyInTurns

  /// A stable snake_case code.
  public var code: String {
    switch self {
    case .notAPlayer: "not_a_player"
    case .gameOver: "game_over"
    case .notYourTurn: "not_your_turn"
    case .playerFinished: "player_finished"
    case .tooShort: "too_short"
    case .faceOffCube: "face_off_cube"
    case .faceNotPlayable: "face_not_playable"
    case .faceRepeated: "face_repeated"
    case .facesNotTouching: "faces_not_touching"
    case .notInDictionary: "not_in_dictionary"
    case .alreadyPlayed: "already_played"
    case .cubeNotRemovable: "cube_not_removable"
    case .passOnlyInTurns: "pass_only_in_turns"
    }
  }

  /// A sentence for people.
  public var message: String {
    switch self {
    case .notAPlayer: "You are not playing in this game."
    case .gameOver: "The game is over."
    case .notYourTurn: "It is not your turn."
    case .playerFinished: "You have finished this game."
    case .tooShort: "A word needs at least 3 letters."
    case let .faceOffCube(face): "There is no face at \(face)."
    case let .faceNotPlayable(face): "The face at \(face) cannot be played: its cube is gone or hidden."
    case let .faceRepeated(face): "The face at \(face) is used twice in one word."
    case let .facesNotTouching(a, b): "The faces at \(a) and \(b) do not touch."
    case let .notInDictionary(word): "\"\(word)\" is not in the dictionary."
    case let .alreadyPlayed(word): "\"\(word)\" was already played in this game."
    case let .cubeNotRemovable(cube): "The cube at \(cube) cannot be removed: it is gone or hidden."
    case .passOnlyInTurns: "Passing is only for turns games."
    }
  }
}
