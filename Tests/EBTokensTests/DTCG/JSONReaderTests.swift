import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// DTCG JSON read through libyaml: everything JSON allows is read (including what libyaml alone
/// refuses), everything it does not is an error at its line and column, and every location is
/// the location in the file as written.
@Suite struct JSONReaderTests {
  private func tokens(_ json: String) throws -> TokenSet {
    try loadTokens(["t.tokens.json": json])
  }

  private func errors(_ json: String) -> [String] {
    diagnostics { _ = try loadTokens(["t.tokens.json": json]) }
  }

  @Test func readsWhatLibYAMLAloneRefuses() throws {
    // An escaped pair beyond the BMP, a key on its own line before its colon, CRLF and tabs.
    let set = try tokens(
      "{\"font\": {\"$type\": \"fontFamily\", \"$value\": \"\\ud83d\\ude00 \\u00e9\\/\"}, \"n\"\r\n\t:\t{\"$type\": "
        + "\"number\", \"$value\": -1.5E+2}}")
    #expect(set["font"]?.value == .fontFamily(["😀 é/"]))
    #expect(set["n"]?.value == .number(-150))
    #expect(set["n"]?.location == SourceLocation(file: "t.tokens.json", line: 1, column: 70))
    #expect(set["n"]?.valueLocation == SourceLocation(file: "t.tokens.json", line: 2, column: 34))
  }

