import Testing

@testable import Subtitles
@testable import TTML

@Suite struct TTMLTimeExpressionTests {
  private func time(_ text: String, _ parameters: TTMLTimingParameters = .init()) -> SubtitleTime? {
    TTMLTimeExpression.parse(text, parameters)
  }

  private func ms(_ value: Int64) -> SubtitleTime { SubtitleTime(milliseconds: value) }

  @Test func clockTimes() {
    #expect(time("01:02:03") == SubtitleTime(seconds: 3723))
    #expect(time("01:02:03.5") == ms(3_723_500))
    #expect(
      time("00:00:00.123456789") == SubtitleTime(numerator: 123_456_789, denominator: 1_000_000_000)
    )
    #expect(time("100:00:00.5") == ms(360_000_500))  // three-digit hours
    #expect(time(" 00:00:01.000 ") == ms(1000))
    #expect(time("00:60:00") == nil)
    #expect(time("00:1:00") == nil)
    #expect(time("00:00:01,5") == nil)
  }

  @Test func framesUseTheEffectiveFrameRate() throws {
    let ntscFilm = TTMLTimingParameters(frameRate: 24, frameRateMultiplier: (1000, 1001))
    // 24 frames at 24000/1001 fps is exactly 1.001 s.
    #expect(time("24f", ntscFilm) == ms(1001))
    #expect(time("00:00:01:00", ntscFilm) == SubtitleTime(seconds: 1))
    #expect(time("00:00:02:12", ntscFilm) == SubtitleTime(numerator: 25_005, denominator: 10_000))
    // Default frame rate 30.
    #expect(time("15f") == ms(500))
    // Sub-frames: 12.5 frames at 25 fps.
    let pal = TTMLTimingParameters(frameRate: 25, subFrameRate: 2)
    #expect(time("00:00:01:12.1", pal) == ms(1500))
  }

  @Test func ticksDefaultPerSpec() {
    #expect(time("120t", TTMLTimingParameters(tickRate: 60)) == SubtitleTime(seconds: 2))
    // No tick rate and no frame rate: one tick per second.
    #expect(time("3t") == SubtitleTime(seconds: 3))
    // A frame rate without a tick rate: ticks are sub-frames (25 fps × 2 sub-frames).
    #expect(
      time("50t", TTMLTimingParameters(frameRate: 25, subFrameRate: 2)) == SubtitleTime(seconds: 1))
    // 10 MHz ticks, as packagers write them.
    #expect(
      time("34875494t", TTMLTimingParameters(tickRate: 10_000_000))
        == SubtitleTime(numerator: 34_875_494, denominator: 10_000_000))
  }

  @Test func offsetMetrics() {
    #expect(time("1.5h") == SubtitleTime(seconds: 5400))
    #expect(time("2m") == SubtitleTime(seconds: 120))
    #expect(time("2.069s") == ms(2069))
    #expect(time("250ms") == ms(250))
    #expect(time("0.5ms") == SubtitleTime(numerator: 1, denominator: 2000))
    #expect(time("5") == nil)
    #expect(time("5x") == nil)
    #expect(time("") == nil)
    #expect(time("-1s") == nil)
  }

  @Test func smpteDropFrameTimeCode() {
    let ntsc = TTMLTimingParameters(
      timeBase: .smpte, frameRate: 30, frameRateMultiplier: (1000, 1001), dropMode: .dropNTSC)
    // 00:05:02;07 is frame 302 × 30 + 7 − 2 × 5 = 9057, at 30000/1001 fps = 302.2019 s.
    #expect(time("00:05:02:07", ntsc) == SubtitleTime(numerator: 3_022_019, denominator: 10_000))
    // Minute 10 drops nothing: 00:10:00;00 is frame 18000 − 18 = 17982.
    #expect(
      time("00:10:00:00", ntsc) == SubtitleTime(numerator: 17_982 * 1001, denominator: 30_000))
    // Non-drop counts every label.
    var nonDrop = ntsc
    nonDrop.dropMode = .nonDrop
    #expect(
      time("00:05:02:07", nonDrop) == SubtitleTime(numerator: 9067 * 1001, denominator: 30_000))
    // PAL drop: 4 frames at each even minute not divisible by 20; minute 4 has dropped 8.
    let palDrop = TTMLTimingParameters(
      timeBase: .smpte, frameRate: 25, dropMode: .dropPAL)
    #expect(time("00:04:00:08", palDrop) == SubtitleTime(seconds: 240))
  }
}
