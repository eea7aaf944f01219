/// The share of a call's graded time spent at each ``NetworkGrade``, 0–100, kept in
/// ``NetworkGrade/allCases`` order so that two equal summaries also print alike.
public struct GradeShares: Sendable, Equatable {
  /// One share per grade, in ``NetworkGrade/allCases`` order.
  public private(set) var shares: [Double]

  /// Every grade at 0.
  public init() {
    shares = [Double](repeating: 0, count: NetworkGrade.allCases.count)
  }

  /// The share of `grade`, 0–100.
  public subscript(grade: NetworkGrade) -> Double {
    get { shares[Self.slot(grade)] }
    set { shares[Self.slot(grade)] = newValue }
  }

  private static func slot(_ grade: NetworkGrade) -> Int {
    NetworkGrade.allCases.firstIndex(of: grade) ?? 0
  }
}
