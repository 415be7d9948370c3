import Subtitles
import Testing

/// Issue 17 item 2: cue identifier lines as generators write them, which browsers' WebVTT parser
/// (§6.1 "collect a WebVTT block") does not take for identifiers.
@Suite struct WebVTTOddIdentifierTests {
  /// A chapter-style identifier with an arrow (`intro --> verse`), as hand-edited karaoke
  /// files have it: browsers read the line as a failed timing line and keep the cue without it.
  @Test func identifierWithAnArrow() throws {
    let document = try WebVTTReader.read(
      Array("WEBVTT\n\nintro --> verse\n00:00:01.000 --> 00:00:02.000\nLa la\n".utf8))
    #expect(document.cues.map(\.identifier) == ["intro --> verse"])
    #expect(
      document.diagnostics.map { $0.rendered(file: "a.vtt") } == [
        "a.vtt:3:1: warning: a cue identifier containing '-->' (WebVTT §4.1 forbids it) is read "
          + "as the identifier, but browsers take it for a timing line and read the cue without "
          + "it [vtt.cue-id.arrow]"
      ])
  }

  /// A numbered identifier with a blank line under it, as some SRT-to-WebVTT scripts write
  /// it: browsers ignore the number and read the cue without an identifier.
  @Test func identifierBeforeABlankLine() throws {
    let document = try WebVTTReader.read(
      Array("WEBVTT\n\n1\n\n00:00:01.000 --> 00:00:02.000\nHello\n".utf8))
    #expect(document.cues.map(\.identifier) == ["1"])
    #expect(
      document.diagnostics.map { $0.rendered(file: "a.vtt") } == [
        "a.vtt:3:1: warning: a cue identifier line followed by a blank line (WebVTT §4.1 puts it "
          + "right above the timing line) is read as the next cue's identifier, but browsers "
          + "ignore the line and read the cue without one [vtt.cue-id.detached]"
      ])
  }

  /// `STYLE` alone before the first cue, with CRLF line ends, as CCExtractor's WebVTT header
  /// writes it (`WEBVTT`, blank, `STYLE`, blank): an empty style sheet, as browsers read it
  /// (the block is no cue), written back as it was. It was the first cue's identifier
  /// `STYLE`, with a `vtt.cue-id.detached` warning, and dropped on writing.
  @Test func bareStyleLineBeforeTheFirstCueIsAnEmptyStyleBlock() throws {
    let text = "WEBVTT\r\n\r\nSTYLE\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nHello\r\n"
    let document = try WebVTTReader.read(Array(text.utf8))
    #expect(document.cues.map(\.identifier) == [nil])
    #expect(document.cues.map(\.plainText) == ["Hello"])
    #expect(document.styleSheets == [""])
    #expect(document.diagnostics.isEmpty)
    #expect(
      String(decoding: WebVTTWriter.write(document), as: UTF8.self)
        == "WEBVTT\n\nSTYLE\n\n00:00:01.000 --> 00:00:02.000\nHello\n\n")
  }

  /// `REGION` alone before the first cue: a region definition without an id, which browsers
  /// ignore (W3C WebVTT §6.5), not the first cue's identifier.
  @Test func bareRegionLineBeforeTheFirstCueIsARegionWithoutID() throws {
    let document = try WebVTTReader.read(
      Array("WEBVTT\n\nREGION\n\n00:00:01.000 --> 00:00:02.000\nHello\n".utf8))
    #expect(document.cues.map(\.identifier) == [nil])
    #expect(document.regions.isEmpty)
    #expect(
      document.diagnostics.map { $0.rendered(file: "a.vtt") } == [
        "a.vtt:3:1: warning: REGION block without an id is ignored [vtt.region.no-id]"
      ])
  }

  /// A one-line style sheet and a one-line region definition under their keyword lines (the
  /// shape of the W3C WebVTT §4.4 and §4.5 examples) stay blocks of their own.
  @Test func oneLineStyleAndRegionBlocksBeforeTheFirstCue() throws {
    let document = try WebVTTReader.read(
      Array(
        ("WEBVTT\n\nSTYLE\n::cue { color: red }\n\nREGION\nid:r1 width:40%\n\n"
          + "00:00:01.000 --> 00:00:02.000 region:r1\nHello\n").utf8))
    #expect(document.styleSheets == ["::cue { color: red }"])
    #expect(document.regions.map(\.identifier) == ["r1"])
    #expect(document.cues.map(\.identifier) == [nil])
    #expect(document.cues.map(\.region) == ["r1"])
    #expect(document.diagnostics.isEmpty)
  }
}
