import Testing

@testable import EBTokensModel

@Suite struct ParserTests {
  @Test func shorthandScalarIsATokenAndGroupTypeIsInherited() throws {
    let tokens = try loadTokens([
      "a.yaml": """
      main:
        $type: color
        alert:
          bg: "#E5F1FF"
          full:
            $value: "#072592"
            $description: Title text.
      """
    ])
    #expect(tokens.tokens.map(\.name) == ["main.alert.bg", "main.alert.full"])
    #expect(tokens["main.alert.bg"]?.value == .color(Color(red: 0xE5 / 255, green: 0xF1 / 255, blue: 1)))
    #expect(tokens["main.alert.full"]?.description == "Title text.")
    #expect(tokens["main.alert.bg"]?.location.description == "a.yaml:4:5")
    #expect(tokens["main.alert.bg"]?.valueLocation.description == "a.yaml:4:9")
  }

  @Test func groupsMergeAcrossFilesAndTypesInheritAcrossThem() throws {
    let tokens = try loadTokens([
      "a.yaml": "main:\n  $type: color\n  alert:\n    bg: \"#FFFFFF\"\n",
      "b.yaml": "main:\n  nudge:\n    bg: \"#000000\"\n",
    ])
    #expect(tokens.tokens.map(\.name) == ["main.alert.bg", "main.nudge.bg"])
    #expect(tokens["main.nudge.bg"]?.type == .color)
    #expect(tokens["main.nudge.bg"]?.location.file == "b.yaml")
  }

  @Test func aTokenDefinedTwiceShowsBothLocations() {
    let errors = diagnostics {
      _ = try loadTokens([
        "a.yaml": "x:\n  $type: color\n  bg: \"#FFFFFF\"\n",
        "b.yaml": "x:\n  bg: \"#000000\"\n",
      ])
    }
    #expect(errors == ["b.yaml:2:3: error: token 'x.bg' is defined twice; first definition at a.yaml:3:3"])
  }

  @Test func aNameCannotBeBothATokenAndAGroup() {
    let errors = diagnostics {
      _ = try loadTokens([
        "a.yaml": "x:\n  $type: color\n  bg: \"#FFFFFF\"\n",
        "b.yaml": "x:\n  bg:\n    deep: \"#000000\"\n",
      ])
    }
    #expect(errors == ["b.yaml:2:3: error: 'x.bg' is both a token (a.yaml:3:3) and a group (b.yaml:2:3)"])
  }

  @Test func reservedKeysAreCheckedWithSuggestions() {
    let errors = diagnostics {
      _ = try loadTokens([
        "a.yaml": """
        g:
          $typ: color
          $description: fine
          t:
            $value: "#FFFFFF"
            $type: color
            $descripton: typo
            $foo: 1
            child: "#000000"
        """
      ])
    }
    #expect(
      errors == [
        "a.yaml:2:3: error: unknown key '$typ'; keys starting with '$' are reserved; did you mean '$type'?",
        "a.yaml:7:5: error: unknown key '$descripton'; keys starting with '$' are reserved; did you mean '$description'?",
        "a.yaml:8:5: error: unknown key '$foo'; keys starting with '$' are reserved (allowed here: $value, $ref, $type, $description, $deprecated, $extensions)",
        "a.yaml:9:5: error: token 'g.t' has a $value, so it cannot also contain 'child'; move 'child' into a group",
      ])
  }

  @Test func typesAreRequiredAndChecked() {
    let errors = diagnostics {
      _ = try loadTokens([
        "a.yaml": """
        a: "#FFFFFF"
        b:
          $type: colour
          $value: "#FFFFFF"
        g:
          $type: color
          d:
            $type: colr
            $value: amber
        """
      ])
    }
    #expect(
      errors == [
        "a.yaml:1:1: error: token 'a' has no type; set $type on it or on a group above it (DTCG never guesses a type from the value)",
        "a.yaml:3:10: error: unknown $type 'colour'; did you mean 'color'?",
        // The group's type does not stand in for an invalid one of the token's own: one error.
        "a.yaml:8:12: error: unknown $type 'colr'; did you mean 'color'?",
      ])
  }

  @Test func namesAreValidated() {
    let errors = diagnostics {
      _ = try loadTokens([
        "a.yaml": "g:\n  $type: color\n  \"a.b\": \"#FFF\"\n  \"{x}\": \"#FFF\"\n  \"\": \"#FFF\"\n"
      ])
    }
    #expect(
      errors == [
        "a.yaml:3:3: error: invalid name 'a.b': a name cannot contain '.'",
        "a.yaml:4:3: error: invalid name '{x}': a name cannot contain '{'",
        "a.yaml:5:3: error: invalid name '': a name cannot be empty",
      ])
  }

  @Test func fileShapeErrors() {
    #expect(
      diagnostics { _ = try loadTokens(["a.yaml": ""]) } == [
        "a.yaml:1:1: error: file is empty; a token file is a mapping of groups and tokens"
      ])
    #expect(
      diagnostics { _ = try loadTokens(["a.yaml": "- a\n- b\n"]) } == [
        "a.yaml:1:1: error: a token file must be a mapping of groups and tokens, but this file is a sequence"
      ])
    #expect(
      diagnostics { _ = try loadTokens(["a.yaml": "$extends: \"{a}\"\n"]) } == [
        "a.yaml:1:1: error: '$extends' cannot stand at the top of a file (allowed there: $schema, $type, "
          + "$description, $deprecated, $extensions)"
      ])
  }

  @Test func deprecationIsInheritedAndKept() throws {
    let tokens = try loadTokens([
      "a.yaml": """
      old:
        $type: dimension
        $deprecated: Use space instead.
        a: 4px
        b:
          $value: 8px
          $deprecated: true
        c:
          $value: 2px
          $deprecated: false
      """
    ])
    #expect(tokens["old.a"]?.deprecation == .message("Use space instead."))
    #expect(tokens["old.b"]?.deprecation == .deprecated)
    // An explicit false is the token's own word: it is not deprecated, whatever the group says (DTCG).
    #expect(tokens["old.c"]?.deprecation == nil)
    #expect(
      diagnostics { _ = try loadTokens(["a.yaml": "a:\n  $type: number\n  $deprecated: yes\n  b: 1\n"]) } == [
        "a.yaml:3:16: error: '$deprecated' must be true, false or a message string, found 'yes'"
      ])
  }
}
