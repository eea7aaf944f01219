/// A fast 64-bit hash of raw bytes for short keys and ids: FNV-1a's xor-multiply step over
/// 8-byte words (the last word zero-padded, the length mixed in), then a final avalanche so
/// that the low bits, which pick the table slot, depend on every byte.
@inline(__always)
func fnv1a(_ start: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
  let prime: UInt64 = 0x0000_0100_0000_01B3
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: count)
  let raw = UnsafeRawPointer(start)
  var index = 0
  while index &+ 8 <= count {
    hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* prime
    index &+= 8
  }
  if index < count {
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < count {
      tail |= UInt64(start[index]) &<< shift
      shift &+= 8
      index &+= 1
    }
    hash = (hash ^ tail) &* prime
  }
  // murmur3's fmix64.
  hash ^= hash &>> 33
  hash = hash &* 0xff51_afd7_ed55_8ccd
  hash ^= hash &>> 33
  hash = hash &* 0xc4ce_b9fe_1a85_ec53
  hash ^= hash &>> 33
  return hash
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always)
func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  System.bytesEqual(a, b, count: count)
}
