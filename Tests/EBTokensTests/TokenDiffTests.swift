import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensModel

/// `ebtokens diff`: what counts as added, removed, renamed, changed and deprecated, and the
/// version bump each needs.
@Suite struct TokenDiffTests {
  static let old = """
    color:
      $type: color
      brand: "#0A5FD6"
      text: "{color.brand}"
      gone: "#111111"
      moved: "#222222"
      old-dep: "#333333"
    space:
      $type: dimension
      medium: 16px
      kind: 4px

    """

  static let new = """
    color:
      $type: color
      brand: "#0B60D7"
      text: "{color.brand} @ 80%"
      renamed: "#222222"
      old-dep:
        $value: "#333333"
        $deprecated: use color.brand
      fresh: "#444444"
    space:
      $type: dimension
      medium: 16px
      kind:
        $type: number
        $value: 4

    """

  func diff(_ old: String, _ new: String) throws -> TokenDiff {
    TokenDiff(old: try loadTokens(["t.yaml": old]), new: try loadTokens(["t.yaml": new]))
  }

  @Test func everyKindOfChangeIsFoundOnce() throws {
    let diff = try diff(Self.old, Self.new)
    #expect(diff.removed.map(\.name) == ["color.gone"])
    #expect(diff.renamed.map { "\($0.from.name)>\($0.to.name)" } == ["color.moved>color.renamed"])
    #expect(
      diff.retyped.map { "\($0.new.name): \($0.old.type)>\($0.new.type)" } == ["space.kind: dimension>number"]
    )
    #expect(diff.added.map(\.name) == ["color.fresh"])
    #expect(
      diff.changed.map { "\($0.new.name): \($0.old.written)>\($0.new.written)" } == [
        "color.brand: #0A5FD6>#0B60D7", "color.text: {color.brand} (#0A5FD6)>{color.brand} @ 80% (#0B60D7CC)",
      ])
    #expect(
      diff.deprecated.map { "\($0.token.name): \($0.message ?? "")" } == ["color.old-dep: use color.brand"])
    #expect(diff.impact == .major)
  }

  @Test func theImpactIsTheLargestChange() throws {
    let base = "c:\n  $type: color\n  a: \"#000000\"\n"
    #expect(try diff(base, base).impact == .none)
    #expect(try diff(base, base.replacingOccurrences(of: "#000000", with: "#000001")).impact == .patch)
    #expect(try diff(base, base + "  b: \"#FFFFFF\"\n").impact == .minor)
    #expect(
      try diff(base, "c:\n  $type: color\n  a: {$value: \"#000000\", $deprecated: true}\n").impact == .minor)
    #expect(try diff(base + "  b: \"#FFFFFF\"\n", base).impact == .major)
    // An alias that moves to another token of the same value changes what the outputs reference.
    let alias = base + "  b: \"#000000\"\n  c: \"{c.a}\"\n"
    #expect(try diff(alias, alias.replacingOccurrences(of: "{c.a}", with: "{c.b}")).impact == .patch)
  }

  /// Two projects with modes: values are compared in each mode both have, and a mode removed
  /// is breaking (its Swift and Kotlin case is gone).
  @Test func projectsAreComparedModeByMode() throws {
    try withTemporaryDirectory { directory in
      func project(_ name: String, modes: [String: String]) throws -> String {
        let root = directory.appendingPathComponent(name)
        var config = "tokens: tokens\nmodes:\n"
        for mode in modes.keys.sorted(by: { $0 == "light" || ($1 != "light" && $0 < $1) }) {
          config += "  \(mode): [\(mode == "light" ? "" : mode)]\n"
          guard let value = modes[mode], mode != "light" else { continue }
          try write(
            "c:\n  $type: color\n  bg: \"\(value)\"\n", to: root.appendingPathComponent("\(mode)/c.yaml"))
        }
        try write(config, to: root.appendingPathComponent("ebtokens.yml"))
        try write(
          "c:\n  $type: color\n  bg: \"\(modes["light"] ?? "")\"\n",
          to: root.appendingPathComponent("tokens/c.yaml"))
        return root.path
      }
      let old = try project("old", modes: ["light": "#FFFFFF", "dark": "#000000", "dim": "#333333"])
      let new = try project("new", modes: ["light": "#FFFFFF", "dark": "#111111", "contrast": "#000000"])
      let diff = try TokenDiff.folders(old: old, new: new)
      #expect(
        diff.changed.map { "\($0.new.name) \($0.mode ?? "-"): \($0.old.value)>\($0.new.value)" } == [
          "c.bg dark: #000000>#111111"
        ])
      #expect(diff.modesRemoved == ["dim"])
      #expect(diff.modesAdded == ["contrast"])
      #expect(diff.impact == .major)
      #expect(
        diff.render(.text) == """
          tokens: major (1 mode removed, 1 mode added, 1 changed)
          - mode dim
          + mode contrast
          * c.bg [dark]: #000000 -> #111111

          """)
    }
  }

  func write(_ text: String, to file: URL) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// A removed token pairs with at most one added token of its type and value; the rest stay
  /// removed and added.
  @Test func renamesPairOneToOne() throws {
    let diff = try diff(
      "c:\n  $type: color\n  a: \"#000000\"\n  b: \"#000000\"\n",
      "c:\n  $type: color\n  x: \"#000000\"\n  y: \"#FFFFFF\"\n")
    #expect(diff.renamed.map { "\($0.from.name)>\($0.to.name)" } == ["c.a>c.x"])
    #expect(diff.removed.map(\.name) == ["c.b"])
    #expect(diff.added.map(\.name) == ["c.y"])
  }

  /// A token that names the token it replaces in `$extensions` is a rename even with another
  /// value; without the hint, the same change is a removal and an addition.
  @Test func aRenameHintPairsTokensOfDifferentValues() throws {
    let old = "c:\n  $type: color\n  a: \"#000000\"\n"
    let hinted = try diff(
      old,
      "c:\n  $type: color\n  b: {$value: \"#111111\", $extensions: {com.eastblue.ebtokens: {renamedFrom: c.a}}}\n"
    )
    #expect(hinted.renamed.map { "\($0.from.name)>\($0.to.name)" } == ["c.a>c.b"])
    #expect(hinted.removed.isEmpty && hinted.added.isEmpty)
    let unhinted = try diff(old, "c:\n  $type: color\n  b: \"#111111\"\n")
    #expect(unhinted.renamed.isEmpty)
    #expect(unhinted.removed.map(\.name) == ["c.a"])
    #expect(unhinted.added.map(\.name) == ["c.b"])
  }

  @Test func theReportsSayTheSame() throws {
    let unchanged = try diff(Self.old, Self.old)
    #expect(unchanged.render(.text) == "tokens: none (no changes)\n")
    let diff = try diff(Self.old, Self.new)
    #expect(
      diff.render(.text) == """
        tokens: major (1 removed, 1 renamed, 1 type changed, 1 added, 2 changed, 1 deprecated)
        - color.gone (color #111111)
        ~ color.moved -> color.renamed (color #222222)
        ! space.kind: dimension 4px -> number 4
        + color.fresh (color #444444)
        * color.brand: #0A5FD6 -> #0B60D7
        * color.text: {color.brand} (#0A5FD6) -> {color.brand} @ 80% (#0B60D7CC)
        ? color.old-dep deprecated: use color.brand

        """)
    #expect(
      diff.render(.markdown) == """
        ## Tokens: major (1 removed, 1 renamed, 1 type changed, 1 added, 2 changed, 1 deprecated)

        ### Breaking

        - Removed `color.gone` (color `#111111`)
        - Renamed `color.moved` to `color.renamed`
        - `space.kind` is now a number, was a dimension

        ### Added

        - `color.fresh` (color `#444444`)

        ### Changed

        - `color.brand`: `#0A5FD6` → `#0B60D7`
        - `color.text`: `{color.brand} (#0A5FD6)` → `{color.brand} @ 80% (#0B60D7CC)`

        ### Deprecated

        - `color.old-dep`: use color.brand

        """)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(diff.render(.json).utf8)) as? [String: Any])
    #expect(json["impact"] as? String == "major")
    #expect((json["removed"] as? [[String: Any]])?.map { $0["name"] as? String } == ["color.gone"])
    #expect((json["changed"] as? [[String: Any]])?.count == 2)
  }
}
