/// Bytes appended with one capacity check and one copy each, without the uniqueness check and
/// generic path of `Array.append(contentsOf:)` (about a hundred instructions for a few bytes): the
/// template renderer's output, and the bytes a token digest hashes. The capacity doubles when it
/// runs out, so appending costs amortised constant time.
///
/// It can write into memory lent to it (an array's, being initialized): the text then needs no
/// copy into an array of its own, unless it outgrows that memory, when it moves into memory of
/// its own.
///
/// Its appends are inlinable: a call into this module for every few bytes that the renderer and
/// the digests write cost about as much as the copy.
package struct ByteBuffer: ~Copyable {
  @usableFromInline var start: UnsafeMutableRawPointer
  @usableFromInline var capacity: Int
  @usableFromInline var written = 0
  /// Whether `start` is memory this buffer allocated and frees, rather than memory lent to it.
  @usableFromInline var ownsMemory: Bool

  /// The bytes appended so far.
  package var count: Int { written }
  /// Whether the bytes lie in memory this buffer allocated, rather than in memory lent to it.
  package var ownsStorage: Bool { ownsMemory }

  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    start = .allocate(byteCount: self.capacity, alignment: 1)
    ownsMemory = true
  }

  /// A buffer writing into `storage` until it is full; the lender must outlive it.
  package init(lending storage: UnsafeMutableBufferPointer<UInt8>) {
    if let base = storage.baseAddress, storage.count >= 16 {
      start = UnsafeMutableRawPointer(base)
      capacity = storage.count
      ownsMemory = false
    } else {
      capacity = 16
      start = .allocate(byteCount: capacity, alignment: 1)
      ownsMemory = true
    }
  }

  deinit {
    if ownsMemory { start.deallocate() }
  }

  @inlinable
  package mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress else { return }
    if bytes.count > capacity - written { grow(toHold: written + bytes.count) }
    (start + written).copyMemory(from: source, byteCount: bytes.count)
    written += bytes.count
  }

  package mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  package mutating func append(_ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBytes { append($0) }
  }

  /// A text's UTF-8.
  @inlinable
  package mutating func append(_ text: String) {
    let appended: Void? = text.utf8.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
    if appended == nil { append(Array(text.utf8)) }
  }

  @inlinable
  package mutating func append(_ byte: UInt8) {
    if written == capacity { grow(toHold: written + 1) }
    start.storeBytes(of: byte, toByteOffset: written, as: UInt8.self)
    written += 1
  }

  /// The eight bytes of `value`, least significant first.
  @inlinable
  package mutating func append(littleEndian value: UInt64) {
    if capacity - written < 8 { grow(toHold: written + 8) }
    start.storeBytes(of: value.littleEndian, toByteOffset: written, as: UInt64.self)
    written += 8
  }

  /// Forgets the bytes appended, keeping the memory for the next ones.
  package mutating func removeAll() { written = 0 }

  /// `body` over the bytes appended, where they lie.
  package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    body(UnsafeRawBufferPointer(start: start, count: written))
  }

  /// Out of line, so that an append that fits stays small.
  @usableFromInline @inline(never)
  mutating func grow(toHold needed: Int) {
    var grown = capacity * 2
    while grown < needed { grown *= 2 }
    let bigger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 1)
    bigger.copyMemory(from: start, byteCount: written)
    if ownsMemory { start.deallocate() }
    start = bigger
    capacity = grown
    ownsMemory = true
  }

  /// The bytes appended, in an array of their exact size.
  package func array() -> [UInt8] { bytes(from: 0) }

  /// The bytes appended from `offset` on (at most `count`), in an array of their exact size.
  package func bytes(from offset: Int) -> [UInt8] {
    let length = max(0, written - min(max(offset, 0), written))
    return [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
      if let base = buffer.baseAddress {
        UnsafeMutableRawPointer(base).copyMemory(from: start + (written - length), byteCount: length)
      }
      initialized = length
    }
  }
}
