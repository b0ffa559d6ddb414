import Foundation
import Testing

@testable import EBTokensModel
@testable import EBTokensParsing
@testable import EBTokensResolution
@testable import EBTokensSupport
@testable import EBTokensSyntax

/// For a large set the resolver makes the tokens on two cores into one array, each half in its own
/// part and the second moved down over the room the first half's failed definitions left
/// (`TokenFactory.tokensOnTwoCores`): the array must hold exactly the resolved definitions, in path
/// order, whichever of them failed and in which half.
@Suite struct TwoCoreTokenFactoryTests {
  /// Above `minimumCountForBackgroundWork`, so that the tokens are made on two cores.
  private static let count = 6_000

  /// The color token `index` is written with.
  private static func hex(_ index: Int) -> String { String(format: "#%06X", index * 977) }

  /// `count` colors in groups of 100 (`g.g7.t42` is token 742); those `failing` says are written
  /// with an invalid value.
  private static func source(failing: (Int) -> Bool) throws -> TokenSource {
    var yaml = "g:\n  $type: color\n"
    for group in 0..<(count / 100) {
      yaml += "  g\(group):\n"
      for member in 0..<100 {
        let index = group * 100 + member
        yaml += "    t\(member): \"\(failing(index) ? "#GG0000" : hex(index))\"\n"
      }
    }
    return try tokenSource([("big.yaml", yaml)])
  }

  /// Which tokens fail, by pattern: none; a third of the first half (the second half moves down);
  /// all of the first half; a third of the second half; every other one.
  private static let patterns: [String: @Sendable (Int) -> Bool] = [
    "none": { _ in false },
    "first half, some": { $0 < count / 2 && $0 % 3 == 0 },
    "first half, all": { $0 < count / 2 },
    "second half, some": { $0 >= count / 2 && $0 % 3 == 1 },
    "every other": { $0 % 2 == 1 },
  ]

  @Test(arguments: ["none", "first half, some", "first half, all", "second half, some", "every other"])
  func theTokensAreTheResolvedDefinitionsInPathOrder(failing pattern: String) throws {
    let failing = try #require(Self.patterns[pattern])
    let source = try Self.source(failing: failing)
    #expect(source.definitions.count == Self.count)
    let (set, errors) = Resolver.resolve(source)

    let resolved = (0..<Self.count).filter { !failing($0) }
    let expected = resolved.map { TokenPath(["g", "g\($0 / 100)", "t\($0 % 100)"]) }.sorted()
    #expect(set.tokens.count == expected.count)
    // The first token out of place, rather than both lists of thousands of paths.
    let misplaced = zip(set.tokens.map(\.path), expected).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(
      misplaced == nil, "position \(misplaced?.offset ?? -1): \(misplaced.map { "\($0.element)" } ?? "")")
    #expect(errors.count == Self.count - resolved.count)
    for token in set.tokens {
      let segments = Array(token.path.segments)
      let index = try #require(Int(segments[1].dropFirst())) * 100 + #require(Int(segments[2].dropFirst()))
      #expect(token.value.displayString == Self.hex(index), "\(token.path.name)")
    }
  }
}
