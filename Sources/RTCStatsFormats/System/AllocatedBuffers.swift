// The only places of the module that use `unsafelyUnwrapped`. Each helper names a pointer
// that cannot be `nil` by construction, so the check `!` would do is a branch on every call
// in the readers' inner loops; debug builds (and the fuzzers built with `-Onone`) still trap
// when the promise is broken.

extension UnsafeRawBufferPointer {
  /// The start of a buffer that is known to be allocated: a non-empty array's bytes, or
  /// storage this module allocated itself.
  @inline(__always)
  var allocatedBase: UnsafeRawPointer { baseAddress.unsafelyUnwrapped }
}

extension UnsafeMutableRawBufferPointer {
  /// The start of a buffer that is known to be allocated (see
  /// `UnsafeRawBufferPointer.allocatedBase`).
  @inline(__always)
  var allocatedBase: UnsafeMutableRawPointer { baseAddress.unsafelyUnwrapped }
}

extension UnsafeBufferPointer {
  /// The start of a buffer that is known to be allocated (a non-empty array's elements).
  @inline(__always)
  var allocatedBase: UnsafePointer<Element> { baseAddress.unsafelyUnwrapped }
}

extension UnsafeMutableBufferPointer {
  /// The start of a buffer that is known to be allocated.
  @inline(__always)
  var allocatedBase: UnsafeMutablePointer<Element> { baseAddress.unsafelyUnwrapped }
}

extension UnsafePointer where Pointee == UInt8 {
  /// A non-null pointer that is never read: the base of an empty byte buffer, whose
  /// `baseAddress` may be `nil`.
  static var emptyBufferBase: UnsafePointer<UInt8> {
    UnsafePointer(bitPattern: 1).unsafelyUnwrapped
  }
}
