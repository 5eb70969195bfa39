#!/usr/bin/env bash
# Builds TCA's own TicTacToe example (its Core modules and their tests, from TCA's release
# 1.25.5) against this package's ComposableArchitecture, outside this repository, and runs its
# tests. The example's code is fetched, never copied into the project. The only edit is
# guarding its unused `import SwiftUI` and `import Combine` lines.
# Usage: deploy/tca/compat.sh [WORKDIR] [TCA_REPOSITORY]
#   WORKDIR: where to build (default: a temporary folder)
#   TCA_REPOSITORY: a clone or URL of TCA's repository (default: GitHub), for machines whose
#   git reaches GitHub only through local mirrors
set -euo pipefail
source "$(dirname "$0")/fetch.sh"
example=tca/Examples/TicTacToe/tic-tac-toe
rm -rf package && mkdir -p package/Sources package/Tests
modules="AuthenticationClient TwoFactorCore LoginCore GameCore NewGameCore AppCore"
for module in $modules; do cp -R "$example/Sources/$module" package/Sources/; done
for tests in AppCoreTests GameCoreTests LoginCoreTests NewGameCoreTests TwoFactorCoreTests; do
  cp -R "$example/Tests/$tests" package/Tests/
done
# NB: Apple-only imports that these modules do not use.
find package/Sources -name '*.swift' -exec sed -i \
  -e 's/^import Combine$/#if canImport(Combine)\nimport Combine\n#endif/' \
  -e 's/^import SwiftUI$/#if canImport(SwiftUI)\nimport SwiftUI\n#endif/' {} +
cat > package/Package.swift <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let tca = Target.Dependency.product(name: "ComposableArchitecture", package: "$(basename "$here")")
// NB: On Linux, TestStore failures reach swift-testing through IssueReportingTestSupport.
let support = Target.Dependency.product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")
let package = Package(
  name: "tic-tac-toe",
  dependencies: [
    .package(path: "$here"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.4.0"),
  ],
  targets: [
    .target(name: "AuthenticationClient", dependencies: [tca]),
    .target(name: "TwoFactorCore", dependencies: ["AuthenticationClient", tca]),
    .target(name: "LoginCore", dependencies: ["AuthenticationClient", "TwoFactorCore", tca]),
    .target(name: "GameCore", dependencies: [tca]),
    .target(name: "NewGameCore", dependencies: ["GameCore", tca]),
    .target(name: "AppCore", dependencies: ["AuthenticationClient", "LoginCore", "NewGameCore", tca]),
    .testTarget(name: "AppCoreTests", dependencies: ["AppCore", support]),
    .testTarget(name: "GameCoreTests", dependencies: ["GameCore", support]),
    .testTarget(name: "LoginCoreTests", dependencies: ["LoginCore", support]),
    .testTarget(name: "NewGameCoreTests", dependencies: ["NewGameCore", support]),
    .testTarget(name: "TwoFactorCoreTests", dependencies: ["TwoFactorCore", support]),
  ],
  swiftLanguageModes: [.v6]
)
SWIFT
cd package
swift build --build-tests
swift test --skip-build
