import HLS
import ManifestCore
import Subtitles
import Testing

@testable import Thumbnails

@Suite struct ImagePlaylistReaderTests {
  @Test func theSampleImagePlaylistIsTheSampleTrack() throws {
    let fromHLS = try ImagePlaylistReader.read(try Sample.bytes("images.m3u8"))
    #expect(fromHLS.diagnostics.isEmpty)
    let vtt = try ThumbnailTrackReader.read(try Sample.bytes("sprites.vtt"))
    #expect(fromHLS.thumbnails == vtt.thumbnails)
    #expect(ThumbnailTrackWriter.write(fromHLS) == (try Sample.bytes("sprites.vtt")))
  }

  /// Sprite configuration → WebVTT → HLS image playlist → WebVTT, for several grids.
  @Test(arguments: [
    ("s-~index~.jpg", 5, 4, "5", 160, 90, "127.5", 1),
    ("img/~index:3~.webp", 1, 1, "10", 320, 180, "95.04", 0),
    ("sheet~index~.jpg", 10, 10, "2.002", 128, 72, "3600", 7),
    ("a~index~.jpg", 3, 2, "1.5", 100, 50, "9", 1),
  ])
  func roundTripsThroughAnImagePlaylist(
    template: String, columns: Int, rows: Int, interval: String, width: Int, height: Int,
    duration: String, startIndex: Int
  ) throws {
    let grid = try SpriteGrid(
      template: SpriteURLTemplate(template), columns: columns, rows: rows,
      interval: try #require(ExactDecimal(interval)),
      thumbnailSize: PixelSize(width: width, height: height),
      startIndex: startIndex)
    let length = try #require(ExactDecimal(duration))
    let generated = grid.generate(duration: length).track
    let vtt = try ThumbnailTrackReader.read(ThumbnailTrackWriter.write(generated))
    #expect(vtt == generated)
    let sheets = try vtt.spriteSheets()
    #expect(sheets == grid.sheets(duration: length))
    let playlistText = try ImagePlaylistWriter.write(sheets)
    let playlist = try #require(try Playlist.parse(playlistText).media)
    #expect(playlist.diagnostics.isEmpty)
    #expect(playlist.imagesOnly)
    #expect(playlist.totalDuration == length)
    let back = try ImagePlaylistReader.read(Array(playlistText.utf8))
    #expect(back.diagnostics.isEmpty)
    #expect(back.thumbnails == generated.thumbnails)
  }

  @Test func tilesOnceAtTheTopAndWithoutDuration() throws {
    let playlist = """
      #EXTM3U
      #EXT-X-VERSION:7
      #EXT-X-TARGETDURATION:10
      #EXT-X-MEDIA-SEQUENCE:0
      #EXT-X-IMAGES-ONLY
      #EXT-X-TILES:RESOLUTION=360x150,LAYOUT=5x2
      #EXTINF:10.000,
      sprite_0.jpg
      #EXTINF:10.000,
      sprite_1.jpg
      #EXT-X-GAP
      #EXTINF:10.000,
      sprite_2.jpg
      #EXT-X-ENDLIST
      """
    let track = try ImagePlaylistReader.read(Array(playlist.utf8))
    #expect(track.diagnostics.isEmpty)
    #expect(track.thumbnails.count == 20)
    #expect(track.thumbnails[11].reference == "sprite_1.jpg#xywh=360,0,360,150")
    #expect(track.thumbnails[11].start == .ms(11000))
    #expect(track.thumbnails[19].end == .ms(20000))
    #expect(track.thumbnail(at: .ms(25000))?.url == "sprite_1.jpg")
  }

  @Test func warningsForPlaylistsThatAreNotQuiteImagePlaylists() throws {
    let playlist = """
      #EXTM3U
      #EXT-X-TARGETDURATION:12
      #EXTINF:12,
      #EXT-X-TILES:RESOLUTION=100x50,LAYOUT=2x1,DURATION=5
      a.jpg
      #EXTINF:4,
      b.jpg
      """
    let track = try ImagePlaylistReader.read(Array(playlist.utf8))
    #expect(
      track.diagnostics.map { $0.rendered(file: "i.m3u8") } == [
        "i.m3u8:1:1: warning: not an image media playlist (no EXT-X-IMAGES-ONLY); reading it as one [thumbnail.playlist.not-images-only]",
        "i.m3u8:3:1: warning: segment lasts 12 s, longer than its 2 tiles of 5 s; the last tile is "
          + "shown until the segment ends [thumbnail.tiles.shorter-than-segment]",
      ])
    // EXT-X-TILES stays in force for the segments after it, as the HLS library reads it.
    #expect(track.thumbnails.map(\.end) == [.ms(5000), .ms(12000), .ms(16000)])
    #expect(track.thumbnails[2].region == SpatialFragment(x: 0, y: 0, width: 100, height: 50))
  }

  @Test func aMultivariantPlaylistIsRejected() {
    let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nv.m3u8\n"
    #expect(
      throws: ParseError(
        code: "thumbnail.playlist.multivariant",
        message: "a multivariant playlist has no images; give the image media playlist its "
          + "EXT-X-IMAGE-STREAM-INF names")
    ) { try ImagePlaylistReader.read(Array(master.utf8)) }
  }
}

@Suite struct ImagePlaylistReaderLimitTests {
  @Test func layoutsThatAreNotSpriteGridsAreReadAsWholeImages() throws {
    let playlist = """
      #EXTM3U
      #EXT-X-TARGETDURATION:10
      #EXT-X-IMAGES-ONLY
      #EXTINF:10,
      #EXT-X-TILES:RESOLUTION=1x1,LAYOUT=100000x100000,DURATION=0.001
      a.jpg
      #EXTINF:10,
      #EXT-X-TILES:RESOLUTION=100x50,LAYOUT=2x1,DURATION=0
      b.jpg
      """
    let track = try ImagePlaylistReader.read(Array(playlist.utf8))
    #expect(
      track.diagnostics.map { $0.rendered(file: "i.m3u8") } == [
        "i.m3u8:4:1: warning: EXT-X-TILES LAYOUT=100000x100000 is not a sprite grid of 1 to "
          + "10000 tiles; the segment is read as one image [thumbnail.tiles.layout]",
        "i.m3u8:7:1: warning: EXT-X-TILES DURATION=0 is not above 0; the segment's 2 tiles "
          + "share its EXTINF [thumbnail.tiles.duration]",
      ])
    #expect(
      track.thumbnails.map(\.reference) == [
        "a.jpg", "b.jpg#xywh=0,0,100,50", "b.jpg#xywh=100,0,100,50",
      ])
    #expect(track.thumbnails.map(\.end) == [.ms(10000), .ms(15000), .ms(20000)])
  }
}
