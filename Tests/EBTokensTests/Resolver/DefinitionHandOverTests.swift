import Foundation
import Testing

@testable import EBTokensModel
@testable import EBTokensParsing
@testable import EBTokensResolution
@testable import EBTokensSupport
@testable import EBTokensSyntax

/// A resolver handed the only references to its definitions, as a plain load hands them, makes
/// each token with its definition's path instead of a copy (`TokenDefinition.takePath()`): the
/// tokens must be those made from copies, on one core and on two, and a resolver not handed them
/// (modes and a watch session's cache share their definitions) must leave the definitions whole.
@Suite struct DefinitionHandOverTests {
  /// Tokens of every kind the factory makes differently, `groups` times over: colors with a
  /// description or deprecated, references with and without an alpha modifier, a composite with a
  /// reference in it, and one that fails (its definition keeps its path).
  private static func source(groups: Int) throws -> TokenSource {
    var yaml = "g:\n"
    for group in 0..<groups {
      yaml += """
          g\(group):
            base:
              $type: color
              $value: "#\(String(format: "%06X", group * 4099 % 0xFFFFFF))"
              $description: Base \(group).
            old:
              $type: color
              $value: "#102030"
              $deprecated: Use base.
            alias: "{g.g\(group).base}"
            faded: "{g.g\(group).base} @ 50%"
            size:
              $type: dimension
              $value: \(group % 40)px
            border:
              $type: border
              $value:
                color: "{g.g\(group).base}"
                width: 1px
                style: solid
            broken:
              $type: color
              $value: "#GG0000"

        """
    }
    return try tokenSource([("tokens.yaml", yaml)])
  }

  /// Below and above `minimumCountForBackgroundWork` tokens: made on one core, and on two.
  @Test(arguments: [5, 1_000])
  func tokensMadeFromHandedOverDefinitionsAreThoseMadeFromCopies(groups: Int) throws {
    let kept = try Self.source(groups: groups)
    let (expected, expectedErrors) = Resolver.resolve(kept)
    let handedOver = try Self.source(groups: groups)
    let (tokens, errors) = Resolver.resolve(handedOver, handingOverDefinitions: true)

    #expect(expected.tokens.count == groups * 6)
    #expect(tokens.tokens.count == expected.tokens.count)
    for (token, copy) in zip(tokens.tokens, expected.tokens) {
      #expect(token.path == copy.path)
      #expect(Array(token.path.segments) == Array(copy.path.segments))
      #expect(token.value == copy.value, "\(token.name)")
      #expect(token.location == copy.location && token.valueLocation == copy.valueLocation, "\(token.name)")
      #expect(token.reference == copy.reference, "\(token.name)")
      #expect(token.componentReferences == copy.componentReferences, "\(token.name)")
      #expect(token.description == copy.description && token.deprecation == copy.deprecation, "\(token.name)")
      #expect(tokens[token.name] === token)
    }
    #expect(errors.map(\.diagnostic) == expectedErrors.map(\.diagnostic))
    #expect(errors.count == groups)

    // The hand-over took place: each token's definition was left the path of no segment, and only
    // the failed one kept its own.
    let emptied = handedOver.definitions.filter { $0.path.segments.isEmpty }
    #expect(emptied.count == tokens.tokens.count)
    #expect(
      handedOver.definitions.filter { !$0.path.segments.isEmpty }.allSatisfy {
        $0.path.segments.last == "broken"
      })
    // Resolved without the hand-over, every definition is as it was read.
    #expect(kept.definitions.count == groups * 7)
    #expect(kept.definitions.allSatisfy { $0.path.segments.count == 3 && $0.path.name.hasPrefix("g.g") })
  }
}
