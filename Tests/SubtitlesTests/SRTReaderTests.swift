import ManifestCore
import Testing

@testable import Subtitles

@Suite struct SRTReaderTests {
  @Test func translatorQuirks() throws {
    let document = try SRTReader.read(try Fixture.bytes("translator.srt"))
    #expect(document.format == .srt)
    #expect(document.cues.count == 4)
    let cues = document.cues
    #expect(cues.map(\.identifier) == ["1", "3", "4", nil])
    // `,5` is 500 ms and `.25` is 250 ms.
    #expect(cues[0].start == SubtitleTime(milliseconds: 1500))
    #expect(cues[0].end == SubtitleTime(milliseconds: 3250))
    #expect(cues[0].plainText == "Hello")
    #expect(cues[1].start == SubtitleTime(seconds: 4))
    #expect(cues[1].settings == "X1:100 X2:600 Y1:20 Y2:50")
    #expect(cues[1].placement == CuePlacement(vertical: .top))
    #expect(cues[1].plainText == "Top line\nyellow")
    #expect(
      cues[1].text?.sourceMarkup?.text == "{\\an8}Top line\n<font color=\"#ffff00\">yellow</font>")
    #expect(cues[2].start == SubtitleTime(seconds: 7))
    #expect(cues[2].plainText == "No blank line before me")
    #expect(cues[3].plainText == "No number")
    #expect(cues.map(\.line) == [2, 6, 10, 14])
    #expect(
      document.diagnostics.map { $0.rendered(file: "t.srt") } == [
        "t.srt:10:1: warning: missing blank line before this cue [srt.blank-line.missing]"
      ])
  }

  @Test func fontAndStyleTagsBecomeSpans() throws {
    let document = try SRTReader.read(
      ("1\n00:00:01,000 --> 00:00:02,000\n<I>it</I> <b>bold <u>under</u></b> "
        + "<font color=\"red\" face='Arial'>c</font> 5 < 6\n")
        .bytes)
    let nodes = try #require(document.cues.first?.text?.nodes)
    #expect(
      nodes == [
        .span(CueSpan(.italic, children: [.text("it")])), .text(" "),
        .span(
          CueSpan(
            .bold,
            children: [.text("bold "), .span(CueSpan(.underline, children: [.text("under")]))])),
        .text(" "),
        .span(
          CueSpan(
            .font, style: [StyleProperty("color", "red"), StyleProperty("face", "Arial")],
            children: [.text("c")])),
        .text(" 5 < 6"),
      ])
    #expect(document.cues[0].plainText == "it bold under c 5 < 6")
  }

  @Test func numberLinesInsideTextStayText() throws {
    let document = try SRTReader.read(
      ("1\n00:00:01,000 --> 00:00:02,000\nThe year was\n1984\n\n"
        + "2\n00:00:03,000 --> 00:00:04,000\n42\n")
        .bytes)
    #expect(document.cues.map(\.plainText) == ["The year was\n1984", "42"])
    #expect(document.diagnostics.isEmpty)
  }

  @Test func longFractionsAreExactAndGarbageIsReported() throws {
    let document = try SRTReader.read(
      "garbage first\n\n1\n00:00:01.0005 --> 00:00:02,1\nx\n\n\ncontinued after blanks\n".bytes)
    #expect(document.cues.count == 1)
    #expect(document.cues[0].start == SubtitleTime(numerator: 10005, denominator: 10000))
    #expect(document.cues[0].end == SubtitleTime(milliseconds: 2100))
    #expect(document.cues[0].plainText == "x\ncontinued after blanks")
    #expect(
      document.diagnostics.map { $0.rendered(file: "g.srt") } == [
        "g.srt:1:1: warning: text outside a cue is ignored (expected a cue number or timing line) [srt.text.outside-cue]",
        "g.srt:8:1: warning: text after a blank line is kept in the cue before it [srt.text.after-blank-line]",
      ])
  }

  @Test func aCueWithUnreadableTimesIsSkippedNotGluedOntoThePreviousOne() throws {
    let document = try SRTReader.read(
      ("1\n00:00:01,000 --> 00:00:02,000\nfirst\n\n2\n00:00:03,000 --> 00:00:61,000\nsecond\n"
        + "more\n\n3\n00:00:05,000 --> 00:00:06,000\nthird\n").bytes)
    #expect(document.cues.map(\.plainText) == ["first", "third"])
    #expect(document.cues.map(\.identifier) == ["1", "3"])
    #expect(
      document.diagnostics.map { $0.rendered(file: "b.srt") } == [
        "b.srt:6:1: warning: invalid cue timing line; the cue is skipped [srt.timing.invalid]"
      ])
    // Text with an arrow that does not start like a time is text, as before.
    let text = try SRTReader.read("1\n00:00:01,000 --> 00:00:02,000\nfirst\n\n--> on\n".bytes)
    #expect(text.cues.map(\.plainText) == ["first\n--> on"])
    #expect(
      text.diagnostics.map { $0.rendered(file: "b.srt") } == [
        "b.srt:5:1: warning: text after a blank line is kept in the cue before it [srt.text.after-blank-line]"
      ])
  }

  @Test func doubledCarriageReturnsAreOneLineBreak() throws {
    // A CRLF file run through a text-mode conversion again ends its lines in \r\r\n.
    let document = try SRTReader.read(
      ("1\r\r\n00:00:01,000 --> 00:00:02,000\r\r\nline a\r\r\nline b\r\r\n\r\r\n"
        + "2\r\r\n00:00:03,000 --> 00:00:04,000\r\r\nsecond\r\r\n").bytes)
    #expect(document.cues.map(\.identifier) == ["1", "2"])
    #expect(document.cues.map(\.plainText) == ["line a\nline b", "second"])
    #expect(document.cues.map(\.line) == [3, 13])
    #expect(document.diagnostics.isEmpty)
  }

  @Test func emptyFileHasNoCues() throws {
    #expect(try SRTReader.read([]).cues.isEmpty)
    #expect(try SRTReader.read("\u{FEFF}\r\n".bytes).cues.isEmpty)
  }

  @Test func windows1252IsAClearError() {
    #expect(throws: ParseError.self) {
      try SRTReader.read(
        "1\n00:00:01,000 --> 00:00:02,000\nCaf".bytes + [0xE9], encoding: .unicode)
    }
  }

  /// Shifting tools write negative timestamps (`-00:00:01,500`); pysubs2 drops the sign and the
  /// `srt` package refuses the file. The cue was lost with three warnings; it is now read as
  /// written, so `validate` reports it (`negative-time`). Dialogue dashes stay text.
  @Test func negativeTimestampsAreReadForValidation() throws {
    let document = try SRTReader.read(
      "1\n-00:00:01,500 --> 00:00:02,000\nEarly\n\n2\n00:00:03,000 --> 00:00:04,000\n- Hi\n-5 C\n"
        .bytes)
    #expect(
      document.cues.map(\.start) == [SubtitleTime(milliseconds: -1500), SubtitleTime(seconds: 3)])
    #expect(document.cues.map(\.plainText) == ["Early", "- Hi\n-5 C"])
    #expect(document.diagnostics.isEmpty)
    #expect(
      SubtitleValidator.validate(document).map(\.message) == [
        "negative-time: cue 1 has a negative time (-1.5 --> 2)"
      ])
  }
}
