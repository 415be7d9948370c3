import ManifestCore
import Testing

@testable import Subtitles
@testable import TTML

/// Inputs the fuzzers (tools/fuzz: `fuzz-srt`, `fuzz-webvtt`, `fuzz-ttml`) found trapping on
/// integer overflow, minimized; each must now read with exactly these cues and diagnostics.
@Suite struct FuzzFindingsTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func srtHoursTooLargeForExtraFractionDigitsKeepMilliseconds() throws {
    let document = try SRTReader.read(
      bytes("1\n999999999999:00:00,0004 --> 999999999999:00:01,000\nhi\n"))
    let cue = try #require(document.cues.first)
    #expect(cue.start == SubtitleTime(milliseconds: 3_599_999_999_996_400_000))
    #expect(cue.end == SubtitleTime(milliseconds: 3_599_999_999_996_401_000))
    #expect(document.diagnostics.isEmpty)
  }

  @Test func webVTTHoursPastInt64MillisecondsAreNoTimestamp() throws {
    let document = try WebVTTReader.read(
      bytes("WEBVTT\n\n999999999999999:00:00.000 --> 999999999999999:00:01.000\nhi\n"))
    #expect(document.cues.isEmpty)
    #expect(
      document.diagnostics.map { $0.rendered(file: "x.vtt") } == [
        "x.vtt:3:1: warning: invalid cue timing line; the block is ignored [vtt.timing.invalid]"
      ])
    #expect(
      WebVTTTimestamp.parse("2562047788015:12:55.807") == SubtitleTime(milliseconds: .max))
    #expect(WebVTTTimestamp.parse("2562047788015:12:55.808") == nil)
    #expect(WebVTTTimestamp.parse("2562047788016:00:00.000") == nil)
  }

  @Test func ttmlClockAndFrameTimesPastInt64AreInvalid() throws {
    let media = TTMLTimingParameters()
    #expect(TTMLTimeExpression.parse("999999999999999999:00:00", media) == nil)
    #expect(TTMLTimeExpression.parse("2562047788015216:00:00", media) == nil)
    #expect(
      TTMLTimeExpression.parse("2562047788015215:00:00", media)
        == SubtitleTime(seconds: 9_223_372_036_854_774_000))
    let frames = TTMLTimingParameters(frameRate: 30, subFrameRate: 999_999_999_999)
    #expect(TTMLTimeExpression.parse("00:00:00:99999999999.5", frames) == nil)
    let subFrames = try #require(
      SubtitleTime(numerator: 15 * 999_999_999_999 + 5, denominator: 30 * 999_999_999_999))
    #expect(
      TTMLTimeExpression.parse("00:00:01:15.5", frames) == SubtitleTime(seconds: 1) + subFrames)
    let smpte = TTMLTimingParameters(timeBase: .smpte, frameRate: 999_999_999_999)
    #expect(TTMLTimeExpression.parse("99999999:00:00:01", smpte) == nil)
  }

  @Test func ttmlRatesWhoseProductOverflowsAreNoRate() throws {
    let huge = TTMLTimingParameters(
      frameRate: .max, frameRateMultiplier: (2, 1), subFrameRate: 3)
    #expect(huge.effectiveFrameRate == (0, 1))
    #expect(huge.effectiveTickRate == (0, 1))
    #expect(TTMLTimeExpression.parse("10f", huge) == nil)
    #expect(TTMLTimeExpression.parse("10t", huge) == nil)
    let document = try TTMLReader.read(
      bytes(
        """
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
          ttp:frameRate="9223372036854775807" ttp:frameRateMultiplier="1001 1000">
        <body><div><p begin="00:00:01.5" end="00:00:02.25">hi</p></div></body></tt>
        """))
    #expect(document.cues.map(\.start) == [SubtitleTime(milliseconds: 1500)])
    #expect(
      String(decoding: document.written(as: .ttml), as: UTF8.self).contains(
        "begin=\"00:00:01.500\" end=\"00:00:02.250\""))
  }

  /// The 4-digit fraction above came back from the SRT writer as `,128`: rounding a large time
  /// to milliseconds went through `Double`.
  @Test func roundingLargeTimesIsExact() throws {
    let document = try SRTReader.read(
      bytes("1\n999999999999:00:00,0004 --> 999999999999:00:01,000\nhi\n"))
    #expect(
      String(decoding: document.written(as: .srt), as: UTF8.self)
        == "1\n999999999999:00:00,000 --> 999999999999:00:01,000\nhi\n\n")
    let large = SubtitleTime(milliseconds: 3_599_999_999_996_400_123)
    #expect(large.milliseconds == 3_599_999_999_996_400_123)
    #expect((-large).milliseconds == -3_599_999_999_996_400_123)
    #expect(large.rounded(toUnitsPerSecond: 90_000) == .max)
    let third = try #require(SubtitleTime(numerator: 9_000_000_000_000_000_001, denominator: 3))
    #expect(third.rounded(toUnitsPerSecond: 2) == 6_000_000_000_000_000_001)
    let half = try #require(SubtitleTime(numerator: -3, denominator: 2))
    #expect(half.rounded(toUnitsPerSecond: 1) == -2)
    #expect(SubtitleTime(milliseconds: 1_500).rounded(toUnitsPerSecond: 1) == 2)
  }

  /// A last `p` without an end ends where it begins; written back as `begin="…" end="…"` it
  /// was silently dropped on reading, so a TTML round trip lost the cue.
  @Test func ttmlZeroLengthParagraphWrittenAsSuchIsKept() throws {
    let document = try TTMLReader.read(
      bytes(
        """
        <tt xmlns="http://www.w3.org/2006/10/ttaf1">
        <body><div><p begin="0.5s" end="1.xs">open</p></div></body></tt>
        """))
    #expect(document.cues.map(\.start) == [SubtitleTime(milliseconds: 500)])
    #expect(document.cues.map(\.end) == [SubtitleTime(milliseconds: 500)])
    #expect(
      document.diagnostics.map { $0.rendered(file: "t.xml") } == [
        "t.xml:2:1: warning: invalid end time expression '1.xs'; ignored "
          + "[ttml.time-expression.invalid]",
        "t.xml:2:1: warning: p has no end time (no end or dur on it or an ancestor) and begins "
          + "at or after the latest time the document gives; it ends where it begins "
          + "[ttml.p.no-end]",
      ])
    let written = document.written(as: .ttml)
    #expect(
      String(decoding: written, as: UTF8.self).contains(
        "<p begin=\"00:00:00.500\" end=\"00:00:00.500\">open</p>"))
    let reread = try TTMLReader.read(written)
    #expect(reread.cues.map(\.plainText) == ["open"])
    #expect(reread.cues.map(\.end) == [SubtitleTime(milliseconds: 500)])
    #expect(reread.diagnostics.isEmpty)
  }

  /// A tick count past what nanoseconds hold was computed as a time, clamped, and written as
  /// `9200000000t`: counts are now exact or not written as counts.
  @Test func ttmlTickAndFrameCountsAreExact() throws {
    let document = try TTMLReader.read(
      bytes(
        """
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
          ttp:tickRate="10000001"><body><div begin="40:00:01.000">
        <p begin="24000000t" dur="2.5s">far</p></div></body></tt>
        """))
    let written = String(decoding: document.written(as: .ttml), as: UTF8.self)
    #expect(written.contains("<p begin=\"1440034144001t\" end=\"40:00:05.89999976\">far</p>"))
    let reread = try TTMLReader.read(Array(written.utf8))
    #expect(reread.cues.map(\.start) == document.cues.map(\.start))
    let time = try #require(SubtitleTime(numerator: 24_000_000, denominator: 10_000_001))
    #expect(time.wholeCount(scaledBy: 10_000_001, over: 1) == 24_000_000)
    #expect(time.wholeCount(scaledBy: 30_000, over: 1001) == nil)
    #expect(SubtitleTime(seconds: .max).wholeCount(scaledBy: 2, over: 1) == nil)
    #expect(SubtitleTime(milliseconds: 1001).wholeCount(scaledBy: 30_000, over: 1001) == 30)
  }

  @Test func timeArithmeticAtTheEdgesClampsInsteadOfTrapping() throws {
    #expect(SubtitleTime(seconds: .max).milliseconds == .max)
    #expect(SubtitleTime(seconds: .min).milliseconds == .min)
    let tiny = try #require(SubtitleTime(numerator: .min, denominator: 3))
    #expect((SubtitleTime(seconds: 1) - tiny).isNegative == false)
  }
}
