/// How a dialect writes the values of stats members: what ``MemberDecoder`` accepts besides
/// the JSON type a member should have.
///
/// | policy | numbers | text | odd JSON types | id | type |
/// |---|---|---|---|---|---|
/// | ``w3c`` | numbers, numeric strings, booleans as 0/1 | strings, numbers and booleans spelled out | counted as ignored | the `id` member | a string (or its spelling) |
/// | ``rtcstatsDump`` | as ``w3c`` | as ``w3c`` | counted as ignored | the key the object is filed under | as ``w3c``, or a compressed number |
/// | ``legacyGoog`` | as ``w3c``, and `"true"`/`"false"` | strings only | skipped silently | the key | strings only |
/// | ``legacyGoogSnapshot`` | as ``legacyGoog`` | strings, numbers spelled out | skipped silently | the `id` member | strings only |
/// | ``webrtcInternals`` | as ``w3c``, and JSON-quoted numbers (`"\"42\""`) | strings with JSON quotes stripped, numbers as written | skipped silently | (series) | (series) |
struct MemberPolicy: Sendable {
  // The policies are computed, not stored: constants the compiler folds into each call site,
  // where a stored `static let` would cost a lazy-initialisation check per value read.

  /// How a text member given as a number is spelled.
  enum NumberSpelling: Sendable {
    /// Not accepted: only strings are text.
    case rejected
    /// The number's value, written back (`1.50` → `"1.5"`).
    case canonical
    /// The bytes of the dump (`1.50` → `"1.50"`).
    case asWritten
  }

  /// Whether a value of a JSON type that makes no sense for its member (an object where a
  /// number belongs) is counted in ``IgnoredMembers``; otherwise it is skipped silently.
  var countsIgnored: Bool
  /// Whether the strings `"true"` and `"false"` are the numbers 1 and 0.
  var readsBooleanStrings: Bool
  /// Whether a string may hold a JSON-encoded value: a quoted string whose quotes are
  /// stripped, a quoted number, an object (`qualityLimitationDurations`).
  var decodesJSONStrings: Bool
  /// Text members given as numbers.
  var numbersAsText: NumberSpelling
  /// Whether booleans are accepted as text (`"true"`/`"false"`).
  var booleansAsText: Bool
  /// Whether an object's id is the key it is filed under (an `id` member is then skipped).
  var idComesFromKey: Bool
  /// Whether `type` may be a number of the rtcstats compression table.
  var readsCompressedTypes: Bool

  /// W3C stats as `getStats()`, app loggers and libwebrtc write them.
  static var w3c: MemberPolicy {
    MemberPolicy(
      countsIgnored: true, readsBooleanStrings: false, decodesJSONStrings: false,
      numbersAsText: .canonical, booleansAsText: true, idComesFromKey: false,
      readsCompressedTypes: false)
  }

  /// rtcstats dumps (file format 3 and the W3C payloads of legacy dumps): objects keyed by
  /// id, possibly compressed.
  static var rtcstatsDump: MemberPolicy {
    MemberPolicy(
      countsIgnored: true, readsBooleanStrings: false, decodesJSONStrings: false,
      numbersAsText: .canonical, booleansAsText: true, idComesFromKey: true,
      readsCompressedTypes: true)
  }

  /// Legacy goog stats: every value a string.
  static var legacyGoog: MemberPolicy {
    MemberPolicy(
      countsIgnored: false, readsBooleanStrings: true, decodesJSONStrings: false,
      numbersAsText: .rejected, booleansAsText: false, idComesFromKey: true,
      readsCompressedTypes: false)
  }

  /// Legacy goog stats as an app serialised a callback `getStats()` result, like W3C
  /// objects (`[{"id":…,"type":"ssrc","timestamp":"2024-…Z",…}]`): the id is a member.
  static var legacyGoogSnapshot: MemberPolicy {
    MemberPolicy(
      countsIgnored: false, readsBooleanStrings: true, decodesJSONStrings: false,
      numbersAsText: .canonical, booleansAsText: false, idComesFromKey: false,
      readsCompressedTypes: false)
  }

  /// The elements of webrtc-internals series, which JavaScript serialised, some twice.
  static var webrtcInternals: MemberPolicy {
    MemberPolicy(
      countsIgnored: false, readsBooleanStrings: false, decodesJSONStrings: true,
      numbersAsText: .asWritten, booleansAsText: true, idComesFromKey: false,
      readsCompressedTypes: false)
  }
}
