import HLS
import ManifestCore
import Testing

/// Lists far longer than real playlists have (thousands of attributes, defines, renditions):
/// the checks on them must give the same answers as on short ones, and stay linear.
@Suite struct LongListTests {
  /// Past 32 attributes the duplicate check switches from pairwise to a set; both must report
  /// the same duplicates at the same columns.
  @Test func duplicateAttributesAreFoundInALongList() throws {
    let names = (0..<40).map { "X-A\($0)" } + ["X-A3", "X-A39", "X-A39", "BANDWIDTH"]
    let list = names.map { "\($0)=1" }.joined(separator: ",")
    let p = try Playlist.multivariant("#EXTM3U\n#EXT-X-STREAM-INF:\(list)\nv.m3u8\n")
    let columns = try #require(p.source.attributes(of: p.source.lines[1])).map(\.column)
    #expect(
      rendered(p.diagnostics) == [
        "2:\(columns[40]): error: EXT-X-STREAM-INF: duplicate attribute X-A3",
        "2:\(columns[41]): error: EXT-X-STREAM-INF: duplicate attribute X-A39",
        "2:\(columns[42]): error: EXT-X-STREAM-INF: duplicate attribute X-A39",
      ])
    #expect(columns[40] == 19 + names[..<40].reduce(0) { $0 + $1.utf8.count + 3 })
    #expect(p.variants.map(\.bandwidth) == [1])
  }
}
