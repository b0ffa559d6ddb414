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
}
