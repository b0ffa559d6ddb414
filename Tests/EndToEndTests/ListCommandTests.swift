import Foundation
import Testing

@Suite struct ListCommandTests {
  @Test func badTokensPrintEveryErrorWithLocationSourceLineAndCaretAndExitTwo() throws {
    let result = try BinaryRunner.run(
      ["list", "--tokens", "Fixtures/bad-tokens"], in: BinaryRunner.testsDirectory)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == """
        Fixtures/bad-tokens/alert.yaml:5:18: error: 'main.alert.description' references '{main.alert.titel}', which does not exist; did you mean 'main.alert.title'?
            description: "{main.alert.titel} @ 80%"
                         ^
        Fixtures/bad-tokens/alert.yaml:6:11: error: invalid color for 'main.alert.icon': '#12345' has 5 hex digits, but a color has 3, 4, 6 or 8; write #RGB, #RRGGBB, #RRGGBBAA or a DTCG color object
            icon: "#12345"
                  ^
        Fixtures/bad-tokens/alert.yaml:7:5: error: duplicate key 'icon'; it is already defined at line 6, column 5
            icon: "#123456"
            ^
        Fixtures/bad-tokens/alert.yaml:6:5: note: first 'icon' is here
            icon: "#12345"
            ^
        Fixtures/bad-tokens/space.yaml:3:10: error: invalid dimension for 'space.small': '4 px' has a space between the number and the unit; write "4px" or {value: 4, unit: px}
          small: 4 px
                 ^
        4 errors

        """)
  }

  @Test func jsonListsEverySeedTokenWithItsResolvedValueAndLocation() throws {
    let result = try BinaryRunner.run(["list", "--format", "json"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(array.count == 46)
    let names = array.compactMap { $0["name"] as? String }
    #expect(names.first == "font.family.primary")
    #expect(names.last == "typography.secondary.bold.small-caption")
    let description = try #require(
      array.first { $0["name"] as? String == "main.alert.color.information.description" })
    #expect(description["type"] as? String == "color")
    #expect(description["value"] as? String == "#072592CC")
    #expect(description["reference"] as? String == "main.alert.color.information.label-title")
    #expect(description["file"] as? String == "tokens/main/alert.yaml")
    #expect(description["line"] as? Int == 11)
    #expect(description["column"] as? Int == 9)
    let space = try #require(array.first { $0["name"] as? String == "space.space-4" })
    #expect(space["value"] as? String == "4px")
    #expect(space["reference"] == nil)
    let block = try #require(array.first { $0["name"] as? String == "typography.primary.headlines.block" })
    #expect(block["type"] as? String == "typography")
    #expect(block["value"] as? String == "700 18px/1.2777777777777777 [Proxima Soft] letter-spacing 0.25px")
  }

  @Test func textListsATableAndACount() throws {
    let result = try BinaryRunner.run(["list"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("NAME "))
    #expect(result.stdout.contains("main.alert.color.warning.description"))
    #expect(result.stdout.hasSuffix("46 tokens\n"))
  }

  @Test func usageErrorsExitSixtyFour() throws {
    let result = try BinaryRunner.run(["list", "--format", "yaml"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--format"))
  }

  @Test func aMissingTokenFolderIsInvalidInput() throws {
    let result = try BinaryRunner.run(["list", "--tokens", "no-such-folder"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: token folder 'no-such-folder' does not exist (set it with --tokens or in the config)\n1 error\n"
    )
  }

  /// A project with a config: tokens in `design/` (one DTCG file with the `.json` ending the config
  /// adds), a `dark` mode layered from `design-dark/`, and outputs outside the project, which `list`
  /// never writes. `files` adds or replaces files (path relative to the project: contents).
  static func withModalProject(_ files: [String: String] = [:], _ body: (URL) throws -> Void) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-list-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let project = root.appendingPathComponent("project")
    let defaults = [
      "ebtokens.yml": """
      tokens: design
      json-extensions: [".json"]
      modes:
        light: []
        dark: design-dark
      outputs:
        - kind: css
          destination: ../elsewhere/tokens.css
      """,
      "design/color.yaml": "color:\n  $type: color\n  bg: \"#FFFFFF\"\n  text: \"{color.ink}\"\n",
      "design/ink.json": ##"{"color": {"ink": {"$type": "color", "$value": "#111111"}}}"##,
      "design-dark/color.yaml": "color:\n  bg: \"#121212\"\n  ink: \"#EEEEEE\"\n",
    ]
    for (path, contents) in defaults.merging(files, uniquingKeysWith: { $1 }) {
      let file = project.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: file)
    }
    try body(project)
  }

  /// Each token's value, from `list --format json` run with `arguments` in `project`.
  static func listedValues(_ arguments: [String], in project: URL) throws -> [String: String] {
    let result = try BinaryRunner.run(["list", "--format", "json"] + arguments, in: project)
    #expect(result.status == 0, "\(result.stderr)")
    let tokens = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: tokens.map { ("\($0["name"] ?? "")", "\($0["value"] ?? "")") })
  }

  /// With no option, `ebtokens.yml` in the working directory names the tokens folder and the JSON
  /// ending; the default mode, the first, is listed, and `--mode` lists another.
  @Test func theProjectsConfigNamesTheTokensAndModeChoosesAMode() throws {
    try Self.withModalProject { project in
      let light = ["color.bg": "#FFFFFF", "color.ink": "#111111", "color.text": "#111111"]
      let byDefault = try Self.listedValues([], in: project)
      #expect(byDefault == light)
      // The dark layer's ink changes the text that references it.
      let dark = try Self.listedValues(["--mode", "dark"], in: project)
      #expect(dark == ["color.bg": "#121212", "color.ink": "#EEEEEE", "color.text": "#EEEEEE"])
      let named = try Self.listedValues(["--mode", "light"], in: project)
      #expect(named == light)
    }
  }

  /// `--config FILE` from another folder: its paths are the config file's folder's.
  @Test func configNamesTheProjectFromAnotherFolder() throws {
    try Self.withModalProject { project in
      let values = try Self.listedValues(
        ["--config", "project/ebtokens.yml", "--mode", "dark"], in: project.deletingLastPathComponent())
      #expect(values["color.ink"] == "#EEEEEE")
      #expect(values.count == 3)
    }
  }

  @Test func anUnknownModeIsInvalidInputWithASuggestion() throws {
    try Self.withModalProject { project in
      let result = try BinaryRunner.run(["list", "--mode", "drk"], in: project)
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr
          == "error: there is no mode 'drk'; did you mean 'dark'? the modes are light, dark\n1 error\n")
    }
  }

  /// A value error in a mode's file is reported with the base set's, in one run, by `list` and
  /// by `build` (which writes nothing).
  @Test func aModeFilesValueErrorIsReportedWithTheBaseSetsErrors() throws {
    let files = [
      "design/size.yaml": "size:\n  $type: dimension\n  gap: 4 px\n",
      "design-dark/color.yaml": "color:\n  bg: \"#12121Z\"\n",
    ]
    try Self.withModalProject(files) { project in
      for command in ["list", "build"] {
        let result = try BinaryRunner.run([command, "--allow-outside-project"], in: project)
        #expect(result.status == 2, "\(command)")
        #expect(
          result.stderr == """
            design-dark/color.yaml:2:7: error: invalid color for 'color.bg': '#12121Z' has a character that is not a hex digit; write #RGB, #RRGGBB, #RRGGBBAA or a DTCG color object (in mode 'dark')
              bg: "#12121Z"
                  ^
            design/size.yaml:3:8: error: invalid dimension for 'size.gap': '4 px' has a space between the number and the unit; write "4px" or {value: 4, unit: px}
              gap: 4 px
                   ^
            2 errors

            """, "\(command)")
      }
      #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("../elsewhere").path))
    }
  }
}
