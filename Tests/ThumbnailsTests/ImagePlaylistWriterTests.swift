import ManifestCore
import Subtitles
import Testing

@testable import Thumbnails

@Suite struct ImagePlaylistWriterTests {
  @Test func aSpriteTrackBecomesTheSampleImagePlaylist() throws {
    let track = try ThumbnailTrackReader.read(try Sample.bytes("sprites.vtt"))
    let sheets = try track.spriteSheets()
    #expect(sheets.count == 2)
    #expect(sheets[1].usedTileCount == 6)
    let playlist = try ImagePlaylistWriter.write(sheets)
    #expect(
      playlist == """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:100
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-IMAGES-ONLY
        #EXTINF:100.000,
        #EXT-X-TILES:RESOLUTION=160x90,LAYOUT=5x4,DURATION=5.000
        sprites/sheet-0001.jpg
        #EXTINF:27.500,
        #EXT-X-TILES:RESOLUTION=160x90,LAYOUT=5x4,DURATION=5.000
        sprites/sheet-0002.jpg
        #EXT-X-ENDLIST

        """)
    // Expanding the sheets again gives the track back.
    #expect(sheets.flatMap { $0.thumbnails() } == track.thumbnails)
  }

  @Test func wholeImagesHaveNoTilesTag() throws {
    let track = try ThumbnailTrackReader.read(try Sample.bytes("frames.vtt"))
    #expect(
      try ImagePlaylistWriter.write(try track.spriteSheets()) == """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:10
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-IMAGES-ONLY
        #EXTINF:10.000,
        frames/frame-0001.jpg
        #EXTINF:10.000,
        frames/frame-0002.jpg
        #EXTINF:10.000,
        frames/frame-0003.jpg
        #EXTINF:6.250,
        frames/frame-0004.jpg
        #EXT-X-ENDLIST

        """)
  }

  private func sheetsError(_ vtt: String) throws -> String? {
    do {
      _ = try ThumbnailTrackReader.read(vtt.bytes).spriteSheets()
      return nil
    } catch {
      return error.rendered(file: "t.vtt")
    }
  }

  @Test func tracksEXTXTILESCannotExpressAreRejectedAtTheCue() throws {
    #expect(
      try sheetsError("WEBVTT\n\n00:01.000 --> 00:02.000\na.jpg\n")
        == "t.vtt:3:1: error: the track starts at 00:00:01.000; an image playlist starts at "
        + "00:00:00.000 [thumbnail.sprite.not-tiles]")
    #expect(
      try sheetsError(
        "WEBVTT\n\n00:00.000 --> 00:01.000\na.jpg#xywh=0,0,10,10\n\n00:01.000 --> 00:02.000\na.jpg#xywh=10,10,10,10\n"
      )
        == "t.vtt:6:1: error: thumbnail 2 of sheet 'a.jpg' shows xywh=10,10,10,10, not tile 2 in "
        + "row order (xywh=10,0,10,10); EXT-X-TILES cannot express it [thumbnail.sprite.not-tiles]")
    #expect(
      try sheetsError(
        "WEBVTT\n\n00:00.000 --> 00:01.000\na.jpg#xywh=0,0,10,10\n\n00:01.000 --> 00:03.000\na.jpg#xywh=10,0,10,10\n\n00:03.000 --> 00:04.000\nb.jpg#xywh=0,0,10,10\n"
      )
        == "t.vtt:6:1: error: thumbnail lasts 2 s, unlike the 1 s of the first thumbnail of its "
        + "sheet; EXT-X-TILES has one DURATION per sheet [thumbnail.sprite.not-tiles]")
    #expect(
      try sheetsError(
        "WEBVTT\n\n00:00.000 --> 00:01.000\na.jpg\n\n00:02.000 --> 00:03.000\nb.jpg\n")
        == "t.vtt:6:1: error: thumbnail starts at 00:00:02.000, not where the previous one ends "
        + "(00:00:01.000); image playlist segments cannot have gaps or overlaps [thumbnail.sprite.not-tiles]"
    )
    #expect(
      try sheetsError("WEBVTT\n\n00:00.000 --> 00:01.000\na.jpg#xywh=percent:0,0,50,50\n")
        == "t.vtt:3:1: error: xywh=percent:0,0,50,50 is in percent; EXT-X-TILES needs pixel sizes [thumbnail.sprite.not-tiles]"
    )
    #expect(
      try sheetsError("WEBVTT\n\n00:00.000 --> 00:01.000\na.jpg#xywh=5,0,10,10\n")
        == "t.vtt:3:1: error: xywh=5,0,10,10 is not a cell of a grid of 10×10 tiles [thumbnail.sprite.not-tiles]"
    )
  }
}

/// A sheet URL cannot add lines to the playlist or become a comment (issue 12, finding 10).
@Suite struct ImagePlaylistWriterInjectionTests {
  @Test func sheetURLsAreWrittenAsOneURILine() throws {
    let sheets = [
      SpriteSheet(
        url: "a\n#EXT-X-ENDLIST\r\"b\t ", start: .zero, duration: SubtitleTime(seconds: 5)),
      SpriteSheet(
        url: "#frag", start: SubtitleTime(seconds: 5), duration: SubtitleTime(seconds: 5)),
    ]
    let playlist = try ImagePlaylistWriter.write(sheets)
    #expect(
      playlist == """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:5
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-IMAGES-ONLY
        #EXTINF:5.000,
        a%0A#EXT-X-ENDLIST%0D%22b%09%20
        #EXTINF:5.000,
         #frag
        #EXT-X-ENDLIST

        """)
  }
}
