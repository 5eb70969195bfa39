// swift-tools-version: 6.1

import Foundation
import PackageDescription

// A package of one's own with one game, Nim, that depends on the game server as any user's
// package would, and uses only its products: its tests run on GameServerTesting, and
// `nim-server` serves it through GameServerMain. CI builds it and runs both (deploy/test.sh).
//
// NB: A package of your own names the server by its URL or path, such as
//     `.package(path: "../swift-composable-server")`, and its products with `package:` set to
//     that folder's name. This one lives inside the server's repository, whose folder name a
//     clone chooses: both come from where this file is.
let server = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
  .standardizedFileURL
let serverPackage = server.lastPathComponent

let package = Package(
  name: "NimGames",
  platforms: [.macOS(.v15)],
  products: [.executable(name: "nim-server", targets: ["NimServer"])],
  dependencies: [
    .package(path: server.path),
    // NB: For IssueReportingTestSupport, which a test target on Linux links so that a failing
    // TestStore assertion fails the test.
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    .target(
      name: "Nim",
      dependencies: [
        .product(name: "ComposableArchitecture", package: serverPackage),
        .product(name: "GameServerGame", package: serverPackage),
      ]
    ),
    .executableTarget(
      name: "NimServer",
      dependencies: ["Nim", .product(name: "GameServerMain", package: serverPackage)]
    ),
    .testTarget(
      name: "NimTests",
      dependencies: [
        "Nim", .product(name: "GameServerTesting", package: serverPackage),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
