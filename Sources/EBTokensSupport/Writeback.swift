import Foundation

#if canImport(Glibc)
  internal import CSystemExtras
#endif

/// Starts writing the `count` bytes from `offset` of the open file `descriptor` to the disk, and
/// returns at once; `false` where the system has no way to (then nothing is done).
///
/// On Linux this is `sync_file_range` with `SYNC_FILE_RANGE_WRITE`: the pages join the disk's
/// queue, and neither their writing nor a flush of the disk's cache is waited for. A file made
/// durable with `fsync` afterwards then finds its pages written, and waits for one cache flush
/// only. `fdatasync` for the same purpose flushed the disk's cache each time, about 0.5 ms on this
/// project's machine, and a writer's flushes queue one behind the other.
package func startWriteback(_ descriptor: Int32, offset: Int, count: Int) -> Bool {
  #if os(Linux)
    return sync_file_range(descriptor, off_t(offset), off_t(count), UInt32(EBTOKENS_SYNC_FILE_RANGE_WRITE))
      == 0
  #else
    return false
  #endif
}
