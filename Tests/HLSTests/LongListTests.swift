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

  @Test func aVariableDefinedTwiceAmongManyIsReported() throws {
    let defines = (0..<40).map { "#EXT-X-DEFINE:NAME=\"v\($0)\",VALUE=\"\($0)\"\n" }.joined()
    let p = try Playlist.multivariant(
      "#EXTM3U\n\(defines)#EXT-X-DEFINE:IMPORT=\"v7\"\n#EXT-X-DEFINE:NAME=\"v39\",VALUE=\"x\"\n"
        + "#EXT-X-STREAM-INF:BANDWIDTH=1\n{$v39}/{$v7}.m3u8\n")
    #expect(
      rendered(p.diagnostics) == [
        "42:1: error: EXT-X-DEFINE: IMPORT \"v7\" is not defined by the parent playlist",
        "42:1: error: EXT-X-DEFINE: variable \"v7\" is defined twice",
        "43:1: error: EXT-X-DEFINE: variable \"v39\" is defined twice",
      ])
    #expect(p.definitions.count == 42)
    #expect(p.variants.map(\.uri) == ["x/7.m3u8"])
  }

  /// Groups are told apart by TYPE as well as GROUP-ID.
  @Test func missingRenditionGroupsAreFoundAmongManyVariants() throws {
    let ladder = (0..<40).map {
      "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\($0)\",NAME=\"en\",URI=\"a\($0).m3u8\"\n"
        + "#EXT-X-STREAM-INF:BANDWIDTH=\($0 + 1),AUDIO=\"a\($0)\",SUBTITLES=\"a\($0 % 2)\"\n"
        + "v\($0).m3u8\n"
    }.joined()
    let p = try Playlist.multivariant(
      "#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"a0\",NAME=\"en\",URI=\"s.m3u8\"\n\(ladder)")
    #expect(
      rendered(p.diagnostics)
        == (0..<20).map {
          "\(6 * $0 + 7):1: error: SUBTITLES group \"a1\" has no EXT-X-MEDIA with TYPE=SUBTITLES"
        })
  }

  /// `urls` follows each chosen variant's AUDIO, VIDEO and SUBTITLES renditions in that order,
  /// by TYPE and GROUP-ID, in source order within a group.
  @Test func downloadListFollowsTheRenditionsOfEachChosenVariant() throws {
    let ladder = (0..<40).map {
      "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"g\($0)\",NAME=\"en\",URI=\"en\($0).m3u8\"\n"
        + "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"g\($0)\",NAME=\"en\",URI=\"sub\($0).m3u8\"\n"
        + "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"g\($0)\",NAME=\"fr\",URI=\"fr\($0).m3u8\"\n"
        + "#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID=\"g\($0)\",NAME=\"cam\",URI=\"cam\($0).m3u8\"\n"
        + "#EXT-X-STREAM-INF:BANDWIDTH=\($0 + 1),AUDIO=\"g\($0)\",VIDEO=\"g\($0)\","
        + "SUBTITLES=\"g\($0)\"\nv\($0).m3u8\n"
    }.joined()
    let master = try Playlist.multivariant("#EXTM3U\n\(ladder)")
    let list = try master.downloadList(
      selecting: VariantFilter(order: .bandwidthDescending, first: 2),
      followingWith: MemoryLoader([:]), location: "vod/master.m3u8")
    #expect(
      list.resources.map(\.uri) == [
        "v39.m3u8", "en39.m3u8", "fr39.m3u8", "cam39.m3u8", "sub39.m3u8",
        "v38.m3u8", "en38.m3u8", "fr38.m3u8", "cam38.m3u8", "sub38.m3u8",
      ])
    #expect(list.diagnostics.count == 10)
  }

  /// The same rendition playlist named as `a/en.m3u8` and `a/./en.m3u8` is fetched once.
  @Test func downloadListNamesAPlaylistOnceWhateverItsSpelling() throws {
    let master = try Playlist.multivariant(
      """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="a/en.m3u8"
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="b",NAME="en",URI="a/./en.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="a"
      v1.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=2,AUDIO="b"
      v2.m3u8

      """)
    let loader = MemoryLoader([
      "vod/a/en.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n1.aac\n"
    ])
    let list = try master.downloadList(
      selecting: VariantFilter(), followingWith: loader, location: "vod/master.m3u8")
    #expect(
      list.resources.map(\.uri) == ["v1.m3u8", "a/en.m3u8", "a/1.aac", "v2.m3u8"])
    #expect(loader.requested == ["vod/v1.m3u8", "vod/a/en.m3u8", "vod/v2.m3u8"])
  }
}
