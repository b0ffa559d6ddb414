import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensSupport

/// The incremental build: a `BuildSession` reads again only the files that changed, an output
/// whose tokens did not change is left alone (in a session and in a plain build), and whatever the
/// edits, the incremental result is byte for byte what a full build writes.
@Suite struct IncrementalBuildTests {
  /// The keys of the outputs each build rendered, in the order their jobs started.
  private final class RenderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String] = []

    func record(_ key: String) { lock.withLock { keys.append(key) } }

    /// What was rendered since the last call, sorted.
    func take() -> [String] {
      lock.withLock {
        defer { keys = [] }
        return keys.sorted()
      }
    }
  }

  private static func builder(logging log: RenderLog) -> Builder {
    var builder = Builder()
    builder.onRender = { log.record($0) }
    return builder
  }

  /// Swift keeps the sizes, CSS the colors, and the audit reads two colors.
  private static let filteredConfiguration = """
    tokens: tokens
    outputs:
      - kind: swift
        destination: dist/swift
        include: [size]
      - kind: css
        destination: dist/css/tokens.css
        include: [color]
    audit:
      rules:
        - foreground: color.brand.label-title
          background: color.brand.default
          role: text
    """

  /// Gives `color.brand.label-title` (`#072592` in the fixture) the color `value` in `project`, and
  /// has `session` build, told the token file changed.
  private static func recolor(_ project: BuildProject, to value: String, in session: BuildSession) throws
    -> Builder.Result
  {
    let fixture = try String(contentsOfFile: EmitFixture.tokensDirectory + "/color.yaml", encoding: .utf8)
    try project.write("tokens/color.yaml", fixture.replacingOccurrences(of: "#072592", with: value))
    return try session.build(changedPaths: [project.url("tokens/color.yaml").path])
  }

  @Test func aSessionReadsAgainOnlyTheFileThatChanged() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.filteredConfiguration)
      let configuration = try ConfigurationLoader().load(path: project.url("ebtokens.yml").path)
      let session = BuildSession(configuration: configuration)
      _ = try session.build()
      #expect(session.filesRead == 3)

      _ = try Self.recolor(project, to: "#123456", in: session)
      #expect(session.filesRead == 4)
      #expect(project.read("dist/css/tokens.css")?.contains("--color-brand-label-title: #123456;") == true)

      // Not told what changed: every file is compared with what was read, and only the edited
      // one is read again.
      let sizes = try #require(project.read("tokens/size.yaml"))
      try project.write("tokens/size.yaml", sizes.replacingOccurrences(of: "32px", with: "40px"))
      _ = try session.build()
      #expect(session.filesRead == 5)
      #expect(project.read("dist/swift/Sources/EBTokens/EBTokens+Size.swift")?.contains("40") == true)

      // A plain build afterwards finds the state the session recorded and does nothing.
      #expect(try project.buildResult().wasSkipped)
    }
  }

  /// A session build deletes the replaced files' old contents before it returns, as a plain build
  /// does: no `.old` link is left behind for whatever reads the output folders next.
  @Test func aSessionLeavesNoOldContentsBehind() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.filteredConfiguration)
      let configuration = try ConfigurationLoader().load(path: project.url("ebtokens.yml").path)
      func oldContents() throws -> [String] {
        let dist = project.url("dist")
        let paths = try #require(FileManager.default.subpathsOfDirectory(atPath: dist.path) as [String]?)
        return paths.filter { $0.hasSuffix(".old") && $0.contains(".ebtokens-") }
      }
      let session = BuildSession(configuration: configuration)
      _ = try session.build()
      for value in ["#123456", "#654321", "#072592"] {
        let result = try Self.recolor(project, to: value, in: session)
        #expect(result.plan.changes.contains { $0.path.hasSuffix("dist/css/tokens.css") })
        #expect(project.read("dist/css/tokens.css")?.contains("--color-brand-label-title: \(value);") == true)
        #expect(try oldContents() == [], "after \(value)")
      }
    }
  }

  /// A session need not read back a file its last build left, when it renders the very same bytes
  /// for it; but a file changed by hand since (a write, or a file put in its place) is compared,
  /// and repaired, whatever the session knows.
  @Test func aSessionRepairsAFileEditedSinceItsLastBuild() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(
        in: root, configuration: "tokens: tokens\noutputs:\n  - kind: swift\n    destination: dist/swift\n")
      let configuration = try ConfigurationLoader().load(path: project.url("ebtokens.yml").path)
      let session = BuildSession(configuration: configuration)
      _ = try session.build()
      let sizes = "dist/swift/Sources/EBTokens/EBTokens+Size.swift"
      let built = try #require(project.read(sizes))
      for (round, value) in ["#123456", "#654321", "#072592"].enumerated() {
        // Edited in place (round 0), replaced by another file (round 1), left alone (round 2).
        if round == 0 {
          let handle = try FileHandle(forWritingTo: project.url(sizes))
          try handle.write(contentsOf: Data("// edited\n".utf8))
          try handle.close()
        } else if round == 1 {
          try project.write(sizes, built + "// edited\n")
        }
        let result = try Self.recolor(project, to: value, in: session)
        #expect(project.read(sizes) == built, "round \(round)")
        #expect(
          result.plan.changes.contains { $0.path.hasSuffix("EBTokens+Size.swift") } == (round < 2),
          "round \(round)")
      }
    }
  }

  /// A session that starts on a project built before finds it unchanged, as a plain build does,
  /// then loads the tokens and renders its outputs into its memos on a thread of its own: its first
  /// change is patched, as the later ones are, not rendered in full.
  @Test func aSessionOnABuiltProjectPatchesItsFirstChange() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.filteredConfiguration)
      _ = try project.buildResult()
      let session = BuildSession(
        configuration: try ConfigurationLoader().load(path: project.url("ebtokens.yml").path))
      // Nothing changed since the state was recorded: the first build is skipped, as a plain one.
      let first = try session.build()
      #expect(first.wasSkipped && first.plan.changes.isEmpty)
      #expect(session.outputsPatched == 0)
      _ = try Self.recolor(project, to: "#123456", in: session)
      // The stylesheet holds the color, and is patched; the Swift output (sizes) is left alone.
      #expect(session.outputsPatched == 1)
      #expect(project.read("dist/css/tokens.css")?.contains("--color-brand-label-title: #123456;") == true)
      #expect(try project.buildResult().wasSkipped)
    }
  }

  @Test func onlyTheOutputsHoldingAChangedTokenAreRenderedAgain() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.filteredConfiguration)
      let configuration = try ConfigurationLoader().load(path: project.url("ebtokens.yml").path)
      let log = RenderLog()
      let session = BuildSession(configuration: configuration, builder: Self.builder(logging: log))
      _ = try session.build()
      #expect(log.take() == ["audit", "output-0", "output-1"])
      let untouched = try project.fileIdentities()

      let sizes = try #require(project.read("tokens/size.yaml"))
      try project.write("tokens/size.yaml", sizes.replacingOccurrences(of: "32px", with: "40px"))
      let result = try session.build(changedPaths: [project.url("tokens/size.yaml").path])
      // The audit reads every token, so it runs again; CSS holds no size: it is left alone.
      #expect(log.take() == ["audit", "output-0"])
      #expect(result.contrast?.summary.contains("1 pair") == true)
      let now = try project.fileIdentities()
      #expect(now["css/tokens.css"] == untouched["css/tokens.css"])
      // Of the Swift output, only the file of the group that holds the token is written again.
      #expect(
        now["swift/Sources/EBTokens/EBTokens+Size.swift"]
          != untouched["swift/Sources/EBTokens/EBTokens+Size.swift"])
      #expect(
        now["swift/Sources/EBTokens/EBTokens.swift"] == untouched["swift/Sources/EBTokens/EBTokens.swift"])
      // The report's files are rendered again to the same bytes: not rewritten.
      #expect(now["report/contrast-audit.md"] == untouched["report/contrast-audit.md"])
    }
  }

  /// A plain `ebtokens build`, one process with nothing in memory, takes the same path: the state
  /// records each output's inputs, so an edit renders only the outputs that hold the token.
  @Test func aPlainBuildRendersOnlyTheOutputsWhoseTokensChanged() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.filteredConfiguration)
      let log = RenderLog()
      func build() throws -> Builder.Result {
        let configuration = try ConfigurationLoader().load(path: project.url("ebtokens.yml").path)
        return try Self.builder(logging: log).build(configuration, mode: .write)
      }
      _ = try build()
      #expect(log.take() == ["audit", "output-0", "output-1"])
      let before = try project.fileIdentities()

      let sizes = try #require(project.read("tokens/size.yaml"))
      try project.write("tokens/size.yaml", sizes.replacingOccurrences(of: "32px", with: "40px"))
      let result = try build()
      #expect(!result.wasSkipped)
      #expect(log.take() == ["audit", "output-0"])
      #expect(try project.fileIdentities()["css/tokens.css"] == before["css/tokens.css"])
      #expect(try build().wasSkipped)

      // A token only the CSS holds, the audit reads too.
      let colors = try #require(project.read("tokens/color.yaml"))
      try project.write("tokens/color.yaml", colors.replacingOccurrences(of: "#00000080", with: "#00000081"))
      let edited = try build()
      #expect(log.take() == ["audit", "output-1"])
      #expect(edited.contrast?.summary.contains("1 pair") == true)
      #expect(project.read("dist/css/tokens.css")?.contains("#00000081") == true)

      // An output edited by hand is rendered again, although its tokens did not change.
      let css = try #require(project.read("dist/css/tokens.css"))
      try project.write("dist/css/tokens.css", css + "/* hand edit */\n")
      try project.write("tokens/size.yaml", sizes)
      _ = try build()
      #expect(log.take() == ["audit", "output-0", "output-1"])
      #expect(project.read("dist/css/tokens.css") == css)
    }
  }

  /// An edit that changes nothing an output holds (a comment) renders nothing again, and the
  /// audit's verdict comes from the state.
  @Test func anEditNoOutputSeesRendersNothing() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.filteredConfiguration)
      let log = RenderLog()
      let configuration = try ConfigurationLoader().load(path: project.url("ebtokens.yml").path)
      let first = try Self.builder(logging: log).build(configuration, mode: .write)
      _ = log.take()
      let sizes = try #require(project.read("tokens/size.yaml"))
      try project.write("tokens/size.yaml", sizes + "# a comment\n")
      let result = try Self.builder(logging: log).build(configuration, mode: .write)
      #expect(!result.wasSkipped)
      #expect(log.take().isEmpty)
      #expect(result.plan.changes.isEmpty)
      #expect(result.contrast == first.contrast)
    }
  }

  /// A changed config given to the session, as a watcher reads it: the session builds with it.
  @Test func aChangedConfigGivenToTheSessionIsBuilt() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.filteredConfiguration)
      let path = project.url("ebtokens.yml").path
      let session = BuildSession(configuration: try ConfigurationLoader().load(path: path))
      _ = try session.build()
      let configuration = try #require(project.read("ebtokens.yml"))
      try project.write(
        "ebtokens.yml", configuration.replacingOccurrences(of: "include: [color]", with: "include: [size]"))
      // Told only that the config changed, the session keeps its own configuration.
      _ = try session.build(changedPaths: [path])
      #expect(try #require(project.read("dist/css/tokens.css")).contains("--color-brand-label-title"))
      let changed = try ConfigurationLoader().load(path: path)
      _ = try session.build(changed, changedPaths: [path])
      #expect(session.configuration.contentDigest == changed.contentDigest)
      let css = try #require(project.read("dist/css/tokens.css"))
      #expect(css.contains("--size-2xl: 32px;"))
      #expect(!css.contains("--color-brand-label-title"))
    }
  }

  /// A token whose type is set two groups above it is patched: resolving the patch records its
  /// group before the group above (see `IncrementalLoad`), which is then found by name.
  @Test func aPatchedLoadFindsATypeSetTwoGroupsUp() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(
        in: root, configuration: "tokens: tokens\noutputs:\n  - kind: css\n    destination: dist/tokens.css\n"
      )
      try FileManager.default.removeItem(at: project.url("tokens"))
      let palette = { (color: String) in "p:\n  $type: color\n  shades:\n    base: \"\(color)\"\n" }
      try project.write("tokens/palette.yaml", palette("#112233"))
      let session = BuildSession(
        configuration: try ConfigurationLoader().load(path: project.url("ebtokens.yml").path))
      _ = try session.build()
      try project.write("tokens/palette.yaml", palette("#445566"))
      _ = try session.build(changedPaths: [project.url("tokens/palette.yaml").path])
      #expect(try #require(project.read("dist/tokens.css")).contains("--p-shades-base: #445566;"))
      #expect(session.loadsPatched == 1)
    }
  }

  /// A patch resolves again only the definitions an edit wrote otherwise and the tokens that
  /// depend on them; a definition an edit moved to another line is written otherwise, and the
  /// reports say where it now is, as a full build's do.
  @Test func aPatchedLoadResolvesOnlyWhatTheEditWroteOtherwise() throws {
    try withTemporaryDirectory { root in
      let configuration = { (folder: String) in
        """
        tokens: tokens
        outputs:
          - kind: css
            destination: \(folder)/tokens.css
        audit:
          report: \(folder)/report
          rules:
            - foreground: p.*
              background: "#FFFFFF"
              role: text

        """
      }
      let project = try BuildProject(in: root, configuration: configuration("dist"))
      try FileManager.default.removeItem(at: project.url("tokens"))
      try project.write("full.yml", configuration("full"))
      let palette = { (base: String, description: String) in
        "p:\n  $type: color\n  base:\n    $value: \"\(base)\"\n    $description: \(description)\n"
          + "  ink: \"#202020\"\n  mist: \"#F0F0F0\"\n"
      }
      try project.write("tokens/palette.yaml", palette("#112233", "plain"))
      try project.write("tokens/uses.yaml", "accent:\n  $type: color\n  strong: \"{p.base}\"\n")
      let session = BuildSession(
        configuration: try ConfigurationLoader().load(path: project.url("ebtokens.yml").path))
      _ = try session.build()
      let path = project.url("tokens/palette.yaml").path
      // One value: it and the token referencing it.
      try project.write("tokens/palette.yaml", palette("#445566", "plain"))
      _ = try session.build(changedPaths: [path])
      #expect(session.loadsPatched == 1)
      #expect(session.tokensPatched == 2)
      // A description now on three lines: the tokens below it move, and are written otherwise.
      try project.write("tokens/palette.yaml", palette("#445566", "|\n      two\n      lines"))
      _ = try session.build(changedPaths: [path])
      #expect(session.loadsPatched == 2)
      #expect(session.tokensPatched == 2 + 4)
      _ = try Builder().build(
        try ConfigurationLoader().load(path: project.url("full.yml").path), mode: .write)
      for file in ["tokens.css", "report/contrast-audit.json", "report/contrast-audit.md"] {
        #expect(project.read("dist/\(file)") == project.read("full/\(file)"), "\(file)")
      }
      #expect(try #require(project.read("dist/report/contrast-audit.json")).contains("\"line\": 8"))
    }
  }

  @Test func aPatchedLoadFollowsCompositePartsAndRootTokens() throws {
    try withTemporaryDirectory { root in
      let configuration = { (folder: String) in
        "tokens: tokens\noutputs:\n  - kind: css\n    destination: \(folder)/tokens.css\n    options:\n"
          + "      references: false\n"
      }
      let project = try BuildProject(in: root, configuration: configuration("dist"))
      try FileManager.default.removeItem(at: project.url("tokens"))
      try project.write("full.yml", configuration("full"))
      try project.write("tokens/palette.yaml", "p:\n  $type: color\n  base: \"#112233\"\n")
      try project.write(
        "tokens/uses.yaml",
        """
        accent:
          $type: color
          $root: "{p.base} @ 50%"
          strong: "{accent.$root}"
        elevation:
          $type: shadow
          card:
            $value: { color: "{p.base}", offsetX: 0px, offsetY: 1px, blur: 2px, spread: 0px }

        """)
      let session = BuildSession(
        configuration: try ConfigurationLoader().load(path: project.url("ebtokens.yml").path))
      _ = try session.build()
      for color in ["#445566", "#778899"] {
        try project.write("tokens/palette.yaml", "p:\n  $type: color\n  base: \"\(color)\"\n")
        _ = try session.build(changedPaths: [project.url("tokens/palette.yaml").path])
        try? FileManager.default.removeItem(at: project.url("full"))
        _ = try Builder().build(
          try ConfigurationLoader().load(path: project.url("full.yml").path), mode: .write)
        let css = try #require(project.read("dist/tokens.css"))
        #expect(css == project.read("full/tokens.css"))
        #expect(css.contains(color.lowercased()))
      }
      #expect(session.loadsPatched == 2)
    }
  }

  /// Random edits (values, aliases, tokens added and removed, a file broken and then fixed), each
  /// built by a session told only the file edited (or nothing), and by a full build from scratch
  /// into another folder: both fail with the same errors, or write the same bytes.
  /// Every file below `folder` but the state, by its path from there.
  private static func files(below folder: URL) -> [String: Data] {
    var contents: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      guard url.lastPathComponent != BuildState.fileName,
        let data = FileManager.default.contents(atPath: url.path)
      else { continue }
      contents[String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count))] = data
    }
    return contents
  }

  /// With modes, in a package, in the `sources-only` layout and in Kotlin with references kept, a
  /// change of values alone patches the last render: only the changed tokens are declared again,
  /// and the files are byte for byte what a full build writes. A change that is more than values
  /// (a token becoming modal, a root token) renders in full, just as exactly.
  @Test func valueEditsPatchTheSwiftAndKotlinOutputsExactly() throws {
    try withTemporaryDirectory { root in
      let configuration = { (folder: String) in
        """
        tokens: tokens
        modes:
          light: []
          dark: dark
        outputs:
          - kind: swift
            destination: \(folder)/swift
          - kind: swift
            destination: \(folder)/sources
            options:
              sources-only: true
          - kind: kotlin
            destination: \(folder)/kotlin
            options:
              references: true
          - kind: css
            destination: \(folder)/css/tokens.css
        """
      }
      let project = try BuildProject(in: root, configuration: configuration("dist"))
      try FileManager.default.removeItem(at: project.url("tokens"))
      try project.write("full.yml", configuration("full"))
      let light = { (title: String, surface: String, description: String) in
        """
        tone:
          $type: color
          $value: "#101010"
        color:
          $type: color
          text:
            title:
              $value: "\(title)"
              $description: \(description)
            body: "{color.text.title}"
            faint: "{color.text.title} @ 40%"
          surface:
            base: "\(surface)"
        space:
          $type: dimension
          gap: 8px
        """
      }
      // A hex color, quoted; anything else as YAML.
      let dark = { (title: String) in
        "color:\n  text:\n    title: \(title.hasPrefix("#") ? "\"\(title)\"" : title)\n"
      }
      try project.write("tokens/tokens.yaml", light("#202020", "#FAFAFA", "Titles"))
      try project.write("dark/tokens.yaml", dark("#E0E0E0"))
      let session = BuildSession(
        configuration: try ConfigurationLoader().load(path: project.url("ebtokens.yml").path))
      _ = try session.build()
      // Each edit, and how many of the four outputs it patches.
      let edits: [(light: (String, String, String), dark: String, patched: Int, what: String)] = [
        (("#202020", "#FAFAFA", "Titles"), "#D0D0D0", 4, "a modal color's dark value"),
        (("#303030", "#FAFAFA", "Titles"), "#D0D0D0", 4, "a modal color's light value, followed by aliases"),
        (("#303030", "#F0F0F0", "Headings"), "#D0D0D0", 4, "a constant color and a description"),
        (("#303030", "#F0F0F0", "Headings"), "#303030", 0, "a modal color made constant"),
        (("#404040", "#F0F0F0", "Headings"), "#303030", 0, "a constant color made modal"),
        (("#404040", "#E0E0E0", "Headings"), "#303030", 4, "a constant color again"),
        (
          ("#404040", "#E0E0E0", "Headings"), "{$value: {colorSpace: display-p3, components: [1, 0, 1]}}", 3,
          "a color outside sRGB"
        ),
      ]
      for edit in edits {
        let before = session.outputsPatched
        try project.write("tokens/tokens.yaml", light(edit.light.0, edit.light.1, edit.light.2))
        try project.write("dark/tokens.yaml", dark(edit.dark))
        _ = try session.build(
          changedPaths: [project.url("tokens/tokens.yaml").path, project.url("dark/tokens.yaml").path])
        try? FileManager.default.removeItem(at: project.url("full"))
        _ = try Builder().build(
          try ConfigurationLoader().load(path: project.url("full.yml").path), mode: .write)
        let built = Self.files(below: project.url("dist"))
        #expect(built.count > 10, "\(edit.what)")
        #expect(built == Self.files(below: project.url("full")), "\(edit.what)")
        #expect(session.outputsPatched - before == edit.patched, "\(edit.what)")
      }
      // A root token's value is in the Swift and Kotlin root files, which a patch does not render:
      // those render in full; the stylesheet, which has no root, is patched.
      let before = session.outputsPatched
      try project.write(
        "tokens/tokens.yaml",
        light("#404040", "#E0E0E0", "Headings").replacingOccurrences(
          of: "#101010", with: "#111111"))
      _ = try session.build(changedPaths: [project.url("tokens/tokens.yaml").path])
      try? FileManager.default.removeItem(at: project.url("full"))
      _ = try Builder().build(
        try ConfigurationLoader().load(path: project.url("full.yml").path), mode: .write)
      #expect(Self.files(below: project.url("dist")) == Self.files(below: project.url("full")))
      #expect(session.outputsPatched == before + 1)
    }
  }

  /// A project with a stylesheet and an audit of `rule`, its tokens the text of `tokens/t.yaml`,
  /// built by a session from the first of `texts`, then after each of the others by the session
  /// and in full: each time the session's files are the full build's, and `check` reads the
  /// session's reports (the Markdown, then the JSON) after the edit to `texts[edit + 1]`.
  private static func auditSession(
    rule: String, texts: [String], check: (_ edit: Int, _ markdown: String, _ json: String) -> Void
  ) throws {
    try withTemporaryDirectory { root in
      let configuration = { (folder: String) in
        """
        tokens: tokens
        outputs:
          - kind: css
            destination: \(folder)/css/tokens.css
        audit:
          report: \(folder)/report
          rules:
            - \(rule)
        """
      }
      let project = try BuildProject(in: root, configuration: configuration("dist"))
      try FileManager.default.removeItem(at: project.url("tokens"))
      try project.write("full.yml", configuration("full"))
      try project.write("tokens/t.yaml", texts.first ?? "")
      let session = BuildSession(
        configuration: try ConfigurationLoader().load(path: project.url("ebtokens.yml").path))
      _ = try session.build()
      for (edit, text) in texts.dropFirst().enumerated() {
        try project.write("tokens/t.yaml", text)
        _ = try session.build(changedPaths: [project.url("tokens/t.yaml").path])
        try? FileManager.default.removeItem(at: project.url("full"))
        _ = try Builder().build(
          try ConfigurationLoader().load(path: project.url("full.yml").path), mode: .write)
        check(
          edit, project.read("dist/report/contrast-audit.md") ?? "",
          project.read("dist/report/contrast-audit.json") ?? "")
        #expect(
          Self.files(below: project.url("dist")) == Self.files(below: project.url("full")), "edit \(edit)")
      }
    }
  }

  /// A session's audit reuses its rules' matches after a color's value changes, and matches
  /// again when a typography token's size changes the role a rule takes from it: after each edit
  /// the reports are byte for byte a full build's.
  @Test func aSessionsAuditFollowsValueAndTypographyEdits() throws {
    let tokens = { (ink: String, size: String) in
      """
      color:
        $type: color
        ink: "\(ink)"
        paper: "#FFFFFF"
      type:
        $type: typography
        body:
          $value: {fontFamily: X, fontSize: \(size), fontWeight: 400, letterSpacing: 0px, lineHeight: 1.5}
      """
    }
    // #808080 on white is 3.9:1: it fails body text (4.5) and passes large text (3).
    let edits = [
      ("#767676", "16px", "Pass"), ("#808080", "16px", "Fail"), ("#808080", "24px", "Pass"),
      ("#818181", "24px", "Pass"), ("#818181", "16px", "Fail"),
    ]
    try Self.auditSession(
      rule: "{foreground: color.ink, background: color.paper, typography: type.body}",
      texts: edits.map { tokens($0.0, $0.1) }
    ) { edit, markdown, _ in
      let (ink, size, verdict) = edits[edit + 1]
      #expect(markdown.contains(verdict == "Pass" ? "✅" : "❌"), "\(ink) at \(size)")
      #expect(markdown.contains(size == "16px" ? "| text |" : "| large-text |"), "\(ink) at \(size)")
    }
  }

  /// A failing pair's fix names the token that holds its foreground's literal, at the end of its
  /// chain of aliases. When a link of the chain is pointed at another token of the same color, the
  /// pair's colors do not change, but the fix names the new end: a session's audit finds it as a
  /// full build does.
  @Test func aSessionsAuditFollowsAChainPointedElsewhere() throws {
    let links = ["grey-a", "grey-b", "grey-a", "grey-b"]
    try Self.auditSession(
      rule: "{foreground: color.text, background: color.paper, role: text}",
      texts: links.map(AuditFixTests.chainTokens(linkingTo:))
    ) { edit, _, json in
      #expect(json.contains("\"token\": \"color.\(links[edit + 1])\""), "linked to \(links[edit + 1])")
    }
  }

  @Test func randomEditsBuildExactlyWhatAFullBuildBuilds() throws {
    var random = SeededGenerator()
    try withTemporaryDirectory { root in
      let outputs = { (folder: String) in
        """
        tokens: tokens
        outputs:
          - kind: swift
            destination: \(folder)/swift
          - kind: css
            destination: \(folder)/css/tokens.css
            types: [color]
            options:
              references: true
          - kind: typescript
            destination: \(folder)/web
            include: [c]
          - kind: kotlin
            destination: \(folder)/kotlin
            options:
              references: true
        audit:
          report: \(folder)/report
          rules:
            - foreground: a.fg
              background: b.bg
              role: text
        """
      }
      var model = EditModel()
      let project = try BuildProject(in: root, configuration: outputs("dist"))
      try FileManager.default.removeItem(at: project.url("tokens"))
      try project.write("full.yml", outputs("full"))
      for file in EditModel.files { try project.write("tokens/\(file).yaml", model.text(of: file)) }
      let session = BuildSession(
        configuration: try ConfigurationLoader().load(path: project.url("ebtokens.yml").path))

      func outcome(_ build: () throws -> Builder.Result) -> String {
        do {
          _ = try build()
          return "built"
        } catch let error as DiagnosticsError {
          return error.diagnostics.map { "\($0.location.map { "\($0)" } ?? "") \($0.message)" }.sorted()
            .joined(separator: "\n")
        } catch {
          return "\(error)"
        }
      }

      var brokenFile: String?
      var outcomes: Set<String> = []
      for step in 0..<60 {
        let file: String
        if let broken = brokenFile {
          file = broken
          brokenFile = nil
          try project.write("tokens/\(file).yaml", model.text(of: file))
        } else if Int.random(in: 0..<10, using: &random) == 0 {
          file = EditModel.files.randomElement(using: &random) ?? "a"
          brokenFile = file
          try project.write("tokens/\(file).yaml", model.text(of: file) + "  oops: [unclosed\n")
        } else {
          file = model.edit(using: &random)
          try project.write("tokens/\(file).yaml", model.text(of: file))
        }
        let told =
          Int.random(in: 0..<4, using: &random) == 0 ? nil : Set([project.url("tokens/\(file).yaml").path])
        let incremental = outcome { try session.build(changedPaths: told) }
        try? FileManager.default.removeItem(at: project.url("full"))
        // The config's own errors name it: the same name for both.
        let full = outcome {
          try Builder().build(
            try ConfigurationLoader().load(path: project.url("full.yml").path), mode: .write)
        }.replacingOccurrences(of: "full.yml", with: "ebtokens.yml")
        #expect(incremental == full, "step \(step): \(model.lastEdit)")
        outcomes.insert(incremental == "built" ? "built" : "failed")
        if incremental == "built" && full == "built" {
          let built = Self.files(below: project.url("dist"))
          #expect(!built.isEmpty)
          #expect(built == Self.files(below: project.url("full")), "step \(step): \(model.lastEdit)")
        }
      }
      // The edits both built and failed, and the session read only what it was told changed.
      #expect(outcomes == ["built", "failed"])
      // Value and alias edits patched the last build's tokens; the others resolved every token.
      #expect(session.loadsPatched > 5)
      // Value edits patched the Swift and Kotlin outputs' last render, and the files are as a
      // full build writes them (above).
      #expect(session.outputsPatched > 5)
      #expect(session.filesRead < 60 + EditModel.files.count)
    }
  }
}

