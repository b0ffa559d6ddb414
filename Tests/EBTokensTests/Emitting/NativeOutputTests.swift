import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// The platforms' native outputs, `xcassets` and `android`, on the EastBlue tokens and the modes
/// fixture: goldens, every resource file compiled by `aapt2` with its values read back, every
/// `Contents.json` validated against the schemas written from Apple's format reference
/// (`Fixtures/xcassets-schema`), the catalog shipped as a SwiftPM resource, and their naming errors.
@Suite(.serialized) struct NativeOutputTests {
  static let outputsYAML = """
      - kind: xcassets
        destination: xcassets
      - kind: android
        destination: android/res
    """

  /// The EastBlue tokens (`tokens/`), or the modes fixture's project, with the two native outputs.
  enum Project: String, CaseIterable {
    case eastblue
    case modes

    func configuration() throws -> Configuration {
      switch self {
      case .eastblue:
        return try ConfigurationLoader().load(
          yaml: "tokens: tokens\noutputs:\n" + NativeOutputTests.outputsYAML, path: "ebtokens.yml",
          baseDirectory: TestPaths.repositoryRoot.path)
      case .modes:
        var configuration = try ModesFixture.configuration()
        configuration.outputs = try ConfigurationLoader().load(
          yaml: "tokens: tokens\noutputs:\n" + NativeOutputTests.outputsYAML, path: "ebtokens.yml",
          baseDirectory: ModesFixture.project.path
        ).outputs
        return configuration
      }
    }

    func tokens() throws -> ModalTokenSet {
      try ModalTokenLoader().load(configuration: configuration()).value
    }

    /// The xcassets output, then the android one.
    func render() throws -> [GeneratedOutput] {
      try OutputRenderer(configuration: configuration()).render(tokens())
    }
  }

  /// Every file of an output, one after the other under its path: one golden per output.
  static func listing(_ output: GeneratedOutput) -> String {
    output.files.map { "=== \($0.path)\n\($0.contents)" }.joined(separator: "\n")
  }

  @Test(arguments: Project.allCases)
  func outputsMatchTheirGoldenFiles(project: Project) throws {
    let outputs = try project.render()
    #expect(outputs.count == 2)
    for (output, kind) in zip(outputs, ["xcassets", "android"]) {
      #expect(!output.files.isEmpty)
      try Golden.expectMatch(Self.listing(output), golden: "native/\(project.rawValue)/\(kind).golden")
    }
  }

