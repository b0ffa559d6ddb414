import Foundation

/// A seeded random number generator (SplitMix64: Steele, Lea and Flood, 2014), so a test that
/// draws random inputs draws the same ones on every run, and a failure can be replayed.
///
/// The seed is ``defaultSeed`` unless `EBTOKENS_SEED` sets another; put ``seed`` in every failure
/// message (`"seed \(random.seed)"`), so the failing inputs can be drawn again. (The standard
/// library's `random(in:using:)` may draw differently in another Swift release: a seed replays
/// its inputs on the same toolchain.)
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  /// The seed every test uses unless `EBTOKENS_SEED` is set.
  public static let defaultSeed: UInt64 = 0x5EED_EB70_CE45

  /// `EBTOKENS_SEED` (decimal or `0x` hexadecimal) when set and valid, otherwise ``defaultSeed``.
  public static var environmentSeed: UInt64 {
    guard let text = ProcessInfo.processInfo.environment["EBTOKENS_SEED"] else { return defaultSeed }
    let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    return parsed ?? defaultSeed
  }

  public let seed: UInt64
  private var state: UInt64

  public init(seed: UInt64 = environmentSeed) {
    self.seed = seed
    self.state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