/// Three token files the random edits change: colors in groups `a` and `b` (`a.fg` and `b.bg`
/// always there, for the audit rule), dimensions in `c`. Edits keep the tokens valid (an alias
/// names an existing token of its kind and closes no cycle; a token is removed only when nothing
/// names it) but for one in twelve, an alias to a token that does not exist, undone by the next.
private struct EditModel {
  static let files = ["a", "b", "c"]
  /// Each file's tokens in order: name and value as written.
  private var tokens: [String: [(name: String, value: String)]] = [
    "a": [("fg", "\"#202020\""), ("t1", "\"#3366CC\""), ("t2", "\"{b.bg} @ 50%\"")],
    "b": [("bg", "\"#F0F0F0\""), ("t1", "\"{a.t1}\""), ("t2", "\"{b.t1} @ 25%\"")],
    "c": [("space", "4px"), ("gap", "\"{c.space}\""), ("radius", "0.5rem")],
  ]
  private var nextName = 3
  /// The file and token whose alias leads nowhere, with the value to put back.
  private var dangling: (file: String, index: Int, value: String)?
  private(set) var lastEdit = ""

  func text(of file: String) -> String {
    let type = file == "c" ? "dimension" : "color"
    var lines = ["\(file):", "  $type: \(type)"]
    for token in tokens[file] ?? [] { lines.append("  \(token.name): \(token.value)") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The name a value references, if it is an alias.
  private static func target(of value: String) -> String? {
    guard value.hasPrefix("\"{"), let close = value.firstIndex(of: "}") else { return nil }
    return String(value[value.index(value.startIndex, offsetBy: 2)..<close])
  }

  private func value(of name: String) -> String? {
    let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
    return tokens[parts[0]]?.first { $0.name == parts[1] }?.value
  }

  /// Whether following aliases from `name` reaches `token`.
  private func chain(from name: String, reaches token: String) -> Bool {
    var current: String? = name
    var steps = 0
    while let name = current, steps < 50 {
      if name == token { return true }
      current = value(of: name).flatMap(Self.target)
      steps += 1
    }
    return false
  }

  /// Makes one random edit; returns the file it changed.
  mutating func edit(using random: inout SeededGenerator) -> String {
    if let dangling {
      self.dangling = nil
      tokens[dangling.file]?[dangling.index].value = dangling.value
      lastEdit = "fixed \(dangling.file).\(tokens[dangling.file]?[dangling.index].name ?? "")"
      return dangling.file
    }
    let file = Self.files.randomElement(using: &random) ?? "a"
    var list = tokens[file] ?? []
    let isColor = file != "c"
    let names = (isColor ? ["a", "b"] : ["c"]).flatMap { group in
      (tokens[group] ?? []).map { "\(group).\($0.name)" }
    }
    let everyValue = Self.files.flatMap { tokens[$0] ?? [] }.map(\.value)
    let literal =
      isColor
      ? String(format: "\"#%06X\"", Int.random(in: 0..<0x1000000, using: &random))
      : "\(Int.random(in: 0..<64, using: &random))px"
    let index = Int.random(in: 0..<list.count, using: &random)
    let name = "\(file).\(list[index].name)"
    switch Int.random(in: 0..<12, using: &random) {
    case 0...1 where index > 0 && !everyValue.contains { Self.target(of: $0) == name }:
      lastEdit = "removed \(name)"
      list.remove(at: index)
    case 2...3:
      let added = "n\(nextName)"
      nextName += 1
      lastEdit = "added \(file).\(added)"
      list.insert((added, literal), at: Int.random(in: 0...list.count, using: &random))
    case 4...6:
      let targets = names.filter { !chain(from: $0, reaches: name) }
      guard let target = targets.randomElement(using: &random) else { fallthrough }
      let alpha =
        isColor && Bool.random(using: &random) ? " @ \(Int.random(in: 0...100, using: &random))%" : ""
      lastEdit = "\(name) -> {\(target)}\(alpha)"
      list[index].value = "\"{\(target)}\(alpha)\""
    case 7:
      dangling = (file, index, list[index].value)
      lastEdit = "\(name) -> {nowhere.token}"
      list[index].value = "\"{nowhere.token}\""
    default:
      lastEdit = "\(name) = \(literal)"
      list[index].value = literal
    }
    tokens[file] = list
    return file
  }
}
