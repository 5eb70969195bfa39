// Measures the word grid's dictionary and solver, and Connect Four's strong bot, and prints a
// table with the targets.
// Usage: deploy/benchmarks/benchmark.sh (release build), or swift run -c release games-benchmark [PATH]
import Foundation
import GameServerGame
import GameServerWordGrid

let path = CommandLine.arguments.dropFirst().first ?? WordDictionary.standardPaths[0]
guard FileManager.default.isReadableFile(atPath: path) else {
  print("No word list at \(path): install wamerican-large (deploy/deployment/setup.sh) or pass a path.")
  exit(1)
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

let clock = ContinuousClock()

// Dictionary: build time (median of 5) and size.
let residentBefore = residentBytes()
var builds: [Double] = []
var dictionary = WordDictionary(words: [])
for _ in 0..<5 {
  let start = clock.now
  dictionary = try WordDictionary(contentsOfFile: path)
  builds.append(milliseconds(clock.now - start))
}
let residentGrowth = residentBytes() - residentBefore

// Solver: fresh puzzles from 200 seeds.
var solves: [Double] = []
var wordCounts: [Int] = []
var checks: [Double] = []
for seed in 1...200 {
  var generator = SeededRandomNumberGenerator(seed: UInt64(seed))
  let puzzle = Puzzle.random(using: &generator)
  let start = clock.now
  let words = WordSolver.solve(puzzle, dictionary: dictionary)
  solves.append(milliseconds(clock.now - start))
  wordCounts.append(words.count)
  let checkStart = clock.now
  _ = WordSolver.hasWord(puzzle, dictionary: dictionary)
  checks.append(milliseconds(clock.now - checkStart))
}

// Generation: draws until a puzzle offers 50 words.
var generations: [Double] = []
for seed in 1...50 {
  var generator = SeededRandomNumberGenerator(seed: UInt64(seed))
  let start = clock.now
  _ = Puzzle.generate(using: &generator, dictionary: dictionary)
  generations.append(milliseconds(clock.now - start))
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }
let megabytes = Double(dictionary.memoryBytes) / 1_048_576
print("Word list: \(path): \(dictionary.count) words, \(dictionary.nodeCount) trie nodes")
print("")
print("| measure | result | target |")
print("|---|---|---|")
print("| dictionary build (median of 5) | \(format(percentile(builds, 0.5))) ms | < 300 ms |")
print("| dictionary size (trie arrays) | \(format(megabytes)) MB | < 30 MB |")
print("| resident memory growth while loading | \(format(Double(residentGrowth) / 1_048_576)) MB | < 30 MB |")
print("| solve a fresh cube, median (200 seeds) | \(format(percentile(solves, 0.5))) ms | |")
print("| solve a fresh cube, p99 / max | \(format(percentile(solves, 0.99))) / \(format(solves.max()!)) ms | < 50 ms |")
print("| words on a fresh cube, median / min | \(wordCounts.sorted()[100]) / \(wordCounts.min()!) | |")
print("| any word left? (early exit), median | \(format(percentile(checks, 0.5) * 1_000)) µs | |")
print(
  "| generate a puzzle with >= 50 words, median / max | \(format(percentile(generations, 0.5))) / \(format(generations.max()!)) ms | |"
)
print("")
let connectFour = ConnectFourBotTiming.measure(games: 200)
print(
  "Connect Four: strong bot against random, \(connectFour.games) seeded games, strong moving first in every other one")
print("")
print("| measure | result | target |")
print("|---|---|---|")
print(
  "| strong wins | \(connectFour.wins) of \(connectFour.games) (\(format(100 * Double(connectFour.wins) / Double(connectFour.games))) %) | >= 95 % |"
)
print("| strong losses (moving first) | \(connectFour.losses) (\(connectFour.lossesMovingFirst)) | (0) |")
print(
  "| strong move, median / p99 / max | \(format(percentile(connectFour.moves, 0.5))) / \(format(percentile(connectFour.moves, 0.99))) / \(format(connectFour.moves.max() ?? 0)) ms | p99 < 50 ms |"
)
