internal import CSystemExtras

// Loops over tables too large for the cache (the names of 100,000 tokens, their definitions in
// path order) wait for memory at almost every step; asking for what a later step reads, a few
// steps ahead, overlaps those waits. A prefetch is a hint: it never faults, whatever it is given.

extension Array {
  /// Asks for the memory of the element at `index` (which must be within the array) ahead of
  /// its use.
  @inline(__always)
  package func prefetchElement(at index: Int) {
    withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { ebtokens_prefetch(base + index) }
    }
  }
}

extension Array where Element: AnyObject {
  /// Asks for the first `bytes` of the object at `index` ahead of their use, a cache line (64
  /// bytes) at a time; nothing when `index` is not one of the array's. The reference is read as
  /// the bits it is, so that the object is not retained: retaining it would wait for its memory,
  /// which is what this is to spare.
  @inline(__always)
  package func prefetchObject(at index: Int, bytes: Int) {
    guard indices.contains(index) else { return }
    withUnsafeBytes { elements in
      let bits = elements.load(fromByteOffset: index * MemoryLayout<UInt>.stride, as: UInt.self)
      guard let object = UnsafeRawPointer(bitPattern: bits) else { return }
      for offset in stride(from: 0, to: bytes, by: 64) { ebtokens_prefetch(object + offset) }
    }
  }
}
