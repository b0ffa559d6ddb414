import Foundation

/// The results of `run` as text: the table, the ratios, and a verdict per target of issue 6.
struct Report {
  enum Verdict: String {
    case pass = "PASS"
    case fail = "FAIL"
    case skip = "SKIP"
  }

  let session: Session
  let counts: [Int]

  /// No target failed and no phase failed; a target whose count was not measured is skipped.
  var succeeded: Bool {
    !targets.contains { $0.verdict == .fail }
      && !counts.contains { count in Phase.allCases.contains { session.result(count, $0)?.problem != nil } }
  }

  func render() -> String {
    var lines = ["trees:"]
    for tree in counts.compactMap(session.tree) {
      let megabytes = String(format: "%.2f", Double(tree.bytes) / 1_048_576)
      let size = "\(tree.files) files, \(megabytes) MB of YAML, \(tree.rules) audit rules"
      lines.append("  N=\(Self.grouped(tree.count)): \(size)")
    }
    lines.append("")
    lines.append(table())
    lines += compileNotes
    let problems = counts.flatMap { count in Phase.allCases.compactMap { session.result(count, $0) } }
      .filter { $0.problem != nil }
    if !problems.isEmpty {
      lines.append("problems:")
      for result in problems {
        lines.append("  N=\(Self.grouped(result.count)) \(result.phase.label): \(result.problem ?? "")")
      }
    }
    let incomplete = counts.compactMap(session.tree).filter { !$0.missingOutputs.isEmpty }
    for tree in incomplete {
      let missing = tree.missingOutputs.joined(separator: ", ")
      lines.append(
        "note: N=\(Self.grouped(tree.count)): the full build did not write \(missing), "
          + "so (c) and (d) do not measure a complete build yet")
    }
    lines.append("")
    lines.append("ratios (best times):")
    for count in counts {
      lines.append(
        "  N=\(Self.grouped(count)): " + ratio(count, .resolve, .libyaml) + ", "
          + ratio(count, .build, .libyaml))
    }
    let growthText = growth.map { String(format: "%.1f×", $0) } ?? "n/a"
    lines.append("  growth of (c) from 10,000 to 100,000 tokens: \(growthText)")
    lines.append("")
    lines.append("targets (issues 6 and 20; best times; peak memory of all runs unless said):")
    for target in targets {
      lines.append("  \(target.verdict.rawValue)  \(target.name): \(target.detail)")
    }
    return lines.joined(separator: "\n")
  }

