import EBTokensSupport

/// Why a literal value is not valid for its type.
public struct ValueProblem: Error, Sendable {
  public let message: String
  /// A more precise place than the value's start (a component of a color object, say).
  public let location: SourceLocation?

  package init(_ message: String, at location: SourceLocation? = nil) {
    self.message = message
    self.location = location
  }
}
