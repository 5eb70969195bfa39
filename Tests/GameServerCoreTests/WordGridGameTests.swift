import ComposableArchitecture
import Foundation
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerWire
import GameServerWordGrid
import Testing

@MainActor
struct WordGridGameTests {
  /// A dictionary with plenty of short words, so seeded puzzles offer some.
  static let dictionary = WordDictionary(
    words: WordDictionary.sampleWords + [
      "tee", "tie", "tin", "tot", "nit", "eon", "toe", "sit", "sin", "son", "not", "tan", "nor",
      "ran", "ram", "rat", "sat", "set", "tea", "ten", "the", "she", "her", "hen", "den", "end",
      "and", "dan", "led", "lee", "eel", "sea", "see", "ore", "roe", "red", "rod", "nod", "don",
    ])

  func path(_ word: FoundWord) -> String {
    let faces = word.path.map {
      #"{"x":\#($0.cube.x),"y":\#($0.cube.y),"z":\#($0.cube.z),"face":"\#($0.side.rawValue)"}"#
    }
    return "[" + faces.joined(separator: ",") + "]"
  }

  @Test func aRaceShowsEachPlayerOnlyTheirOwnWordsUntilTheEnd() async throws {
    let server = TestServer(dictionary: Self.dictionary, seed: 3)
    await server.connect(1)
    await server.connect(2)
    await server.connect(3)
    await server.guest(1, "alice")
    await server.guest(2, "bob")
    await server.guest(3, "carol")
    await server.send(1, #"{"v":1,"type":"queue","game":"wordgrid","mode":"race"}"#)
    await server.send(2, #"{"v":1,"type":"queue","game":"wordgrid","mode":"race"}"#)
    let start = try #require(server.take(1).compactMap(\.wordGridView).last)
    _ = server.take(2)
    #expect(start.mode == .race)
    #expect(start.raceSeconds == 180)
    let words = WordSolver.solve(start.puzzle, dictionary: Self.dictionary)
    try #require(words.count >= 2, "the seeded puzzle offers too few words")

    await server.send(3, #"{"v":1,"type":"spectate","room":"\#(server.onlyRoom)"}"#)
    _ = server.take(3)

    await server.send(1, #"{"v":1,"id":"w1","type":"word","path":\#(path(words[0]))}"#)
    let aliceView = try #require(server.take(1).compactMap(\.wordGridView).last)
    #expect(aliceView.players[0].words?.map(\.word) == [words[0].word])
    #expect(aliceView.players[0].score == words[0].score)
    // Bob and Carol see Alice's score and word count, not her word.
    let bobView = try #require(server.take(2).compactMap(\.wordGridView).last)
    #expect(bobView.players[0].words == nil)
    #expect(bobView.players[0].wordCount == 1)
    #expect(bobView.players[0].score == words[0].score)
    let carolView = try #require(server.take(3).compactMap(\.wordGridView).last)
    #expect(carolView.players.allSatisfy { $0.words == nil })

    // Alice cannot play the same word twice; Bob can play it on his own puzzle.
    await server.send(1, #"{"v":1,"id":"w2","type":"word","path":\#(path(words[0]))}"#)
    #expect(server.errors(1).map { [$0.code, $0.requestID] } == [["already_played", "w2"]])
    await server.send(2, #"{"v":1,"type":"word","path":\#(path(words[0]))}"#)
    #expect(server.take(2).compactMap(\.wordGridView).last?.players[1].wordCount == 1)

    // Time runs out: every word is revealed.
    await server.clock.advance(by: .seconds(180))
    await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    let end = try #require(server.take(3).compactMap(\.wordGridView).last)
    #expect(end.ended == .timeUp)
    #expect(end.players.map { $0.words?.map(\.word) } == [[words[0].word], [words[0].word]])
    #expect(end.winners.isEmpty == false)
  }

  @Test func aTurnsGameOnOneSharedCube() async throws {
    let server = TestServer(dictionary: Self.dictionary, seed: 3)
    await server.connect(1)
    await server.connect(2)
    await server.guest(1, "alice")
    await server.guest(2, "bob")
    await server.send(1, #"{"v":1,"type":"queue","game":"wordgrid","mode":"turns"}"#)
    await server.send(2, #"{"v":1,"type":"queue","game":"wordgrid","mode":"turns"}"#)
    let start = try #require(server.take(1).compactMap(\.wordGridView).last)
    _ = server.take(2)
    let words = WordSolver.solve(start.puzzle, dictionary: Self.dictionary)
    try #require(words.count >= 2)
    #expect(start.turn == start.players[0].id)

    await server.send(2, #"{"v":1,"id":"early","type":"word","path":\#(path(words[0]))}"#)
    #expect(server.errors(2).map(\.code) == ["not_your_turn"])
    await server.send(1, #"{"v":1,"type":"word","path":\#(path(words[0]))}"#)
    let afterAlice = try #require(server.take(2).compactMap(\.wordGridView).last)
    // Turns games share everything.
    #expect(afterAlice.players[0].words?.map(\.word) == [words[0].word])
    #expect(afterAlice.turn == afterAlice.players[1].id)
    await server.send(2, #"{"v":1,"type":"pass"}"#)
    await server.send(1, #"{"v":1,"type":"pass"}"#)
    await server.store.receive(\.ratingsRecorded, timeout: TestServer.databaseWait)
    let end = try #require(server.take(1).compactMap(\.wordGridView).last)
    #expect(end.ended == .allPassed)
    #expect(end.winners == [afterAlice.players[0].id])
  }
}
