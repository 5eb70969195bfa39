import GameServerGame
import Testing

/// A room copies its game's state box on each action (it holds the state from before the
/// action): the copies take turns in two boxes when nothing else holds the older one, and a
/// state someone still holds is never written over.
struct GameStateStorageTests {
  private final class Reducer {}

  @Test func twoBoxesTakeTurnsWhenTheStateFromBeforeIsLetGo() {
    var current = GameStateStorage([0])
    var boxes: [ObjectIdentifier] = []
    for move in 1...4 {
      // NB: As a room does: the state from before the action is held while the copy is written.
      let before = current
      current = before.copiedForWriting()
      current.state.append(move)
      #expect(before.state == Array(0..<move))
      boxes.append(ObjectIdentifier(current))
    }
    #expect(current.state == [0, 1, 2, 3, 4])
    #expect(boxes[0] != boxes[1])
    #expect(boxes[2] == boxes[0])
    #expect(boxes[3] == boxes[1])
  }

  @Test func aStateStillHeldIsNeverWrittenOver() {
    var current = GameStateStorage([0])
    var held = [current]
    for move in 1...4 {
      current = current.copiedForWriting()
      current.state.append(move)
      held.append(current)
    }
    for (index, box) in held.enumerated() {
      #expect(box.state == Array(0...index))
    }
    #expect(Set(held.map(ObjectIdentifier.init)).count == held.count)
  }

  @Test func aCopyKeepsTheReducer() {
    let reducer = Reducer()
    var current = GameStateStorage([0], reducer: reducer)
    for _ in 1...3 {
      let before = current
      current = before.copiedForWriting()
    }
    // NB: Compared outside `#expect`: its expansion of `===` on `AnyObject?` crashes the
    //     6.3.1 compiler.
    let isKept = current.reducer === reducer
    #expect(isKept)
  }

  @Test func theBoxesGoWhenTheLastStateDoes() {
    weak var first: GameStateStorage<[Int]>?
    weak var last: GameStateStorage<[Int]>?
    do {
      var current = GameStateStorage([0])
      first = current
      for move in 1...3 {
        let before = current
        current = before.copiedForWriting()
        current.state.append(move)
      }
      last = current
      #expect(first != nil)
    }
    #expect(first == nil)
    #expect(last == nil)
  }
}
