import Testing

@testable import RTCStatsCore

/// A loss burst may begin with one interval of moderate loss.
///
/// A burst that begins late in a poll interval shows first as moderate loss, then as heavy
/// loss: the burst starts with that rising interval. Loss that rises over two such intervals
/// before it peaks is not a burst.
@Suite struct LossBurstRampTests {
  private typealias Fixture = DiagnosisFixture

  /// The lossBurst findings of four clean polls, `rising` polls at 4 of 54 packets lost
  /// (7.4 %: between alertOff 5 % and alertOn 10 %), one at 15 of 65 (23 %), then three
  /// clean polls.
  private func bursts(rising: Int) -> (Fixture, [Diagnostic]) {
    var call = Fixture()
    var audio = Fixture.inboundAudio()
    for (polls, lost) in [(4, 0.0), (rising, 4), (1, 15), (3, 0)] {
      audio.lostPerSecond = lost
      call.polls(polls, [audio])
    }
    return (call, call.findings("lossBurst"))
  }

  @Test func aBurstMayBeginWithOneRisingInterval() throws {
    let (call, bursts) = bursts(rising: 1)
    #expect(bursts.count == 1, "\(bursts.map { call.seconds($0.start) })")
    let burst = try #require(bursts.first)
    // The rising interval is the fifth poll's, from 4 s; the burst ends with the sixth.
    #expect(call.seconds(burst.start) == 4 && call.seconds(burst.end) == 6)
  }

  @Test func lossRisingOverTwoIntervalsIsNotABurst() {
    #expect(bursts(rising: 2).1.isEmpty)
  }
}
