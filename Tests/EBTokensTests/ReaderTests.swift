import Testing

@testable import EBTokensSupport
@testable import EBTokensSyntax

@Suite struct ReaderTests {
  private func read(_ yaml: String, limits: Limits = .standard) -> YAMLReader.Result {
    YAMLReader(limits: limits).read(bytes: Array(yaml.utf8), path: "t.yaml")
  }

  private func messages(_ result: YAMLReader.Result) -> [String] {
    result.errors.map { error in
      let diagnostic = error.diagnostic
      return "\(diagnostic.location.map(\.description) ?? "-"): \(diagnostic.message)"
    }
  }

  @Test func everyNodeCarriesItsOneBasedLineAndColumn() throws {
    let result = read("main:\n  alert:\n    bg: \"#FFF\"\n    list: [a, b]\n")
    guard case .mapping(let root)? = result.document?.root else {
      Issue.record("expected a mapping")
      return
    }
    #expect(root.location.description == "t.yaml:1:1")
    let main = try #require(root.entries.first)
    #expect(main.key.location.description == "t.yaml:1:1")
    guard case .mapping(let mainMapping) = main.value, case .mapping(let alert)? = mainMapping["alert"] else {
      Issue.record("expected nested mappings")
      return
    }
    #expect(alert.location.description == "t.yaml:3:5")
    let bg = try #require(alert.entries.first)
    #expect(bg.key.location.description == "t.yaml:3:5")
    #expect(bg.value.location.description == "t.yaml:3:9")
    guard case .sequence(let list)? = alert["list"] else {
      Issue.record("expected a sequence")
      return
    }
    #expect(list.items.map(\.location.column) == [12, 15])
  }

  @Test func columnsCountCharactersNotBytes() {
    let result = read("é: {ü: \"x\", b: [}\n")
    #expect(messages(result).first?.hasPrefix("t.yaml:1:17:") == true)
  }

  @Test func keepsScalarStyleSoOnlyPlainScalarsAreNumbers() {
    guard case .mapping(let root)? = read("a: 4\nb: \"4\"\n").document?.root,
      case .scalar(let a)? = root["a"], case .scalar(let b)? = root["b"]
    else {
      Issue.record("expected scalars")
      return
    }
    #expect(a.style == .plain)
    #expect(b.style == .quoted)
  }

  @Test func duplicateKeyIsReportedAtTheSecondKeyNamingTheFirst() {
    let result = read("a:\n  bg: 1\n  fg: 2\n  bg: 3\n")
    #expect(messages(result) == ["t.yaml:4:3: duplicate key 'bg'; it is already defined at line 2, column 3"])
    #expect(result.errors.first?.diagnostic.notes.first?.location?.description == "t.yaml:2:3")
    // The tree is still built, without the duplicate, so later stages can report their errors too.
    #expect(result.document != nil)
  }

  @Test func refusesAnchorsAliasesMergeKeysAndTags() {
    let result = read("base: &b {x: 1}\ncopy: *b\nmerged:\n  <<: {x: 1}\ntagged: !!str 4\n")
    #expect(
      messages(result) == [
        "t.yaml:1:7: YAML anchors (&b) are not allowed in token files; use a token reference such as \"{group.token}\" instead",
        "t.yaml:2:7: YAML aliases (*b) are not allowed in token files; use a token reference such as \"{group.token}\" instead",
        "t.yaml:4:3: YAML merge keys (<<) are not allowed in token files; write the tokens out or reference them",
        "t.yaml:5:9: YAML tags (tag:yaml.org,2002:str) are not allowed in token files",
      ])
  }

  @Test func libyamlErrorsKeepTheirProblemTextAndMark() {
    #expect(
      messages(read("a: [1, 2\nb: 3\n")) == [
        "t.yaml:2:2: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 4)"
      ])
    #expect(
      messages(read("a:\n\tb: 1\n")) == [
        "t.yaml:2:1: invalid YAML: found character that cannot start any token; YAML indents with spaces, "
          + "never tabs (while scanning for the next token)"
      ])
    #expect(
      messages(read("a: b: c\n")) == [
        "t.yaml:1:5: invalid YAML: mapping values are not allowed in this context"
      ])
  }

  @Test func refusesFilesThatAreNotUTF8AtTheBadByte() {
    let bytes: [UInt8] = Array("a:\n  bé: \"".utf8) + [0xFF] + Array("\"\n".utf8)
    let result = YAMLReader().read(bytes: bytes, path: "t.yaml")
    #expect(result.document == nil)
    #expect(messages(result) == ["t.yaml:2:8: file is not valid UTF-8 (byte 0xFF); save it as UTF-8"])
  }

  @Test func acceptsAUTF8ByteOrderMark() {
    let result = YAMLReader().read(bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8), path: "t.yaml")
    #expect(result.errors.isEmpty)
    guard case .mapping(let root)? = result.document?.root else {
      Issue.record("expected a mapping")
      return
    }
    #expect(root.entries.map(\.key.value) == ["a"])
  }

  @Test func anEmptyFileHasNoRoot() {
    let result = read("")
    #expect(result.errors.isEmpty)
    #expect(result.document != nil)
    #expect(result.document?.root == nil)
  }

  @Test func refusesASecondDocument() {
    #expect(
      messages(read("a: 1\n---\nb: 2\n")) == [
        "t.yaml:2:1: a token file holds one YAML document; found a second one here"
      ])
  }

  @Test func deepNestingStopsAtTheLimitWithoutRecursing() {
    let depth = 10_000
    let yaml = String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
    let limits = Limits(maxFileBytes: 1 << 20, maxDepth: 128, maxTokens: 10, maxReferenceChain: 10)
    let result = read(yaml, limits: limits)
    #expect(result.document == nil)
    #expect(messages(result) == ["t.yaml:1:513: nesting is deeper than the limit of 128 levels"])
  }

  @Test func refusesFilesOverTheSizeLimit() {
    let limits = Limits(maxFileBytes: 10, maxDepth: 8, maxTokens: 10, maxReferenceChain: 10)
    #expect(
      messages(read("a: 12345678901\n", limits: limits)) == [
        "t.yaml:1:1: file is 15 bytes, over the limit of 10 bytes"
      ])
  }
}
