import Dispatch
import Foundation

#if canImport(Glibc)
  internal import CSystemExtras
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

/// Runs `jobs` at once, on the calling thread and on threads of the global queue, each taking the
/// next job not yet started when it is done with one, and returns their results in job order. For
/// jobs started from within a job of ``runSideBySide(_:)``: a nested `concurrentPerform` runs its
/// iterations one after another on the calling thread while the outer one holds the other cores'
/// threads, so the other cores sat idle once the outer jobs ended while the nested ones still ran
/// one by one.
package func runAtOnce<Value: Sendable>(_ jobs: [@Sendable () -> Value]) -> [Value] {
  let slots = ResultSlots<Value>(count: jobs.count)
  let work: @Sendable () -> Void = {
    while let index = slots.takeJob() { slots.store(jobs[index](), at: index) }
  }
  let group = DispatchGroup()
  for _ in jobs.indices.dropFirst() { DispatchQueue.global().async(group: group, execute: work) }
  work()
  group.wait()
  return slots.values
}

/// One slot per job, written once each under a lock.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Value?]
  private var jobsTaken = 0

  package init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  /// The position of the next job no thread has taken, for ``runAtOnce(_:)``; `nil` when every
  /// job is taken.
  func takeJob() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard jobsTaken < slots.count else { return nil }
    jobsTaken += 1
    return jobsTaken - 1
  }

  func store(_ value: Value, at index: Int) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  /// Every job has stored its value once the jobs are done.
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
