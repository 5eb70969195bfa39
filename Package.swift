// swift-tools-version: 6.1

import CompilerPluginSupport
import PackageDescription

/// Set by deploy/checks/fuzz.sh (with a scratch path of its own): adds the libFuzzer target, and
/// instruments the code it fuzzes for coverage.
let isFuzzing = Context.environment["GAME_SERVER_FUZZ"] == "1"

let package = Package(
  name: "swift-composable-server",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "GameServerGame", targets: ["GameServerGame"]),
    .library(name: "GameServerCatalog", targets: ["GameServerCatalog"]),
    .library(name: "GameServerTicTacToe", targets: ["GameServerTicTacToe"]),
    .library(name: "GameServerConnectFour", targets: ["GameServerConnectFour"]),
    .library(name: "GameServerBattleship", targets: ["GameServerBattleship"]),
    .library(name: "GameServerWordGrid", targets: ["GameServerWordGrid"]),
    .library(name: "GameServerTesting", targets: ["GameServerTesting"]),
    .library(name: "GameServerMain", targets: ["GameServerMain"]),
    .executable(name: "game-server", targets: ["GameServerCommand"]),
    .executable(name: "games-benchmark", targets: ["GameServerGamesBenchmark"]),
    .executable(name: "game-load", targets: ["GameServerLoad"]),
    .executable(name: "tca-benchmark", targets: ["GameServerTCABenchmark"]),
    .executable(name: "server-benchmark", targets: ["GameServerBenchmark"]),
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
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  // NB: In layers, bottom up, as the Architecture article (Sources/GameServerMain/Documentation.docc) lists them: a target names only targets
  // of its own layer or below (deploy/checks/layers.sh checks it, and this order).
  targets: [
    // MARK: 1. The library
    .macro(
      name: "ComposableArchitectureMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
      ]
    ),
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

    // MARK: 2. Foundations (no game and no server in them)
    // NB: The parser, stream encoder and pooled writer that the game seam, the wire and storage
    // share. Instrumented with the wire when fuzzing: the fuzzer reads requests through it.
    .target(name: "GameServerJSON", swiftSettings: isFuzzing ? [.unsafeFlags(["-sanitize=fuzzer"])] : []),
    .target(
      name: "GameServerClock",
      dependencies: [
        "ComposableArchitecture", .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "HeapModule", package: "swift-collections"),
      ]
    ),
    .target(
      name: "GameServerAuthentication",
      dependencies: [
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    .systemLibrary(
      name: "GameServerCLibWebSockets",
      pkgConfig: "libwebsockets",
      providers: [.apt(["libwebsockets-dev"])]
    ),
    // NB: Linux's epoll (not in the Glibc module), for game-load's open-loop relay floor.
    .systemLibrary(name: "GameServerCEpoll"),
    // NB: Counts heap allocations for tca-benchmark by defining malloc and friends; link it into
    // nothing else.
    .target(name: "GameServerCAllocationCounter"),

    // MARK: 3. The game seam
    .target(
      name: "GameServerGame",
      dependencies: ["ComposableArchitecture", "GameServerJSON", .product(name: "Tagged", package: "swift-tagged")],
      path: "Games/Game"
    ),

    // MARK: 4. The games
    .target(
      name: "GameServerTicTacToe",
      dependencies: ["ComposableArchitecture", "GameServerGame"],
      path: "Games/TicTacToe"
    ),
    .target(
      name: "GameServerConnectFour",
      dependencies: ["ComposableArchitecture", "GameServerGame"],
      path: "Games/ConnectFour"
    ),
    .target(
      name: "GameServerWordGrid",
      dependencies: ["ComposableArchitecture", "GameServerGame"],
      path: "Games/WordGrid"
    ),
    // NB: Written against the package's public products only, as a game from outside would be.
    .target(
      name: "GameServerBattleship",
      dependencies: ["ComposableArchitecture", "GameServerGame"],
      path: "Games/Battleship"
    ),
    // NB: The one module that names the games: the server and the tools get them from here.
    .target(
      name: "GameServerCatalog",
      dependencies: [
        "GameServerGame", "GameServerTicTacToe", "GameServerConnectFour", "GameServerWordGrid", "GameServerBattleship",
      ]
    ),
    .target(
      name: "GameServerSelfPlay",
      dependencies: ["ComposableArchitecture", "GameServerGame", "GameServerTicTacToe", "GameServerConnectFour", "GameServerWordGrid"]
    ),

    // MARK: 5. The wire protocol
    .target(
      name: "GameServerWire",
      dependencies: [
        "GameServerGame", "GameServerJSON",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Tagged", package: "swift-tagged"),
      ],
      swiftSettings: isFuzzing ? [.unsafeFlags(["-sanitize=fuzzer"])] : []
    ),

    // MARK: 6. Ratings and storage interfaces
    // NB: How finished games move ratings (Elo between each pair of people, by their places),
    // worked out here for every store, which writes what it is given.
    .target(name: "GameServerRatings", dependencies: ["GameServerGame"]),
    .target(
      name: "GameServerDatabase",
      dependencies: [
        "GameServerGame", "GameServerRatings", "GameServerWire", "GameServerJSON",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),

    // MARK: 7. Server reducers
    .target(
      name: "GameServerLogin",
      dependencies: ["GameServerAuthentication", "ComposableArchitecture", "GameServerDatabase", "GameServerGame", "GameServerWire"]
    ),
    .target(name: "GameServerMatchmaking", dependencies: ["ComposableArchitecture", "GameServerGame", "GameServerWire"]),
    .target(
      name: "GameServerRoom",
      dependencies: ["ComposableArchitecture", "GameServerDatabase", "GameServerGame", "GameServerWire"]
    ),
    .target(
      name: "GameServerCore",
      dependencies: [
        "GameServerAuthentication", "ComposableArchitecture", "GameServerDatabase", "GameServerGame", "GameServerLogin", "GameServerMatchmaking",
        "GameServerRatings", "GameServerRoom", "GameServerWire",
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),

    // MARK: 8. Storage implementations and the cluster
    .target(
      name: "GameServerSQLite",
      dependencies: [
        "GameServerDatabase", "GameServerRatings", "GameServerGame", "GameServerWire", "GameServerJSON",
        .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]
    ),
    // NB: PostgreSQL, through postgres-nio: the database a cluster of servers shares.
    .target(
      name: "GameServerPostgres",
      dependencies: [
        "GameServerDatabase", "GameServerRatings", "GameServerGame", "GameServerWire", "GameServerJSON",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),

    // NB: A node of a cluster on PostgreSQL: its lease, taking over rooms, fenced writes, the
    // directory of rooms, the shared queue and logins heard across nodes.
    .target(
      name: "GameServerCluster",
      dependencies: [
        "GameServerDatabase", "GameServerGame", "GameServerJSON", "GameServerPostgres", "GameServerWire",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),

    // MARK: 9. Transport
    .target(
      name: "GameServerTransport",
      dependencies: [
        "GameServerCLibWebSockets", .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),

    // MARK: 10. The app and the testing kit
    .target(
      name: "GameServerApp",
      dependencies: [
        "ComposableArchitecture", "GameServerDatabase", "GameServerSQLite", "GameServerPostgres", "GameServerCluster",
        "GameServerClock", "GameServerCore", "GameServerGame", "GameServerMatchmaking", "GameServerWire",
        "GameServerTransport",
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]
    ),
    // NB: `serve` with every option, for any catalog: what game-server runs, and a user's own
    // executable with its own games.
    .target(
      name: "GameServerMain",
      dependencies: [
        "GameServerApp", "GameServerDatabase", "GameServerGame", "GameServerPostgres", "GameServerSQLite", "GameServerTransport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["Public"]
    ),
    // NB: The in-process server with typed clients, for end-to-end tests of a game.
    .target(
      name: "GameServerTesting",
      dependencies: [
        "ComposableArchitecture", "GameServerApp", "GameServerCore", "GameServerDatabase", "GameServerMatchmaking",
        "GameServerTransport", "GameServerWire",
      ]
    ),

    // NB: A throwaway PostgreSQL server for tests and trials, from the installed binaries: what
    // game-server does not link.
    .target(
      name: "GameServerPostgresTesting",
      dependencies: [
        "GameServerDatabase", "GameServerPostgres",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),

    // MARK: 11. Executables, tools and benchmarks
    .executableTarget(
      name: "GameServerCommand",
      dependencies: [
        "GameServerSelfPlay", "GameServerMain", "GameServerCatalog", "GameServerConnectFour", "GameServerTicTacToe",
        "GameServerWordGrid", "GameServerBattleship", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/GameServerCommand"
    ),
    .executableTarget(
      name: "GameServerLoad",
      dependencies: [
        "GameServerCEpoll", "GameServerConnectFour", "GameServerGame", "GameServerWire", "GameServerTicTacToe",
        "GameServerTransport", "GameServerWordGrid", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "HeapModule", package: "swift-collections"),
      ],
      path: "Sources/GameServerLoad"
    ),
    .executableTarget(
      name: "GameServerBenchmark",
      dependencies: [
        "GameServerCAllocationCounter", "ComposableArchitecture", "GameServerCatalog", "GameServerDatabase",
        "GameServerSQLite", "GameServerClock", "GameServerCore", "GameServerWire", "GameServerTicTacToe",
        "GameServerWordGrid", "GameServerGame",
      ],
      path: "Sources/GameServerBenchmark",
      // NB: Exports the executable's malloc (CAllocationCounter) so that the shared libraries use it too.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),
    .executableTarget(
      name: "GameServerGamesBenchmark",
      dependencies: ["GameServerGame", "GameServerConnectFour", "GameServerWordGrid"],
      path: "Sources/GameServerGamesBenchmark"
    ),
    .executableTarget(
      name: "GameServerTCABenchmark",
      dependencies: ["ComposableArchitecture", "GameServerCAllocationCounter", "GameServerClock"],
      swiftSettings: [.unsafeFlags(["-Ounchecked"])],
      // NB: Exports the executable's malloc so that the shared libraries use it too.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),

    // MARK: Tests, in the order of the modules they test
    .testTarget(
      name: "ComposableArchitectureMacrosTests",
      dependencies: [
        "ComposableArchitectureMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
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
    .testTarget(name: "GameServerJSONTests", dependencies: ["GameServerJSON"]),
    .testTarget(name: "GameServerClockTests", dependencies: ["ComposableArchitecture", "GameServerClock"]),
    .testTarget(name: "GameServerAuthenticationTests", dependencies: ["GameServerAuthentication"]),
    .testTarget(name: "GameServerGameTests", dependencies: ["GameServerGame"]),
    .testTarget(
      name: "GameServerTicTacToeTests",
      dependencies: [
        "GameServerTicTacToe",
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "GameServerConnectFourTests",
      dependencies: [
        "GameServerConnectFour",
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "GameServerBattleshipTests",
      dependencies: ["GameServerBattleship", "GameServerTesting", "GameServerSelfPlay"]
    ),
    .testTarget(
      name: "GameServerWordGridTests",
      dependencies: [
        "GameServerWordGrid",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "GameServerSelfPlayTests",
      dependencies: [
        "GameServerSelfPlay",
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(name: "GameServerWireTests", dependencies: ["GameServerWire"]),
    .testTarget(name: "GameServerRatingsTests", dependencies: ["GameServerRatings", "GameServerGame"]),
    // NB: The storage contract, which every store passes (in memory, SQLite, PostgreSQL), and
    // PostgreSQL's ratings against it.
    .testTarget(
      name: "GameServerDatabaseTests",
      dependencies: [
        "GameServerDatabase", "GameServerSQLite", "GameServerPostgres", "GameServerPostgresTesting",
        "GameServerGame", "GameServerRatings",
        "GameServerWire",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "GameServerSQLiteTests",
      dependencies: [
        "GameServerDatabase", "GameServerSQLite", "GameServerGame", "GameServerWire",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "GameServerClusterTests",
      dependencies: [
        "GameServerCluster", "GameServerDatabase", "GameServerPostgres", "GameServerPostgresTesting", "GameServerGame",
        "GameServerWire",
      ]
    ),
    .testTarget(
      name: "GameServerLoginTests",
      dependencies: [
        "GameServerLogin",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "GameServerMatchmakingTests",
      dependencies: [
        "GameServerMatchmaking",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "GameServerRoomTests",
      dependencies: [
        "GameServerRoom", "GameServerTicTacToe", "GameServerWordGrid",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "GameServerCoreTests",
      dependencies: [
        "GameServerCatalog",
        "GameServerSQLite",
        "GameServerCore",
        "GameServerTesting",
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(name: "GameServerTransportTests", dependencies: ["GameServerTransport"]),
    // NB: The testing kit's own pieces: its clients, its cluster in process, its live server.
    .testTarget(
      name: "GameServerTestingTests",
      dependencies: [
        "GameServerTesting", "GameServerCatalog", "GameServerConnectFour", "GameServerTicTacToe",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // NB: The whole server end to end, in process through the testing kit (and live where a test says).
    .testTarget(
      name: "GameServerIntegrationTests",
      dependencies: [
        "GameServerTesting", "GameServerCatalog", "GameServerSQLite", "GameServerConnectFour", "GameServerWordGrid",
        "GameServerTicTacToe", "GameServerBattleship", .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "GameServerAppTests",
      dependencies: [
        "GameServerApp", "GameServerTesting", "GameServerCatalog",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(name: "GameServerMainTests", dependencies: ["GameServerApp", "GameServerMain", "GameServerWordGrid"]),
  ],
  swiftLanguageModes: [.v6]
)

// MARK: 11. Executables, tools and benchmarks (the fuzzer, only when fuzzing)
if isFuzzing {
  // NB: libFuzzer's runtime without its `main` (the target drives it), named by deploy/checks/fuzz.sh.
  let runtime = Context.environment["GAME_SERVER_FUZZ_RUNTIME"] ?? "libclang_rt.fuzzer_no_main-x86_64.a"
  package.targets.append(
    .executableTarget(
      name: "GameServerRequestFuzzer",
      dependencies: ["GameServerWire"],
      path: "Sources/GameServerRequestFuzzer",
      swiftSettings: [.unsafeFlags(["-sanitize=fuzzer"])],
      linkerSettings: [.unsafeFlags([runtime, "-lstdc++", "-lm"])]
    ))
  package.products.append(.executable(name: "request-fuzzer", targets: ["GameServerRequestFuzzer"]))
}
