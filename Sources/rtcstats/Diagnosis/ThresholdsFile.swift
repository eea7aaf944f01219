import RTCStatsCore
import RTCStatsFormats

/// Reads a `--thresholds FILE`: a JSON object keyed by rule code (or ladder name), each value
/// an object of threshold names to numbers, applied over the defaults.
///
///     { "highPacketLoss": { "alertOn": 5, "minIntervals": 2 },
///       "condition.videoLoss": { "warning": 4 } }
///
/// An unknown rule or threshold name, a value that is not a number, or a file that is not
/// such an object is an error naming it (exit 64, like any bad option).
///
/// Wiring (the front end's job): parse `--thresholds FILE` into `AnalyzeOptions.thresholds`,
/// call ``load(path:)`` once before analysing, and pass the table to
/// `CallAnalyzer(retention:thresholds:)` in `FileAnalyzer`.
enum ThresholdsFile {
  /// The table of `--thresholds PATH` (the defaults when `path` is `nil`), or `nil` after
  /// saying on `console` what is wrong with the file (the command then exits 64).
  static func table(_ path: String?, console: Console) -> ThresholdTable? {
    guard let path else { return .defaults }
    do throws(ThresholdsFileError) {
      return try load(path: path)
    } catch {
      console.error("rtcstats: \(error)")
      return nil
    }
  }

  /// The defaults with the file's overrides.
  static func load(path: String, defaults: ThresholdTable = .defaults) throws(ThresholdsFileError)
    -> ThresholdTable
  {
    switch System.contents(of: path, limit: 1 << 20) {
    case .success(let bytes):
      return try parse(String(decoding: bytes, as: UTF8.self), path: path, defaults: defaults)
    case .failure(let error):
      throw ThresholdsFileError(path: path, problem: "cannot read the file (\(error))")
    }
  }

  /// The defaults with the overrides in `text`.
  static func parse(_ text: String, path: String, defaults: ThresholdTable = .defaults)
    throws(ThresholdsFileError)
    -> ThresholdTable
  {
    let value: JSONValue
    do {
      value = try JSONValue.parse(text)
    } catch {
      throw ThresholdsFileError(path: path, problem: "not valid JSON: \(error)")
    }
    guard let entries = value.objectValue else {
      throw ThresholdsFileError(
        path: path, problem: "expected a JSON object keyed by rule code, found \(value.typeName)")
    }
    var overrides: [(key: String, values: [(name: String, value: Double)])] = []
    for (key, member) in entries {
      guard let fields = member.objectValue else {
        throw ThresholdsFileError(
          path: path, problem: "\"\(key)\" must be an object of thresholds, found \(member.typeName)")
      }
      var values: [(name: String, value: Double)] = []
      for (name, number) in fields {
        guard let double = number.doubleValue else {
          throw ThresholdsFileError(
            path: path, problem: "\"\(key).\(name)\" must be a number, found \(number.typeName)")
        }
        values.append((name, double))
      }
      overrides.append((key, values))
    }
    do {
      return try defaults.overriding(overrides)
    } catch {
      throw ThresholdsFileError(path: path, problem: error.description)
    }
  }
}

/// A `--thresholds` file that could not be used.
struct ThresholdsFileError: Error, Equatable, CustomStringConvertible {
  var path: String
  var problem: String

  /// `FILE: problem`, as the one stderr line.
  var description: String { "\(path): \(problem)" }
}
