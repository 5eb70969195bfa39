import Foundation
import GameServerGame
import Testing

@testable import GameServerWordGrid

struct ViewTests {
  func raceInProgress() -> WordGrid.State {
    var state = WordGrid.State(mode: .race, players: ["alice", "bob"], puzzle: frontWallPuzzle, seed: 1)
    try! state.submitWord(cab, by: "alice", dictionary: .sample)
    try! state.submitWord(seat, by: "bob", dictionary: .sample)
    return state
  }

  @Test func racersSeeTheirOwnWordsAndOnlyTheOthersScores() {
    let view = raceInProgress().view(for: "alice")
    #expect(view.you == "alice")
    #expect(view.players[0].words?.map(\.word) == ["cab"])
    #expect(view.players[1].words == nil)
    #expect(view.players[1].score == 20)
    #expect(view.players[1].wordCount == 1)
    // Alice's own puzzle: the cubes of her word were used once.
    #expect(view.cubes.first { $0.x == 2 && $0.y == 2 && $0.z == 0 }?.uses == 1)
    #expect(view.cubes.first { $0.x == 2 && $0.y == 1 && $0.z == 2 }?.uses == 0)
    #expect(view.playable.count == 27)
    #expect(view.turn == nil)
    #expect(view.ended == nil)
  }

  @Test func spectatorsSeeNoWordsDuringARace() {
    let view = raceInProgress().view(for: "carol")
    #expect(view.you == nil)
    #expect(view.players.allSatisfy { $0.words == nil })
    #expect(view.players.map(\.score) == [27, 20])
    #expect(view.cubes.allSatisfy { $0.uses == 0 })
    #expect(view.cubes.count == 27)
  }

  @Test func everyWordIsRevealedAtTheEnd() {
    var state = raceInProgress()
    state.status = .ended(.timeUp)
    let view = state.view(for: nil)
    #expect(view.players.map { $0.words?.map(\.word) } == [["cab"], ["seat"]])
    #expect(view.winners == ["alice"])
    #expect(view.ended == .timeUp)
    #expect(view.playable.isEmpty)
  }

  @Test func turnsGamesShareEverything() {
    var state = WordGrid.State(mode: .turns, players: ["alice", "bob"], puzzle: frontWallPuzzle, seed: 1)
    try! state.submitWord(cab, by: "alice", dictionary: .sample)
    let view = state.view(for: nil)
    #expect(view.players[0].words?.map(\.word) == ["cab"])
    #expect(view.turn == "bob")
    #expect(view.cubes.first { $0.x == 2 && $0.y == 2 && $0.z == 0 }?.uses == 1)
  }

  @Test func viewsEncodeToJSON() throws {
    let data = try JSONEncoder().encode(raceInProgress().view(for: "alice"))
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"right\":\"C\""))
    #expect(try JSONDecoder().decode(WordGridView.self, from: data) == raceInProgress().view(for: "alice"))
  }
}

struct EndReasonCodingTests {
  @Test(arguments: [
    WordGrid.EndReason.timeUp, .allFinished, .cubeCleared, .allPassed, .turnLimit, .noWordsLeft,
    .resigned("bob"),
  ])
  func roundTrips(reason: WordGrid.EndReason) throws {
    let data = try JSONEncoder().encode(reason)
    #expect(try JSONDecoder().decode(WordGrid.EndReason.self, from: data) == reason)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: String]
    #expect(object?["reason"] == reason.name)
  }

  @Test func unknownReasonsAreRejected() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(WordGrid.EndReason.self, from: Data(#"{"reason":"nope"}"#.utf8))
    }
  }
}
