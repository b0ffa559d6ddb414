// The libFuzzer target: arbitrary bytes through everything ebtokens does with its input, in memory.
//
// Built for fuzzing by Scripts/fuzz.sh (`swift build --sanitize=fuzzer --sanitize=address
// -Xswiftc -DFUZZING`), where libFuzzer provides `main` and calls `LLVMFuzzerTestOneInput`. In a
// plain `swift build` the same file is a small tool that replays inputs given as files, so a
// finding can be reproduced and debugged without the sanitizer build:
//
//     swift run ebtokens-fuzz .build-fuzz/findings/crash-…
import EBTokens
import Foundation

/// One fuzz input: a token file, optionally followed by an `ebtokens.yml` after a line that
/// is exactly ``configMarker``, optionally followed by a template after a line that is exactly
/// ``templateMarker``: a line naming it as below `templates/` (`swift/token.mustache`), then its
/// text, which replaces (or adds to) the built-in templates. The bytes are never written to
/// disk: the reader takes them from memory, and every later stage works on in-memory values.
enum FuzzInput {
  static let configMarker: [UInt8] = Array("\n#%config\n".utf8)
  static let templateMarker: [UInt8] = Array("\n#%template\n".utf8)

  /// Small enough for libFuzzer's inputs (4 KiB by default) to reach every limit, so the
  /// code that refuses a file too deep, too large or too long-chained is fuzzed too.
  static let limits = Limits(maxFileBytes: 16 * 1024, maxDepth: 24, maxTokens: 96, maxReferenceChain: 12)

  /// The config used when the input has none: every output, and rules that pair every
  /// color with every other one (by the first segment) and with a literal background.
  static let defaultConfig = """
    outputs:
      - kind: swift
        destination: swift
      - kind: kotlin
        destination: kotlin
      - kind: css
        destination: css/tokens.css
      - kind: css
        destination: css-literal/tokens.css
        options:
          references: false
      - kind: xcassets
        destination: xcassets
      - kind: android
        destination: android
      - kind: typescript
        destination: typescript
      - kind: scss
        destination: scss
    audit:
      rules:
        - foreground: "*.*"
          background: "#FFFFFF"
          role: text
    """

  /// The input's token file, config and template (its name and text).
  static func split(_ bytes: [UInt8]) -> (
    tokens: [UInt8], config: [UInt8]?, template: (name: String, text: String)?
  ) {
    let (head, templateBytes) = split(bytes, at: templateMarker)
    let (tokens, config) = split(head, at: configMarker)
    let template = templateBytes.map { bytes in
      let (name, text) = split(bytes, at: [UInt8(ascii: "\n")])
      return (String(decoding: name, as: UTF8.self), String(decoding: text ?? [], as: UTF8.self))
    }
    return (tokens, config, template)
  }

  /// The bytes before the first `marker` and, when there is one, those after it.
  private static func split(_ bytes: [UInt8], at marker: [UInt8]) -> ([UInt8], [UInt8]?) {
    guard bytes.count >= marker.count else { return (bytes, nil) }
    for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
      if bytes[start..<(start + marker.count)].elementsEqual(marker) {
        return (Array(bytes[..<start]), Array(bytes[(start + marker.count)...]))
      }
    }
    return (bytes, nil)
  }
}

/// Runs one input through reader → parser → resolver → every emitter → audit and its reports,
/// the listing, and the diagnostics printer. Errors are the expected outcome for most inputs;
/// only a crash, a hang or a sanitizer report is a finding.
enum FuzzPipeline {
  static func run(_ bytes: [UInt8]) {
    let (tokenBytes, configBytes, template) = FuzzInput.split(bytes)
    var diagnostics: [Diagnostic] = []
    defer { render(diagnostics) }

    let configuration: Configuration
    do {
      configuration = try self.configuration(configBytes)
    } catch let error as DiagnosticsError {
      diagnostics += error.diagnostics
      return
    } catch {
      return
    }

    let result = YAMLReader(limits: FuzzInput.limits).read(bytes: tokenBytes, path: "fuzz.yaml")
    diagnostics += result.errors.map(\.diagnostic)
    var parser = TokenFileParser(limits: FuzzInput.limits)
    if let document = result.document { parser.add(document) }
    diagnostics += parser.errors.map(\.diagnostic)
    let (tokens, resolutionErrors) = Resolver.resolve(parser.source, limits: FuzzInput.limits)
    diagnostics += resolutionErrors.map(\.diagnostic)
    // As the loader does: a set with any error goes no further.
    guard diagnostics.isEmpty else { return }

    for format in TokenListing.Format.allCases { _ = TokenListing.render(tokens, format: format) }
    do {
      var renderer = OutputRenderer(configuration: configuration)
      if let template { renderer.builtInTemplateOverrides[template.name] = template.text }
      _ = try renderer.render(tokens)
    } catch let error as DiagnosticsError {
      diagnostics += error.diagnostics
    } catch {}
    do {
      let audit = try ContrastAudit.run(
        tokens: ModalTokenSet(single: tokens), audit: configuration.audit, configPath: configuration.path)
      for format in AuditReport.Format.allCases { _ = AuditReport.render(audit, format: format) }
    } catch let error as DiagnosticsError {
      diagnostics += error.diagnostics
    } catch {}
  }

  /// The input's config, or the default one, with every path kept away from the file system:
  /// templates are always the built-in ones, and outputs are only rendered, never written.
  private static func configuration(_ bytes: [UInt8]?) throws -> Configuration {
    let text = bytes.map { String(decoding: $0, as: UTF8.self) } ?? FuzzInput.defaultConfig
    var configuration = try ConfigurationLoader(limits: FuzzInput.limits).load(
      yaml: text, path: "ebtokens.yml", baseDirectory: "/nonexistent/ebtokens-fuzz")
    configuration.templates = nil
    for index in configuration.outputs.indices { configuration.outputs[index].template = nil }
    return configuration
  }

  /// Renders the diagnostics as the command line would, without source lines (those are read
  /// from disk).
  private static func render(_ diagnostics: [Diagnostic]) {
    var renderer = DiagnosticRenderer(showsSourceLines: false)
    _ = renderer.render(DiagnosticsError(diagnostics: diagnostics).diagnostics)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  FuzzPipeline.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
  return 0
}

#if !FUZZING
  /// Replays the files given as arguments through the fuzz target, one at a time.
  @main
  enum Replay {
    static func main() {
      let paths = CommandLine.arguments.dropFirst()
      guard !paths.isEmpty else {
        FileHandle.standardError.write(Data("usage: ebtokens-fuzz FILE...\n".utf8))
        exit(64)
      }
      for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
          exit(1)
        }
        let start = Date()
        // One spare byte, so even an empty file has a valid pointer to pass; `fuzz` reads `size`.
        let bytes = [UInt8](data) + [0]
        _ = bytes.withUnsafeBytes { buffer in
          buffer.baseAddress.map { fuzz($0, data.count) }
        }
        print("\(path): ok in \(Int(Date().timeIntervalSince(start) * 1000)) ms")
      }
    }
  }
#endif
