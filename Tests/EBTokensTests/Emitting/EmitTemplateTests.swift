import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensEmitting
@testable import EBTokensSupport

/// Where templates come from (built in, `templates:`, an output's `template:`), how they
/// render, and the errors for broken ones.
@Suite struct EmitTemplateTests {
  @Test func theBuiltInTemplatesAreExactlyTheTemplatesFolder() throws {
    let folder = TestPaths.repositoryRoot.appendingPathComponent("templates")
    let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    var onDisk: [String: String] = [:]
    for case let url as URL in enumerator where url.pathExtension == "mustache" {
      let key = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
      onDisk[key] = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }
    #expect(!onDisk.isEmpty)
    let advice =
      "Sources/EBTokensEmitting/EmbeddedTemplates.swift is out of date; run Scripts/embed-templates.sh"
    #expect(onDisk.keys.sorted() == EmbeddedTemplates.files.keys.sorted(), "\(advice)")
    for (key, text) in onDisk.sorted(by: { $0.key < $1.key }) {
      #expect(EmbeddedTemplates.files[key] == text, "templates/\(key) differs. \(advice)")
    }
  }

  /// A project whose tokens are one font family, so values hold characters HTML would escape.
  private func render(config: String, files: [String: String]) throws -> [GeneratedOutput] {
    try withTemporaryDirectory { root in
      for (path, contents) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
      }
      let tokens = try loadTokens([
        "tokens.yaml": "font:\n  $type: fontFamily\n  body: [\"A&B <C>\", serif]\n"
      ])
      let configuration = try ConfigurationLoader().load(
        yaml: config, path: "ebtokens.yml", baseDirectory: root.path)
      return try OutputRenderer(configuration: configuration).render(tokens)
    }
  }

  private static let cssOutput = "outputs:\n  - kind: css\n    destination: out/tokens.css\n"

  @Test func aTemplatesFolderReplacesTheBuiltInTemplatesAndNothingIsHTMLEscaped() throws {
    let outputs = try render(
      config: "templates: mine\n" + Self.cssOutput,
      files: [
        "mine/css/tokens.css.mustache": "{{#properties}}{{name}} = {{{value}}} / {{value}}\n{{/properties}}"
      ])
    #expect(
      outputs[0].files == [
        GeneratedFile(
          path: "tokens.css", contents: #"--font-body = "A&B \3C C>", serif / "A&B \3C C>", serif"# + "\n")
      ])
  }

  @Test func partialsInTheFolderCanBeIncluded() throws {
    let outputs = try render(
      config: "templates: mine\n" + Self.cssOutput,
      files: [
        "mine/css/tokens.css.mustache": "{{#properties}}\n{{> property}}\n{{/properties}}\n",
        "mine/css/property.mustache": "[{{path}}]\n",
      ])
    #expect(outputs[0].files.first?.contents == "[font.body]\n")
  }

  @Test func anOutputsTemplateFolderWinsOverTheTemplatesFolder() throws {
    let config = "templates: mine\n" + Self.cssOutput + "    template: special\n"
    let outputs = try render(
      config: config,
      files: ["mine/css/tokens.css.mustache": "general\n", "special/tokens.css.mustache": "special\n"])
    #expect(outputs[0].files.first?.contents == "special\n")
  }

  @Test func aTemplateThatDoesNotParseIsAnErrorAtItsLine() throws {
    let errors = diagnostics {
      _ = try render(
        config: "templates: mine\n" + Self.cssOutput,
        files: [
          "mine/css/tokens.css.mustache": "/* first line */\n{{#properties}}\n  {{name}}\n{{/property}}\n"
        ])
    }
    #expect(errors.count == 1)
    #expect(
      errors.first?.hasSuffix(
        "mine/css/tokens.css.mustache:4:4: error: invalid template: this closing tag does not match the "
          + "section it closes"
      )
        == true, "\(errors)")
  }

  @Test func aTemplateFolderWithoutARequiredTemplateIsAnError() throws {
    let errors = diagnostics {
      _ = try render(config: Self.cssOutput + "    template: mine\n", files: ["mine/other.mustache": "x"])
    }
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("ebtokens.yml:2:5: error: template folder '") == true)
    #expect(errors.first?.contains("mine' has no 'tokens.css.mustache'") == true)
  }

  @Test func aMissingTemplateFolderIsAnErrorAtTheOutput() throws {
    let errors = diagnostics { _ = try render(config: "templates: nowhere\n" + Self.cssOutput, files: [:]) }
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("ebtokens.yml:3:5: error: template folder '") == true)
    #expect(errors.first?.hasSuffix("nowhere/css' does not exist") == true)
  }
}
