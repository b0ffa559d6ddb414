import Dispatch
import Foundation

/// Runs independent jobs side by side on the machine's cores and hands their values to `consume`
/// on the calling thread, in job order, each as soon as it and every job before it are done: so
/// the consumer's serial work (merging a file) overlaps the jobs still running (reading the next
/// files), and what it sees never depends on which job finished first.
///
/// When `consume` throws, the jobs not yet started are skipped; the call returns (rethrows) once
/// those running have finished, so no job outlives it.
package func runSideBySide<Value: Sendable>(
  _ jobs: [@Sendable () -> Value], consumingInOrder consume: (Value) throws -> Void
) rethrows {
  let slots = OrderedSlots<Value>(count: jobs.count)
  let group = DispatchGroup()
  DispatchQueue.global().async(group: group) {
    DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
      guard !slots.isStopped else { return }
      slots.store(jobs[index](), at: index)
    }
  }
  defer {
    slots.stop()
    group.wait()
  }
  for index in jobs.indices { try consume(slots.take(index)) }
}

/// One slot per job, filled by the job and emptied by the consumer, which waits for it.
private final class OrderedSlots<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var slots: [Value?]
  private var stopped = false

  package init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  var isStopped: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopped
  }

  func stop() {
    condition.lock()
    stopped = true
    condition.unlock()
  }

  func store(_ value: Value, at index: Int) {
    condition.lock()
    slots[index] = value
    condition.broadcast()
    condition.unlock()
  }

  /// Job `index`'s value, once it is done; its slot is emptied, so the value is freed by the
  /// consumer as soon as it is done with it.
  func take(_ index: Int) -> Value {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let value = slots[index].take() { return value }
      condition.wait()
    }
  }
}

/// Below this many tokens, work is done on the calling thread rather than handed to another core
/// (see ``BackgroundValue/init(inBackground:_:)``): ordering or freeing them takes well under a
/// millisecond, less than the handing over.
package let minimumCountForBackgroundWork = 5_000

/// A value computed on another core while the calling thread does other work.
package struct BackgroundValue<Value: Sendable>: Sendable {
  private let result = Handoff<Value>()

  /// - Parameter inBackground: Whether the job goes to another core. A small job is done at once:
  ///   handing it over would cost more than it saves, and would leave the dispatch machinery
  ///   allocating and freeing after the caller has moved on (which makes the fuzzer's leak check
  ///   scan the whole heap after every input).
  package init(inBackground: Bool = true, _ job: @escaping @Sendable () -> Value) {
    let result = self.result
    if inBackground {
      DispatchQueue.global().async { result.hand(job()) }
    } else {
      result.hand(job())
    }
  }

  /// The value, once it is computed (read it once: it is handed over, not kept).
  package func take() -> Value { result.take() }
}

/// A value one thread hands to another, which waits for it: once.
package struct Handoff<Value: Sendable>: Sendable {
  private let slot = OrderedSlots<Value>(count: 1)

  package init() {}

  package func hand(_ value: Value) { slot.store(value, at: 0) }

  /// The value, once it is handed.
  package func take() -> Value { slot.take(0) }
}

/// Frees `value` on another core when `inBackground`, or here at once. For a large graph of
/// objects the calling thread is done with (a resolver's tables and definitions, 100,000 tokens
/// once every output is rendered): freeing it one object at a time takes tens of milliseconds the
/// calling thread can spend on what comes next. Small values are freed at once, for the reason
/// ``BackgroundValue/init(inBackground:_:)`` gives.
///
/// The other thread holds the only reference: were the calling thread to keep one until it
/// returned, a job that ran at once would leave it the last, and the freeing with it.
package func release<Value>(_ value: consuming Value, inBackground: Bool) {
  guard inBackground else { return }
  let box = Unmanaged.passRetained(ReleasedValue(value))
  DispatchQueue.global(qos: .utility).async { box.release() }
}

/// A value on its way to be freed on another thread; nothing reads it.
private final class ReleasedValue<Value>: @unchecked Sendable {
  let value: Value

  package init(_ value: consuming Value) {
    self.value = value
  }
}
