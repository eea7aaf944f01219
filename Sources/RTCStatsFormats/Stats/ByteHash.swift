/// FNV-1a, 64-bit, over raw bytes: a fast hash for short keys and ids.
@inline(__always)
func fnv1a(_ start: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for index in 0..<count {
    hash = (hash ^ UInt64(start[index])) &* 0x0000_0100_0000_01B3
  }
  return hash
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always)
func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  for index in 0..<count where a[index] != b[index] { return false }
  return true
}
