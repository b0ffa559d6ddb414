import Testing

@testable import EBTokensAudit
@testable import EBTokensEmitting
@testable import EBTokensModel

/// What DTCG adds to the data model: root tokens, group inheritance and JSON Pointer references,
/// in JSON and in YAML files alike.
@Suite struct DTCGStructureTests {
  private func errors(_ files: [String: String]) -> [String] {
    diagnostics { _ = try loadTokens(files) }
  }

  private let srgbBlue = "{\"colorSpace\": \"srgb\", \"components\": [0.2, 0.4, 0.9]}"

  // MARK: $root

  @Test func aRootTokenIsAddressedThroughItsGroup() throws {
    let set = try loadTokens([
      "c.tokens.json": """
      {"color": {"$type": "color", "accent": {
        "$root": {"$value": \(srgbBlue)},
        "light": {"$value": "{color.accent.$root}"}}}}
      """
    ])
    #expect(set["color.accent.$root"]?.value.displayString == "#3366E6")
    #expect(set["color.accent.light"]?.reference?.target.name == "color.accent.$root")
    #expect(set.tokens.map(\.name) == ["color.accent.$root", "color.accent.light"])
  }

  @Test func rootTokensInYAMLAndTheirErrors() throws {
    #expect(
      try loadTokens(["c.yaml": "space:\n  $type: dimension\n  $root: 16px\n  small: 8px\n"])["space.$root"]
        != nil)
    #expect(
      errors(["c.yaml": "space:\n  $type: dimension\n  $root:\n    $description: no value\n"])
        == ["c.yaml:3:3: error: '$root' is the root token of group 'space'; give it a \"$value\""])
    #expect(
      errors(["c.yaml": "space:\n  $type: dimension\n  a: 1px\n  b: \"{space}\"\n"])
        == [
          "c.yaml:4:6: error: 'space.b' references '{space}', which is a group, not a token; reference one of its tokens"
        ])
  }

  // MARK: $extends

  @Test func anExtendingGroupInheritsAndOverrides() throws {
    let set = try loadTokens([
      "b.tokens.json": """
      {"input": {"$type": "dimension", "$description": "Inputs", "field": {
        "width": {"$value": {"value": 12, "unit": "rem"}},
        "gap": {"$value": {"value": 4, "unit": "px"}}}},
       "input-amount": {"$extends": "{input}", "field": {"width": {"$value": {"value": 100, "unit": "px"}}},
        "extra": {"$value": {"value": 2, "unit": "px"}}}}
      """
    ])
    #expect(set["input-amount.field.width"]?.value == .dimension(Dimension(100, .px)))
    #expect(set["input-amount.field.gap"]?.value == .dimension(Dimension(4, .px)))
    // An inherited token points at the text it comes from.
    #expect(set["input-amount.field.gap"]?.location == set["input.field.gap"]?.location)
    // The extending group takes the target's $type for its own tokens.
    #expect(set["input-amount.extra"]?.type == .dimension)
  }

  @Test func inheritedTokensKeepTheirTypeAndReferences() throws {
    let set = try loadTokens([
      "b.yaml": """
      palette:
        $type: color
        base:
          blue: "#0000FF"
          link: "{palette.base.blue}"
      brand:
        $extends: "{palette.base}"
        size:
          $type: dimension
          $value: 4px
      """
    ])
    // `palette.base` has no $type of its own: the copies keep the color type they have there.
    #expect(set["brand.blue"]?.type == .color)
    // A reference inside an inherited token still names the token it named.
    #expect(set["brand.link"]?.reference?.target.name == "palette.base.blue")
  }

  @Test func extensionsChainAndNest() throws {
    let set = try loadTokens([
      "n.yaml": """
      a:
        $type: number
        one: 1
      b:
        $extends: "{a}"
        two: 2
      c:
        $extends: "#/b"
        inner:
          $extends: "{a}"
          three: 3
      """
    ])
    #expect(
      set.tokens.map(\.name) == [
        "a.one", "b.one", "b.two", "c.inner.one", "c.inner.three", "c.one", "c.two",
      ])
  }

  @Test func extensionErrors() {
    #expect(
      errors([
        "e.yaml": "a:\n  $extends: \"{b}\"\n  t:\n    $type: number\n    $value: 1\nb:\n  $extends: \"{a}\"\n"
      ])
        == ["e.yaml:2:13: error: $extends cycle: a -> b -> a"])
    #expect(
      errors([
        "e.yaml":
          "button:\n  color:\n    $type: number\n    $value: 1\n  secondary:\n    $extends: \"{button}\"\n"
      ])
        == [
          "e.yaml:6:15: error: group 'button.secondary' extends '{button}', which contains it; a group cannot inherit itself"
        ])
    #expect(
      errors(["e.yaml": "palette:\n  blue:\n    $type: number\n    $value: 1\nb:\n  $extends: \"{palete}\"\n"]
      )
        == ["e.yaml:6:13: error: group 'b' extends '{palete}', which does not exist; did you mean 'palette'?"]
    )
    #expect(
      errors([
        "e.yaml": "palette:\n  blue:\n    $type: number\n    $value: 1\nb:\n  $extends: \"{palette.blue}\"\n"
      ])
        == [
          "e.yaml:6:13: error: group 'b' extends '{palette.blue}', which is a token; $extends names a group (to alias "
            + "a token, write \"$value\": \"{palette.blue}\" on a token)"
        ])
    #expect(
      errors(["e.yaml": "b:\n  $extends: palette\n"])
        == [
          "e.yaml:2:13: error: '$extends' names a group, as \"{group.name}\" or \"#/group/name\"; found 'palette'"
        ])
    #expect(
      errors([
        "e1.yaml": "x:\n  $type: number\n  v: 1\ny:\n  $type: number\n  w: 2\ng:\n  $extends: \"{x}\"\n",
        "e2.yaml": "g:\n  $extends: \"{y}\"\n",
      ]) == ["e2.yaml:2:13: error: group 'g' extends '{y}' here but '{x}' at e1.yaml:8:13"])
  }

  // MARK: $ref

  @Test func pointersToWholeTokensAreAliases() throws {
    let set = try loadTokens([
      "r.tokens.json": """
      {"colors": {"blue": {"$type": "color", "$value": \(srgbBlue)}},
       "a": {"$ref": "#/colors/blue"},
       "b": {"$ref": "#/colors/blue/$value", "$type": "color"},
       "c": {"$value": {"$ref": "#/colors/blue/$value"}}}
      """
    ])
    for name in ["a", "b", "c"] {
      #expect(set[name]?.reference?.target.name == "colors.blue", "\(name)")
      #expect(set[name]?.value.displayString == "#3366E6", "\(name)")
    }
  }

  @Test func pointersIntoValuesReadThroughReferences() throws {
    let set = try loadTokens([
      "base.yaml":
        "size:\n  base:\n    $type: dimension\n    $value: {value: 16, unit: px}\n  alias: \"{size.base}\"\n",
      "r.tokens.json": """
      {"colors": {"blue": {"$type": "color", "$value": \(srgbBlue)}, "alias": {"$value": "{colors.blue}"}},
       "hue": {"$type": "number", "$ref": "#/colors/alias/$value/components/2"},
       "deeper": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [
         {"$ref": "#/colors/blue/$value/components/0"}, {"$ref": "#/deeper2/$value/components/1"}, 0.7]}},
       "deeper2": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [
         0, {"$ref": "#/colors/alias/$value/components/1"}, 0]}},
       "rem": {"$type": "dimension", "$value": {"value": {"$ref": "#/size/alias/$value/value"}, "unit": "rem"}}}
      """,
    ])
    #expect(set["hue"]?.value == .number(0.9))
    #expect(set["deeper"]?.value == .color(Color(red: 0.2, green: 0.4, blue: 0.7)))
    #expect(set["rem"]?.value == .dimension(Dimension(16, .rem)))
  }

  @Test func pointerErrorsAreAtThePointer() {
    let json = """
      {"d": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}},
       "a": {"$type": "number", "$ref": "#/d/$value/x"},
       "b": {"$type": "number", "$ref": "#/d/$type"},
       "c": {"$ref": "colors.json#/d"},
       "e": {"$type": "number", "$ref": "#/e2/$value/0"},
       "e2": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}},
       "f": {"$type": "number", "$value": 1, "$ref": "#/d"},
       "g": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [{"$ref": "#/d/$value/unit"}, 0, 0]}}}
      """
    #expect(
      errors(["p.tokens.json": json]) == [
        "p.tokens.json:2:27: error: 'a' has $ref '#/d/$value/x': '#/d/$value' has no 'x' (it has 'value', 'unit')",
        "p.tokens.json:3:27: error: 'b' has $ref '#/d/$type': it points at '$type'; a $ref names a token "
          + "(\"#/group/token\") or a place in its value (\"#/group/token/$value/…\")",
        "p.tokens.json:4:8: error: 'c' has $ref 'colors.json#/d': a $ref is a JSON Pointer into the token files, "
          + "starting '#/', as in \"#/group/token/$value\"",
        "p.tokens.json:5:27: error: 'e' has $ref '#/e2/$value/0': '#/e2/$value' has no '0' (it has 'value', 'unit')",
        "p.tokens.json:7:40: error: token 'f' has both \"$value\" and \"$ref\"; a token's value is one or the other",
        "p.tokens.json:8:74: error: invalid color for 'g': a color component must be a number, found a string",
      ])
  }

  @Test func everyTokenInACycleThroughPointersFailsWithOneError() {
    let json = """
      {"a": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [{"$ref": "#/b/$value/components/0"}, 0, 0]}},
       "b": {"$value": "{c}"},
       "c": {"$value": "{a}"},
       "uses": {"$value": "{b}"}}
      """
    #expect(
      errors(["c.tokens.json": json]) == ["c.tokens.json:1:74: error: reference cycle: a -> b -> c -> a"])
  }
}
