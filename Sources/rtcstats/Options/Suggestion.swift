/// "Did you mean" for option names, option values and subcommands.
enum Suggestion {
  /// `"; did you mean '--format'?"` when a candidate is close to `word`, else empty.
  ///
  /// Close means a case-insensitive edit distance (``editDistance(_:_:)``) of at most a
  /// third of the word's length, and at least 1; words of one or two characters (`-x`) get
  /// no suggestion. The closest candidate wins, the first one on a tie.
  static func didYouMean(_ word: String, among candidates: [String]) -> String {
    closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The candidate closest to `word`, if it is close enough.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    let best = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }.min { $0.1 < $1.1 }
    guard let best, word.count > 2, best.1 <= max(1, word.count / 3) else { return nil }
    return best.0
  }

  /// `table, json or csv`.
  static func list(_ words: [String]) -> String {
    guard words.count > 1, let last = words.last else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The edit distance between two strings, in characters: insertions, deletions,
  /// substitutions and transpositions of two neighbours each count 1 (the optimal string
  /// alignment distance), so `zhs` is 1 from `zsh`.
  ///
  /// - Complexity: O(*m* · *n*).
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var beforePrevious: [Int] = []
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      beforePrevious = previous
      previous = current
    }
    return previous[b.count]
  }
}
