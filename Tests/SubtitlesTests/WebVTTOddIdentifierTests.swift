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
}
