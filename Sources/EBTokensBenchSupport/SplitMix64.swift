/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny seeded generator whose output is fixed by
/// its seed on every platform and toolchain.
///
/// It deliberately does not conform to `RandomNumberGenerator`: the standard library's
/// `random(in:using:)` algorithms are not promised to stay the same across Swift releases, and
/// generated token files must stay byte-identical. Every draw goes through the methods below.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// A generator for one part of the output (one file), so that part's content does not depend
  /// on how many values were drawn for the parts before it.
  init(seed: UInt64, stream: UInt64) {
    var mixer = SplitMix64(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
    state = mixer.next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound`. The modulo bias is below 2⁻⁵⁰ for the small bounds used here.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(max(bound, 1)))
  }

  /// A value in `range`.
  mutating func inRange(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// A value in `0..<1` with 53 random bits.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A value in `lower..<upper`.
  mutating func between(_ lower: Double, _ upper: Double) -> Double {
    lower + (upper - lower) * unit()
  }

  /// `true` with the given probability.
  mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }

  /// One element of `elements`, which must not be empty: callers pass the catalog's constant
  /// lists, never input.
  mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[below(elements.count)]
  }
}
