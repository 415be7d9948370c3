import ManifestCore
import Subtitles
import Testing

@testable import TTML

/// SRT text spacing through the TTML writer (moved from SubtitlesTests/WriterRoundTripTests).
@Suite struct TTMLSpacingTests {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func spacingSurvivesTTMLWithXMLSpacePreserve() throws {
    let document = try SRTReader.read(
      ("1\n00:00:01,000 --> 00:00:02,000\nName:    Bob \n\tTabbed\n\n"
        + "2\n00:00:03,000 --> 00:00:04,000\nplain text\n").bytes)
    let ttml = text(TTMLWriter.write(document))
    #expect(
      ttml.contains(
        #"<p begin="00:00:01.000" end="00:00:02.000" region="bottom" xml:space="preserve">"#
          + "Name:    Bob <br/>\tTabbed</p>"))
    #expect(ttml.contains(#"<p begin="00:00:03.000" end="00:00:04.000" region="bottom">plain"#))
    let back = try TTMLReader.read(Array(ttml.utf8))
    #expect(back.cues.map(\.plainText) == ["Name:    Bob \n\tTabbed", "plain text"])
    #expect(TTMLWriter.needsPreservedSpace(" a") && TTMLWriter.needsPreservedSpace("a\n b"))
    #expect(!TTMLWriter.needsPreservedSpace("a b\nc d") && !TTMLWriter.needsPreservedSpace(""))
  }
}
