/// What a ``ThresholdTable`` resolves to, built once per table: a fresh ``ConnectionDiagnosis``
/// whose rules, grader and trackers hold their thresholds as stored numbers.
///
/// Building the rule set reads every rule's values from the table by name (a linear search
/// with string compares per value); a batch of small files did that for every connection of
/// every file. Each connection now starts as a copy of ``connection``. The table builds its
/// resolution when it is made and again when ``ThresholdTable/overriding(_:)`` changes it, so
/// a user's `--thresholds` override reaches the rules as before.
final class ResolvedThresholds: Sendable {
  /// The diagnosis every connection starts from (no id, no per-interval MOS list).
  let connection: ConnectionDiagnosis

  /// The resolution of `table`.
  init(_ table: ThresholdTable) {
    connection = ConnectionDiagnosis(resolving: table)
  }
}
