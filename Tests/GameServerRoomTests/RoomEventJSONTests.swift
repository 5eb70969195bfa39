import Foundation
import GameServerGameCore
import GameServerRoom
import GameServerModels
import Testing
import GameServerTicTacToe
import GameServerWordGrid

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

  @Test func everyOtherEventButWordGridMovesIsWrittenAsEncodableWritesIt() throws {
    for player in Self.players {
      let events: [RoomEvent] = [
        .play(player, .pass), .play(player, .resign), .play(player, .rematch),
        .moveTimeExpired(moveNumber: 0), .moveTimeExpired(moveNumber: 3), .moveTimeExpired(moveNumber: -12),
        .raceTimeUp, .disconnected(player), .reconnected(player), .graceExpired(player), .leave(player),
      ]
      for event in events {
        let text = try #require(event.jsonText)
        #expect(text == (try JSONStreamEncoder.string(event)))
        #expect(try JSONDecoder().decode(RoomEvent.self, from: Data(text.utf8)) == event)
      }
    }
  }

  @Test func wordGridMovesGoThroughEncodable() {
    let events: [RoomEvent] = [
      .play("alice", .word([FacePosition(cube: CubeIndex(x: 0, y: 1, z: 2), side: .right)])),
      .play("alice", .removeCube(CubeIndex(x: 1, y: 1, z: 1))),
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
