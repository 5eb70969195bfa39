import Foundation

/// Several folders served as one: a fresh temporary folder of symbolic links, where a name in
/// an earlier layer hides the same name in later ones, and a subfolder in several layers
/// (`games/`) is merged the same way. Removed by ``remove()``; the files themselves are never
/// touched.
struct MergedFolder {
  /// The merged folder.
  let path: String

  /// Why a layer cannot be served.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(layers: [String]) throws {
    let manager = FileManager.default
    for layer in layers {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: layer, isDirectory: &isDirectory), isDirectory.boolValue,
        manager.isReadableFile(atPath: layer)
      else {
        throw Failure(description: "the public folder \(layer) is not a readable folder")
      }
    }
    let root = manager.temporaryDirectory.appendingPathComponent("game-server-public-\(UUID().uuidString)")
    try manager.createDirectory(at: root, withIntermediateDirectories: true)
    do {
      try Self.merge(layers.map { URL(fileURLWithPath: $0).standardizedFileURL }, into: root)
    } catch {
      try? manager.removeItem(at: root)
      throw Failure(description: "cannot merge the public folders \(layers.joined(separator: " and ")): \(error)")
    }
    self.path = root.path
  }

  /// Removes the merged folder (its links only).
  func remove() {
    try? FileManager.default.removeItem(atPath: self.path)
  }

  private static func merge(_ layers: [URL], into target: URL) throws {
    let manager = FileManager.default
    var names: [String] = []
    var byName: [String: [URL]] = [:]
    for layer in layers {
      for name in try manager.contentsOfDirectory(atPath: layer.path).sorted() {
        if byName[name] == nil { names.append(name) }
        byName[name, default: []].append(layer.appendingPathComponent(name))
      }
    }
    for name in names {
      let sources = byName[name] ?? []
      let folders = sources.filter(Self.isFolder)
      let destination = target.appendingPathComponent(name)
      if folders.count > 1, Self.isFolder(sources[0]) {
        try manager.createDirectory(at: destination, withIntermediateDirectories: false)
        try Self.merge(folders, into: destination)
      } else {
        try manager.createSymbolicLink(at: destination, withDestinationURL: sources[0])
      }
    }
  }

  private static func isFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
