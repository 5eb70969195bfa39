/// Whether `bytes` are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
/// past U+10FFFF), as a websocket text message must be. Runs of ASCII are checked 8 bytes at a
/// time; nothing is allocated.
///
/// ```swift
/// isValidUTF8([0x68, 0x69])        // true
/// isValidUTF8([0xC0, 0xAF])        // false: an overlong "/"
/// ```
func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
  let count = bytes.count
  var index = 0
  while index < count {
    if index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
      index += 8
      continue
    }
    let lead = bytes[index]
    if lead < 0x80 {
      index += 1
      continue
    }
    // The sequence's length and the range its second byte must fall in.
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return false
    }
    guard count - index >= length, (low...high).contains(bytes[index + 1]) else { return false }
    for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
      return false
    }
    index += length
  }
  return true
}

/// Whether `bytes` are well-formed UTF-8.
func isValidUTF8(_ bytes: [UInt8]) -> Bool {
  bytes.withUnsafeBytes { isValidUTF8($0) }
}
