import EBTokensSupport
import Foundation

/// A folder opened once, whose entries are reached only through its descriptor (`openat`,
/// `unlinkat`, `renameat`, `linkat`, `fstatat`), never by a path and never through a symbolic
/// link: every subfolder is opened with `O_NOFOLLOW | O_DIRECTORY` and every file with
/// `O_NOFOLLOW`, so a link committed anywhere below an output folder makes the operation fail
/// (`ELOOP`, `ENOTDIR`) instead of reaching what it points to, and a folder renamed or replaced
/// by a link meanwhile cannot redirect an operation either.
final class Folder: @unchecked Sendable {
  let descriptor: Int32
  /// As shown to the user.
  let path: String

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit { close(descriptor) }

  /// The output folder at `path` itself; the links above it are the config's, which
  /// ``ConfigurationLoader`` checked. `nil` with the error when it cannot be opened.
  static func open(_ path: String) -> Result<Folder, Errno> {
    let descriptor = Foundation.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Errno(errno)) }
    return .success(Folder(descriptor: descriptor, path: path))
  }

  /// The subfolder `name`, never through a link; created first when `create` is set and it is
  /// missing (then `created` is set).
  func subfolder(_ name: String, create: Bool, created: inout Bool) -> Result<Folder, Errno> {
    let child = (path as NSString).appendingPathComponent(name)
    let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    var opened = openat(descriptor, name, flags)
    if opened < 0, errno == ENOENT, create {
      if mkdirat(descriptor, name, 0o777) == 0 {
        created = true
      } else if errno != EEXIST {
        return .failure(Errno(errno))
      }
      opened = openat(descriptor, name, flags)
    }
    guard opened >= 0 else { return .failure(Errno(errno)) }
    return .success(Folder(descriptor: opened, path: child))
  }

  /// What is at `name`, not following a link; `nil` when nothing is.
  func status(_ name: String) -> stat? {
    var status = stat()
    return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
  }

  /// Whether `name` is a regular file (not a link, folder, device, pipe or socket).
  func isRegularFile(_ name: String) -> Bool {
    status(name).map { $0.st_mode & S_IFMT == S_IFREG } ?? false
  }

  /// The bytes of the regular file `name`, at most `limit` of them; `nil` when it is missing, a
  /// link or not a regular file.
  func read(_ name: String, limit: Int = .max) -> [UInt8]? {
    guard let (file, status) = openRegularFile(name) else { return nil }
    defer { close(file) }
    var bytes: [UInt8] = []
    let capacity = min(Int(status.st_size), limit)
    bytes.reserveCapacity(capacity)
    let read = Self.readChunks(of: file, chunkSize: min(1 << 20, max(capacity, 4096)), limit: limit) {
      chunk in
      bytes += chunk
      return true
    }
    return read ? bytes : nil
  }

  /// Whether the regular file `name` holds exactly `expected`, compared as ``holds(_:_:at:)``
  /// reads it back, and ends there. `false` when it cannot be read.
  func holds(_ name: String, exactly expected: [UInt8]) -> Bool {
    guard let (file, _) = openRegularFile(name) else { return false }
    defer { close(file) }
    guard Self.holds(file, expected, at: 0) else { return false }
    var byte: UInt8 = 0
    while true {
      let count = pread(file, &byte, 1, off_t(expected.count))
      if count < 0 && errno == EINTR { continue }
      return count == 0
    }
  }

  /// Whether the open file `file` holds `bytes` at `offset`: read back a window of at most
  /// ``readBackWindow`` bytes at a time into memory on the stack, each compared as it is read, so
  /// that no copy of the file is made and the first difference ends it. A buffer the size of what
  /// is compared, zeroed each time, cost the streamed JSON report a megabyte of fresh pages to
  /// fault in and clear on every build: a one-token change at 10,000 tokens took 0.8 ms longer
  /// (4.5 against 3.7 ms, median of 100). `false` when it cannot be read.
  static func holds(_ file: Int32, _ bytes: [UInt8], at offset: Int) -> Bool {
    bytes.withUnsafeBytes { expected in
      withUnsafeTemporaryAllocation(byteCount: readBackWindow, alignment: 16) { window in
        var compared = 0
        while compared < expected.count {
          let length = min(window.count, expected.count - compared)
          let count = pread(file, window.baseAddress, length, off_t(offset + compared))
          if count < 0 && errno == EINTR { continue }
          guard count > 0, let held = window.baseAddress, let start = expected.baseAddress,
            memcmp(held, start + compared, count) == 0
          else { return false }
          compared += count
        }
        return true
      }
    }
  }

  /// How much of a file ``holds(_:_:at:)`` reads back at a time.
  static let readBackWindow = 1 << 16

  /// Reads the open `file` from where it is, a chunk of at most `chunkSize` bytes at a time
  /// (retrying a read a signal interrupted), handing each chunk to `body` until the file ends,
  /// `limit` bytes are read or `body` returns `false`; `false` when a read fails.
  private static func readChunks(
    of file: Int32, chunkSize: Int, limit: Int = .max, _ body: (UnsafeRawBufferPointer) -> Bool
  ) -> Bool {
    var chunk = [UInt8](repeating: 0, count: max(1, min(limit, max(chunkSize, 4096))))
    var total = 0
    while total < limit {
      let count = chunk.withUnsafeMutableBytes { buffer in
        FileContents.readRetryingInterrupts(
          file, into: buffer.baseAddress, count: min(buffer.count, limit - total))
      }
      if count < 0 { return false }
      if count == 0 { return true }
      total += count
      guard chunk.withUnsafeBytes({ body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else {
        return true
      }
    }
    return true
  }

  /// Writes `bytes` to the new file `name`, which must not exist (`O_EXCL`, so not through a
  /// link either); its open descriptor, for flushing, or the error.
  func createFile(_ name: String, bytes: [UInt8]) -> Result<Int32, Errno> {
    let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard file >= 0 else { return .failure(Errno(errno)) }
    if let failure = Self.write(bytes, to: file) {
      close(file)
      unlinkat(descriptor, name, 0)
      return .failure(Errno(failure))
    }
    return .success(file)
  }

  /// Writes all of `bytes` to the open file `file`; the system's error number when it cannot.
  static func write(_ bytes: [UInt8], to file: Int32) -> Int32? {
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(file, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }

  /// Writes `bytes` over the regular file `name` in place, and cuts it to their length, when this
  /// folder's name is its only one: a file with a second name elsewhere (a hard link) is never
  /// written through. `false` when it cannot, which may leave the file holding part of `bytes`.
  func overwrite(_ name: String, with bytes: [UInt8]) -> Bool {
    guard let (file, status) = openRegularFile(name, forWriting: true) else { return false }
    defer { close(file) }
    guard status.st_nlink == 1, Self.write(bytes, to: file) == nil else { return false }
    return ftruncate(file, off_t(bytes.count)) == 0
  }

  /// The regular file `name` opened for reading (or only for writing), and its status; `nil` when
  /// it is missing, a link or not a regular file. The caller closes it.
  func openRegularFile(_ name: String, forWriting: Bool = false) -> (Int32, stat)? {
    let file = openat(
      descriptor, name, (forWriting ? O_WRONLY : O_RDONLY) | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return nil }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(file)
      return nil
    }
    return (file, status)
  }

  /// Renames `name` to `newName` in this folder; a link is renamed as itself, never followed.
  func rename(_ name: String, to newName: String) -> Errno? {
    renameat(descriptor, name, descriptor, newName) == 0 ? nil : Errno(errno)
  }

  /// A second name, `newName`, for the file `name` (a link itself, not what it points to).
  func link(_ name: String, as newName: String) -> Errno? {
    linkat(descriptor, name, descriptor, newName, 0) == 0 ? nil : Errno(errno)
  }

  /// Deletes the file `name` (a link itself when it is one; never a folder).
  @discardableResult
  func unlink(_ name: String) -> Errno? {
    unlinkat(descriptor, name, 0) == 0 ? nil : Errno(errno)
  }

  /// Deletes the file `name` as ``unlink(_:)`` does, but leaves freeing its blocks to another
  /// thread: the name is gone when this returns, and the file is held open until that thread
  /// closes it. A file system frees a deleted file's blocks at its last close, and that is most of
  /// the cost of deleting a file (on this project's machine, whose ext4 discards freed blocks:
  /// 3 ms for a 3 MB file, 21 ms for 30 MB, and up to 2 ms for a file of 50 KB while other files
  /// are flushed; the name alone, 0.1 ms). An empty file is deleted at once.
  func unlinkFreeingLater(_ name: String, release: DeletedFileRelease = .shared) {
    guard let (file, status) = openRegularFile(name) else {
      unlink(name)
      return
    }
    guard status.st_size > 0, release.reserve() else {
      close(file)
      unlink(name)
      return
    }
    unlink(name)
    release.close(file)
  }

  /// Deletes the subfolder `name` when it is empty.
  @discardableResult
  func removeEmptySubfolder(_ name: String) -> Bool {
    unlinkat(descriptor, name, AT_REMOVEDIR) == 0
  }

  /// The names in this folder, without `.` and `..`.
  func entries() -> [String] {
    folderEntries(of: descriptor).map(\.name)
  }

  /// Flushes this folder's entries (a rename in it) to disk.
  func flush() {
    fsync(descriptor)
  }
}

/// Closes, on a thread of its own, the last descriptors of files already deleted
/// (``Folder/unlinkFreeingLater(_:)``), so that their blocks are freed there.
final class DeletedFileRelease: @unchecked Sendable {
  static let shared = DeletedFileRelease()

  /// At most this many descriptors wait at once (64 for ``shared``, far below a process's usual
  /// limit of 1,024); beyond it, a file is freed at once.
  let maximumWaiting: Int
  private let lock = NSLock()
  private var waiting = 0
  let queue = DispatchQueue(label: "ebtokens.deleted-file-release")

  init(maximumWaiting: Int = 64) {
    self.maximumWaiting = maximumWaiting
  }

  /// Takes a place for one descriptor; `false` when ``maximumWaiting`` already wait.
  func reserve() -> Bool {
    lock.withLock {
      guard waiting < maximumWaiting else { return false }
      waiting += 1
      return true
    }
  }

  /// Closes `file`, for which ``reserve()`` took a place, on the release's thread.
  func close(_ file: Int32) {
    queue.async { [self] in
      Foundation.close(file)
      lock.withLock { waiting -= 1 }
    }
  }

  /// Waits until every descriptor handed over so far is closed.
  func waitUntilReleased() {
    queue.sync {}
  }

  /// How many descriptors wait to be closed.
  var waitingCount: Int { lock.withLock { waiting } }
}

/// A system error number, described as the system describes it.
struct Errno: Error, Equatable, CustomStringConvertible {
  let code: Int32

  init(_ code: Int32) {
    self.code = code
  }

  var description: String { String(cString: strerror(code)) }

  /// A link or a file where a folder was needed: something in the way, not an I/O failure.
  var isObstacle: Bool { code == ELOOP || code == ENOTDIR || code == EEXIST || code == EISDIR }
}