  private func table() -> String {
    var lines = [
      Self.row(["N", "phase", "best ms", "median ms", "peak MB", "runs"]),
      Self.row(["", "", "", "", "", ""]).replacingOccurrences(of: " ", with: "-"),
    ]
    for count in counts {
      for phase in Phase.allCases {
        guard let result = session.result(count, phase) else { continue }
        let peak = result.peakKiB > 0 ? String(format: "%.1f", Double(result.peakKiB) / 1024) : "-"
        lines.append(
          Self.row([
            Self.grouped(count), phase.label, Self.milliseconds(result.best),
            Self.milliseconds(result.median),
            result.problem == nil ? peak : "FAILED", "\(result.milliseconds.count)",
          ]))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static let widths = [9, 23, 10, 10, 9, 5]

  /// The first two columns left-aligned, the numbers right-aligned.
  private static func row(_ cells: [String]) -> String {
    zip(cells, widths).enumerated().map { index, pair in
      let (cell, width) = pair
      let padding = String(repeating: " ", count: max(0, width - cell.count))
      return index < 2 ? cell + padding : padding + cell
    }.joined(separator: "  ")
  }

  private func ratio(_ count: Int, _ phase: Phase, _ base: Phase) -> String {
    let name = "\(phase.label.prefix(3))/\(base.label.prefix(3))"
    guard let multiple = multiple(count, phase, of: base) else { return "\(name) n/a" }
    return "\(name) " + String(format: "%.1f×", multiple)
  }

  /// The best time of `phase` as a multiple of `base`'s, at `count` tokens.
  private func multiple(_ count: Int, _ phase: Phase, of base: Phase) -> Double? {
    guard let value = session.result(count, phase)?.best, let floor = session.result(count, base)?.best,
      floor > 0
    else { return nil }
    return value / floor
  }

  private var growth: Double? {
    guard let small = session.result(10_000, .build)?.best, let large = session.result(100_000, .build)?.best,
      small > 0
    else { return nil }
    return large / small
  }

  // MARK: - Targets

  struct Target {
    let name: String
    let verdict: Verdict
    let detail: String
  }

  var targets: [Target] {
    let buildPeak = session.result(100_000, .build).map { Double($0.peakKiB) / 1024 }
    let leastBuildPeak = session.result(100_000, .build).map { Double($0.leastPeakKiB) / 1024 }
    return [
      judge(
        "full build of 100,000 tokens under 1 s", needs: [(100_000, .build)],
        value: session.result(100_000, .build)?.best, format: "%.1f ms"
      ) { $0 < 1000 },
      judge(
        "full build of 10,000 tokens under 0.15 s", needs: [(10_000, .build)],
        value: session.result(10_000, .build)?.best, format: "%.1f ms"
      ) { $0 < 150 },
      judge(
        "growth of the full build from 10,000 to 100,000 tokens at most 11×",
        needs: [(10_000, .build), (100_000, .build)], value: growth, format: "%.1f×"
      ) { $0 <= 11 },
      judge(
        "peak memory of the full build of 100,000 tokens under 200 MB", needs: [(100_000, .build)],
        value: buildPeak, format: "%.1f MB"
      ) { $0 < 200 },
      judge(
        "no-change rebuild of 100,000 tokens under 0.1 s", needs: [(100_000, .rebuild)],
        value: session.result(100_000, .rebuild)?.best, format: "%.1f ms"
      ) { $0 < 100 },
      judge(
        "parse + resolve of 100,000 tokens within 3× the libyaml floor (issue 20)",
        needs: [(100_000, .libyaml), (100_000, .resolve)], value: multiple(100_000, .resolve, of: .libyaml),
        format: "%.1f×"
      ) { $0 <= 3 },
      judge(
        "full build of 100,000 tokens within 6× the libyaml floor (issue 20)",
        needs: [(100_000, .libyaml), (100_000, .build)], value: multiple(100_000, .build, of: .libyaml),
        format: "%.1f×"
      ) { $0 <= 6 },
      judge(
        "growth of the full build from 10,000 to 100,000 tokens at most 10.5× (issue 20)",
        needs: [(10_000, .build), (100_000, .build)], value: growth, format: "%.1f×"
      ) { $0 <= 10.5 },
      judge(
        "peak memory of the full build of 100,000 tokens under 110 MB, the least of its runs (issue 20)",
        needs: [(100_000, .build)], value: leastBuildPeak, format: "%.1f MB"
      ) { $0 < 110 },
      judge(
        "one-token change of 100,000 tokens under 0.1 s (issue 20)", needs: [(100_000, .oneTokenChange)],
        value: session.result(100_000, .oneTokenChange)?.best, format: "%.1f ms"
      ) { $0 < 100 },
      judge(
        "one-token change of 10,000 tokens under 15 ms (issue 20)", needs: [(10_000, .oneTokenChange)],
        value: session.result(10_000, .oneTokenChange)?.best, format: "%.1f ms"
      ) { $0 < 15 },
    ] + compileTargets
  }

  /// SKIP when a phase the target needs was not measured, FAIL when one failed; otherwise the
  /// value decides, but a build that left configured outputs unwritten fails whatever its time.
  private func judge(
    _ name: String, needs phases: [(count: Int, phase: Phase)], value: Double?, format: String,
    passes: (Double) -> Bool
  ) -> Target {
    var missing: [String] = []
    for (count, phase) in phases {
      guard let result = session.result(count, phase) else {
        return Target(name: name, verdict: .skip, detail: "\(Self.grouped(count)) is not in --counts")
      }
      if let problem = result.problem {
        let firstLine = problem.split(separator: "\n").first.map(String.init) ?? problem
        return Target(name: name, verdict: .fail, detail: "\(phase.label) \(firstLine)")
      }
      for output in session.tree(count)?.missingOutputs ?? [] where !missing.contains(output) {
        missing.append(output)
      }
    }
    guard let value else { return Target(name: name, verdict: .fail, detail: "n/a") }
    let text = String(format: format, value)
    guard missing.isEmpty else {
      let detail = "\(text), but incomplete: the build wrote no \(missing.joined(separator: ", "))"
      return Target(name: name, verdict: .fail, detail: detail)
    }
    return Target(name: name, verdict: passes(value) ? .pass : .fail, detail: text)
  }

  // MARK: - Formatting

  static func milliseconds(_ value: Double?) -> String {
    value.map { String(format: $0 < 10 ? "%.2f" : "%.1f", $0) } ?? "-"
  }

  /// `100000` → `100,000`.
  static func grouped(_ value: Int) -> String {
    var digits = Array(String(value))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }
}
