import GameServerGame

/// What a player or a spectator sees of a Battleship game: never a ship of the opponent's that
/// is not sunk, until the game is over.
///
/// Each side's waters are ten rows of ten characters, top row (A) first:
/// - `.` nothing known (water, or a ship the viewer may not see),
/// - `o` a shot that missed, `x` a hit, `#` a square of a sunk ship,
/// - `S` a ship not hit, shown only to its owner (and to everyone once the game is over).
///
/// ```swift
/// let view = Battleship.view(of: state, for: "ada")
/// view.you             // 0: Ada holds the first seat
/// view.waters[1].rows  // what Ada knows of Bob's waters
/// ```
public struct BattleshipView: Codable, Equatable, Sendable {
  /// The players, by seat: the first fires first.
  public var players: [PlayerID]
  /// The viewer's seat (0 or 1), nil for a spectator.
  public var you: Int?
  /// `placing`, `firing` or `over`.
  public var phase: Phase
  /// Which seats have placed their fleets (not where).
  public var placed: [Bool]
  /// The seat to fire, while the shooting goes on.
  public var turn: Int?
  /// Each seat's waters, by seat, as the viewer may see them.
  public var waters: [Waters]
  /// The last shot fired, and by which seat: for a client to mark it.
  public var lastShot: LastShot?
  public var outcome: BattleshipOutcome?
  /// The winner's seat, once the game is over (nil for a draw).
  public var winner: Int?
  /// The time for each shot, and for placing the fleets.
  public var shotTimeLimitSeconds: Int
  public var placingTimeLimitSeconds: Int
  /// When the running clock (placing, or the shot to come) runs out: Unix time in
  /// milliseconds, by the server's clock; nil once the game is over.
  public var moveEndsAt: Int64?
  public var gameNumber: Int
  /// The seats that asked for a rematch.
  public var rematchRequests: [Int]

  public enum Phase: String, Codable, Equatable, Sendable {
    case placing, firing, over
  }

  /// One seat's waters.
  public struct Waters: Codable, Equatable, Sendable {
    /// Ten strings of ten characters (see ``BattleshipView``).
    public var rows: [String]
    /// The ships sunk, each whole.
    public var sunk: [Ship]
    /// How many ships are still afloat.
    public var afloat: Int
    /// The seat's whole fleet: shown to its owner, and to everyone once the game is over.
    public var fleet: [Ship]?
  }

  /// A shot, as the view marks it.
  public struct LastShot: Codable, Equatable, Sendable {
    public var seat: Int
    public var row: Int
    public var column: Int
    /// `miss`, `hit` or `sunk`.
    public var result: String
  }
}

extension Battleship.State {
  /// The view of the game for `viewer` (nil or a non-player: a spectator).
  public func view(for viewer: PlayerID?) -> BattleshipView {
    let sides = BattleshipSide.allCases
    let you = viewer.flatMap(self.side(of:))
    let isOver = self.outcome != nil
    let seat = { (side: BattleshipSide) in side == .first ? 0 : 1 }
    return BattleshipView(
      players: sides.map { self.seats[$0]! },
      you: you.map(seat),
      phase: isOver ? .over : self.fleets.count < 2 ? .placing : .firing,
      placed: sides.map { self.fleets[$0] != nil },
      turn: isOver || self.fleets.count < 2 ? nil : seat(self.turn),
      waters: sides.map { self.waters(of: $0, shownWhole: isOver || you == $0) },
      lastShot: self.shots.last.map { shot in
        let target = shot.by.opponent
        let ship = (self.fleets[target] ?? []).first { $0.squares.contains(shot.square) }
        let result = ship == nil ? "miss" : self.sunkShips(of: target).contains(ship!) ? "sunk" : "hit"
        return BattleshipView.LastShot(
          seat: seat(shot.by), row: shot.square.row, column: shot.square.column, result: result)
      },
      outcome: self.outcome,
      winner: self.outcome?.winner.map(seat),
      shotTimeLimitSeconds: Int(self.shotTimeLimit.components.seconds),
      placingTimeLimitSeconds: Int(self.placingTimeLimit.components.seconds),
      moveEndsAt: isOver ? nil : self.moveEndsAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) },
      gameNumber: self.gameNumber,
      rematchRequests: sides.filter(self.rematchRequests.contains).map(seat)
    )
  }

  /// A side's waters: the shots at them and the ships they sank; its unhit ships only when
  /// `shownWhole`.
  func waters(of side: BattleshipSide, shownWhole: Bool) -> BattleshipView.Waters {
    let fleet = self.fleets[side] ?? []
    // NB: One mark a square, row by row: no sets to build for each view.
    var marks = [UInt8](repeating: UInt8(ascii: "."), count: Square.size * Square.size)
    if shownWhole {
      for square in fleet.flatMap(\.squares) { marks[square.row * Square.size + square.column] = UInt8(ascii: "S") }
    }
    var fired = [Bool](repeating: false, count: marks.count)
    for shot in self.shots where shot.by != side { fired[shot.square.row * Square.size + shot.square.column] = true }
    var afloat = [Bool](repeating: false, count: marks.count)
    for square in fleet.flatMap(\.squares) { afloat[square.row * Square.size + square.column] = true }
    for index in marks.indices where fired[index] { marks[index] = UInt8(ascii: afloat[index] ? "x" : "o") }
    let sunk = fleet.filter { $0.squares.allSatisfy { fired[$0.row * Square.size + $0.column] } }
    for square in sunk.flatMap(\.squares) { marks[square.row * Square.size + square.column] = UInt8(ascii: "#") }
    return BattleshipView.Waters(
      rows: (0..<Square.size).map { String(decoding: marks[$0 * Square.size..<($0 + 1) * Square.size], as: UTF8.self) },
      sunk: sunk, afloat: fleet.isEmpty ? Fleet.lengths.count : fleet.count - sunk.count,
      fleet: shownWhole ? self.fleets[side] : nil)
  }
}

extension BattleshipOutcome {
  /// The winning side, or nil for a draw.
  public var winner: BattleshipSide? {
    switch self {
    case .sankTheFleet(let side), .resignation(let side), .timeout(let side): side
    case .nobodyPlaced: nil
    }
  }
}
