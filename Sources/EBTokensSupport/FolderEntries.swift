import Foundation

/// One entry of a folder as `readdir` gives it: its name, and whether it may be a folder (the file
/// system says so, or does not say what it is).
package struct FolderEntry: Sendable {
  package let name: String
  package let mayBeFolder: Bool
}

/// The entries of the open folder `descriptor`, without `.` and `..`, read from the start through a
/// copy of the descriptor, which stays open; none when it cannot be read.
package func folderEntries(of descriptor: Int32) -> [FolderEntry] {
  let copy = dup(descriptor)
  guard copy >= 0 else { return [] }
  guard let stream = fdopendir(copy) else {
    close(copy)
    return []
  }
  defer { closedir(stream) }
  // The copy shares the descriptor's position, which an earlier listing left at the end.
  rewinddir(stream)
  var entries: [FolderEntry] = []
  while let entry = readdir(stream) {
    let name = withUnsafePointer(to: entry.pointee.d_name) {
      $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
    }
    guard name != "." && name != ".." else { continue }
    let kind = Int32(entry.pointee.d_type)
    entries.append(FolderEntry(name: name, mayBeFolder: kind == Int32(DT_DIR) || kind == Int32(DT_UNKNOWN)))
  }
  return entries
}
