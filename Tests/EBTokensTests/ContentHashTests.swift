import Testing

@testable import EBTokensSupport

@Suite struct ContentHashTests {
  /// Reference digests from the `xxhash` Python package (the C reference implementation).
  @Test func matchesTheReferenceImplementation() {
    #expect(ContentHash.xxh64([UInt8]()) == 0xEF46_DB37_51D8_E999)
    #expect(ContentHash.xxh64(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
    #expect(ContentHash.xxh64(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
    #expect(ContentHash.xxh64((0..<200).map { UInt8($0) }) == 0x50DC_1079_B99E_879C)
    #expect(
      ContentHash.xxh64(Array("Nobody inspects the spammish repetition".utf8), seed: 7)
        == 0x26F1_AEB3_9B9B_1F5F)
  }

  @Test func fingerprintsDependOnWhereBytesFall() {
    var first = FingerprintBuilder()
    first.add("a", Array("xy".utf8))
    first.add("b", Array("z".utf8))
    var second = FingerprintBuilder()
    second.add("a", Array("x".utf8))
    second.add("b", Array("yz".utf8))
    #expect(first.fingerprint != second.fingerprint)
    #expect(first.fingerprint.count == 16)
  }
}
