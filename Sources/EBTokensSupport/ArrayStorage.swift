extension Array {
  /// Whether this array and `other` are one buffer: the same elements, known without comparing
  /// any (an array handed on unchanged is shared, not copied). `false` says nothing about their
  /// elements.
  package func sharesStorage(with other: [Element]) -> Bool {
    withUnsafeBufferPointer { mine in
      other.withUnsafeBufferPointer { theirs in
        mine.count == theirs.count && mine.baseAddress == theirs.baseAddress
      }
    }
  }
}
