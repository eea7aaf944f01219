/// One value per grade worse than excellent (1 good … 4 critical), stored inline: the
/// ``ConditionTracker`` reads and writes each grade's state at every poll, and an array would
/// check its bounds and its uniqueness at every access.
struct PerGrade<Value: Sendable>: Sendable {
  private var good: Value
  private var fair: Value
  private var warning: Value
  private var critical: Value

  /// `value` for every grade.
  init(repeating value: Value) {
    (good, fair, warning, critical) = (value, value, value, value)
  }

  /// `good` for grade 1 and `sustained` for the others.
  init(good: Value, others sustained: Value) {
    (self.good, fair, warning, critical) = (good, sustained, sustained, sustained)
  }

  /// The value of the grade of badness `grade` (1…4; anything above 4 is critical).
  subscript(grade: Int) -> Value {
    get {
      switch grade {
      case ...1: good
      case 2: fair
      case 3: warning
      default: critical
      }
    }
    set {
      switch grade {
      case ...1: good = newValue
      case 2: fair = newValue
      case 3: warning = newValue
      default: critical = newValue
      }
    }
  }
}
