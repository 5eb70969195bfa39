import ArgumentParser
import Foundation
import GameServerWordGrid

/// The word list at `path`, or the standard one, or a clear error.
func loadDictionary(_ path: String?) throws -> WordDictionary {
  do {
    return try path.map { try WordDictionary(contentsOfFile: $0) } ?? WordDictionary.load()
  } catch {
    throw ValidationError("\(error)")
  }
}

/// Pretty-printed JSON.
func encodeJSON(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}
