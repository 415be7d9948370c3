import HLS
import ManifestCore
import Testing

/// Tens of thousands of date ranges, or of attributes on one: the parser's checks give the
/// answers they give on short lists, linearly (a scan of the earlier ones each takes minutes).
@Suite struct LongDateRangeTests {
  static func media(_ tags: String) throws -> MediaPlaylist {
    try Playlist.media(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:00Z\n"
        + "\(tags)#EXTINF:6,\na.ts\n")
  }

  /// 20,000 IDs without START-DATE are each reported; 20,000 later tags of an ID that had one
  /// may leave it out.
  @Test func startDateIsLookedUpByID() throws {
    let count = 20_000
    let lonely = (0..<count).map { "#EXT-X-DATERANGE:ID=\"d\($0)\",DURATION=1\n" }.joined()
    let later = String(repeating: "#EXT-X-DATERANGE:ID=\"s\",DURATION=2\n", count: count)
    let p = try Self.media(
      lonely + "#EXT-X-DATERANGE:ID=\"s\",START-DATE=\"2025-11-29T00:00:00Z\"\n" + later)
    let messages = rendered(p.diagnostics)
    #expect(messages.count == count)
    #expect(messages.first == "4:1: error: EXT-X-DATERANGE: missing required attribute START-DATE")
    #expect(
      messages.last
        == "\(count + 3):1: error: EXT-X-DATERANGE: missing required attribute START-DATE")
    #expect(p.dateRanges.count == 2 * count + 1)
  }

  /// 20,000 names, each given twice: every one is a duplicate, in order of its second use.
  @Test func duplicateNamesOfALongListAreEachNamedOnce() throws {
    let names = (0..<20_000).map { ",X-A\($0)=1" }.joined()
    let p = try Self.media(
      "#EXT-X-DATERANGE:ID=\"d\",START-DATE=\"2025-11-29T00:00:00Z\"\(names)\(names)\(names)\n")
    let duplicates = try #require(p.dateRanges.first).attributes.duplicateNames
    #expect(duplicates == (0..<20_000).map { "X-A\($0)" })
  }
}
