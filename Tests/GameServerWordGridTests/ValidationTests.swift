import GameServerWordGrid
import Testing

struct ValidationTests {
  let puzzle = frontWallPuzzle

  func validate(_ path: [FacePosition], played: Set<String> = []) -> Result<FoundWord, WordGridError> {
    puzzle.validate(path, dictionary: .sample, played: played)
  }

  @Test func acceptsAndScoresAWord() {
    #expect(validate(cab) == .success(FoundWord(word: "cab", score: 27, path: cab)))
    #expect(validate(seat) == .success(FoundWord(word: "seat", score: 20, path: seat)))
  }

  @Test func rejectsAFaceOffTheCube() {
    let off = FacePosition(x: 3, y: 0, z: 0, side: .right)
    #expect(validate([off] + cab) == .failure(.faceOffCube(off)))
  }

  @Test func rejectsAHiddenFace() {
    let hidden = FacePosition(x: 1, y: 2, z: 0, side: .right)
    #expect(validate([hidden, front(2, 1), front(1, 0)]) == .failure(.faceNotPlayable(hidden)))
  }

  @Test func rejectsARepeatedFace() {
    #expect(validate([front(2, 0), front(2, 1), front(2, 0)]) == .failure(.faceRepeated(front(2, 0))))
  }

  @Test func rejectsFacesThatDoNotTouch() {
    // C at (2, 2, 0) and T at (2, 2, 2) are two apart.
    #expect(validate([front(2, 0), front(2, 2), front(1, 2)]) == .failure(.facesNotTouching(front(2, 0), front(2, 2))))
  }

  @Test func rejectsShortWords() {
    #expect(validate([front(2, 0), front(2, 1)]) == .failure(.tooShort))
    #expect(validate([]) == .failure(.tooShort))
  }

  @Test func rejectsWordsNotInTheDictionary() {
    #expect(validate([front(1, 0), front(2, 1), front(2, 0)]) == .failure(.notInDictionary("bac")))
  }

  @Test func rejectsPlayedWords() {
    #expect(validate(cab, played: ["cab"]) == .failure(.alreadyPlayed("cab")))
  }

  @Test func errorsHaveCodesAndMessages() {
    let errors: [WordGridError] = [
      .notAPlayer, .gameOver, .notYourTurn, .playerFinished, .tooShort, .faceOffCube(front(0, 0)),
      .faceNotPlayable(front(0, 0)), .faceRepeated(front(0, 0)),
      .facesNotTouching(front(0, 0), front(2, 2)), .notInDictionary("x"), .alreadyPlayed("x"),
      .cubeNotRemovable(CubeIndex(x: 0, y: 0, z: 0)), .passOnlyInTurns,
    ]
    #expect(Set(errors.map(\.code)).count == errors.count)
    for error in errors {
      #expect(!error.message.isEmpty)
      #expect(error.code.allSatisfy { $0.isLowercase || $0 == "_" })
    }
  }
}
