// swift-tools-version: 6.1

import CompilerPluginSupport
import PackageDescription

/// Set by deploy/fuzz.sh (with a scratch path of its own): adds the libFuzzer target, and
/// instruments the code it fuzzes for coverage.
let isFuzzing = Context.environment["GAME_SERVER_FUZZ"] == "1"

let package = Package(
  name: "swift-composable-server",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "GameCore", targets: ["GameCore"]),
    .library(name: "TicTacToe", targets: ["TicTacToe"]),
    .library(name: "WordGrid", targets: ["WordGrid"]),
    .executable(name: "game-server", targets: ["game-server"]),
    .executable(name: "games-benchmark", targets: ["games-benchmark"]),
    .executable(name: "game-load", targets: ["game-load"]),
    .executable(name: "tca-benchmark", targets: ["tca-benchmark"]),
    .executable(name: "server-benchmark", targets: ["server-benchmark"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.1.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
  ],
  targets: [
    .target(
      name: "ComposableArchitecture",
      dependencies: [
        "ComposableArchitectureMacros",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),
    .macro(
      name: "ComposableArchitectureMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
      ]
    ),
    // NB: Counts heap allocations for tca-benchmark by defining malloc and friends; link it into
    // nothing else.
    .target(name: "CAllocationCounter"),
    .executableTarget(
      name: "tca-benchmark",
      dependencies: ["ComposableArchitecture", "CAllocationCounter"],
      swiftSettings: [.unsafeFlags(["-Ounchecked"])],
      // NB: Exports the executable's malloc so that the shared libraries use it too.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),
    .testTarget(
      name: "ComposableArchitectureTests",
      dependencies: [
        "ComposableArchitecture",
        // NB: On Linux, IssueReporting finds the test frameworks through this library. Without it
        // a failing TestStore assertion only prints and the test passes.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ComposableArchitectureMacrosTests",
      dependencies: [
        "ComposableArchitectureMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),

    // MARK: Games
    .target(
      name: "GameCore",
      dependencies: [.product(name: "Tagged", package: "swift-tagged")],
      path: "Games/GameCore"
    ),
    .target(
      name: "TicTacToe",
      dependencies: ["ComposableArchitecture", "GameCore"],
      path: "Games/TicTacToe"
    ),
    .target(
      name: "WordGrid",
      dependencies: ["ComposableArchitecture", "GameCore"],
      path: "Games/WordGrid"
    ),
    .target(
      name: "GameHarness",
      dependencies: ["ComposableArchitecture", "GameCore", "TicTacToe", "WordGrid"]
    ),
    .executableTarget(
      name: "game-server",
      dependencies: [
        "GameHarness", "GameServerApp",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Sources/GameServer",
      exclude: ["Public"]
    ),
    .executableTarget(
      name: "game-load",
      dependencies: [
        "GameCore", "ServerModels", "TicTacToe", "WebSocketTransport", "WordGrid",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/GameLoad"
    ),
    .executableTarget(
      name: "server-benchmark",
      dependencies: [
        "CAllocationCounter", "ComposableArchitecture", "DatabaseClient", "DatabaseClientLive", "ServerClock",
        "ServerCore", "ServerModels", "WordGrid",
      ],
      path: "Sources/ServerBenchmark",
      // NB: Exports the executable's malloc (CAllocationCounter) so that the shared libraries use it too.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),
    .executableTarget(
      name: "games-benchmark",
      dependencies: ["GameCore", "WordGrid"],
      path: "Sources/GamesBenchmark"
    ),
    .testTarget(name: "GameCoreTests", dependencies: ["GameCore"]),

    // MARK: Server
    .target(
      name: "ServerModels",
      dependencies: [
        "GameCore", "TicTacToe", "WordGrid", .product(name: "Tagged", package: "swift-tagged"),
      ],
      swiftSettings: isFuzzing ? [.unsafeFlags(["-sanitize=fuzzer"])] : []
    ),
    .target(name: "MatchmakingCore", dependencies: ["ComposableArchitecture", "GameCore", "ServerModels"]),
    .testTarget(
      name: "MatchmakingCoreTests",
      dependencies: [
        "MatchmakingCore",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(name: "ServerModelsTests", dependencies: ["ServerModels"]),
    .target(name: "ServerClock", dependencies: [.product(name: "HeapModule", package: "swift-collections")]),
    .testTarget(name: "ServerClockTests", dependencies: ["ServerClock"]),
    .target(
      name: "Authentication",
      dependencies: [
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    .target(
      name: "DatabaseClient",
      dependencies: [
        "GameCore", "ServerModels",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    .target(
      name: "DatabaseClientLive",
      dependencies: [
        "DatabaseClient", "GameCore", "ServerModels",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "DatabaseClientTests",
      dependencies: [
        "DatabaseClient", "DatabaseClientLive", "GameCore", "ServerModels",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .systemLibrary(
      name: "CLibWebSockets",
      pkgConfig: "libwebsockets",
      providers: [.apt(["libwebsockets-dev"])]
    ),
    .target(
      name: "WebSocketTransport",
      dependencies: [
        "CLibWebSockets", "ComposableArchitecture", "ServerModels",
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),
    .testTarget(name: "WebSocketTransportTests", dependencies: ["WebSocketTransport"]),
    .target(
      name: "GameServerApp",
      dependencies: [
        "ComposableArchitecture", "DatabaseClient", "DatabaseClientLive", "ServerClock", "ServerCore",
        "ServerModels", "WebSocketTransport", "WordGrid",
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]
    ),
    .target(
      name: "LoginCore",
      dependencies: ["Authentication", "ComposableArchitecture", "DatabaseClient", "GameCore", "ServerModels"]
    ),
    .target(
      name: "RoomCore",
      dependencies: ["ComposableArchitecture", "DatabaseClient", "GameCore", "ServerModels", "TicTacToe", "WordGrid"]
    ),
    .testTarget(
      name: "RoomCoreTests",
      dependencies: [
        "RoomCore",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "ServerCore",
      dependencies: [
        "Authentication", "ComposableArchitecture", "DatabaseClient", "GameCore", "LoginCore", "MatchmakingCore",
        "RoomCore", "ServerModels", "TicTacToe", "WordGrid",
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),
    .testTarget(
      name: "ServerCoreTests",
      dependencies: [
        "DatabaseClientLive",
        "ServerCore",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(name: "AuthenticationTests", dependencies: ["Authentication"]),
    .testTarget(
      name: "LoginCoreTests",
      dependencies: [
        "LoginCore",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "TicTacToeTests",
      dependencies: [
        "TicTacToe",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "WordGridTests",
      dependencies: [
        "WordGrid",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "GameHarnessTests",
      dependencies: [
        "GameHarness",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

if isFuzzing {
  // NB: libFuzzer's runtime without its `main` (the target drives it), named by deploy/fuzz.sh.
  let runtime = Context.environment["GAME_SERVER_FUZZ_RUNTIME"] ?? "libclang_rt.fuzzer_no_main-x86_64.a"
  package.targets.append(
    .executableTarget(
      name: "request-fuzzer",
      dependencies: ["ServerModels"],
      path: "Sources/RequestFuzzer",
      swiftSettings: [.unsafeFlags(["-sanitize=fuzzer"])],
      linkerSettings: [.unsafeFlags([runtime, "-lstdc++", "-lm"])]
    ))
  package.products.append(.executable(name: "request-fuzzer", targets: ["request-fuzzer"]))
}
