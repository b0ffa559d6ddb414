internal import CSystemExtras

// Loops over tables too large for the cache (the names of 100,000 tokens, their definitions in
// path order) wait for memory at almost every step; asking for what a later step reads, a few
// steps ahead, overlaps those waits. A prefetch is a hint: it never faults, whatever it is given.
//
// The array methods are inlinable, so that the loops of other modules specialise them: called as
// unspecialised generic code, each ask looked up the array's type metadata at run time (about 3%
// of parse + resolve's samples). The hint itself is one call of a function of this module, so
// that the C shim stays imported internally.

/// Asks for the cache line (64 bytes) at `address` ahead of its use.
@usableFromInline
package func prefetchCacheLine(at address: UnsafeRawPointer) {
  ebtokens_prefetch(address)
}

extension Array {
  /// Asks for the memory of the element at `index` (which must be within the array) ahead of
  /// its use.
  @inlinable
  package func prefetchElement(at index: Int) {
    withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { prefetchCacheLine(at: base + index) }
    }
  }
}

extension Array where Element: AnyObject {
  /// Asks for the first `bytes` of the object at `index` ahead of their use, a cache line (64
  /// bytes) at a time; nothing when `index` is not one of the array's. The reference is read as
  /// the bits it is, so that the object is not retained: retaining it would wait for its memory,
  /// which is what this is to spare.
  @inlinable
  package func prefetchObject(at index: Int, bytes: Int) {
    guard index >= 0, index < count else { return }
    withUnsafeBytes { elements in
      let bits = elements.load(fromByteOffset: index * MemoryLayout<UInt>.stride, as: UInt.self)
      guard let object = UnsafeRawPointer(bitPattern: bits) else { return }
      for offset in stride(from: 0, to: bytes, by: 64) { prefetchCacheLine(at: object + offset) }
    }
  }
}
