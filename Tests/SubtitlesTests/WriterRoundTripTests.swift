import ManifestCore
import Testing

@testable import Subtitles

@Suite struct WriterRoundTripTests {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func srtToSRTNormalisesAndKeepsMarkup() throws {
    let document = try SRTReader.read(try Fixture.bytes("translator.srt"))
    let written = text(SRTWriter.write(document))
    #expect(
      written == """
        1
        00:00:01,500 --> 00:00:03,250
        <i>Hello</i>

        2
        00:00:04,000 --> 00:00:06,000 X1:100 X2:600 Y1:20 Y2:50
        {\\an8}Top line
        <font color="#ffff00">yellow</font>

        3
        00:00:07,000 --> 00:00:08,000
        No blank line before me

        4
        00:00:09,000 --> 00:00:10,000
        No number


        """)
    let again = try SRTReader.read(Array(written.utf8))
    #expect(again.cues.map(\.plainText) == document.cues.map(\.plainText))
    #expect(again.cues.map(\.start) == document.cues.map(\.start))
    #expect(again.diagnostics.isEmpty)
  }

  @Test func webVTTToWebVTTKeepsEverything() throws {
    let source = """
      WEBVTT - Show
      Kind: captions

      STYLE
      ::cue(.loud) { font-weight: bold }

      REGION
      id:top
      width:40%

      NOTE first

      intro
      00:00:01.000 --> 00:00:02.000 region:top line:0
      <c.loud>Hey</c> &amp; <00:00:01.500>you

      00:00:03.000 --> 00:00:04.000
      Bye

      NOTE last

      """
    let document = try WebVTTReader.read(source.bytes)
    let written = text(WebVTTWriter.write(document))
    // Everything comes back; the writer ends the last block with a blank line.
    #expect(written == source + "\n")
    #expect(try WebVTTReader.read(Array(written.utf8)) == document)
  }

  @Test func srtToWebVTTRendersTagsAndPlacement() throws {
    let document = try SRTReader.read(
      "1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<i>Top</i> & <font color=\"#FFFF00\">sun</font>\n"
        .bytes)
    let written = text(WebVTTWriter.write(document))
    #expect(
      written == """
        WEBVTT

        1
        00:00:01.000 --> 00:00:02.000 line:0
        <i>Top</i> &amp; <c.yellow>sun</c>


        """)
    let back = try WebVTTReader.read(Array(written.utf8))
    #expect(back.cues[0].plainText == "Top & sun")
    #expect(back.cues[0].placement == CuePlacement(vertical: .top))
  }

  @Test func webVTTToSRTRendersTagsAndAlignment() throws {
    let document = try WebVTTReader.read(
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.000 line:0 align:left\n<v Bob><b>Hi</b> &lt;3</v>\n"
        .bytes)
    #expect(
      text(SRTWriter.write(document)) == "1\n00:00:01,000 --> 00:00:02,000\n{\\an7}<b>Hi</b> <3\n\n"
    )
  }

  @Test func blankLinesInsideTextAreDroppedSoTheCueSurvives() throws {
    let cue = Cue(start: .zero, end: SubtitleTime(seconds: 1), text: "a\n\nb")
    let document = SubtitleDocument(format: .ttml, cues: [cue])
    #expect(text(SRTWriter.write(document)) == "1\n00:00:00,000 --> 00:00:01,000\na\nb\n\n")
    #expect(
      text(WebVTTWriter.write(document)) == "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\na\nb\n\n")
  }

  @Test func commentsStartingOnTheNextLineKeepTheirLineBreak() throws {
    let source =
      "WEBVTT\n\nNOTE\nbetween\ncues\n\nNOTE   \nx\n\nNOTE a\nb\n\n"
      + "00:00:01.000 --> 00:00:02.000\nc\n\n"
    let document = try WebVTTReader.read(source.bytes)
    #expect(document.comments.map(\.text) == ["\nbetween\ncues", "  \nx", "a\nb"])
    let written = text(WebVTTWriter.write(document))
    #expect(
      written == "WEBVTT\n\nNOTE\nbetween\ncues\n\nNOTE\nx\n\nNOTE a\nb\n\n"
        + "00:00:01.000 --> 00:00:02.000\nc\n\n")
    let again = try WebVTTReader.read(Array(written.utf8))
    #expect(again.comments.map(\.text) == ["\nbetween\ncues", "\nx", "a\nb"])
    #expect(again.cues.map(\.plainText) == ["c"])
  }
}
