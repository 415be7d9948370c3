import HLS
import ManifestCore
import Testing

/// Inputs the fuzzer (tools/fuzz, `fuzz-hls`) found crashing the parser, minimized; each must
/// now parse with exactly these diagnostics.
@Suite struct FuzzFindingsTests {
  /// Once a crash (a nanosecond count past Int64), then a diagnostic; since DateTime holds
  /// seconds and nanoseconds (issue 17 item 8) the years past 2262 parse exactly.
  @Test func dateBeyondTheNanosecondRangeParses() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PROGRAM-DATE-TIME:2263-01-01T00:00:00Z
      #EXT-X-DATERANGE:ID="ad",START-DATE="4050-11-29T00:00:00Z",PLANNED-DURATION=30
      #EXTINF:6,
      a.ts
      """)
    #expect(rendered(p.diagnostics) == [])
    #expect(p.segments.first?.programDateTime?.description == "2263-01-01T00:00:00Z")
    #expect(p.dateRanges.first?.startDate?.description == "4050-11-29T00:00:00Z")
  }

  /// The canonical form trimmed a URI line written after blanks, `  #EXT-X-ENDLIST`, into a
  /// tag: the segment was lost and the playlist ended.
  @Test func canonicalFormKeepsAURIThatStartsWithAHash() throws {
    let original = try Playlist.media(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\n  #EXT-X-ENDLIST \n")
    #expect(original.segments.map(\.uri) == ["#EXT-X-ENDLIST"])
    #expect(!original.endList)
    let canonical = CanonicalWriter.write(original.source)
    #expect(
      String(decoding: canonical, as: UTF8.self)
        == "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\n #EXT-X-ENDLIST\n")
    let reread = try #require(try Playlist.parse(canonical).media)
    #expect(reread.segments.map(\.uri) == ["#EXT-X-ENDLIST"])
    #expect(!reread.endList)
    #expect(rendered(reread.diagnostics) == [])
    #expect(CanonicalWriter.write(reread.source) == canonical)
  }
}
