extension Int {
  /// `value` rounded toward zero, or `nil` when it is not finite or outside `Int`'s range.
  ///
  /// A dump may hold any number where the engine expects a count or a pixel size
  /// (`"frameWidth": 1e300`); `Int(_:)` would trap on it.
  package init?(roundingTowardZero value: Double) {
    guard value.isFinite, value >= -0x1p63, value < 0x1p63 else { return nil }
    self.init(value)
  }
}