  @Test func locationsAfterACollapsedEscapeAreThoseOfTheFile() {
    // The pair is 12 characters in the file and 1 for libyaml; the error after it is still where the file has it.
    #expect(
      errors(
        "{\"a\": {\"$type\": \"fontFamily\", \"$description\": \"\\ud83d\\ude00\", \"$value\": 1, \"$x\": 1}}"
      )
        == [
          "t.tokens.json:1:76: error: unknown key '$x'; keys starting with '$' are reserved (allowed here: "
            + "$value, $ref, $type, $description, $deprecated, $extensions)"
        ])
  }

  @Test func aByteOrderMarkAndAnEmptyFile() throws {
    #expect(try tokens("\u{FEFF}{\"n\": {\"$type\": \"number\", \"$value\": 1}}")["n"]?.value == .number(1))
    #expect(
      errors(" \n") == [
        "t.tokens.json:1:1: error: file is empty; a token file is a mapping of groups and tokens"
      ])
  }

  @Test func whatJSONDoesNotAllowIsAnErrorAtItsPlace() {
    let cases: [(String, String)] = [
      ("{\"a\": 1,}", "1:9: error: invalid JSON: JSON does not allow a comma before '}'"),
      ("{\"a\": [1, 2,]}", "1:13: error: invalid JSON: JSON does not allow a comma before ']'"),
      ("{} # note", "1:4: error: invalid JSON: JSON has no comments"),
      (
        "{\"a\": #fff}",
        "1:7: error: invalid JSON: JSON has no comments; a hex color is a string in double quotes (\"#RRGGBB\")"
      ),
      ("{\"a\": 1} // note", "1:10: error: invalid JSON: JSON has no comments"),
      ("{'a': 1}", "1:2: error: invalid JSON: expected a key in double quotes or '}', found '''"),
      (
        "{\"a\": 'b'}",
        "1:7: error: invalid JSON: expected a value, found '''; JSON strings use double quotes"
      ),
      (
        "{\"a\": 12px}",
        "1:7: error: invalid JSON: '12px' is not a JSON value; strings are written in double quotes"
      ),
      (
        "{\"a\": True}",
        "1:7: error: invalid JSON: 'True' is not a JSON value; strings are written in double quotes"
      ),
      ("{\"a\": .5}", "1:7: error: invalid JSON: expected a value, found '.'"),
      (
        "{\"a\": 01}",
        "1:7: error: invalid JSON: '01' is not a JSON value; strings are written in double quotes"
      ),
      ("{\"a\" 1}", "1:6: error: invalid JSON: expected ':' after the key, found '1'"),
      ("{\"a\": 1 \"b\": 2}", "1:9: error: invalid JSON: expected ',' or '}', found '\"'"),
      ("{\"a\": [1 2]}", "1:10: error: invalid JSON: expected ',' or ']', found '2'"),
      ("{\"a\": [1}", "1:9: error: invalid JSON: '}' does not close an object here; expected ']'"),
      ("{\"a\": 1}}", "1:9: error: invalid JSON: unexpected '}' after the end of the JSON value"),
      ("{\"a\": \"b", "1:7: error: invalid JSON: the string that starts here is never closed"),
      ("{\"a\": {", "1:8: error: invalid JSON: the file ends before the JSON value is complete"),
      (
        "{\"a\": \"\\x\"}",
        "1:8: error: invalid JSON: '\\x' is not a JSON escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX"
      ),
      ("{\"a\": \"\\u12\"}", "1:8: error: invalid JSON: '\\u' must be followed by four hex digits"),
      (
        "{\"a\": \"\\ud83d\"}",
        "1:8: error: invalid JSON: '\\uD83D' is half of a surrogate pair without its other half; JSON strings must be valid Unicode"
      ),
      (
        "{\"a\": \"\t\"}",
        "1:8: error: invalid JSON: a control character (U+0009) must be escaped in a string, as \\u0009"
      ),
      (
        "{\"a\": \"\u{7F}\"}",
        "1:8: error: invalid JSON: the character U+007F cannot be read unescaped (YAML, whose reader ebtokens uses, forbids it); write it as \\u007F"
      ),
    ]
    for (json, expected) in cases {
      #expect(errors(json) == ["t.tokens.json:" + expected], "\(json)")
    }
  }

  @Test func keysUpToLibYAMLsLimitAreRead() throws {
    let longest = String(repeating: "k", count: 1022)
    #expect(try tokens("{\"\(longest)\": {\"$type\": \"number\", \"$value\": 1}}")[longest] != nil)
    #expect(
      errors("{\"\(longest)k\": {\"$type\": \"number\", \"$value\": 1}}")
        == [
          "t.tokens.json:1:2: error: invalid JSON: a key longer than 1022 characters (as written) is not supported"
        ])
  }

  @Test func duplicateKeysAndDepthAreCheckedAsForYAML() {
    #expect(
      errors("{\"a\": {\"$type\": \"number\", \"$value\": 1, \"$value\": 2}}")
        == ["t.tokens.json:1:40: error: duplicate key '$value'; it is already defined at line 1, column 27"])
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    #expect(
      errors("{\"a\": \(deep)}") == [
        "t.tokens.json:1:134: error: invalid JSON: nesting is deeper than the limit of 128 levels"
      ])
  }

  @Test func aJSONFileIsHeldToTheFormatModule() {
    #expect(
      errors("{\"g\": {\"a\": \"#FFFFFF\"}}")
        == [
          "t.tokens.json:1:13: error: 'g.a' is a string; in a DTCG JSON file a token is an object with \"$value\" and a "
            + "group is an object of tokens (the scalar shorthand is for YAML files)"
        ])
    #expect(
      errors("{\"a\": {\"$type\": \"number\", \"$value\": 1, \"$description\": null}}")
        == ["t.tokens.json:1:56: error: '$description' must be a string, found 'null'"])
    #expect(
      errors("{\"a\": {\"$type\": \"number\", \"$value\": 1, \"$deprecated\": 0}}")
        == ["t.tokens.json:1:55: error: '$deprecated' must be true, false or a message string, found '0'"])
    #expect(
      errors("{\"$value\": 1}")
        == [
          "t.tokens.json:1:2: error: '$value' cannot stand at the top of a file (allowed there: $schema, $type, "
            + "$description, $deprecated, $extensions)"
        ])
  }

  @Test func schemaIsAcceptedAtTheTopOfAJSONAndAYAMLFile() throws {
    #expect(
      try tokens(
        "{\"$schema\": \"https://example.com/s.json\", \"n\": {\"$type\": \"number\", \"$value\": 1}}"
      ).tokens.count == 1)
    #expect(try loadTokens(["t.yaml": "$schema: x\nn: {$type: number, $value: 1}\n"]).tokens.count == 1)
  }

  @Test func theAlphaModifierIsYAMLOnly() {
    let json = "{\"a\": {\"$type\": \"color\", \"$value\": \"#000000\"}, \"b\": {\"$value\": \"{a} @ 80%\"}}"
    #expect(
      errors(json) == [
        "t.tokens.json:1:64: error: '{a} @ 80%': the '@ NN%' alpha modifier is ebtokens YAML, not DTCG; in a JSON "
          + "file write a color object whose \"components\" are {\"$ref\": \"#/<token path>/$value/components/0\"} "
          + "(and 1, 2) and whose \"alpha\" is the alpha you want, as `ebtokens export` does"
      ])
  }

  @Test func filesAreFoundByTheirEndingsAndTheConfigAddsMore() throws {
    try withTemporaryDirectory { directory in
      let files = [
        "a.tokens.json": "{\"a\": {\"$type\": \"number\", \"$value\": 1}}",
        "b.tokens": "{\"b\": {\"$type\": \"number\", \"$value\": 2}}",
        "c.json": "{\"c\": {\"$type\": \"number\", \"$value\": 3}}",
        "d.yaml": "d:\n  $type: number\n  $value: 4\n",
        "package.JSON5": "not tokens",
      ]
      for (name, text) in files {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
      }
      let found = try TokenFiles.find(in: directory.path)
      #expect(
        found.map { ($0.path as NSString).lastPathComponent } == ["a.tokens.json", "b.tokens", "d.yaml"])
      #expect(found.map(\.format) == [.json, .json, .yaml])
      let all = try TokenLoader(jsonExtensions: [".JSON"]).load(directory: directory.path).value
      #expect(all.tokens.map(\.name) == ["a", "b", "c", "d"])
    }
  }

  @Test func filesAreFoundInSubfoldersButNotHiddenOnesNorThroughLinks() throws {
    try withTemporaryDirectory { directory in
      let manager = FileManager.default
      let outside = directory.appendingPathComponent("outside")
      let tokens = directory.appendingPathComponent("tokens")
      for folder in ["outside/deep", "tokens/a/b", "tokens/.hidden", "tokens/folder.yml"] {
        try manager.createDirectory(
          at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
      }
      for file in [
        "outside/o.yml", "outside/deep/d.yml", "tokens/top.yml", "tokens/a/b/deep.tokens.json",
        "tokens/a/mid.yaml", "tokens/.hidden/h.yml", "tokens/.dot.yml", "tokens/notes.txt",
        "tokens/folder.yml/inside.yml",
      ] {
        try Data("x: 1\n".utf8).write(to: directory.appendingPathComponent(file))
      }
      try manager.createSymbolicLink(at: tokens.appendingPathComponent("linked"), withDestinationURL: outside)
      try manager.createSymbolicLink(
        at: tokens.appendingPathComponent("linked.yml"),
        withDestinationURL: outside.appendingPathComponent("o.yml"))
      let relative = { (files: [TokenFiles.File]) in
        files.map { String($0.path.dropFirst(tokens.path.count + 1)) }
      }
      // A link is listed by its name, as any entry, and read (or refused) as a token file; a link
      // to a folder is not descended into; a folder named like a token file is listed and entered.
      let expected = [
        "a/b/deep.tokens.json", "a/mid.yaml", "folder.yml", "folder.yml/inside.yml", "linked.yml", "top.yml",
      ]
      #expect(relative(try TokenFiles.find(in: tokens.path)) == expected)
      // The token folder itself may be a link to a folder.
      let link = directory.appendingPathComponent("tokens-link")
      try manager.createSymbolicLink(at: link, withDestinationURL: tokens)
      #expect(
        try TokenFiles.find(in: link.path).map { String($0.path.dropFirst(link.path.count + 1)) } == expected)
    }
  }

  @Test func jsonExtensionsAreCheckedInTheConfig() {
    func configErrors(_ yaml: String) -> [String] {
      diagnostics { _ = try ConfigurationLoader().load(yaml: yaml, path: "ebtokens.yml") }
    }
    #expect(
      configErrors("json-extensions: [\".json\", \".tokens.json\"]\n").isEmpty)
    #expect(
      configErrors("json-extensions: .json\n")
        == [
          "ebtokens.yml:1:18: error: 'json-extensions' must be a list of file endings, such as [\".json\"], found '.json'"
        ])
    #expect(
      configErrors("json-extensions: [json, \".yml\", \"*.json\", \".json\", \".JSON\"]\n") == [
        "ebtokens.yml:1:19: error: 'json' is not a valid json-extensions entry: an extension starts with '.', as in \".json\"",
        "ebtokens.yml:1:25: error: '.yml' is not a valid json-extensions entry: '.yml' files are YAML token files",
        "ebtokens.yml:1:33: error: '*.json' is not a valid json-extensions entry: an extension starts with '.', as in \".json\"",
        "ebtokens.yml:1:52: error: '.JSON' is not a valid json-extensions entry: it is listed twice (first at line 1, column 43)",
      ])
  }
}
