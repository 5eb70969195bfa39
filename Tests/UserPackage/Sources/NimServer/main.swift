import Foundation
import GameServerMain
import Nim

// `nim-server` takes every option of `game-server serve`; the browser client it serves shows Nim
// through this package's own script, Public/games/nim.js.
let publicDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().appendingPathComponent("../../Public").standardizedFileURL.path
await GameServerMain.run(games: GameCatalog([Nim.self]), publicDirectory: publicDirectory)
