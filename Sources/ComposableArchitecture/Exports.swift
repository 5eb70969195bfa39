@_exported import CasePaths
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import IdentifiedCollections
@_exported import IssueReporting
@_exported import Observation

// NB: On Linux `URLSession` and `URLRequest` live in FoundationNetworking, which
// swift-dependencies already links for its `urlSession` dependency. Re-exporting it lets TCA
// code that names them, as `.dependency(\.urlSession, URLSession(configuration: .ephemeral))`,
// compile unchanged.
#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
