import ManifestCore
import Subtitles
import Testing

/// WebVTT as generators write it, which browsers reject but authors and other libraries read
/// (issue 17 item 2): read with a warning that says what a browser does.
@Suite struct WebVTTAsWrittenTests {
  private func read(_ text: String) throws -> SubtitleDocument {
    try WebVTTReader.read(Array(text.utf8))
  }

  /// Timestamps without a fraction and with two fraction digits, as SRT-to-VTT web converters
  /// and hand-edited caption files write them (`00:01:39`, `00:01:41.04`); W3C WebVTT §6.2
  /// "collect a WebVTT timestamp" requires exactly three digits, so browsers drop these cues.
  @Test func timestampsWithoutThreeFractionDigits() throws {
    let document = try read(
      "WEBVTT\n\n00:01:39 --> 00:01:41.04\nHello\n\n01:41.5 --> 01:42.000\nOne digit\n\n"
        + "00:01:43.000 --> 00:01:44.000\nStrict\n")
    #expect(
      document.cues.map(\.start) == [
        SubtitleTime(seconds: 99), SubtitleTime(milliseconds: 101_500),
        SubtitleTime(seconds: 103),
      ])
    #expect(
      document.cues.map(\.end) == [
        SubtitleTime(milliseconds: 101_040), SubtitleTime(seconds: 102),
        SubtitleTime(seconds: 104),
      ])
    #expect(
      document.diagnostics.map { $0.rendered(file: "a.vtt") } == [
        "a.vtt:3:1: warning: timestamp without a fraction (WebVTT requires exactly three, §4.1); "
          + "the cue is read, but browsers drop it [vtt.timestamp.no-fraction]",
        "a.vtt:6:1: warning: timestamp with 1 fraction digit (WebVTT requires exactly three, "
          + "§4.1); the cue is read, but browsers drop it [vtt.timestamp.short-fraction]",
      ])
    // Written back, the times have three digits: convert repairs the file.
    #expect(
      String(decoding: WebVTTWriter.write(document), as: UTF8.self)
        == "WEBVTT\n\n00:01:39.000 --> 00:01:41.040\nHello\n\n00:01:41.500 --> 00:01:42.000\n"
        + "One digit\n\n00:01:43.000 --> 00:01:44.000\nStrict\n\n")
  }

  /// What is not a timestamp even so stays an invalid timing line: four fraction digits, a
  /// bare dot, seconds of one digit, minutes over 59 without hours.
  @Test func otherMalformedTimesStayInvalid() throws {
    for timing in [
      "00:01.0000 --> 00:02.000", "00:01. --> 00:02.000", "00:1 --> 00:02.000",
      "61:00 --> 62:00", "00:01,0000 --> 00:02,000", "00:01, --> 00:02,000",
    ] {
      let document = try read("WEBVTT\n\n\(timing)\nText\n")
      #expect(document.cues.isEmpty, "\(timing)")
      #expect(document.diagnostics.map(\.code) == ["vtt.timing.invalid"], "\(timing)")
    }
  }

  /// An SRT file given a `WEBVTT` line and nothing else (as shell one-liners and simple
  /// SRT-to-WebVTT scripts make one): commas before the fractions, `00:01:41,040`. W3C WebVTT
  /// §6.2 requires a `.`, so browsers drop these cues; they are read with a warning, and written
  /// back with `.`.
  @Test func timestampsWithACommaAsSRTWritesThem() throws {
    let document = try read(
      "WEBVTT\n\n1\n00:01:39,000 --> 00:01:41,040\nHello\n\n2\n00:01:41,04 --> 00:01:42.000\n"
        + "Both\n")
    #expect(
      document.cues.map(\.start) == [
        SubtitleTime(seconds: 99), SubtitleTime(milliseconds: 101_040),
      ]
    )
    #expect(
      document.cues.map(\.end) == [SubtitleTime(milliseconds: 101_040), SubtitleTime(seconds: 102)])
    #expect(
      document.diagnostics.map { $0.rendered(file: "a.vtt") } == [
        "a.vtt:4:1: warning: timestamp with a comma before its fraction, as SRT writes it (WebVTT "
          + "requires '.', §4.1); the cue is read, but browsers drop it [vtt.timestamp.comma]",
        "a.vtt:8:1: warning: timestamp with a comma before its fraction, as SRT writes it (WebVTT "
          + "requires '.', §4.1); the cue is read, but browsers drop it [vtt.timestamp.comma]",
        "a.vtt:8:1: warning: timestamp with 2 fraction digits (WebVTT requires exactly three, "
          + "§4.1); the cue is read, but browsers drop it [vtt.timestamp.short-fraction]",
      ])
    #expect(
      String(decoding: WebVTTWriter.write(document), as: UTF8.self)
        == "WEBVTT\n\n1\n00:01:39.000 --> 00:01:41.040\nHello\n\n2\n00:01:41.040 --> "
        + "00:01:42.000\nBoth\n\n")
  }

  /// A `Region:` header line, as the 2013 WebVTT drafts defined regions (their example line);
  /// today's spec has REGION blocks (§4.5) and browsers ignore the header line. It is kept.
  @Test func regionHeaderLineOfTheOldDraft() throws {
    let line =
      "Region: id=fred width=40% lines=3 regionanchor=0%,100% viewportanchor=10%,90% scroll=up"
    let document = try read("WEBVTT\n\(line)\n\n00:00.000 --> 00:01.000 region:fred\nHi\n")
    #expect(document.headerLines == [line])
    #expect(document.cues.count == 1)
    #expect(
      document.diagnostics.map { $0.rendered(file: "a.vtt") } == [
        "a.vtt:2:1: warning: a 'Region:' header line (a WebVTT draft before REGION blocks) is "
          + "kept, but browsers ignore it; write a REGION block (§4.5) [vtt.header.region]"
      ])
  }
}
