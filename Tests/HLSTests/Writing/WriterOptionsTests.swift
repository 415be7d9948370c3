import HLS
import ManifestCore
import Testing

/// `PlaylistWriter.Options`: the default layout (tiles where they change, shortest numbers) and
/// the image-playlist layout Roku's trick-play playlists use (tiles after every EXTINF, three
/// fraction digits at least, URIs percent-encoded rather than refused).
@Suite struct WriterOptionsTests {
  /// Two 160×90 sprite sheets and a 320×180 one, as a Roku trick-play image playlist lists
  /// them: 5×4 tiles of 5 s, the last sheet partly filled (27.5 s), with a 2.0025 s tile.
  func sheets() -> MediaPlaylistBuilder {
    let small = ImageTiles(
      resolution: Resolution(width: 160, height: 90), columns: 5, rows: 4,
      duration: ExactDecimal(5))
    let large = ImageTiles(
      resolution: Resolution(width: 320, height: 180), columns: 1, rows: 1,
      duration: ExactDecimal(significand: 20025, scale: 4))
    return MediaPlaylistBuilder(
      version: 7, playlistType: .vod, endList: true, imagesOnly: true,
      segments: [
        Segment(uri: "sheet-1.jpg", duration: ExactDecimal(100), tiles: small),
        Segment(uri: "sheet-2.jpg", duration: ExactDecimal(100), tiles: small),
        Segment(
          uri: "sheet-3.jpg", duration: ExactDecimal(significand: 275, scale: 1), tiles: large),
      ])
  }

  @Test func theDefaultWritesTilesWhereTheyChangeInShortestForm() throws {
    let text = String(decoding: try PlaylistWriter.write(sheets()), as: UTF8.self)
    #expect(
      text == """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:100
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-IMAGES-ONLY
        #EXT-X-TILES:RESOLUTION=160x90,LAYOUT=5x4,DURATION=5
        #EXTINF:100,
        sheet-1.jpg
        #EXTINF:100,
        sheet-2.jpg
        #EXT-X-TILES:RESOLUTION=320x180,LAYOUT=1x1,DURATION=2.0025
        #EXTINF:27.5,
        sheet-3.jpg
        #EXT-X-ENDLIST

        """)
  }

  @Test func theImagePlaylistLayoutWritesTilesAfterEveryEXTINF() throws {
    let text = String(
      decoding: try PlaylistWriter.write(sheets(), options: .imagePlaylist), as: UTF8.self)
    #expect(
      text == """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:100
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-IMAGES-ONLY
        #EXTINF:100.000,
        #EXT-X-TILES:RESOLUTION=160x90,LAYOUT=5x4,DURATION=5.000
        sheet-1.jpg
        #EXTINF:100.000,
        #EXT-X-TILES:RESOLUTION=160x90,LAYOUT=5x4,DURATION=5.000
        sheet-2.jpg
        #EXTINF:27.500,
        #EXT-X-TILES:RESOLUTION=320x180,LAYOUT=1x1,DURATION=2.0025
        sheet-3.jpg
        #EXT-X-ENDLIST

        """)
    // Read back, every segment has the layout it was written with.
    let media = try #require(try Playlist.parse(text).media)
    #expect(media.segments.map { $0.tiles?.resolution.width } == [160, 160, 320])
  }

  @Test func theImagePlaylistLayoutEncodesURILinesTheDefaultRefuses() throws {
    let playlist = MediaPlaylistBuilder(
      version: 7, playlistType: .vod, endList: true, imagesOnly: true,
      segments: [Segment(uri: "#frag", duration: ExactDecimal(5))])
    #expect(throws: PlaylistWriteError(.uriLine, tag: "URI line", value: "#frag")) {
      try PlaylistWriter.write(playlist)
    }
    let text = String(
      decoding: try PlaylistWriter.write(playlist, options: .imagePlaylist), as: UTF8.self)
    #expect(text.hasSuffix("#EXTINF:5.000,\n #frag\n#EXT-X-ENDLIST\n"))
  }

  @Test func anEmptyURIIsRefusedUnderEveryLayout() {
    let playlist = MediaPlaylistBuilder(
      endList: true, segments: [Segment(uri: "", duration: ExactDecimal(5))])
    for options in [PlaylistWriter.Options(), .imagePlaylist] {
      #expect(throws: PlaylistWriteError(.uriLine, tag: "URI line", value: "")) {
        try PlaylistWriter.write(playlist, options: options)
      }
    }
  }
}
