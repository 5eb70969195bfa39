import GameServerWire
// A libFuzzer target for what a peer's bytes reach first: the JSON parser and the request
// decoder. Built only with GAME_SERVER_FUZZ=1 (deploy/checks/fuzz.sh): compiled with -sanitize=fuzzer
// and linked with libFuzzer's runtime without its `main`, which this file drives.
import Glibc

/// Decodes one input as the server decodes a client's message; traps on anything wrong.
let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  _ = try? JSONParser.parse(bytes)
  switch ClientRequest.decoding(bytes) {
  case let .success(request):
    // NB: Whatever decodes obeys the documented limits, counted in bytes.
    precondition((request.id?.utf8.count ?? 0) <= ClientRequest.limits.id)
  case let .failure(error):
    precondition(!error.code.isEmpty && !error.message.isEmpty)
    // The error is answered: it must encode.
    _ = ServerMessage.error(error).jsonBytes
  }
  return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzer(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(runFuzzer(&argc, &argv, testOneInput))
