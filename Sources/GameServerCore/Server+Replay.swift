import ComposableArchitecture
import Foundation
import GameServerDatabase
import GameServerRoom
import GameServerWire

/// What a player may ask of their finished games and say in a room: `history`, `replay` and
/// `chat`.
extension Server {
  /// `history`: the player's last games.
  func history(_ state: State, _ asked: PlayerRequest) -> Effect<Action> {
    let (connection, player, id) = (asked.connection, asked.player, asked.id)
    let limit = state.settings.historySize
    return .run { [database] send in
      // NB: Writes queued before are committed first (at once when none are), so that a game
      //     just finished is listed: `roomLeft` goes out before the forfeit's line and record
      //     commit, and the browser client asks for its history on it.
      await database.flush()
      let records = (try? await database.fetchGames(player, limit)) ?? []
      await send(.historyLoaded(connection, records.map { GameSummary($0, for: player) }, requestID: id))
    }
  }

  /// `replay`: one of the player's finished games read from the database and played through
  /// ``Room`` in an effect, answered with their view after each move (``RoomLog/frames(of:for:)``).
  /// A game the player did not play is answered as one that does not exist. Bounded: one
  /// replay at a time for a connection, and `replaysAtOnce` in all.
  func replay(
    _ state: inout State, _ connection: ConnectionID, _ player: PlayerID, _ number: Int64, requestID: String?
  ) -> Effect<Action> {
    guard !state.replaysInFlight.contains(connection), state.replaysInFlight.count < state.settings.replaysAtOnce else {
      return self.reply(
        connection,
        .error(
          ProtocolError(
            code: "rate_limited", message: "Replays are being read: ask again in a moment.", requestID: requestID,
            retryAfter: 1)))
    }
    state.replaysInFlight.insert(connection)
    let byteLimit = state.settings.replayByteLimit
    return .run { [database] send in
      let result: Result<ReplayFrames, ProtocolError>
      do {
        if let game = try await database.fetchRecordedGame(number), game.record.players.contains(player) {
          if let lines = game.replay {
            let frames = try RoomLog.frames(of: lines, for: player)
            let size = frames.reduce(0) { $0 + $1.json.count + 1 }
            if size <= byteLimit {
              result = .success(ReplayFrames(number: number, frames: frames))
            } else {
              result = .failure(
                ProtocolError(
                  code: "replay_too_large",
                  message:
                    "Game \(number)'s replay is \(size / 1024) KiB, more than this server sends (\(byteLimit / 1024) KiB)."
                ))
            }
          } else {
            result = .failure(
              ProtocolError(code: "no_replay", message: "Game \(number) was recorded before replays were kept."))
          }
        } else {
          result = .failure(ProtocolError(code: "unknown_game", message: "You have no game \(number)."))
        }
      } catch {
        result = .failure(
          ProtocolError(code: "unavailable", message: "Game \(number) could not be read: \(error)", retryAfter: 1))
      }
      await send(.replayLoaded(connection, result, requestID: requestID))
    }
  }

  /// `chat`: a fixed phrase from a player seated in a room to everyone in it, at most one every
  /// `chatInterval`.
  func chat(
    _ state: inout State, _ connection: ConnectionID, _ player: PlayerID, _ phrase: ChatPhrase, requestID: String?
  ) -> Effect<Action> {
    guard let session = state.sessions[player], let id = session.room, let room = state.rooms[id: id] else {
      guard state.sessions[player]?.spectating != nil else {
        return self.fail(connection, "not_in_room", "You are not in a room.", requestID)
      }
      return self.fail(
        connection, "not_seated", "Only the players of a room say phrases; you are watching it.", requestID)
    }
    let now = self.date.now
    let seconds = state.settings.chatInterval / .seconds(1)
    if let last = session.lastChat, now.timeIntervalSince(last) < seconds {
      // NB: Whole seconds, at least one, as every `retryAfter`.
      let wait = max(1, Int((seconds - now.timeIntervalSince(last)).rounded(.up)))
      return self.reply(
        connection,
        .error(
          ProtocolError(
            code: "rate_limited", message: "One phrase every \(Int(seconds.rounded(.up))) s.", requestID: requestID,
            retryAfter: wait)))
    }
    state.sessions[player]?.lastChat = now
    let message = ServerMessage.chat(RoomChat(room: id, player: player, phrase: phrase))
    var connections: [ConnectionID] = []
    room.forEachViewer { viewer in
      if let connection = state.sessions[viewer]?.connection { connections.append(connection) }
    }
    return .perform { [channel, connections] in
      for connection in connections { channel.send(connection, message) }
    }
  }
}
