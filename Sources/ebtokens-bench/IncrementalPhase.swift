import CAllocator
import EBTokens
import EBTokensBenchSupport
import Foundation

/// Phase (e), the one-token change: what `ebtokens build --watch` does after an edit. In this
/// process, through the library: a ``BuildSession`` on the generated tree builds once in full, then
/// each run changes one color's value in one token file (the file in the middle of the tree, its
/// first hex color, one digit flipped, so no line or column moves) and times
/// `build(changedPaths:)` told that file.
enum IncrementalPhase {
  static func measure(directory: String, count: Int, runs: Int) -> PhaseResult {
    var result = PhaseResult(count: count, phase: .oneTokenChange)
    // The allocator as `--watch` sets it up.
    ebtokens_allocator_for_a_session()
    do {
      let configPath = (directory as NSString).appendingPathComponent(GeneratedTokenTree.configurationPath)
      let session = BuildSession(configuration: try ConfigurationLoader().load(path: configPath))
      _ = try session.build()
      let files = try tokenFiles(in: directory)
      guard !files.isEmpty, let edit = try Edit(file: files[files.count / 2].path) else {
        result.problem = "no token file holds a hex color to change"
        return result
      }
      defer { try? edit.original.write(to: URL(fileURLWithPath: edit.path)) }
      for run in 0..<runs {
        try (run % 2 == 0 ? edit.edited : edit.original).write(to: URL(fileURLWithPath: edit.path))
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try session.build(changedPaths: [edit.path])
        result.milliseconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
      }
      FileHandle.standardError.write(
        Data(
          ("… N=\(count): (e) \(session.loadsPatched) of \(runs) builds patched the last load, "
            + "\(session.outputsPatched) outputs were patched, "
            + "\(session.filesRead) token files read in all\n").utf8))
    } catch let error as DiagnosticsError {
      result.problem = error.diagnostics.prefix(4).map { $0.message }.joined(separator: "\n")
    } catch {
      result.problem = "\(error)"
    }
    return result
  }

  /// A token file as generated, and with the last digit of its first hex color changed.
  private struct Edit {
    let path: String
    let original: Data
    let edited: Data

    init?(file path: String) throws {
      let original = try Data(contentsOf: URL(fileURLWithPath: path))
      var bytes = [UInt8](original)
      guard
        let start = bytes.indices.first(where: { index in
          index + 8 < bytes.count && bytes[index] == UInt8(ascii: "\"")
            && bytes[index + 1] == UInt8(ascii: "#")
            && bytes[index + 8] == UInt8(ascii: "\"")
        })
      else { return nil }
      let last = start + 7
      bytes[last] = bytes[last] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
      self.path = path
      self.original = original
      self.edited = Data(bytes)
    }
  }
}
