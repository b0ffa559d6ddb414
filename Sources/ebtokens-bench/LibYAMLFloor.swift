import CYAML
import Foundation

/// libyaml alone: the least any YAML token compiler must spend, for comparison with the rest.
enum LibYAMLFloor {
  struct Counts {
    var events = 0
    var scalars = 0
  }

  /// Parses `data` event by event, deleting each event at once and keeping nothing.
  ///
  /// - Returns: `line:column: problem` for a syntax error, `nil` when the file parsed.
  static func scan(_ data: Data, counts: inout Counts) -> String? {
    data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else {
        var nothing: UInt8 = 0
        return scan(&nothing, count: 0, counts: &counts)
      }
      return scan(base.assumingMemoryBound(to: UInt8.self), count: raw.count, counts: &counts)
    }
  }

  private static func scan(_ bytes: UnsafePointer<UInt8>, count: Int, counts: inout Counts) -> String? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return "1:1: libyaml could not allocate a parser" }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_input_string(&parser, bytes, count)
    var event = yaml_event_t()
    while true {
      guard yaml_parser_parse(&parser, &event) == 1 else {
        let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
        return "\(parser.problem_mark.line + 1):\(parser.problem_mark.column + 1): \(problem)"
      }
      let type = event.type
      yaml_event_delete(&event)
      counts.events += 1
      if type == YAML_SCALAR_EVENT { counts.scalars += 1 }
      if type == YAML_STREAM_END_EVENT { return nil }
    }
  }
}
