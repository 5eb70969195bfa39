import Foundation
import GameCore
import RoomCore
import ServerModels
import Testing
import TicTacToe

struct RoomEventJSONTests {
  private static let players: [PlayerID] = [
    "alice", "guest-7f3a", "quote\"and\\slash", "tab\tnew\nline", "ünï©ødé 🎲", "",
  ]

  @Test func aMarkIsWrittenAsItsEncodableFormWritesIt() throws {
    for player in Self.players {
      for cell in Cell.all + [Cell(row: -1, column: 7)] {
        let event = RoomEvent.play(player, .mark(cell))
        let text = try #require(event.jsonText)
        #expect(text == (try JSONStreamEncoder.string(event)))
        #expect(try JSONDecoder().decode(RoomEvent.self, from: Data(text.utf8)) == event)
      }
    }
  }

  @Test func otherEventsGoThroughEncodable() {
    let events: [RoomEvent] = [
      .play("alice", .pass), .play("alice", .resign), .play("alice", .rematch),
      .moveTimeExpired(moveNumber: 3), .raceTimeUp, .disconnected("alice"), .leave("bob"),
    ]
    for event in events {
      #expect(event.jsonText == nil)
    }
  }

  @Test func quotedMatchesTheEncodersStrings() throws {
    for player in Self.players {
      #expect(JSONStreamEncoder.quoted(player.rawValue) == (try JSONStreamEncoder.string(player.rawValue)))
    }
  }
}
