import Foundation

/// XXH64 (Yann Collet's xxHash, 64-bit), used to fingerprint a build's inputs.
///
/// Fast enough to hash a large design system's files in a few milliseconds, and
/// fixed by its specification, so a fingerprint written by one run is read
/// correctly by any later one.
package enum ContentHash {
  private static let prime1: UInt64 = 11_400_714_785_074_694_791
  private static let prime2: UInt64 = 14_029_467_366_897_019_727
  private static let prime3: UInt64 = 1_609_587_929_392_839_161
  private static let prime4: UInt64 = 9_650_029_242_287_828_579
  private static let prime5: UInt64 = 2_870_177_450_012_600_261

  /// Inlinable, so that callers in other modules specialise it (a token's digest is one call of
  /// a hundred thousand): unspecialised, each call reached the bytes through witness tables.
  @inlinable
  package static func xxh64<Bytes: Sequence>(_ bytes: Bytes, seed: UInt64 = 0) -> UInt64
  where Bytes.Element == UInt8 {
    if let digest = bytes.withContiguousStorageIfAvailable({ xxh64(UnsafeRawBufferPointer($0), seed: seed) })
    {
      return digest
    }
    return Array(bytes).withUnsafeBytes { xxh64($0, seed: seed) }
  }

  @usableFromInline
  package static func xxh64(_ input: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    let count = input.count
    var offset = 0
    func read64() -> UInt64 {
      defer { offset += 8 }
      return UInt64(littleEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    func read32() -> UInt64 {
      defer { offset += 4 }
      return UInt64(UInt32(littleEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
    var hash: UInt64
    if count >= 32 {
      var lanes = (seed &+ prime1 &+ prime2, seed &+ prime2, seed, seed &- prime1)
      while offset + 32 <= count {
        lanes.0 = round(lanes.0, read64())
        lanes.1 = round(lanes.1, read64())
        lanes.2 = round(lanes.2, read64())
        lanes.3 = round(lanes.3, read64())
      }
      hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
      for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
        hash = (hash ^ round(0, lane)) &* prime1 &+ prime4
      }
    } else {
      hash = seed &+ prime5
    }
    hash &+= UInt64(count)
    while offset + 8 <= count {
      hash = rotate(hash ^ round(0, read64()), 27) &* prime1 &+ prime4
    }
    if offset + 4 <= count {
      hash = rotate(hash ^ (read32() &* prime1), 23) &* prime2 &+ prime3
    }
    while offset < count {
      hash = rotate(hash ^ (UInt64(input[offset]) &* prime5), 11) &* prime1
      offset += 1
    }
    hash ^= hash >> 33
    hash &*= prime2
    hash ^= hash >> 29
    hash &*= prime3
    hash ^= hash >> 32
    return hash
  }

  private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    rotate(accumulator &+ input &* prime2, 31) &* prime1
  }

  private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
    (value << bits) | (value >> (64 - bits))
  }

  /// `digest` in 16 lowercase hexadecimal digits, as build states and fingerprints write it.
  package static func hex(_ digest: UInt64) -> String {
    let digits = String(digest, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// Accumulates a fingerprint from many labelled parts: each part's length and
/// digest go in, so moving bytes from one part to the next changes the result.
package struct FingerprintBuilder {
  package init(digests: [UInt8] = []) {
    self.digests = digests
  }

  private var digests: [UInt8] = []

  package mutating func add(_ label: String, _ bytes: some Sequence<UInt8>) {
    for value in [ContentHash.xxh64(label.utf8), ContentHash.xxh64(bytes)] {
      withUnsafeBytes(of: value.littleEndian) { digests.append(contentsOf: $0) }
    }
  }

  package var fingerprint: String {
    ContentHash.hex(ContentHash.xxh64(digests))
  }
}

/// The digest (XXH64) of every input file a build parsed, by path, recorded by each reader from the
/// very bytes it parsed: so the fingerprint a build records describes its outputs' inputs exactly,
/// even when a file changes while the build runs.
///
/// A file read twice (a template two outputs share) must give the same bytes both times; when it
/// does not, or a read failed, there is no fingerprint (the next build then runs in full).
package final class InputDigests: @unchecked Sendable {
  private let lock = NSLock()
  private var digests: [String: UInt64] = [:]
  private var isInconsistent = false

  package init() {}

  /// Records that the bytes read from `path` have `digest`; `nil` for a file that could not be read.
  package func record(_ path: String, _ digest: UInt64?) {
    lock.withLock {
      guard let digest else {
        isInconsistent = true
        return
      }
      if let earlier = digests.updateValue(digest, forKey: path), earlier != digest { isInconsistent = true }
    }
  }

  /// Every digest recorded, by path; `nil` when a file gave two different contents or none.
  package var recorded: [String: UInt64]? {
    lock.withLock { isInconsistent ? nil : digests }
  }
}
