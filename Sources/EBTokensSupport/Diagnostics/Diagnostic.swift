/// One finding about the user's input, printed as `file:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable {
  public enum Severity: String, Sendable {
    case error
    case warning
    case note
  }

  /// A secondary location that explains the main one ("first defined here").
  public struct Note: Hashable, Sendable {
    public let location: SourceLocation?
    public let message: String

    public init(_ message: String, at location: SourceLocation?) {
      self.message = message
      self.location = location
    }
  }

  public let severity: Severity
  /// `nil` only for problems that belong to no file (a missing folder, say).
  public let location: SourceLocation?
  public let message: String
  public let notes: [Note]

  public init(
    _ message: String, at location: SourceLocation?, notes: [Note] = [], severity: Severity = .error
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.notes = notes
  }
}

/// Every stage's error type converts to a ``Diagnostic``.
public protocol DiagnosticConvertible: Error, Sendable {
  var diagnostic: Diagnostic { get }
}

/// All the diagnostics one run found, sorted by file and line.
///
/// The pipeline throws this (never the first error alone) so the user sees every
/// mistake in one run.
public struct DiagnosticsError: Error, Sendable {
  public let diagnostics: [Diagnostic]

  public init(_ errors: [any DiagnosticConvertible]) {
    self.init(diagnostics: errors.map(\.diagnostic))
  }

  public init(diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics.sorted(by: DiagnosticsError.order)
  }

  /// Located diagnostics first, by file, line and column; then the message, so
  /// the order never depends on the order the stages ran in.
  static func order(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    switch (lhs.location, rhs.location) {
    case (nil, nil): return lhs.message < rhs.message
    case (nil, _): return false
    case (_, nil): return true
    case (let l?, let r?): return l == r ? lhs.message < rhs.message : l < r
    }
  }
}
