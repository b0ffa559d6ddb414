import Dispatch
import Foundation

/// Runs independent jobs side by side on the machine's cores (the outputs and
/// the audit report render in parallel) and returns their results in job order,
/// so the result never depends on which finished first.
func runSideBySide<Value: Sendable>(_ jobs: [@Sendable () -> Value]) -> [Value] {
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

  init(count: Int) {
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