  @Test func theModesFixtureMapsItsModesToAppearancesAndQualifiers() throws {
    let outputs = try Project.modes.render()
    // light is the universal entry, dark `luminosity: dark`, high-contrast `contrast: high`.
    let body = try #require(
      outputs[0].files.first { $0.path == "EBTokens.xcassets/color/text/body.colorset/Contents.json" })
    let json = try #require(try JSONSerialization.jsonObject(with: Data(body.bytes)) as? [String: Any])
    let colors = try #require(json["colors"] as? [[String: Any]])
    #expect(colors.count == 3)
    #expect(colors[0]["appearances"] == nil)
    #expect(
      (colors[1]["appearances"] as? [[String: String]]) == [["appearance": "luminosity", "value": "dark"]])
    #expect(
      (colors[2]["appearances"] as? [[String: String]]) == [["appearance": "contrast", "value": "high"]])
    // A color the same in every mode has the universal entry alone.
    let brand = try #require(
      outputs[0].files.first { $0.path == "EBTokens.xcassets/color/brand.colorset/Contents.json" })
    #expect(!brand.contents.contains("appearances"))
    #expect(outputs[0].warnings.isEmpty)
    // Android: dark is values-night, with only the colors that change; high contrast has no qualifier.
    #expect(
      outputs[1].files.map(\.path) == ["values/colors.xml", "values/dimens.xml", "values-night/colors.xml"])
    #expect(!outputs[1].files[2].contents.contains("color_brand"))
    #expect(outputs[1].warnings.map(\.message).count == 1)
    #expect(outputs[1].warnings.first?.severity == .warning)
    #expect(outputs[1].warnings.first?.message.contains("mode 'high-contrast' is left out") == true)
  }

  @Test func appearancesFollowTheModeNames() {
    let (byMode, leftOut) = XCAssetsLanguage.appearances(of: [
      "light", "dark", "light-high-contrast", "dark-high-contrast", "sepia", "high-contrast",
    ])
    let dark = XCAssetsLanguage.Appearance(appearance: "luminosity", value: "dark")
    let light = XCAssetsLanguage.Appearance(appearance: "luminosity", value: "light")
    let high = XCAssetsLanguage.Appearance(appearance: "contrast", value: "high")
    #expect(byMode[1] == [dark])
    #expect(byMode[2] == [light, high])
    #expect(byMode[3] == [dark, high])
    #expect(byMode[5] == [high])
    #expect(leftOut == ["sepia"])
    #expect(AndroidEmitter.qualifiedFolders(["dark", "light", "sepia"]).byMode == [1: "values-notnight"])
  }

  @Test func componentsAreWrittenAsXcodeWritesThem() {
    let exact = XCAssetsLanguage.components(of: Color(red: 209 / 255, green: 0, blue: 1, alpha: 0.8))
    #expect(exact == .init(colorSpace: "srgb", red: "0xD1", green: "0x00", blue: "0xFF", alpha: "0.800"))
    let fractional = XCAssetsLanguage.components(of: Color(red: 0.1, green: 0.123456, blue: 0.5, alpha: 1))
    #expect(fractional.red == "0.100")
    #expect(fractional.green == "0.123456")
    #expect(fractional.alpha == "1.000")
  }

  /// A color written outside sRGB goes into the catalog in Display P3, as written when it lies
  /// inside P3 (`display-p3 [1, 0, 1]`), its P3 gamut mapping otherwise; an sRGB color stays sRGB.
  @Test func aWideGamutColorIsWrittenInDisplayP3() throws {
    let tokens = try EmitGamutFixture.tokens()
    let hotPink = try #require(tokens.tokens.first { $0.path.name == "color.hot-pink" })
    guard case .color(let color) = hotPink.value else {
      Issue.record("color.hot-pink is not a color")
      return
    }
    #expect(
      XCAssetsLanguage.components(of: color)
        == .init(colorSpace: "display-p3", red: "1.000", green: "0.000", blue: "1.000", alpha: "1.000"))
    let brandBlue = try #require(tokens.tokens.first { $0.path.name == "color.brand-blue" })
    guard case .color(let beyondP3) = brandBlue.value, let wideGamut = beyondP3.wideGamut else {
      Issue.record("color.brand-blue is not a wide-gamut color")
      return
    }
    #expect(wideGamut.isOutsideDisplayP3)
    let mapped = XCAssetsLanguage.components(of: beyondP3)
    #expect(mapped.colorSpace == "display-p3")
    #expect(
      [mapped.red, mapped.green, mapped.blue].compactMap(Double.init)
        .elementsEqual(wideGamut.displayP3) { abs($0 - $1) <= 0.000_001 })
  }

  // MARK: - The platforms' tools

  /// `aapt2 compile` accepts every resource file, and `aapt2 dump apc` of the compiled files reads
  /// back every color and dimension of the tokens (in the mode of its folder). No `android.jar` is
  /// installed here, so `aapt2 link` cannot run: compiling checks the XML, the names and each
  /// value's format.
  @Test(.requires(.aapt2), arguments: Project.allCases)
  func aapt2CompilesTheResourcesAndTheValuesReadBack(project: Project) throws {
    let aapt2 = try ExternalTool.aapt2.require()
    let tokens = try project.tokens()
    let android = try project.render()[1]
    try withTemporaryDirectory { directory in
      let res = directory.appendingPathComponent("res")
      for file in android.files {
        let url = res.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.bytes).write(to: url)
      }
      let compiled = directory.appendingPathComponent("compiled")
      try FileManager.default.createDirectory(at: compiled, withIntermediateDirectories: true)
      var read: [String: [String: String]] = [:]
      for file in android.files {
        let compile = try ExternalTool.run(
          aapt2, ["compile", res.appendingPathComponent(file.path).path, "-o", compiled.path])
        try #require(compile.status == 0, "aapt2 compile \(file.path) failed:\n\(compile.stderr)")
        let folder = (file.path as NSString).deletingLastPathComponent
        let flat = compiled.appendingPathComponent(
          "\(folder)_\((file.path as NSString).lastPathComponent.replacingOccurrences(of: ".xml", with: ".arsc.flat"))"
        )
        let dump = try ExternalTool.run(aapt2, ["dump", "apc", flat.path])
        try #require(dump.status == 0, "aapt2 dump failed:\n\(dump.stderr)")
        read[folder, default: [:]].merge(Self.values(ofDump: dump.stdout)) { $1 }
      }
      // Every color and dimension, computed here from the resolved tokens.
      var expected: [String: [String: String]] = [:]
      let folders = [0: "values"].merging(AndroidEmitter.qualifiedFolders(tokens.modes).byMode) { $1 }
      for token in tokens.tokens {
        guard case .success(let name) = AndroidLanguage.resourceName(token.path) else { continue }
        for (position, folder) in folders {
          let value = token.byMode[position].value
          guard position == 0 || value != token.first.value else { continue }
          switch value {
          case .color(let color):
            expected[folder, default: [:]]["color/\(name)"] = String(
              format: "#%02x%02x%02x%02x", color.alpha8, color.red8, color.green8, color.blue8)
          case .dimension(let dimension):
            let unit = token.path.segments.contains { $0.lowercased().contains("font") } ? "sp" : "dp"
            expected[folder, default: [:]]["dimen/\(name)"] = String(format: "%.6f", dimension.points) + unit
          default: break
          }
        }
      }
      #expect(!expected.isEmpty)
      #expect(read == expected)
      // Each typography's style, read back from the compiled styles.
      var expectedStyles: [String: [String: String]] = [:]
      for token in tokens.tokens {
        guard case .typography(let type) = token.first.value,
          case .success(let name) = AndroidLanguage.resourceName(token.path)
        else { continue }
        let size = type.fontSize.points
        expectedStyles["style/TextAppearance.EBTokens.\(name)"] = [
          "android:textSize": "\(NumberFormatting.shortest(size))sp",
          "android:textFontWeight": "\(Int(type.fontWeight))",
          "android:textStyle": type.fontWeight >= 600 ? "bold" : "normal",
          "android:lineHeight":
            "\(NumberFormatting.shortest((size * type.lineHeight * 10_000).rounded() / 10_000))sp",
          "android:letterSpacing": String(
            NumberFormatting.shortest((type.letterSpacing.points / size * 10_000).rounded() / 10_000)),
          "android:fontFamily": Self.fontResources[type.fontFamily[0]] ?? "unexpected family",
        ]
      }
      if let styles = android.files.first(where: { $0.path == "values/styles.xml" }) {
        let flat = compiled.appendingPathComponent("values_styles.arsc.flat")
        let dump = try ExternalTool.run(aapt2, ["dump", "apc", flat.path])
        let readStyles = Self.styles(ofDump: dump.stdout)
        #expect(readStyles == expectedStyles, "\(styles.path)")
      }
      #expect(project == .modes || !expectedStyles.isEmpty)
    }
  }

  /// `color/main_bg` → `#ff112233` and `dimen/space_16` → `16.000000dp`, from `aapt2 dump apc`.
  static func values(ofDump dump: String) -> [String: String] {
    var values: [String: String] = [:]
    let lines = dump.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    for (index, line) in lines.enumerated() where line.hasPrefix("resource ") && index + 1 < lines.count {
      let name = String(line.split(separator: " ")[2])
      guard name.hasPrefix("color/") || name.hasPrefix("dimen/") else { continue }
      let value = lines[index + 1].split(separator: " ")
      if value.count >= 2 { values[name] = String(value[1]) }
    }
    return values
  }

  /// The font resources the EastBlue families are named by: words (and camel humps) in snake case.
  static let fontResources = ["Proxima Soft": "@font/proxima_soft", "BarkAda": "@font/bark_ada"]

  /// Each style's items from `aapt2 dump apc`: `style/TextAppearance.EBTokens.x` → `android:textSize` → `18sp`.
  static func styles(ofDump dump: String) -> [String: [String: String]] {
    var styles: [String: [String: String]] = [:]
    var current: String?
    for line in dump.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("resource ") {
        let name = String(line.split(separator: " ")[2])
        current = name.hasPrefix("style/") ? name : nil
        if let current { styles[current] = [:] }
      } else if let current, line.hasPrefix("android:"), let equals = line.firstIndex(of: "=") {
        let value = line[line.index(after: equals)...].replacingOccurrences(of: "(raw string) ", with: "")
        styles[current]?[String(line[..<equals])] = value
      }
    }
    return styles
  }

  /// Every colorset holds its token's color in the first mode as the universal entry and, for a color
  /// that changes, in each mode with an appearance: the components read back to the resolved channels.
  @Test(arguments: Project.allCases)
  func everyColorsetHoldsItsTokensColorInEveryAppearance(project: Project) throws {
    let tokens = try project.tokens()
    let files = Dictionary(uniqueKeysWithValues: try project.render()[0].files.map { ($0.path, $0.bytes) })
    let appearances = XCAssetsLanguage.appearances(of: tokens.modes).byMode
    func component(_ value: Any?) throws -> Double {
      let text = try #require(value as? String)
      return text.hasPrefix("0x")
        ? Double(try #require(UInt8(text.dropFirst(2), radix: 16))) / 255 : try #require(Double(text))
    }
    var checked = 0
    for token in tokens.tokens where token.type == .color {
      let path = "EBTokens.xcassets/" + token.path.segments.joined(separator: "/") + ".colorset/Contents.json"
      let bytes = try #require(files[path], "\(path)")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
      let entries = try #require(json["colors"] as? [[String: Any]])
      let positions = [0] + (token.isConstant ? [] : appearances.keys.sorted())
      #expect(entries.count == positions.count, "\(path)")
      for (entry, position) in zip(entries, positions) {
        guard case .color(let color) = token.byMode[position].value else { continue }
        let appearanceList = (entry["appearances"] as? [[String: String]]) ?? []
        #expect(
          appearanceList
            == (appearances[position] ?? []).map { ["appearance": $0.appearance, "value": $0.value] })
        let components = try #require((entry["color"] as? [String: Any])?["components"] as? [String: Any])
        #expect(abs(try component(components["red"]) - color.red) < 1e-6, "\(path)")
        #expect(abs(try component(components["green"]) - color.green) < 1e-6, "\(path)")
        #expect(abs(try component(components["blue"]) - color.blue) < 1e-6, "\(path)")
        #expect(abs(try component(components["alpha"]) - color.alpha) < 1e-6, "\(path)")
        checked += 1
      }
    }
    #expect(checked > 7)
  }

  /// Every `Contents.json` of the catalog matches the schema of its kind, written from Apple's Asset
  /// Catalog Format Reference; and the colorset schema refuses what Apple's format does not have.
  @Test(.requires(.checkJSONSchema), arguments: Project.allCases)
  func everyContentsJSONMatchesApplesFormat(project: Project) throws {
    let checker = try ExternalTool.checkJSONSchema.require()
    let schemas = TestPaths.fixtures.appendingPathComponent("xcassets-schema")
    let catalog = try project.render()[0]
    try withTemporaryDirectory { directory in
      var byKind: [String: [String]] = [:]
      for file in catalog.files {
        let url = directory.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.bytes).write(to: url)
        let folder = (file.path as NSString).deletingLastPathComponent
        let kind =
          folder.hasSuffix(".colorset") ? "colorset" : folder.hasSuffix(".xcassets") ? "catalog" : "group"
        byKind[kind, default: []].append(url.path)
      }
      #expect(Set(byKind.keys) == ["catalog", "group", "colorset"])
      for (kind, files) in byKind {
        let check = try ExternalTool.run(
          checker, ["--schemafile", schemas.appendingPathComponent("\(kind).schema.json").path] + files)
        #expect(check.status == 0, "\(kind): \(check.stdout)\(check.stderr)")
      }
      // The schema is not vacuous: a color space Apple does not list, and a component out of range, fail.
      let colorset = try #require(byKind["colorset"]?.first)
      let text = try String(contentsOfFile: colorset, encoding: .utf8)
      for (original, broken) in [
        ("\"srgb\"", "\"rgb\""), ("\"idiom\" : \"universal\"", "\"idiom\" : \"phone\""),
      ] {
        let bad = directory.appendingPathComponent("bad-\(broken.count).json")
        try Data(text.replacingOccurrences(of: original, with: broken).utf8).write(to: bad)
        let check = try ExternalTool.run(
          checker, ["--schemafile", schemas.appendingPathComponent("colorset.schema.json").path, bad.path])
        #expect(check.status != 0, "the schema accepted \(broken)")
      }
    }
  }

  /// A Swift package ships the catalog as a resource (`resources: [.process("EBTokens.xcassets")]`):
  /// `swift build` accepts it and puts it in the package's resource bundle. On Linux SwiftPM copies
  /// the folder as it is (there is no `actool`); on Apple platforms it compiles it into `Assets.car`,
  /// which `Color("name", bundle: .module)` reads.
  @Test(.requires(.swift))
  func aSwiftPackageShipsTheCatalogAsAResource() throws {
    let swift = try ExternalTool.swift.require()
    let catalog = try Project.modes.render()[0]
    try withTemporaryDirectory { directory in
      let sources = directory.appendingPathComponent("Sources/EBTokensAssets")
      for file in catalog.files {
        let url = sources.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.bytes).write(to: url)
      }
      try Data(
        """
        import Foundation

        /// The bundle holding the asset catalog.
        public let assetBundle: Bundle = .module

        """.utf8
      ).write(to: sources.appendingPathComponent("Assets.swift"))
      try Data(
        """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
          name: "EBTokensAssets",
          products: [.library(name: "EBTokensAssets", targets: ["EBTokensAssets"])],
          targets: [.target(name: "EBTokensAssets", resources: [.process("EBTokens.xcassets")])]
        )

        """.utf8
      ).write(to: directory.appendingPathComponent("Package.swift"))
      let scratch = directory.appendingPathComponent("scratch")
      try EmitToolchainTests.buildSwiftPackage(swift, at: directory.path, scratch: scratch.path)
      let bundle = try #require(
        FileManager.default.enumerator(atPath: scratch.path)?.compactMap { $0 as? String }.first {
          $0.hasSuffix("EBTokensAssets_EBTokensAssets.resources")
        })
      for file in catalog.files {
        let shipped = scratch.appendingPathComponent(bundle).appendingPathComponent(file.path)
        #expect(FileManager.default.contents(atPath: shipped.path) == Data(file.bytes), "\(file.path)")
      }
    }
  }

  // MARK: - Names

  static func render(_ yaml: String, kind: String, destination: String = "out") throws -> GeneratedOutput {
    let tokens = try loadTokens(["names.yaml": yaml])
    let configuration = try ConfigurationLoader().load(
      yaml: "tokens: tokens\noutputs:\n  - kind: \(kind)\n    destination: \(destination)\n",
      path: "ebtokens.yml")
    return try OutputRenderer(configuration: configuration).render(tokens)[0]
  }

  static func errors(_ yaml: String, kind: String, destination: String = "out") -> [String] {
    do {
      _ = try render(yaml, kind: kind, destination: destination)
      return []
    } catch let error as DiagnosticsError {
      return error.diagnostics.map(\.message)
    } catch {
      return ["\(error)"]
    }
  }

  @Test func assetNamesThatDifferOnlyInCaseCollide() {
    let errors = Self.errors(
      """
      color:
        $type: color
        Brand: "#005CE5"
        brand: "#005CE6"
        Text: { body: "#000000" }
        text: { title: "#000000" }
      """, kind: "xcassets")
    #expect(errors.count == 2, "\(errors)")
    #expect(
      errors.contains {
        $0.contains("token 'color.Brand' and token 'color.brand' both become 'brand.colorset'")
      })
    #expect(errors.contains { $0.contains("group 'color.Text' and group 'color.text' both become 'text'") })
  }

  @Test func assetNamesCannotHoldPathCharacters() {
    let errors = Self.errors(
      """
      color:
        $type: color
        "a:b": "#005CE5"
        "a/b": "#005CE5"
      """, kind: "xcassets")
    #expect(errors.count == 2, "\(errors)")
    #expect(errors.allSatisfy { $0.contains("cannot name an asset") })
  }

  @Test func androidNamesAreSnakeCaseAndCollisionsNameBothTokens() throws {
    let errors = Self.errors(
      """
      color:
        $type: color
        label-title: "#005CE5"
        labelTitle: "#005CE6"
        größe: "#000000"
      default:
        $type: color
        $value: "#000000"
      """, kind: "android")
    #expect(errors.count == 3, "\(errors)")
    #expect(
      errors.contains {
        $0.contains(
          "token 'color.label-title' and token 'color.labelTitle' both become 'color_label_title' in R.color")
      })
    #expect(errors.contains { $0.contains("token 'color.größe' cannot name an Android resource") })
    #expect(errors.contains { $0.contains("'default' is a Java keyword") })
    let output = try Self.render(
      """
      space:
        $type: dimension
        2xl: 32px
        font-size: { body: 1rem }
      """, kind: "android")
    let dimens = try #require(output.files.first { $0.path == "values/dimens.xml" })
    #expect(dimens.contents.contains("<dimen name=\"space_2xl\">32dp</dimen>"))
    #expect(dimens.contents.contains("<dimen name=\"space_font_size_body\">16sp</dimen>"))
  }

  @Test func xmlCommentsCannotBeEnded() throws {
    let output = try Self.render(
      """
      color:
        $type: color
        bg:
          $value: "#FFFFFF"
          $description: "ends --> here <!-- and --- more"
          $deprecated: "use -- the other"
      """, kind: "android")
    let colors = try #require(output.files.first).contents
    let comments = colors.split(separator: "\n").filter {
      $0.contains("<!--") && !$0.contains("generated by")
    }
    #expect(comments.count == 2)
    for comment in comments {
      let inner = comment.trimmingCharacters(in: .whitespaces).dropFirst(4).dropLast(3)
      #expect(!inner.contains("--"), "\(comment)")
    }
  }

  /// A renamed token's colorset is removed by the next build, with its emptied folder; an Android
  /// file no longer generated too.
  @Test func aRenamedTokensFilesAreRemoved() throws {
    try withTemporaryDirectory { directory in
      let tokens = directory.appendingPathComponent("tokens")
      try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
      try Data(("tokens: tokens\noutputs:\n" + Self.outputsYAML).utf8).write(
        to: directory.appendingPathComponent("ebtokens.yml"))
      let colors = tokens.appendingPathComponent("colors.yaml")
      let config = directory.appendingPathComponent("ebtokens.yml").path
      try Data("color:\n  $type: color\n  old: \"#FFFFFF\"\nspace:\n  $type: dimension\n  s: 2px\n".utf8)
        .write(to: colors)
      _ = try Builder().build(ConfigurationLoader().load(path: config), mode: .write)
      let old = directory.appendingPathComponent(
        "xcassets/EBTokens.xcassets/color/old.colorset/Contents.json")
      let dimens = directory.appendingPathComponent("android/res/values/dimens.xml")
      #expect(FileManager.default.fileExists(atPath: old.path))
      #expect(FileManager.default.fileExists(atPath: dimens.path))
      try Data("color:\n  $type: color\n  new: \"#FFFFFF\"\n".utf8).write(to: colors)
      _ = try Builder().build(ConfigurationLoader().load(path: config), mode: .write)
      #expect(!FileManager.default.fileExists(atPath: old.deletingLastPathComponent().path))
      #expect(!FileManager.default.fileExists(atPath: dimens.path))
      #expect(
        FileManager.default.fileExists(
          atPath: directory.appendingPathComponent(
            "xcassets/EBTokens.xcassets/color/new.colorset/Contents.json"
          ).path
        ))
    }
  }

  /// The shipped `ebtokens.yml` builds the asset catalog and the Android resources of the EastBlue
  /// tokens, without a warning, and a second build finds them up to date.
  @Test func theShippedConfigBuildsBothNativeOutputs() throws {
    try withTemporaryDirectory { directory in
      for item in ["ebtokens.yml", "tokens", "templates"] {
        try FileManager.default.copyItem(
          at: TestPaths.repositoryRoot.appendingPathComponent(item),
          to: directory.appendingPathComponent(item))
      }
      let configuration = try ConfigurationLoader().load(
        path: directory.appendingPathComponent("ebtokens.yml").path)
      let kinds: [Configuration.Output.Kind] = configuration.outputs.map(\.kind)
      #expect(kinds.contains(.xcassets) && kinds.contains(.android))
      let result = try Builder().build(configuration, mode: .write)
      #expect(result.warnings.isEmpty)
      for file in [
        "dist/xcassets/EBTokens.xcassets/Contents.json",
        "dist/xcassets/EBTokens.xcassets/main/alert/color/information/bg.colorset/Contents.json",
        "dist/android/res/values/colors.xml", "dist/android/res/values/dimens.xml",
        "dist/android/res/values/styles.xml",
      ] {
        #expect(
          FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
      }
      #expect(try Builder().build(configuration, mode: .check).plan.isUpToDate)
    }
  }

  /// A mode left out is a warning of the build, and an error under `strict`, with nothing written.
  @Test func aModeLeftOutWarnsAndFailsAStrictBuild() throws {
    try withTemporaryDirectory { directory in
      for item in try FileManager.default.contentsOfDirectory(atPath: ModesFixture.project.path) {
        try FileManager.default.copyItem(
          at: ModesFixture.project.appendingPathComponent(item), to: directory.appendingPathComponent(item))
      }
      var configuration = try Project.modes.configuration()
      configuration.baseDirectory = directory.path
      let warnings = try Builder().build(configuration, mode: .write).warnings
      #expect(warnings.map(\.severity) == [.warning])
      #expect(
        warnings.first?.message.contains("mode 'high-contrast' is left out of the Android output") == true)
      try FileManager.default.removeItem(at: directory.appendingPathComponent("android"))
      configuration.strict = true
      #expect(throws: DiagnosticsError.self) { try Builder().build(configuration, mode: .write) }
      do {
        _ = try Builder().build(configuration, mode: .write)
      } catch let error as DiagnosticsError {
        #expect(error.diagnostics.map(\.severity) == [.error])
      }
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("android").path))
    }
  }

  @Test func anXcassetsDestinationIsTheFolderThatHoldsTheCatalog() {
    let errors = Self.errors(
      "color:\n  $type: color\n  bg: \"#FFFFFF\"\n", kind: "xcassets", destination: "dist/EBTokens.xcassets")
    #expect(errors.count == 1)
    #expect(errors.first?.contains("the folder that holds the catalog, such as 'dist/xcassets'") == true)
  }

  @Test func aGeneratedContentsJSONReadsAsGeneratedAndOneXcodeWroteDoesNot() throws {
    let output = try Self.render("color:\n  $type: color\n  bg: \"#FFFFFF\"\n", kind: "xcassets")
    for file in output.files {
      #expect(OutputWriter.isGenerated(Array(file.bytes.prefix(512))), "\(file.path)")
    }
    let xcode =
      "{\n  \"colors\" : [\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
    #expect(!OutputWriter.isGenerated(Array(xcode.utf8)))
  }
}
