import Testing

@testable import RTCStatsCore

/// A loss burst may begin with one interval of moderate loss.
///
/// A burst that begins late in a poll interval shows first as moderate loss, then as heavy
/// loss: the burst starts with that rising interval. Loss that rises over two such intervals
/// before it peaks is not a burst.
@Suite struct LossBurstRampTests {
  private typealias Fixture = DiagnosisFixture

  /// Four clean polls, one at 4 of 54 packets lost (7.4 %: between alertOff 5 % and alertOn
  /// 10 %), one at 15 of 65 (23 %), then clean again.
  @Test func aBurstMayBeginWithOneRisingInterval() throws {
    var call = Fixture()
    var audio = Fixture.inboundAudio()
    call.polls(4, [audio])
    audio.lostPerSecond = 4
    call.polls(1, [audio])
    audio.lostPerSecond = 15
    call.polls(1, [audio])
    audio.lostPerSecond = 0
    call.polls(3, [audio])
    let bursts = call.findings("lossBurst")
    #expect(bursts.count == 1, "\(bursts.map { call.seconds($0.start) })")
    let burst = try #require(bursts.first)
    // The rising interval is the fifth poll's, from 4 s; the burst ends with the sixth.
    #expect(call.seconds(burst.start) == 4 && call.seconds(burst.end) == 6)
  }

  @Test func lossRisingOverTwoIntervalsIsNotABurst() throws {
    var call = Fixture()
    var audio = Fixture.inboundAudio()
    call.polls(4, [audio])
    audio.lostPerSecond = 4
    call.polls(2, [audio])
    audio.lostPerSecond = 15
    call.polls(1, [audio])
    audio.lostPerSecond = 0
    call.polls(3, [audio])
    #expect(call.findings("lossBurst").isEmpty)
  }
}
