/// Names mapped to numbers (a token's position, say): what `[String: Int]` does, made for the
/// hundreds of thousands of dotted names of a large token set.
///
/// A `Dictionary` keeps no hash beside its keys, so every occupied bucket a lookup passes compares
/// the whole name it holds, through a pointer to the name's bytes: at 100,000 names, a cache miss
/// each. Here every slot holds 32 bits of its name's hash beside the name's number, so a lookup
/// compares names only where those bits match (in practice, only the name it looks for); and the
/// hash can be computed ahead, on another thread (see ``hash(of:)``), so that the thread merging
/// the names of many files only probes. The hash is the standard library's, seeded per process, so
/// names written to collide cannot be made ahead of a run.
///
/// Slots are probed in order (linear probing) in a table at most half full; a name removed is
/// taken out of its run of slots by moving the later ones back.
package struct NameIndex: Sendable {
  /// 0 for an empty slot; else the high 32 bits of the name's hash, then its entry + 1.
  private var slots: [UInt64] = []
  /// By entry: the name and its number. A removed name leaves its entry unused.
  private var names: [String] = []
  private var values: [Int] = []
  package private(set) var count = 0

  package init() {}

  /// The names in `names`, each numbered with its position.
  package init(positionsOf names: some Collection<String>) {
    reserveCapacity(names.count)
    for (position, name) in names.enumerated() { self[name] = position }
  }

  /// What the lookups that take a hash expect: `name`'s hash, as this index computes it.
  @inline(__always)
  package static func hash(of name: String) -> Int { name.hashValue }

  /// Makes room for `capacity` names in all.
  package mutating func reserveCapacity(_ capacity: Int) {
    names.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
    if slotCount(for: capacity) > slots.count { resize(to: slotCount(for: capacity)) }
  }

  package subscript(name: String) -> Int? {
    get { value(for: name, hash: Self.hash(of: name)) }
    set {
      let hash = Self.hash(of: name)
      if let newValue {
        let entry = claim(name, hash: hash, value: newValue)
        values[entry.entry] = newValue
      } else {
        removeValue(for: name, hash: hash)
      }
    }
  }

  /// The number of `name`, a part of a longer string (a group's name in its member's), found
  /// without making a string of it: a substring hashes and compares as the string of its
  /// characters does.
  package subscript(name: Substring) -> Int? {
    guard case .found(_, let entry) = find(name, hash: name.hashValue) else { return nil }
    return values[entry]
  }

  /// The number of `name`, whose ``hash(of:)`` is `hash`.
  package func value(for name: String, hash: Int) -> Int? {
    guard case .found(_, let entry) = find(name, hash: hash) else { return nil }
    return values[entry]
  }

  /// The number of `name` (whose ``hash(of:)`` is `hash`) when it is there; else `value`, which it is
  /// given: one probe both finds a name and records a new one.
  package mutating func value(for name: String, hash: Int, insertingIfMissing value: Int) -> Int {
    let entry = claim(name, hash: hash, value: value)
    return values[entry.entry]
  }

  /// Starts loading the slot where a lookup of a name whose ``hash(of:)`` is `hash` begins, so that
  /// a loop over many names can look one up while the slots of the next ones are on their way.
  @inline(__always)
  package func prefetch(hash: Int) {
    guard !slots.isEmpty else { return }
    slots.prefetchElement(at: Self.homeSlot(ofTag: Self.tag(of: hash), slotCount: slots.count))
  }

  /// Removes `name` (whose ``hash(of:)`` is `hash`) and its number, if it is there.
  package mutating func removeValue(for name: String, hash: Int) {
    guard case .found(var hole, let entry) = find(name, hash: hash) else { return }
    names[entry] = ""
    count -= 1
    // Backward shift: each later slot of the run that may live in the hole moves into it.
    let mask = slots.count - 1
    var slot = hole
    while true {
      slot = (slot + 1) & mask
      let content = slots[slot]
      if content == 0 { break }
      let home = Self.homeSlot(ofTag: content >> 32, slotCount: slots.count)
      // The slot's content may move back unless its home lies after the hole, up to the slot.
      let distanceFromHome = (slot - home) & mask
      let distanceFromHole = (slot - hole) & mask
      if distanceFromHome >= distanceFromHole {
        slots[hole] = content
        hole = slot
      }
    }
    slots[hole] = 0
  }

  /// The same names, each with `transform` of its number.
  package func mapValues(_ transform: (Int) -> Int) -> NameIndex {
    var mapped = self
    // Through the slots, which hold the entries in use (not those of names removed).
    for content in slots where content != 0 {
      let entry = Int(truncatingIfNeeded: content & 0xFFFF_FFFF) - 1
      mapped.values[entry] = transform(values[entry])
    }
    return mapped
  }

  private enum Probe {
    case found(slot: Int, entry: Int)
    case missing(slot: Int)
  }

  @inline(__always)
  private func find(_ name: some StringProtocol, hash: Int) -> Probe {
    guard !slots.isEmpty else { return .missing(slot: 0) }
    let mask = slots.count - 1
    let tag = Self.tag(of: hash)
    var slot = Self.homeSlot(ofTag: tag, slotCount: slots.count)
    while true {
      let content = slots[slot]
      if content == 0 { return .missing(slot: slot) }
      if content >> 32 == tag {
        let entry = Int(truncatingIfNeeded: content & 0xFFFF_FFFF) - 1
        if names[entry] == name { return .found(slot: slot, entry: entry) }
      }
      slot = (slot + 1) & mask
    }
  }

  /// The entry of `name`, made with `value` when it was missing.
  private mutating func claim(_ name: String, hash: Int, value: Int) -> (entry: Int, isNew: Bool) {
    if slotCount(for: count + 1) > slots.count { resize(to: slotCount(for: count + 1)) }
    switch find(name, hash: hash) {
    case .found(_, let entry):
      return (entry, false)
    case .missing(let slot):
      let entry = names.count
      names.append(name)
      values.append(value)
      slots[slot] = Self.tag(of: hash) << 32 | UInt64(entry + 1)
      count += 1
      return (entry, true)
    }
  }

  /// The high 32 bits of `hash`: what a slot keeps of its name's hash, beside its entry.
  @inline(__always)
  private static func tag(of hash: Int) -> UInt64 { UInt64(UInt(bitPattern: hash)) >> 32 }

  /// The slot a lookup of a name whose hash has `tag` begins at, in a table of `slotCount` slots
  /// (a power of two): the first of its run of slots.
  @inline(__always)
  private static func homeSlot(ofTag tag: UInt64, slotCount: Int) -> Int {
    Int(truncatingIfNeeded: tag) & (slotCount - 1)
  }

  /// The slots a table of `count` names takes: a power of two, at least twice as many.
  private func slotCount(for count: Int) -> Int {
    var slots = 16
    while slots < count * 2 { slots *= 2 }
    return slots
  }

  /// Moves every slot into a table of `slotCount` slots: a slot's place comes from the hash bits it
  /// holds, so no name is hashed again.
  private mutating func resize(to slotCount: Int) {
    let old = slots
    slots = [UInt64](repeating: 0, count: slotCount)
    let mask = slotCount - 1
    for content in old where content != 0 {
      var slot = Self.homeSlot(ofTag: content >> 32, slotCount: slotCount)
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = content
    }
  }
}
