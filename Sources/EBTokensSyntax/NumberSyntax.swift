/// The grammar of numbers in token files: JSON's, so `1_000`, `0x10`, `.5`
/// and `+1` (all numbers to some YAML readers) are refused rather than guessed.
package enum NumberSyntax {
  /// `80`, `12.5`: what a percentage may be.
  @inlinable package static func isDecimal<S: StringProtocol>(_ text: S) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return (1...2).contains(parts.count)
      && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
  }

  /// The length of the JSON number at the start of `bytes`, or 0 when there is none.
  package static func jsonNumberPrefix(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.withUnsafeBufferPointer { jsonNumberPrefix($0) }
  }

  /// The length of the JSON number at the start of `bytes` read in place (a string's, say).
  package static func jsonNumberPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var index = bytes.startIndex
    func digits() -> Int {
      let start = index
      while index < bytes.endIndex, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
      return index - start
    }
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { return 0 }
    // JSON forbids leading zeros: `007`.
    if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") { return 0 }
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
      let dot = index
      index += 1
      if digits() == 0 { index = dot }
    }
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      let marker = index
      index += 1
      if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      if digits() == 0 { index = marker }
    }
    return index - bytes.startIndex
  }
}
