/// The renderer's output: bytes appended with one capacity check and one copy each, without the
/// uniqueness check and generic path of `Array.append(contentsOf:)`. The capacity doubles when it
/// runs out, so appending costs amortised constant time.
///
/// It can write into memory lent to it (an array's, being initialized): the text then needs no
/// copy into an array of its own, unless it outgrows that memory, when it moves into memory of
/// its own.
struct ByteBuffer: ~Copyable {
  private var start: UnsafeMutableRawPointer
  private var capacity: Int
  private(set) var count = 0
  /// Whether `start` is memory this buffer allocated and frees, rather than memory lent to it.
  private(set) var ownsStorage: Bool

  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    start = .allocate(byteCount: self.capacity, alignment: 1)
    ownsStorage = true
  }

  /// A buffer writing into `storage` until it is full; the lender must outlive it.
  package init(lending storage: UnsafeMutableBufferPointer<UInt8>) {
    if let base = storage.baseAddress, storage.count >= 16 {
      start = UnsafeMutableRawPointer(base)
      capacity = storage.count
      ownsStorage = false
    } else {
      capacity = 16
      start = .allocate(byteCount: capacity, alignment: 1)
      ownsStorage = true
    }
  }

  deinit {
    if ownsStorage { start.deallocate() }
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress else { return }
    if bytes.count > capacity - count { grow(toHold: count + bytes.count) }
    (start + count).copyMemory(from: source, byteCount: bytes.count)
    count += bytes.count
  }

  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  mutating func append(_ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBytes { append($0) }
  }

  /// A text's UTF-8.
  mutating func append(_ text: String) {
    let appended: Void? = text.utf8.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
    if appended == nil { append(Array(text.utf8)) }
  }

  /// Out of line, so that an append that fits stays small.
  @inline(never)
  private mutating func grow(toHold needed: Int) {
    var grown = capacity * 2
    while grown < needed { grown *= 2 }
    let bigger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 1)
    bigger.copyMemory(from: start, byteCount: count)
    if ownsStorage { start.deallocate() }
    start = bigger
    capacity = grown
    ownsStorage = true
  }

  /// The bytes appended, in an array of their exact size.
  func array() -> [UInt8] { bytes(from: 0) }

  /// The bytes appended from `offset` on (at most `count`), in an array of their exact size.
  func bytes(from offset: Int) -> [UInt8] {
    let length = max(0, count - min(max(offset, 0), count))
    return [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
      if let base = buffer.baseAddress {
        UnsafeMutableRawPointer(base).copyMemory(from: start + (count - length), byteCount: length)
      }
      initialized = length
    }
  }
}
