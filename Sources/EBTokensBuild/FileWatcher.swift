import Dispatch
import EBTokensSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reports changes to the entries of a set of folders, on a serial queue: on Linux through one
/// inotify descriptor read by a Dispatch read source, on macOS through a Dispatch file-system
/// source (kqueue) on each folder and each file. Which changes matter is not its business
/// (see ``WatchPlan``): it only says where something happened.
///
/// A folder is watched rather than a file alone so that an editor's save by rename (a temporary
/// file renamed over the original, or vim's rename of the original to a backup and write of a
/// new one) is seen: the file's own watch would follow the old file, gone from the folder.
final class FileWatcher {
  /// Something happened in a watched folder.
  struct Event: Equatable {
    /// The watched folder, as given to ``watch(directories:files:)``.
    let directory: String
    /// The entry that changed; `nil` when the platform does not say (macOS reports only that a
    /// folder's entries changed), or when the folder itself was removed or moved.
    let name: String?
    /// Whether the entry is a folder (Linux; `false` when unknown).
    let isDirectory: Bool
    /// The watched folder (or, on macOS, file) was removed or moved away: its watch has ended,
    /// and the next ``watch(directories:files:)`` sets it up again for what the path names now.
    let watchEnded: Bool
    /// The system dropped events (its queue overflowed): anything may have changed.
    let overflowed: Bool
  }

  private let queue: DispatchQueue
  private let handler: ([Event]) -> Void

  /// Starts watching nothing; ``watch(directories:files:)`` says what. `handler` is called on
  /// `queue` with the events of each read.
  ///
  /// - Throws: ``WatchError/cannotWatch(path:reason:)`` when the system refuses a watcher.
  init(queue: DispatchQueue, handler: @escaping ([Event]) -> Void) throws(WatchError) {
    self.queue = queue
    self.handler = handler
    try platformStart()
  }

  deinit { cancel() }

  #if os(Linux)
    private var descriptor: Int32 = -1
    private var source: (any DispatchSourceRead)?
    /// The folder each watch descriptor stands for.
    private var folders: [Int32: String] = [:]
    private var descriptors: [String: Int32] = [:]

    /// Every change to a folder's entries, and the folder's own end. `IN_MODIFY` as well as
    /// `IN_CLOSE_WRITE`: a long write keeps the debounce from firing before it ends.
    private static let mask = UInt32(
      IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)

    private func platformStart() throws(WatchError) {
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else {
        throw WatchError.cannotWatch(path: "inotify", reason: String(cString: strerror(errno)))
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler { [weak self] in self?.readEvents() }
      source.resume()
      self.source = source
    }

    /// Watches exactly `directories` from now on (`files` are covered by their folders' watches).
    /// A folder that cannot be watched (gone meanwhile, or unreadable) is left out: the folder
    /// above it reports its return.
    func watch(directories: Set<String>, files: Set<String>) {
      for (path, watch) in descriptors where !directories.contains(path) {
        inotify_rm_watch(descriptor, watch)
        descriptors[path] = nil
        folders[watch] = nil
      }
      for path in directories {
        // Adding a folder watched already returns its descriptor again; a folder moved and
        // replaced gets a new one.
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        guard watch >= 0 else {
          descriptors[path] = nil
          continue
        }
        if let old = descriptors[path], old != watch { folders[old] = nil }
        descriptors[path] = watch
        folders[watch] = path
      }
    }

    func cancel() {
      source?.cancel()
      source = nil
      if descriptor >= 0 { close(descriptor) }
      descriptor = -1
      folders = [:]
      descriptors = [:]
    }

    private func readEvents() {
      var events: [Event] = []
      let capacity = 64 * 1024
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      defer { buffer.deallocate() }
      while true {
        let count = read(descriptor, buffer, capacity)
        guard count > 0 else { break }
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
          let watch = buffer.load(fromByteOffset: offset, as: Int32.self)
          let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
          let nameBytes = UnsafeRawBufferPointer(start: buffer + offset + header, count: length)
          offset += header + length
          events += event(watch: watch, mask: mask, name: nameBytes)
        }
      }
      if !events.isEmpty { handler(events) }
    }

    private func event(watch: Int32, mask: UInt32, name nameBytes: UnsafeRawBufferPointer) -> [Event] {
      if mask & UInt32(IN_Q_OVERFLOW) != 0 {
        return [Event(directory: "", name: nil, isDirectory: false, watchEnded: false, overflowed: true)]
      }
      guard let folder = folders[watch] else { return [] }
      if mask & UInt32(IN_IGNORED) != 0 {
        folders[watch] = nil
        if descriptors[folder] == watch { descriptors[folder] = nil }
        return []
      }
      if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
        return [Event(directory: folder, name: nil, isDirectory: true, watchEnded: true, overflowed: false)]
      }
      let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
      return [
        Event(
          directory: folder, name: name.isEmpty ? nil : name, isDirectory: mask & UInt32(IN_ISDIR) != 0,
          watchEnded: false, overflowed: false)
      ]
    }
  #else
    /// A kqueue source on each watched folder (its entries changed) and on each watched file (its
    /// contents changed in place, which does not touch its folder).
    private var sources: [String: any DispatchSourceFileSystemObject] = [:]

    private func platformStart() throws(WatchError) {}

    /// Watches exactly `directories` and `files` from now on.
    func watch(directories: Set<String>, files: Set<String>) {
      let wanted = directories.union(files)
      for (path, source) in sources where !wanted.contains(path) {
        source.cancel()
        sources[path] = nil
      }
      for path in wanted where sources[path] == nil {
        let descriptor = open(path, O_EVTONLY)
        guard descriptor >= 0 else { continue }
        let source = DispatchSource.makeFileSystemObjectSource(
          fileDescriptor: descriptor, eventMask: [.write, .extend, .attrib, .delete, .rename, .link],
          queue: queue)
        let isDirectory = directories.contains(path)
        source.setEventHandler { [weak self] in
          guard let self, let source = self.sources[path] else { return }
          let gone = !source.data.intersection([.delete, .rename]).isEmpty
          let event =
            isDirectory
            ? Event(directory: path, name: nil, isDirectory: true, watchEnded: gone, overflowed: false)
            : Event(
              directory: PathComponents.folder(of: path),
              name: (path as NSString).lastPathComponent, isDirectory: false, watchEnded: gone,
              overflowed: false)
          if gone {
            // The path names another file or folder now, or none: watch it anew at the next sync.
            source.cancel()
            self.sources[path] = nil
          }
          self.handler([event])
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
        sources[path] = source
      }
    }

    func cancel() {
      for source in sources.values { source.cancel() }
      sources = [:]
    }
  #endif
}

/// The system refused to watch for changes.
public enum WatchError: DiagnosticConvertible, Equatable {
  case cannotWatch(path: String, reason: String)

  public var diagnostic: Diagnostic {
    switch self {
    case .cannotWatch(let path, let reason):
      return Diagnostic("cannot watch '\(path)' for changes: \(reason)", at: nil)
    }
  }
}
