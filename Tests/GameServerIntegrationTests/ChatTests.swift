import ComposableArchitecture
import Foundation
import GameServerTesting
import GameServerTicTacToe
import Testing

/// Quick chat: a fixed phrase from a player to everyone in the room, never free text, at most one
/// every `chatInterval`.
@MainActor
struct ChatTests {
  /// Ada says "well played": she, Bob and Carol (watching) are told who said which phrase.
  @Test func aPhraseReachesEveryoneInTheRoom() async throws {
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]))
    let (ada, bob) = try await server.twoGuests(in: GameChoice(game: "tictactoe"))
    let room = try #require(server.state.rooms.first?.id)
    let adaID = try #require(server.state.sessions.values.first { $0.identity.name == "ada" }?.identity.player)
    let (carol, _) = try await server.guest("carol")
    await carol.send(.spectate(room: room))
    _ = try await carol.receive(\.room)
    let (dan, _) = try await server.guest("dan")

    await ada.send(.chat(.wellPlayed))
    for client in [ada, bob, carol] {
      #expect(try await client.receive(\.chat) == RoomChat(room: room, player: adaID, phrase: .wellPlayed))
    }
    #expect(!dan.messages().contains { $0.type == "chat" })
  }

  /// A second phrase sooner than `chatInterval` is refused with when to try again, and reaches
  /// nobody; once the interval has passed, it goes out.
  @Test func phrasesAreRateLimited() async throws {
    let now = LockIsolated(Date(timeIntervalSince1970: 1_000_000))
    var settings = Server.Settings()
    settings.chatInterval = .seconds(3)
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]), settings: settings) {
      $0.date = DateGenerator { now.value }
    }
    let (ada, bob) = try await server.twoGuests(in: GameChoice(game: "tictactoe"))
    await ada.send(.chat(.goodLuck))
    #expect(try await bob.receive(\.chat).phrase == .goodLuck)
    now.withValue { $0 += 1 }
    await ada.send(.chat(.oops))
    let refused = try await ada.receive(\.error)
    #expect(refused.code == "rate_limited")
    #expect(refused.retryAfter == 2)
    // Bob's own phrase is his: not limited by Ada's.
    await bob.send(.chat(.thanks))
    #expect(try await ada.receive(\.chat).phrase == .thanks)
    #expect(try await bob.receive(\.chat).phrase == .thanks)
    now.withValue { $0 += 2 }
    await ada.send(.chat(.oops))
    #expect(try await bob.receive(\.chat).phrase == .oops)
    #expect(!bob.messages().contains { $0.type == "chat" })
  }

  /// Free text, an unknown phrase, no room, or only watching: each refused with what is wrong.
  @Test func onlyThePhrasesAndOnlyInARoom() async throws {
    let server = TestGameServer(games: GameCatalog([TicTacToe.self]))
    let (ada, bob) = try await server.twoGuests(in: GameChoice(game: "tictactoe"))
    await ada.send(json: #"{"v":1,"type":"chat","phrase":"you are bad"}"#)
    let unknown = try await ada.receive(\.error)
    #expect(unknown.code == "invalid_value")
    #expect(unknown.message.contains("goodLuck, wellPlayed, thanks, rematch, oops"))
    await ada.send(json: #"{"v":1,"type":"chat","text":"hello"}"#)
    #expect(try await ada.receive(\.error).code == "missing_field")
    #expect(!bob.messages().contains { $0.type == "chat" })

    let (carol, _) = try await server.guest("carol")
    await carol.send(.chat(.goodLuck))
    #expect(try await carol.receive(\.error).code == "not_in_room")
    await carol.send(.spectate(room: try #require(server.state.rooms.first?.id)))
    _ = try await carol.receive(\.room)
    await carol.send(.chat(.goodLuck))
    #expect(try await carol.receive(\.error).code == "not_seated")
    #expect(!ada.messages().contains { $0.type == "chat" })
  }
}
