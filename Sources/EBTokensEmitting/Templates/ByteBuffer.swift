/// The renderer's output: bytes appended with one capacity check and one copy each, without the
/// uniqueness check and generic path of `Array.append(contentsOf:)`. The capacity doubles when it
/// runs out, so appending costs amortised constant time.
struct ByteBuffer: ~Copyable {
  private var start: UnsafeMutableRawPointer
  private var capacity: Int
  private(set) var count = 0

  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    start = .allocate(byteCount: self.capacity, alignment: 1)
  }

  deinit {
    start.deallocate()
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
    start.deallocate()
    start = bigger
    capacity = grown
  }

  /// The bytes appended, in an array of their exact size.
  func array() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress {
        UnsafeMutableRawPointer(base).copyMemory(from: start, byteCount: count)
      }
      initialized = count
    }
  }
}
