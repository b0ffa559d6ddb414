import Foundation
import Testing

@testable import EBTokensParsing
@testable import EBTokensResolution
@testable import EBTokensSupport
@testable import EBTokensSyntax

/// `TokenLoader` reads and walks files side by side and merges them in order: what it finds, and
/// every error in its order, must be what reading the files one after the other finds.
@Suite struct ParallelLoadingTests {
  /// Files whose errors depend on the files before them: a token defined again, a group that is
  /// a token in an earlier file (its members are then not read), group types that disagree.
  private static func files(count: Int) -> [(name: String, contents: String)] {
    (0..<count).map { index in
      let name = String(format: "f%03d.yaml", index)
      let previous = max(index - 1, 0)
      let contents = """
        shared:
          $type: \(index % 7 == 3 ? "dimension" : "color")
          t\(index):
            bg: "#FFFFFF"
            bad: "#GG\(index)"
            ref: "{shared.t\(previous).bg} @ 50%"
            missing: "{shared.t\(index).nope}"
          dup: "#000000"
        clash\(previous):
          child:
            $value: "{nowhere.at.all}"
            $typo: 1
        clash\(index): "#123456"
        "bad.name": "#FFFFFF"
        keys:
          a: 1
          a: 2
        \(index % 5 == 0 ? "broken: [\n" : "")
        """
      return (name, contents)
    }
  }

  /// ``files(count:)`` written into `directory`, listed in order.
  private static func writeFiles(count: Int, in directory: URL) throws -> [TokenFiles.File] {
    try files(count: count).map { name, contents in
      let url = directory.appendingPathComponent(name)
      try Data(contents.utf8).write(to: url)
      return TokenFiles.File(path: url.path, displayPath: name)
    }
  }

  /// The loader as it was before files were read side by side: one file after the other.
  private static func loadOneByOne(_ files: [TokenFiles.File]) -> [Diagnostic] {
    var errors: [any DiagnosticConvertible] = []
    var parser = TokenFileParser()
    for file in files {
      let result = YAMLReader().read(path: file.path, displayPath: file.displayPath)
      errors += result.errors
      if let document = result.document { parser.add(document) }
    }
    errors += parser.errors
    errors += parser.dtcgErrors
    var source = parser.source
    errors += DTCGStructure.apply(to: &source, limits: .standard)
    errors += Resolver.resolve(source).1
    return DiagnosticsError(errors).diagnostics
  }

  @Test func manyFilesGiveTheErrorsOfReadingThemOneByOne() throws {
    try withTemporaryDirectory { directory in
      let list = try Self.writeFiles(count: 60, in: directory)
      let expected = Self.loadOneByOne(list)
      #expect(expected.count > 400)
      var found: [Diagnostic] = []
      do {
        _ = try TokenLoader().load(files: list)
      } catch let error as DiagnosticsError {
        found = error.diagnostics
      }
      #expect(found.count == expected.count)
      #expect(found == expected)
    }
  }

