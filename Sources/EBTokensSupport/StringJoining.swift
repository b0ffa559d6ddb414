extension String {
  /// `first`, then the ASCII character `separator`, then `second`, written at once into a string
  /// of their exact size: `first + "." + second` made an intermediate string and copied it again.
  /// What the dotted name of a path, and the qualified names of the generated namespaces, are
  /// made with, a few hundred thousand of them for a large set.
  package init(_ first: String, joinedBy separator: Unicode.Scalar, _ second: String) {
    let firstBytes = first.utf8
    let secondBytes = second.utf8
    self.init(unsafeUninitializedCapacity: firstBytes.count + 1 + secondBytes.count) { buffer in
      let end = buffer.initialize(fromContentsOf: firstBytes)
      buffer[end] = UInt8(ascii: separator)
      let rest = UnsafeMutableBufferPointer(rebasing: buffer[(end + 1)...])
      return end + 1 + rest.initialize(fromContentsOf: secondBytes)
    }
  }
}
