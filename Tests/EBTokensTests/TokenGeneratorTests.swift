import EBTokensBenchSupport
import Foundation
import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensModel
@testable import EBTokensResolution

/// The benchmark's generated token trees: deterministic, valid, and shaped as issue 6 asks.
@Suite struct TokenGeneratorTests {
  static let count = 2_000
  static let seed: UInt64 = 7

  /// Every file below `directory`, relative path → bytes.
  static func contents(of directory: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let root = directory.standardizedFileURL.path
    guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    else {
      return files
    }
    for case let url as URL in enumerator where !url.hasDirectoryPath {
      files[String(url.standardizedFileURL.path.dropFirst(root.count))] = try Data(contentsOf: url)
    }
    return files
  }

  /// Generates and writes a tree into a temporary folder, then hands `body` the folder.
  static func withGeneratedTree<T>(
    count: Int = count, seed: UInt64 = seed, _ body: (URL, GeneratedTokenTree) throws -> T
  ) throws -> T {
    let tree = try TokenTreeGenerator(count: count, seed: seed).generate()
    return try withTemporaryDirectory { directory in
      try tree.write(to: directory.path)
      return try body(directory, tree)
    }
  }

  @Test func sameCountAndSeedWriteByteIdenticalFiles() throws {
    let first = try Self.withGeneratedTree { directory, _ in try Self.contents(of: directory) }
    let second = try Self.withGeneratedTree { directory, _ in try Self.contents(of: directory) }
    #expect(first.count > 10)
    #expect(first == second)
    let otherSeed = try Self.withGeneratedTree(seed: Self.seed + 1) { directory, _ in
      try Self.contents(of: directory)
    }
    #expect(otherSeed.keys.sorted() == first.keys.sorted())
    #expect(otherSeed != first)
  }

  @Test func generatedSetLoadsWithTheStatedMix() throws {
    let tokenSet = try Self.withGeneratedTree { directory, tree in
      #expect(tree.tokenCount == Self.count)
      return try TokenLoader().load(directory: directory.appendingPathComponent("tokens").path).value
    }
    let tokens = tokenSet.tokens
    #expect(tokens.count == Self.count)
    func share(_ isCounted: (Token) -> Bool) -> Double {
      Double(tokens.count(where: isCounted)) / Double(tokens.count)
    }
    #expect((0.67...0.73).contains(share { $0.type == .color }))
    #expect((0.17...0.23).contains(share { $0.type == .dimension }))
    #expect((0.07...0.13).contains(share { ![.color, .dimension].contains($0.type) }))
    // Every type but the composites and cubic Béziers, which the generator does not write.
    #expect(
      Set(tokens.map(\.type)) == Set(TokenType.allCases.filter { !$0.isComposite && $0 != .cubicBezier }))
    #expect((0.12...0.18).contains(share { $0.reference != nil }))
    #expect(tokens.contains { $0.reference?.alphaFactor != nil })
    #expect(tokens.allSatisfy { (4...6).contains($0.path.segments.count) })

    // A reference's chain: the number of steps from the token to a literal value.
    var chainLengths: [String: Int] = [:]
    for token in tokens {
      var length = 0
      var current = token
      while let target = current.reference?.target, let next = tokenSet[target.name] {
        length += 1
        current = next
      }
      chainLengths[token.name] = length
    }
    let longest = chainLengths.values.max() ?? 0
    #expect((3...5).contains(longest))
    #expect(chainLengths.values.contains(3))
  }

  @Test func everyAuditRuleMatchesAndPairsPassAndFail() throws {
    let (result, ruleCount) = try Self.withGeneratedTree { directory, tree in
      let configuration = try ConfigurationLoader().load(
        path: directory.appendingPathComponent(GeneratedTokenTree.configurationPath).path)
      #expect(configuration.outputs.map(\.kind) == [.swift, .kotlin, .css])
      #expect(configuration.audit.rules.count == tree.ruleCount)
      let tokenSet = try TokenLoader().load(directory: directory.appendingPathComponent("tokens").path).value
      // The audit throws for a rule whose patterns match nothing or pair nothing.
      return (try runAudit(tokens: tokenSet, configuration: configuration), configuration.audit.rules.count)
    }
    #expect(ruleCount > 30)
    #expect(result.passedCount > result.results.count / 4)
    #expect(result.failedCount > result.results.count / 4)
    #expect(Set(result.results.map(\.role)) == Set(Configuration.Audit.Role.allCases))
  }

  @Test func smallCountsStayExactAndValid() throws {
    for count in [1, 137] {
      let tokenSet = try Self.withGeneratedTree(count: count) { directory, _ in
        try TokenLoader().load(directory: directory.appendingPathComponent("tokens").path).value
      }
      #expect(tokenSet.tokens.count == count)
    }
  }

  @Test func badCountsAndExistingOutputAreRefused() throws {
    #expect(throws: TokenTreeGeneratorError.countOutOfRange(0)) { try TokenTreeGenerator(count: 0) }
    #expect(throws: TokenTreeGeneratorError.countOutOfRange(1_000_001)) {
      try TokenTreeGenerator(count: 1_000_001)
    }
    try Self.withGeneratedTree(count: 10) { directory, tree in
      let tokens = directory.appendingPathComponent("tokens").path
      #expect(throws: TokenTreeGeneratorError.outputExists(tokens)) { try tree.write(to: directory.path) }
      try tree.write(to: directory.path, overwrite: true)
    }
  }
}