  /// `z`'s invalid color is not reported: the group it is in is not merged.
  @Test func aGroupThatIsATokenInAnEarlierFileHidesItsMembersErrors() {
    let errors = diagnostics {
      _ = try loadTokens([
        "a.yaml": "x:\n  $type: color\n  y: \"#FFFFFF\"\n",
        "b.yaml": "x:\n  y:\n    z: \"#GGG\"\n    $typo: 1\n",
        "c.yaml": "x:\n  y: \"#000000\"\n",
      ])
    }
    #expect(
      errors == [
        "b.yaml:2:3: error: 'x.y' is both a token (a.yaml:3:3) and a group (b.yaml:2:3)",
        // Written before the group's members, and reported before the group is merged.
        "b.yaml:4:5: error: unknown key '$typo'; keys starting with '$' are reserved; did you mean '$type'?",
        "c.yaml:2:3: error: token 'x.y' is defined twice; first definition at a.yaml:3:3",
      ])
  }

  /// Past the token limit, loading stops with the errors found up to there, as one by one: the
  /// files still being read meanwhile add nothing.
  @Test func theTokenLimitStopsWithTheErrorsOfReadingOneByOne() throws {
    try withTemporaryDirectory { directory in
      let list = try Self.writeFiles(count: 60, in: directory)
      let limits = Limits(maxFileBytes: 1 << 20, maxDepth: 128, maxTokens: 100, maxReferenceChain: 10)
      var expected: [any DiagnosticConvertible] = []
      var parser = TokenFileParser(limits: limits)
      for file in list where !parser.exceededTokenLimit {
        let result = YAMLReader(limits: limits).read(path: file.path, displayPath: file.displayPath)
        expected += result.errors
        if let document = result.document { parser.add(document) }
      }
      #expect(parser.exceededTokenLimit)
      expected += parser.errors
      var found: [Diagnostic] = []
      do {
        _ = try TokenLoader(limits: limits).load(files: list)
      } catch let error as DiagnosticsError {
        found = error.diagnostics
      }
      #expect(found == DiagnosticsError(expected).diagnostics)
    }
  }

  /// Values reach the consumer in job order even when later jobs finish first, and a consumer
  /// that throws sees nothing after.
  ///
  /// The first job waits until the last one is done, so every other job finishes before it,
  /// whatever the timing. That takes a second thread: with one core the jobs run one by one.
  @Test(
    .enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "needs two cores to run jobs side by side")
  )
  func jobsAreConsumedInOrderUntilTheConsumerThrows() {
    struct Stop: Error {}
    let lastDone = DispatchSemaphore(value: 0)
    let finished = FinishOrder()
    let jobs = (0..<40).map { index in
      { @Sendable () -> Int in
        // A bound only so a broken pool fails the test instead of hanging it.
        if index == 0 { _ = lastDone.wait(timeout: .now() + 60) }
        finished.append(index)
        if index == 39 { lastDone.signal() }
        return index
      }
    }
    var seen: [Int] = []
    #expect(throws: Stop.self) {
      try runSideBySide(jobs) { value in
        seen.append(value)
        if value == 25 { throw Stop() }
      }
    }
    #expect(seen == Array(0...25))
    // The jobs did finish out of order: the first one last.
    #expect(finished.values.last == 0, "\(finished.values)")
    #expect(finished.values.count == 40)
  }

  /// A large value released in the background is freed on another thread every time, also when
  /// the other thread is done with it before `release` returns; released here, at once.
  @Test func aValueReleasedInTheBackgroundIsFreedOnAnotherThread() {
    let caller = pthread_self()
    let freed = DispatchSemaphore(value: 0)
    let onCaller = FinishOrder()
    let releases = 20_000
    for index in 0..<releases {
      // With the global queue's threads awake, a job is often done before the call that queued it
      // has returned.
      if index % 20 == 0 { DispatchQueue.concurrentPerform(iterations: 4) { _ in } }
      release(
        FreedValue {
          if pthread_equal(pthread_self(), caller) != 0 { onCaller.append(index) }
          freed.signal()
        }, inBackground: true)
    }
    var freedCount = 0
    while freedCount < releases, freed.wait(timeout: .now() + 60) == .success { freedCount += 1 }
    #expect(freedCount == releases)
    #expect(onCaller.values.isEmpty, "freed on the calling thread: \(onCaller.values.count) of \(releases)")

    var freedHere = false
    release(FreedValue { freedHere = pthread_equal(pthread_self(), caller) != 0 }, inBackground: false)
    #expect(freedHere)
  }
}

/// Calls `onFree` when it is freed.
private final class FreedValue {
  let onFree: () -> Void

  init(_ onFree: @escaping () -> Void) {
    self.onFree = onFree
  }

  deinit { onFree() }
}

/// The order jobs finished in, appended to from any thread.
private final class FinishOrder: @unchecked Sendable {
  private let lock = NSLock()
  private var order: [Int] = []

  func append(_ index: Int) {
    lock.lock()
    order.append(index)
    lock.unlock()
  }

  var values: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return order
  }
}
