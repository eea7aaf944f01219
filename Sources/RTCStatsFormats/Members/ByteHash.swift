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
///
/// Member names and ids are short: up to 32 bytes they are compared inline with overlapping
/// word loads that stay inside the `count` bytes (a `memcmp` call per member name cost 3 % of
/// a JSON-lines read); longer ones with `memcmp`.
@inline(__always)
func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  let left = UnsafeRawPointer(a)
  let right = UnsafeRawPointer(b)
  @inline(__always) func word(_ offset: Int) -> Bool {
    left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }
  switch count {
  case 16...32:
    return word(0) && word(8) && word(count &- 16) && word(count &- 8)
  case 8..<16:
    return word(0) && word(count &- 8)
  case 4..<8:
    return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
      && left.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        == right.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
  case 0..<4:
    for index in 0..<count where a[index] != b[index] { return false }
    return true
  default:
    return System.bytesEqual(a, b, count: count)
  }
}
