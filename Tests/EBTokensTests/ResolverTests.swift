import Foundation
import Testing

@testable import EBTokensAudit
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

@Suite struct ResolverTests {
  @Test func alphaModifierMultipliesTheSourceAlpha() throws {
    let tokens = try loadTokens([
      "a.yaml": """
      c:
        $type: color
        title: "#072592"
        description: "{c.title} @ 80%"
        half: "#07259280 @ 50%"
        chained: "{c.description} @ 50%"
        exact: "{c.title} @ 12.5%"
        none: "{c.title} @ 0%"
      """
    ])
    #expect(tokens["c.description"]?.value.displayString == "#072592CC")
    // 0x80/255 × 0.5 = 0.25098 → 64 (0x40).
    #expect(tokens["c.half"]?.value.displayString == "#07259240")
    // 0.8 × 0.5 = 0.4 → 102 (0x66).
    #expect(tokens["c.chained"]?.value.displayString == "#07259266")
    #expect(tokens["c.exact"]?.value.displayString == "#07259220")
    #expect(tokens["c.none"]?.value.displayString == "#07259200")
    #expect(
      tokens["c.description"]?.reference
        == TokenReference(target: TokenPath(["c", "title"]), alphaFactor: 0.8))
  }

  @Test func malformedAlphaModifiers() {
    func error(_ value: String) -> [String] {
      diagnostics {
        _ = try loadTokens(["a.yaml": "c:\n  $type: color\n  a: \"#FFFFFF\"\n  b: \"\(value)\"\n"])
      }
    }
    let prefix = "a.yaml:4:6: error: malformed alpha modifier in"
    #expect(error("{c.a} @ 180%") == ["\(prefix) '{c.a} @ 180%': 180% is out of range; use 0% to 100%"])
    #expect(error("{c.a} @80") == ["\(prefix) '{c.a} @80': the percentage needs a '%' sign, as in '@ 80%'"])
    #expect(error("{c.a} @ %") == ["\(prefix) '{c.a} @ %': the percentage is missing, as in '@ 80%'"])
    #expect(
      error("{c.a} @ 80% @ 50%") == ["\(prefix) '{c.a} @ 80% @ 50%': only one '@ NN%' modifier is allowed"])
    #expect(error("#FFF @ -5%") == ["\(prefix) '#FFF @ -5%': -5% is out of range; use 0% to 100%"])
  }

  @Test func alphaModifierOnlyAppliesToColors() {
    let errors = diagnostics {
      _ = try loadTokens([
        "a.yaml": "s:\n  $type: dimension\n  a: 4px\n  b: \"{s.a} @ 50%\"\n  c: \"4px @ 50%\"\n"
      ])
    }
    #expect(
      errors == [
        "a.yaml:4:6: error: 's.b' is a dimension; an alpha modifier ('@ NN%') applies only to colors",
        "a.yaml:5:6: error: 's.c' is a dimension; an alpha modifier ('@ NN%') applies only to colors",
      ])
  }

  @Test func referencesTakeTheTypeOfTheirTarget() throws {
    let tokens = try loadTokens([
      "a.yaml": "base:\n  $type: dimension\n  four: 4px\n",
      "b.yaml": "alias:\n  a: \"{base.four}\"\n  b: \"{alias.a}\"\n",
    ])
    #expect(tokens["alias.b"]?.type == .dimension)
    #expect(tokens["alias.b"]?.value == .dimension(Dimension(4, .px)))
  }

  @Test func unknownReferenceSuggestsTheClosestToken() {
    let errors = diagnostics {
      _ = try loadTokens([
        "a.yaml": """
        main:
          $type: color
          alert:
            information:
              label-title: "#072592"
              description: "{main.alert.informaton.label-title} @ 80%"
              other: "{nothing.like.it}"
        """
      ])
    }
    #expect(
      errors == [
        "a.yaml:6:20: error: 'main.alert.information.description' references '{main.alert.informaton.label-title}', which does not exist; did you mean 'main.alert.information.label-title'?",
        "a.yaml:7:14: error: 'main.alert.information.other' references '{nothing.like.it}', which does not exist",
      ])
  }

  @Test func referenceToAGroupIsAnError() {
    let errors = diagnostics {
      _ = try loadTokens(["a.yaml": "g:\n  $type: color\n  sub:\n    a: \"#FFF\"\n  b: \"{g.sub}\"\n"])
    }
    #expect(
      errors == [
        "a.yaml:5:6: error: 'g.b' references '{g.sub}', which is a group, not a token; reference one of its tokens"
      ])
  }

  @Test func typeMismatchNamesBothTypes() {
    let errors = diagnostics {
      _ = try loadTokens([
        "a.yaml":
          "space:\n  $type: dimension\n  four: 4px\ncolor:\n  bg: {$type: color, $value: \"{space.four}\"}\n"
      ])
    }
    #expect(
      errors == [
        "a.yaml:5:30: error: 'color.bg' is a color, but it references '{space.four}', which is a dimension"
      ])
  }

  @Test func cyclesAreReportedOnceWithEveryStep() throws {
    let error = try #require(throws: DiagnosticsError.self) {
      _ = try loadTokens([
        "a.yaml":
          "c:\n  $type: color\n  x: \"{c.y}\"\n  y: \"{c.z}\"\n  z: \"{c.x}\"\n  d: \"{c.x}\"\n  self: \"{c.self}\"\n"
      ])
    }
    #expect(
      error.diagnostics.map(\.message) == [
        "reference cycle: c.x -> c.y -> c.z -> c.x", "'c.self' references itself",
      ])
    #expect(error.diagnostics[0].location?.description == "a.yaml:3:6")
    #expect(
      error.diagnostics[0].notes.map { "\($0.location?.description ?? ""): \($0.message)" } == [
        "a.yaml:3:6: 'c.x' references 'c.y'", "a.yaml:4:6: 'c.y' references 'c.z'",
        "a.yaml:5:6: 'c.z' references 'c.x'",
      ])
  }

  @Test func twoTokenCycle() {
    let errors = diagnostics {
      _ = try loadTokens(["a.yaml": "c:\n  $type: color\n  a: \"{c.b}\"\n  b: \"{c.a}\"\n"])
    }
    #expect(errors == ["a.yaml:3:6: error: reference cycle: c.a -> c.b -> c.a"])
  }

  @Test func aChainOfOneHundredThousandReferencesResolvesWithoutRecursion() throws {
    let count = 100_000
    // Ten times the standard limit on chains, which is policy, not a guard against recursion.
    var limits = Limits.standard
    limits.maxReferenceChain = count
    var yaml = "chain:\n  $type: color\n  t0: \"#123456\"\n"
    yaml.reserveCapacity(count * 24)
    // Written in reverse so the walk starts at the far end of the chain.
    for index in stride(from: count - 1, through: 1, by: -1) {
      yaml += "  t\(index): \"{chain.t\(index - 1)}\"\n"
    }
    let tokens = try loadTokens(["chain.yaml": yaml], limits: limits)
    #expect(tokens.tokens.count == count)
    #expect(tokens["chain.t\(count - 1)"]?.value.displayString == "#123456")
  }

  @Test func everyErrorOfEveryFileIsReportedSortedByFileAndLine() {
    let errors = diagnostics {
      _ = try loadTokens([
        "b.yaml": "b:\n  $type: color\n  x: \"#12\"\n  y: \"{b.nope}\"\n",
        "a.yaml": "a:\n  $type: dimension\n  x: 4 px\n  y: [1\n",
        "c.yaml": "c:\n  x: \"#FFF\"\n",
      ])
    }
    #expect(
      errors.map { String($0.prefix(while: { $0 != " " })) } == [
        "a.yaml:5:1:", "b.yaml:3:6:", "b.yaml:4:6:", "c.yaml:2:3:",
      ])
  }

  @Test func theShippedTokensResolveWithAlertDescriptionsAtEightyPercent() throws {
    let directory = TestPaths.repositoryRoot.appendingPathComponent("tokens").path
    let tokens = try TokenLoader().load(directory: directory).value
    for type in ["information", "warning", "error", "success", "neutral"] {
      let title = try #require(tokens["main.alert.color.\(type).label-title"])
      let description = try #require(tokens["main.alert.color.\(type).description"])
      #expect(description.value.displayString == title.value.displayString + "CC")
      #expect(description.reference?.target == title.path)
    }
    #expect(tokens["main.nudge.color.primary.description"]?.value.displayString == "#6780A9")
    #expect(tokens["radius.radius-2"]?.value.displayString == "6px")
    #expect(tokens["main.subtext-message.disabled.label"] == nil)
  }
}
