import Foundation

/// Writes one file so that no reader, and no crash, ever sees it half-written: the bytes go to a
/// temporary file beside the destination, which is then renamed over it. Used for the files a
/// command writes on its own (`ebtokens audit --output`, `ebtokens export --output`);
/// `OutputWriter` stages a whole build's files the same way.
package enum AtomicFile {
  /// Writes `text` to `path`, creating missing parent folders; with `permissions`, the file gets
  /// them (a file rewritten in place keeps its own), else the process's default.
  ///
  /// - Returns: `nil` when written, else why not (the system's wording), for the caller's own
  ///   error type.
  package static func write(_ text: String, to path: String, permissions: mode_t? = nil) -> String? {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: temporary)
      if let permissions, chmod(temporary.path, permissions) != 0 {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      return error.localizedDescription
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      return reason
    }
    return nil
  }
}
