import Foundation

/// Reads an input file (a token file, a config, a template) without trusting what is at its
/// path: only a regular file is read, never more than a limit, and a symbolic link only when
/// the caller allows it.
///
/// A token folder is edited by many people: a link to `/dev/zero` would make a plain read
/// exhaust memory, a named pipe would block it forever, and a link to a file outside the
/// project (a home folder's credentials) would put that file's text into error messages and
/// generated code. The file is opened without blocking and checked with `fstat`, so what is
/// checked is what is read.
package enum FileContents {
  package enum Outcome {
    case bytes([UInt8])
    /// The file's size, or the bytes read before the limit was passed.
    case tooLarge(Int)
    case unreadable(reason: String)
  }

  static let symbolicLinkReason =
    "it is a symbolic link; ebtokens reads only regular files here, so that a link cannot make it "
    + "read a file outside the project"

  package static func read(_ path: String, limit: Int, followingLinks: Bool) -> Outcome {
    var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
    if !followingLinks { flags |= O_NOFOLLOW }
    let descriptor = open(path, flags)
    guard descriptor >= 0 else {
      let error = errno
      if error == ELOOP && !followingLinks { return .unreadable(reason: symbolicLinkReason) }
      return .unreadable(reason: String(cString: strerror(error)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .unreadable(reason: String(cString: strerror(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      return .unreadable(reason: "it is not a regular file (a folder, device, pipe or socket)")
    }
    if status.st_size > limit { return .tooLarge(Int(status.st_size)) }
    // The size can be wrong (a file still being written, a /proc file that says 0), so read
    // until the end, but never past the limit. The size said, and one byte more to see the end,
    // are read straight into the array's own storage: zeroing a buffer and copying it out took
    // 7 M instructions of the 702 token files of a no-change build.
    var failure: Int32?
    var bytes = [UInt8](unsafeUninitializedCapacity: Int(status.st_size) + 1) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      while initialized < buffer.count {
        let count = readRetryingInterrupts(
          descriptor, into: base + initialized, count: buffer.count - initialized)
        if count < 0 {
          failure = errno
          return
        }
        if count == 0 { return }
        initialized += count
      }
    }
    if let failure { return .unreadable(reason: String(cString: strerror(failure))) }
    if bytes.count <= Int(status.st_size) { return .bytes(bytes) }
    // Longer than it said: on in chunks.
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      if bytes.count > limit { return .tooLarge(bytes.count) }
      let count = chunk.withUnsafeMutableBytes { buffer in
        readRetryingInterrupts(descriptor, into: buffer.baseAddress, count: buffer.count)
      }
      if count < 0 { return .unreadable(reason: String(cString: strerror(errno))) }
      if count == 0 { return .bytes(bytes) }
      bytes += chunk[..<count]
    }
  }

  /// `read(2)` of at most `count` bytes of `descriptor` into `destination`, made again when a
  /// signal interrupts it: the count read, 0 at the end, or -1 with `errno` set.
  package static func readRetryingInterrupts(
    _ descriptor: Int32, into destination: UnsafeMutableRawPointer?, count: Int
  ) -> Int {
    while true {
      let read = Foundation.read(descriptor, destination, count)
      if read >= 0 || errno != EINTR { return read }
    }
  }
}
