import ManifestCore
import Subtitles
import Testing

@testable import Thumbnails

@Suite struct ThumbnailTrackReaderTests {
  @Test func readsAGeneratedSpriteTrack() throws {
    let track = try ThumbnailTrackReader.read(try Sample.bytes("sprites.vtt"))
    #expect(track.diagnostics.isEmpty)
    #expect(track.thumbnails.count == 26)
    let second = track.thumbnails[1]
    #expect(second.start == .ms(5000))
    #expect(second.end == .ms(10000))
    #expect(second.url == "sprites/sheet-0001.jpg")
    #expect(second.region == SpatialFragment(x: 160, y: 0, width: 160, height: 90))
    #expect(second.line == 6)
    #expect(second.regionLocation == SourceLocation(line: 7, column: 24, offset: 131))
    let last = try #require(track.thumbnails.last)
    #expect(last.start == .ms(125000))
    #expect(last.end == .ms(127500))
    #expect(last.reference == "sprites/sheet-0002.jpg#xywh=0,90,160,90")
  }

  @Test func readsWhatPackagersWrite() throws {
    let track = try ThumbnailTrackReader.read(try Sample.bytes("storyboard.vtt"))
    #expect(track.diagnostics.isEmpty)
    #expect(track.headerText == " - storyboard for episode 12")
    #expect(track.headerLines == ["Kind: metadata"])
    #expect(
      track.comments == [
        SubtitleComment(
          text: "Thumbnailer 3.2: 4x4 sheets of 128x72, one frame every 10 s", beforeCue: 0)
      ])
    let t = track.thumbnails
    #expect(t.map(\.identifier) == ["thumb-1", "thumb-2", "thumb-3", "thumb-4", "thumb-5"])
    // Short mm:ss.ttt timestamps.
    #expect(t[0].start == .zero)
    #expect(t[0].end == .ms(10000))
    #expect(t[0].url == "https://cdn.example.com/ep12/storyboard-0.jpg")
    #expect(t[1].region == SpatialFragment(x: 128, y: 0, width: 128, height: 72, unitWritten: true))
    #expect(t[2].url == "storyboard-0.jpg")
    #expect(t[2].region == SpatialFragment(x: 50, y: 0, width: 25, height: 25, unit: .percent))
    // An escaped \# belongs to the file name: it becomes %23, and there is no fragment.
    #expect(t[3].url == "art/poster%232.jpg")
    #expect(t[3].region == nil)
    #expect(t[3].fragment == nil)
    // Other media fragment pairs are kept; the query's & is not a fragment separator.
    #expect(t[4].url == "../frames/f-5.jpg?sig=a1b2&exp=9")
    #expect(t[4].otherFragment == "t=40")
    #expect(t[4].region == SpatialFragment(x: 0, y: 0, width: 128, height: 72))
    #expect(t[4].reference == "../frames/f-5.jpg?sig=a1b2&exp=9#t=40&xywh=0,0,128,72")
    #expect(t[4].regionLocation == SourceLocation(line: 24, column: 39, offset: 516))
  }

  @Test func readsOneImagePerCueTracks() throws {
    let track = try ThumbnailTrackReader.read(try Sample.bytes("frames.vtt"))
    #expect(track.thumbnails.map(\.url) == (1...4).map { "frames/frame-000\($0).jpg" })
    #expect(track.thumbnails.allSatisfy { $0.region == nil })
    #expect(track.thumbnails[3].end == .ms(36250))
  }

  @Test func percentEncodedPairsAndTheLastXYWHWins() throws {
    let track = try ThumbnailTrackReader.read(
      "WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\na.jpg#xywh=1,1,1,1&x%79wh=percent%3A10,20,30,40&xywh%3D1,2,3,4\r\n"
        .bytes)
    let thumbnail = try #require(track.thumbnails.first)
    #expect(
      thumbnail.region == SpatialFragment(x: 10, y: 20, width: 30, height: 40, unit: .percent))
    // Names and values are decoded after splitting at '=', so an encoded '=' is not a separator.
    #expect(thumbnail.otherFragment == "xywh%3D1,2,3,4")
    #expect(thumbnail.start == .ms(1000))
  }

  @Test func problemsAreReportedWithLineAndColumn() throws {
    let input = """
      WEBVTT

      00:00:00.000 --> 00:00:05.000
      sheet.jpg#xywh=0,0,160

      00:00:05.000 --> 00:00:10.000

      00:00:10.000 --> 00:00:15.000
        sheet.jpg#xywh=inch:1,2,3,4
      second line

      00:00:15.000 --> 00:00:20.000
      sheet.jpg#xywh

      00:00:20.000 --> 00:00:25.000
      #xywh=0,0,160,90

      """
    let track = try ThumbnailTrackReader.read(input.bytes)
    #expect(
      track.diagnostics.map { $0.rendered(file: "t.vtt") } == [
        "t.vtt:4:16: error: xywh value '0,0,160' is not x,y,w,h (four non-negative integers) [thumbnail.fragment.invalid]",
        "t.vtt:6:1: error: thumbnail cue has no image URL; the cue is ignored [thumbnail.cue.no-url]",
        "t.vtt:9:18: error: unknown xywh unit 'inch' (Media Fragments allows 'pixel' and 'percent') [thumbnail.fragment.invalid]",
        "t.vtt:10:1: warning: thumbnail cue has more than one payload line; only the first is used [thumbnail.cue.extra-payload]",
        "t.vtt:13:11: error: xywh dimension without a value [thumbnail.fragment.invalid]",
        "t.vtt:15:1: error: thumbnail cue has no image URL; the cue is ignored [thumbnail.cue.no-url]",
      ])
    #expect(track.thumbnails.map(\.url) == ["sheet.jpg", "sheet.jpg", "sheet.jpg"])
    #expect(track.thumbnails.allSatisfy { $0.region == nil })
  }

  /// A sprite track as a bash sprite script writes it (ffmpeg `tile=5x5` sheets, then
  /// `echo "sheet-$n.jpg\#xywh=$x,$y,160,90"`: inside double quotes the backslash stays).
  @Test func aShellEscapedHashBeforeAFragmentIsTheSeparator() throws {
    let input = """
      WEBVTT

      00:00:00.000 --> 00:00:05.000
      sheet-1.jpg\\#xywh=0,0,160,90

      00:00:05.000 --> 00:00:10.000
      sheet-1.jpg\\#xywh=160,0,160,90

      00:00:10.000 --> 00:00:15.000
      art/poster\\#2.jpg\\#t=10&xywh=320,0,160,90

      00:00:15.000 --> 00:00:20.000
      art/poster\\#2.jpg

      """
    let track = try ThumbnailTrackReader.read(input.bytes)
    let warning =
      "warning: '\\#' before a media fragment is read as '#' (a shell escape left in by the "
      + "generator); players would keep the backslash in the URL [thumbnail.fragment.escaped-hash]"
    #expect(
      track.diagnostics.map { $0.rendered(file: "t.vtt") } == [
        "t.vtt:4:12: " + warning, "t.vtt:7:12: " + warning, "t.vtt:10:18: " + warning,
      ])
    #expect(
      track.thumbnails.map(\.url) == [
        "sheet-1.jpg", "sheet-1.jpg", "art/poster%232.jpg", "art/poster%232.jpg",
      ])
    #expect(track.thumbnails[0].region == SpatialFragment(x: 0, y: 0, width: 160, height: 90))
    #expect(track.thumbnails[1].reference == "sheet-1.jpg#xywh=160,0,160,90")
    #expect(track.thumbnails[2].region == SpatialFragment(x: 320, y: 0, width: 160, height: 90))
    #expect(track.thumbnails[2].otherFragment == "t=10")
    #expect(track.thumbnails[3].region == nil)
  }

  /// The same payload in an HLS image playlist's segment URI (a sheet per segment).
  @Test func anImagePlaylistURIWithAShellEscapedFragment() throws {
    let sheet = SpriteSheet(url: "sheet-1.jpg\\#xywh=0,0,160,90", start: .zero, duration: .ms(5000))
    #expect(sheet.thumbnails().map(\.reference) == ["sheet-1.jpg#xywh=0,0,160,90"])
  }

  @Test func notWebVTTIsAParseError() {
    #expect(throws: ParseError.self) {
      try ThumbnailTrackReader.read("sheet.jpg#xywh=0,0,1,1".bytes)
    }
  }

  @Test func writingReproducesACanonicalTrackByteForByte() throws {
    let bytes = try Sample.bytes("sprites.vtt")
    let track = try ThumbnailTrackReader.read(bytes)
    #expect(ThumbnailTrackWriter.write(track) == bytes)
  }

  @Test func writingKeepsHeaderCommentsIdentifiersAndFragments() throws {
    let track = try ThumbnailTrackReader.read(try Sample.bytes("storyboard.vtt"))
    let written = String(decoding: ThumbnailTrackWriter.write(track), as: UTF8.self)
    #expect(
      written == """
        WEBVTT - storyboard for episode 12
        Kind: metadata

        NOTE Thumbnailer 3.2: 4x4 sheets of 128x72, one frame every 10 s

        thumb-1
        00:00:00.000 --> 00:00:10.000
        https://cdn.example.com/ep12/storyboard-0.jpg#xywh=0,0,128,72

        thumb-2
        00:00:10.000 --> 00:00:20.000
        https://cdn.example.com/ep12/storyboard-0.jpg#xywh=pixel:128,0,128,72

        thumb-3
        00:00:20.000 --> 00:00:30.000
        storyboard-0.jpg#xywh=percent:50,0,25,25

        thumb-4
        00:00:30.000 --> 00:00:40.000
        art/poster%232.jpg

        thumb-5
        00:00:40.000 --> 00:00:50.000
        ../frames/f-5.jpg?sig=a1b2&exp=9#t=40&xywh=0,0,128,72


        """)
    #expect(try ThumbnailTrackReader.read(Array(written.utf8)) == track)
  }

  @Test func resolvesRelativeURLsAgainstABase() throws {
    let track = try ThumbnailTrackReader.read(try Sample.bytes("storyboard.vtt"))
      .resolvingURLs(against: "https://cdn.example.com/ep12/thumbs/storyboard.vtt")
    #expect(
      track.thumbnails.map(\.url) == [
        "https://cdn.example.com/ep12/storyboard-0.jpg",
        "https://cdn.example.com/ep12/storyboard-0.jpg",
        "https://cdn.example.com/ep12/thumbs/storyboard-0.jpg",
        "https://cdn.example.com/ep12/thumbs/art/poster%232.jpg",
        "https://cdn.example.com/ep12/frames/f-5.jpg?sig=a1b2&exp=9",
      ])
    #expect(track.thumbnails[4].otherFragment == "t=40")
  }
}
