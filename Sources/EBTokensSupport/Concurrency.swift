import Dispatch
import Foundation

#if canImport(Glibc)
  internal import CMalloc
#endif

/// Runs independent jobs side by side on the machine's cores (the outputs and
/// the audit report render in parallel) and returns their results in job order,
/// so the result never depends on which finished first.
///
/// The calling thread runs jobs too, unlike ``runSideBySide(_:consumingInOrder:)``, whose caller
/// consumes while the jobs run: building on that one instead, the 100,000-token build used one
/// more thread and allocator arena, peaking 12 MB higher (median of 10 runs) and no faster.
package func runSideBySide<Value: Sendable>(_ jobs: [@Sendable () -> Value]) -> [Value] {
  let slots = ResultSlots<Value>(count: jobs.count)
  DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
    slots.store(jobs[index](), at: index)
  }
  return slots.values
}

/// One slot per job, written once each under a lock.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Value?]

  package init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func store(_ value: Value, at index: Int) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  /// Every job has stored its value once `concurrentPerform` returns.
  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}

/// Hands the memory freed so far back to the system, on a thread of its own, once a render job is
/// done with a large set. glibc gives each thread its own allocator arena, and the next job runs on
/// another thread: the pages a finished job freed stayed resident in its arena while the next job
/// took fresh ones, so the resident set kept each finished job's peak (at 100,000 tokens, 182 to
/// 188 MB at the audit's end instead of 165 or less). Elsewhere than glibc, nothing is done; and
/// `ebtokens` itself runs on jemalloc, which returns freed pages on its own (Sources/CAllocator),
/// so this serves programs that use the library on glibc's allocator.
package func returnFreedMemoryInBackground() {
  #if canImport(Glibc)
    freedMemoryReturning.async { _ = malloc_trim(0) }
  #endif
}

#if canImport(Glibc)
  /// A serial queue, so it has a thread of its own even while the render jobs occupy every core.
  private let freedMemoryReturning = DispatchQueue(label: "ebtokens.freed-memory")
#endif
