import EBTokensConfig
import EBTokensModel
import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensParsing

/// The JSON Schemas in `schemas/` name exactly the keys, kinds and choices the loaders accept: a
/// key added to the loader but not the schema (or the other way) fails here.
@Suite struct SchemaParityTests {
  static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("schemas")

  /// A schema object, read as JSON, with the lookups the tests need.
  struct Schema {
    let object: [String: Any]

    static func load(_ name: String) throws -> Schema {
      let data = try Data(contentsOf: schemas.appendingPathComponent(name))
      return Schema(object: try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    subscript(_ key: String) -> Schema? {
      (object[key] as? [String: Any]).map(Schema.init)
    }

    func definition(_ name: String) throws -> Schema {
      try #require(self["definitions"]?[name], "no definition '\(name)'")
    }

    /// The definition a `{"$ref": "#/definitions/…"}` names.
    func resolving(_ reference: Schema, in root: Schema) throws -> Schema {
      let pointer = try #require(reference.object["$ref"] as? String)
      return try root.definition(String(pointer.dropFirst("#/definitions/".count)))
    }

    var propertyNames: Set<String> {
      Set((object["properties"] as? [String: Any]).map { Array($0.keys) } ?? [])
    }
    var closed: Bool { object["additionalProperties"] as? Bool == false }
    var alternatives: [Schema] { (object["anyOf"] as? [[String: Any]] ?? []).map(Schema.init) }
    var allOf: [Schema] { (object["allOf"] as? [[String: Any]] ?? []).map(Schema.init) }
    func strings(_ key: String) -> Set<String> { Set(object[key] as? [String] ?? []) }
  }

  /// Asserts that `schema` is an object schema refusing other keys, with exactly `keys`.
  func expectClosed(_ schema: Schema, keys: [String], _ section: String) {
    #expect(schema.propertyNames == Set(keys), "\(section): schema and loader name different keys")
    #expect(schema.closed, "\(section): the loader refuses unknown keys, so the schema must too")
  }

  @Test func configSchemaNamesEveryKeyTheLoaderAccepts() throws {
    let root = try Schema.load("ebtokens.schema.json")
    expectClosed(root, keys: ConfigurationLoader.Keys.root, "the config")
    let resolver = try #require(
      root["properties"]?["resolver"]?.alternatives.first { $0.object["type"] != nil })
    expectClosed(resolver, keys: ConfigurationLoader.Keys.resolver, "resolver")
    let output = try root.definition("output")
    expectClosed(output, keys: ConfigurationLoader.Keys.output, "an output")
    expectClosed(
      try root.definition("cssMode"), keys: ConfigurationLoader.Keys.cssMode, "a mode's css options")
    expectClosed(try root.definition("audit"), keys: ConfigurationLoader.Keys.audit, "audit")
    expectClosed(try root.definition("rule"), keys: ConfigurationLoader.Keys.rule, "a rule")

    let kinds = Configuration.Output.Kind.allCases
    #expect(output["properties"]?["kind"]?.strings("enum") == Set(kinds.map(\.rawValue)))
    for kind in kinds {
      let branch = try #require(
        output.allOf.first { $0["if"]?["properties"]?["kind"]?.object["const"] as? String == kind.rawValue },
        "no options for \(kind.rawValue) outputs in the schema")
      let options = try #require(branch["then"]?["properties"]?["options"])
      expectClosed(
        try root.resolving(options, in: root), keys: ConfigurationLoader.Keys.options(of: kind),
        "\(kind.rawValue) options")
    }
    #expect(output.allOf.count == kinds.count)
  }

  @Test func configSchemaOffersTheLoadersChoices() throws {
    let root = try Schema.load("ebtokens.schema.json")
    let audit = try root.definition("audit")
    #expect(
      audit["properties"]?["level"]?.strings("enum")
        == Set(Configuration.Audit.Level.allCases.map(\.rawValue)))
    #expect(
      audit["properties"]?["method"]?.strings("enum")
        == Set(Configuration.Audit.Method.allCases.map(\.rawValue)))
    #expect(
      try root.definition("rule")["properties"]?["role"]?.strings("enum")
        == Set(Configuration.Audit.Role.allCases.map(\.rawValue)))
  }

  @Test func tokenSchemaNamesTheReservedKeysAndTypes() throws {
    let root = try Schema.load("tokens.schema.json")
    #expect(root.propertyNames == Set(FileMembers.rootKeys))
    let token = try root.definition("token")
    expectClosed(token, keys: FileMembers.tokenKeys, "a token")
    #expect(try root.definition("group").propertyNames == Set(FileMembers.groupKeys))
    let types = try root.definition("type").alternatives.reduce(into: Set<String>()) {
      $0.formUnion($1.strings("enum"))
    }
    #expect(types == Set(TokenType.allCases.map(\.rawValue)).union(TokenType.nonStandard))
    // Every DTCG type whose literal the schema can check has its value schema, on a token and
    // on a group's shorthand members.
    let values = try root.definition("value")
    let checked = TokenType.allCases.map(\.rawValue).filter { values[$0] != nil }
    #expect(checked.count == TokenType.allCases.count)
    #expect(token.allOf.count == checked.count)
    let colorObject = try #require(
      values["color"]?.alternatives.first { $0.object["type"] as? String == "object" })
    #expect(
      colorObject["properties"]?["colorSpace"]?.strings("enum") == Set(ColorSpace.allCases.map(\.rawValue)))
  }
}
