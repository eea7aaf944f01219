/// The members a dump's decoders left out because their JSON type made no sense for the
/// field (an object where a number belongs), counted once per dump.
///
/// ``DumpReader`` creates one per dump and turns it into the
/// ``DiagnosticCode/ignoredMembers`` diagnostic at the end; every member decoder of the
/// dump notes into it, and the ``StreamWindow`` rolls it back when it parses a unit again
/// after reading more (see `StreamWindow.parseValue`), so that each member counts once. A
/// reference type so that all of them share it; a parallel worker has its own, merged with
/// ``absorb(_:)`` after the worker is done, so it is never used from two threads at once.
final class IgnoredMembers: @unchecked Sendable {
  /// Members ignored so far.
  private(set) var count = 0
  /// The name of the first one.
  private(set) var first: String?

  init() {}

  /// Notes an ignored member.
  func note(_ name: JSONKey) {
    count += 1
    if first == nil { first = name.decoded() }
  }

  /// The tally now, for ``restore(_:)``.
  var checkpoint: (count: Int, first: String?) { (count, first) }

  /// Forgets what was noted since `checkpoint`.
  func restore(_ checkpoint: (count: Int, first: String?)) {
    (count, first) = checkpoint
  }

  /// Adds another tally (a parallel worker's).
  func absorb(_ other: IgnoredMembers) {
    count += other.count
    if first == nil { first = other.first }
  }
}
