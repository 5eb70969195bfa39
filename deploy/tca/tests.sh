#!/usr/bin/env bash
# Builds TCA's own tests (24 files of Tests/ComposableArchitectureTests, release 1.25.5) against
# this package's ComposableArchitecture, outside this repository, and runs them. TCA's code is
# fetched, never copied into the project. The edits made to it:
# - `import Combine` and `import os.signpost` are guarded, as are the declarations listed in
#   deploy/tca/tests-guarded.txt, each with its reason: an Apple-only API (Combine, os_signpost,
#   NSEC_PER_SEC, XCTExpectFailure/XCTTODO) or TCA's internals (`@testable` or SPI symbols);
# - TCA's BaseTCATestCase, which checks TCA's internal cancellation table and logger, is
#   replaced by a plain XCTestCase that adds Apple XCTest's untimed `wait(for:)` and
#   `fulfillment(of:)`, which swift-corelibs-xctest lacks.
# Usage: deploy/tca/tests.sh [WORKDIR] [TCA_REPOSITORY]
#   WORKDIR: where to build (default: a temporary folder); shared with deploy/tca/compat.sh
#   TCA_REPOSITORY: a clone or URL of TCA's repository (default: GitHub), for machines whose
#   git reaches GitHub only through local mirrors
set -euo pipefail
source "$(dirname "$0")/fetch.sh"
files="DependencyKeyWritingReducerTests EffectOperationTests EffectTests EffectRunTests
  EffectCancellationTests EffectCancellationIsolationTests TaskCancellationTests ReducerTests
  ReducerBuilderTests ScopeTests ScopeCacheTests StoreTests StoreLifetimeTests TestStoreTests
  TestStoreNonExhaustiveTests DebugTests ObservableTests Reducers/PresentationReducerTests
  Reducers/StackReducerTests Reducers/IfLetReducerTests Reducers/IfCaseLetReducerTests
  Reducers/ForEachReducerTests Reducers/OnChangeReducerTests Reducers/BindingReducerTests"
tests=own-tests/Tests/TCAOwnTests
rm -rf own-tests/Tests && mkdir -p "$tests"
for file in $files; do cp "tca/Tests/ComposableArchitectureTests/$file.swift" "$tests/"; done
sed -i \
  -e 's/^\( *\)\(@preconcurrency \)\{0,1\}import Combine$/\1#if canImport(Combine)\n\1\2import Combine\n\1#endif/' \
  -e 's/^\( *\)import os.signpost$/\1#if canImport(os)\n\1import os.signpost\n\1#endif/' \
  "$tests"/*.swift
python3 "$here/deploy/tca/guard.py" "$tests" "$here/deploy/tca/tests-guarded.txt"
cat > "$tests/BaseTCATestCase.swift" <<'SWIFT'
import XCTest

/// Stands in for TCA's base test case, which checks TCA's internals.
class BaseTCATestCase: XCTestCase {}

extension XCTestCase {
  /// Apple XCTest's forms without a timeout, which swift-corelibs-xctest lacks.
  func wait(for expectations: [XCTestExpectation], enforceOrder: Bool = false) {
    self.wait(for: expectations, timeout: 60, enforceOrder: enforceOrder)
  }

  func fulfillment(of expectations: [XCTestExpectation], enforceOrder: Bool = false) async {
    await self.fulfillment(of: expectations, timeout: 60, enforceOrder: enforceOrder)
  }
}
SWIFT
cat > own-tests/Package.swift <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "tca-own-tests",
  dependencies: [
    .package(path: "$here"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.4.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.0.0"),
  ],
  targets: [
    .testTarget(
      name: "TCAOwnTests",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "$(basename "$here")"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        // NB: On Linux, TestStore failures reach swift-testing through IssueReportingTestSupport.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
SWIFT
cd own-tests
echo "$(grep -c . "$here/deploy/tca/tests-guarded.txt") declarations guarded"
swift build --build-tests
swift test --skip-build 2>&1 | tee test.log | grep -E "error|failed|Executed|passed after|Test run" || true
