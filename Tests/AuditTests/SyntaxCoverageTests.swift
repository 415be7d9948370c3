import Audit
import HLS
import ManifestCore
import Testing

/// The parser's diagnostics that a dedicated rule reports are recognised by their code, not
/// their wording: each problem is one finding, of the dedicated rule.
@Suite struct SyntaxCoverageTests {
  /// A SSAI origin's live playlist (AWS Elemental MediaTailor shape) whose ad DATERANGE ends
  /// before it starts and has a negative PLANNED-DURATION.
  @Test func dateRangeProblemsAreReportedOnceByTheDateRangeRule() throws {
    let text = """
      #EXTM3U
      #EXT-X-VERSION:6
      #EXT-X-TARGETDURATION:6
      #EXT-X-PROGRAM-DATE-TIME:2026-12-01T10:00:00.000Z
      #EXT-X-DATERANGE:ID="ad-1",START-DATE="2026-12-01T10:00:10.000Z",END-DATE="2026-12-01T10:00:05.000Z",PLANNED-DURATION=-30
      #EXTINF:6.0,
      seg1.ts
      #EXTINF:6.0,
      seg2.ts

      """
    let playlist = try Playlist.parse(text)
    #expect(
      playlist.diagnostics.map(\.code) == [
        "hls.daterange.end-before-start", "hls.daterange.negative-duration",
      ])
    let findings = Audit.run(playlist)
    #expect(!findings.contains { $0.rule.hasPrefix("spec.syntax") })
    #expect(
      findings.map(\.rule) == ["spec.daterange-invalid-range", "spec.daterange-invalid-range"])
  }

  /// The same parser diagnostic family (a malformed decimal) that no dedicated rule checks is
  /// reported by `spec.syntax`, with the parser's message.
  @Test func otherParserErrorsAreSyntaxFindings() throws {
    let text = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-START:TIME-OFFSET=abc\n#EXTINF:6,\na.ts\n"
    let playlist = try Playlist.parse(text)
    #expect(playlist.diagnostics.map(\.code) == ["hls.attribute.decimal"])
    let findings = Audit.run(playlist).filter { $0.rule == "spec.syntax" }
    #expect(
      findings.map { $0.rendered(file: "a.m3u8") } == [
        "a.m3u8:3:26: error: EXT-X-START: TIME-OFFSET must be a decimal number, got 'abc' "
          + "[spec.syntax]"
      ])
  }
}
