/// Questions about a text's UTF-8 bytes, answered by reading them in place where they are stored
/// contiguously (as a native string's, and its substrings', always are). Through the UTF-8 view's
/// generic iterator, unspecialised across modules, each byte costs several instructions, and these
/// are asked of every name and value.
extension StringProtocol {
  /// Whether every UTF-8 byte of the text is one `isKept` keeps.
  @inlinable
  package func allUTF8Bytes(_ isKept: (UInt8) -> Bool) -> Bool {
    utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isKept) } ?? utf8.allSatisfy(isKept)
  }

  /// Whether the text holds the byte `byte`: `utf8.contains(byte)`.
  @inlinable
  package func containsByte(_ byte: UInt8) -> Bool {
    utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
  }
}

extension UInt8 {
  /// The ASCII hexadecimal digit of `value` (0 to 15), uppercase unless `lowercase`: as the
  /// colors of every output and report, and the JSON writer's `\u` escapes, spell them.
  @inlinable
  package static func hexDigit(_ value: UInt8, lowercase: Bool = false) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : (lowercase ? UInt8(ascii: "a") : UInt8(ascii: "A")) - 10 + value
  }
}
