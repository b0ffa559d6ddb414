import Foundation

/// What an audit keeps for the next audit of a ``BuildSession``-like caller (`ebtokens build
/// --watch`): its rules' matches, which the next audit reuses when its caller knows they cannot
/// have changed, and then its results, each kept for an entry measured from the very same tokens;
/// and each pair's members in its JSON report, card in its HTML page, and row and suggested fix in
/// its Markdown report; and the HTML page itself.
package final class AuditMemo: @unchecked Sendable {
  private let lock = NSLock()
  private var keptMatches: ContrastAudit.Matches?
  private var keptResults: ContrastAudit.Measured?
  private var keptPieces: [Report: ReportPieces] = [:]
  private var keptPage: AuditHTML.Page?

  package init() {}

  var matches: ContrastAudit.Matches? {
    get { lock.withLock { keptMatches } }
    set { lock.withLock { keptMatches = newValue } }
  }

  var measured: ContrastAudit.Measured? {
    get { lock.withLock { keptResults } }
    set { lock.withLock { keptResults = newValue } }
  }

  /// A report whose pieces the memo keeps, one per pair (``ReportPieces``).
  enum Report {
    /// Each pair's members in the JSON report (``AuditReport/streamJSON(_:memo:to:)``).
    case jsonMembers
    /// The cards of the HTML page (``AuditHTML/bytes(_:memo:)``).
    case htmlCards
    /// The table rows of the Markdown report (``AuditReport/markdown(_:memo:)``).
    case markdownRows
    /// The suggested fixes of the Markdown report, one line each.
    case markdownFixes
  }

  /// The pieces the last `report` kept, forgotten here: the report being written keeps its own
  /// (``keep(_:for:)``), and the last ones are freed once it is done with them.
  func takePieces(of report: Report) -> ReportPieces? {
    lock.withLock { keptPieces.removeValue(forKey: report) }
  }

  func keep(_ pieces: ReportPieces, for report: Report) {
    lock.withLock { keptPieces[report] = pieces }
  }

  /// The HTML page the last audit wrote, forgotten here.
  func takePage() -> AuditHTML.Page? {
    lock.withLock {
      defer { keptPage = nil }
      return keptPage
    }
  }

  func keepPage(_ page: AuditHTML.Page) {
    lock.withLock { keptPage = page }
  }

  /// Whether the last `report` kept pieces and `results` would not reuse them all: some pair's
  /// result is not the one its piece was written from, or the pairs are not as many.
  func differs(_ report: Report, for results: [PairResult]) -> Bool {
    guard let last = lock.withLock({ keptPieces[report] }) else { return false }
    return last.results.count != results.count
      || results.indices.contains { last.piece(at: $0, for: results) == nil }
  }
}

/// Each pair's piece of one report (a JSON object's members, an HTML card, a Markdown row or
/// suggested fix) as a report of a session wrote it, by the pair's position, with the results the
/// pieces were written from: a piece is a function of its pair's result, and of the audit's
/// settings, which are the same while a session keeps the pieces.
struct ReportPieces {
  /// The audit's results: the very array it gave, which holds no copy of them.
  let results: [PairResult]
  private var pieces: [[UInt8]?]

  /// No piece yet, for a report of `results`.
  init(results: [PairResult]) {
    self.results = results
    pieces = Array(repeating: nil, count: results.count)
  }

  /// The piece written at `index`, when the pair's result there is the one at `index` of
  /// `results`; `nil` when it was not written or the result differs.
  func piece(at index: Int, for results: [PairResult]) -> [UInt8]? {
    guard pieces.indices.contains(index), let piece = pieces[index] else { return nil }
    // The results are compared where they are: a copy of each would cost more than the comparison.
    let isSame = results.withUnsafeBufferPointer { now in
      self.results.withUnsafeBufferPointer { before in
        now.indices.contains(index) && before[index] == now[index]
      }
    }
    return isSame ? piece : nil
  }

  mutating func keep(_ piece: [UInt8], at index: Int) {
    pieces[index] = piece
  }

  /// The pieces at `indices`, for `results`, when this holds each of them for the very same result
  /// there; `nil` when one is missing or its result differs.
  func keepingEvery(_ indices: some Sequence<Int>, for results: [PairResult]) -> ReportPieces? {
    var kept = ReportPieces(results: results)
    for index in indices {
      guard let piece = piece(at: index, for: results) else { return nil }
      kept.keep(piece, at: index)
    }
    return kept
  }

  /// The piece of the pair at `index`: `last`'s, when it wrote one there for the very same result,
  /// `make`'s otherwise; kept here either way, for the next report.
  mutating func piece(at index: Int, reusing last: ReportPieces?, make: () -> [UInt8]) -> [UInt8] {
    let piece = last?.piece(at: index, for: results) ?? make()
    pieces[index] = piece
    return piece
  }
}
