import GameServerGame

extension JSONOutput {
  /// A word-grid view, written field by field: every word played sends one to each player, and
  /// the view grows with the words found. The same JSON as its `Encodable` form, in the same
  /// order, without going through generic containers for every face of every path.
  func writeWordGridView(_ view: WordGridView) {
    self.raw(#"{"mode":"#)
    self.write(view.mode.rawValue)
    if let you = view.you {
      self.raw(#","you":"#)
      self.write(you.rawValue)
    }
    self.raw(#","cubes":["#)
    for (index, cube) in view.cubes.enumerated() {
      if index > 0 { self.raw(",") }
      self.writeCoordinates(cube.x, cube.y, cube.z)
      self.raw(#","right":"#)
      self.write(cube.right.text)
      self.raw(#","top":"#)
      self.write(cube.top.text)
      self.raw(#","left":"#)
      self.write(cube.left.text)
      self.raw(#","inPlay":"#)
      self.write(cube.inPlay)
      self.raw(#","uses":"#)
      self.write(cube.uses)
      self.raw("}")
    }
    self.raw(#"],"playable":"#)
    self.writeFaces(view.playable)
    self.raw(#","players":["#)
    for (index, player) in view.players.enumerated() {
      if index > 0 { self.raw(",") }
      self.writePlayer(player)
    }
    self.raw("]")
    if let turn = view.turn {
      self.raw(#","turn":"#)
      self.write(turn.rawValue)
    }
    self.raw(#","turnsTaken":"#)
    self.write(view.turnsTaken)
    self.raw(#","turnLimit":"#)
    self.write(view.turnLimit)
    self.raw(#","raceSeconds":"#)
    self.write(view.raceSeconds)
    if let raceEndsAt = view.raceEndsAt {
      self.raw(#","raceEndsAt":"#)
      self.write(Int(raceEndsAt))
    }
    if let turnEndsAt = view.turnEndsAt {
      self.raw(#","turnEndsAt":"#)
      self.write(Int(turnEndsAt))
    }
    if let ended = view.ended {
      self.raw(#","ended":{"reason":"#)
      self.write(ended.name)
      if case let .resigned(player) = ended {
        self.raw(#","player":"#)
        self.write(player.rawValue)
      }
      self.raw("}")
    }
    self.raw(#","winners":"#)
    self.writeStrings(view.winners.lazy.map(\.rawValue))
    self.raw("}")
  }

  /// The opening of a cube's or a face's object: `{"x":…,"y":…,"z":…`.
  private func writeCoordinates(_ x: Int, _ y: Int, _ z: Int) {
    self.raw(#"{"x":"#)
    self.write(x)
    self.raw(#","y":"#)
    self.write(y)
    self.raw(#","z":"#)
    self.write(z)
  }

  private func writePlayer(_ player: WordGridView.PlayerView) {
    self.raw(#"{"id":"#)
    self.write(player.id.rawValue)
    self.raw(#","score":"#)
    self.write(player.score)
    self.raw(#","wordCount":"#)
    self.write(player.wordCount)
    if let words = player.words {
      self.raw(#","words":["#)
      for (index, word) in words.enumerated() {
        if index > 0 { self.raw(",") }
        self.raw(#"{"word":"#)
        self.write(word.word)
        self.raw(#","score":"#)
        self.write(word.score)
        self.raw(#","path":"#)
        self.writeFaces(word.path)
        self.raw("}")
      }
      self.raw("]")
    }
    self.raw(#","finished":"#)
    self.write(player.finished)
    self.raw("}")
  }

  private func writeFaces(_ faces: [FacePosition]) {
    self.raw("[")
    for (index, face) in faces.enumerated() {
      if index > 0 { self.raw(",") }
      self.writeCoordinates(face.cube.x, face.cube.y, face.cube.z)
      self.raw(#","face":"#)
      self.write(face.side.rawValue)
      self.raw("}")
    }
    self.raw("]")
  }
}
