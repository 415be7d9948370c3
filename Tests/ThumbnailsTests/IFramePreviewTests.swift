import HLS
import ManifestCore
import Testing

@testable import Thumbnails

@Suite struct IFramePreviewTests {
  /// An I-frame playlist as Apple's mediafilesegmenter writes it for a single-file TS
  /// (`-i` on `main.ts`): every I-frame a byte range of the same file.
  static let segmenterTS = """
    #EXTM3U
    #EXT-X-TARGETDURATION:3
    #EXT-X-VERSION:4
    #EXT-X-MEDIA-SEQUENCE:0
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-I-FRAMES-ONLY
    #EXTINF:2.002,
    #EXT-X-BYTERANGE:13160@376
    main.ts
    #EXTINF:2.002,
    #EXT-X-BYTERANGE:14288@752208
    main.ts
    #EXTINF:1.001,
    #EXT-X-BYTERANGE:13536
    main.ts
    #EXT-X-ENDLIST

    """

  /// The fragmented-MP4 form (`mediafilesegmenter -iso-fragmented`): the frames need the
  /// EXT-X-MAP's initialization section.
  static let segmenterFMP4 = """
    #EXTM3U
    #EXT-X-TARGETDURATION:3
    #EXT-X-VERSION:7
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-I-FRAMES-ONLY
    #EXT-X-MAP:URI="main.mp4",BYTERANGE="719@0"
    #EXTINF:2.002,
    #EXT-X-BYTERANGE:20156@719
    main.mp4
    #EXT-X-ENDLIST

    """

  @Test func oneRowPerIFrameWithItsByteRange() throws {
    let playlist = try #require(try Playlist.parse(Self.segmenterTS).media)
    let frames = IFramePreview.frames(playlist)
    #expect(frames.map(\.time) == [.zero, ExactDecimal("2.002"), ExactDecimal("4.004")])
    #expect(frames.map(\.uri) == ["main.ts", "main.ts", "main.ts"])
    // The last range has no offset: it follows the previous one (§4.4.4.2).
    #expect(
      frames.map(\.byteRange) == [
        ByteRange(length: 13160, offset: 376), ByteRange(length: 14288, offset: 752208),
        ByteRange(length: 13536, offset: 766496, offsetWasExplicit: false),
      ])
    #expect(frames.map(\.line) == [9, 12, 15])
    #expect(
      String(decoding: frames[0].jsonValue.serialized(), as: UTF8.self)
        == #"{"time":0,"duration":2.002,"uri":"main.ts","offset":376,"length":13160,"map":null}"#)
    #expect(
      frames[1].ffmpegCommand(output: "iframe-00002.jpg")
        == "ffmpeg -nostdin -loglevel error -y -i 'subfile,,start,752208,end,766496,,:main.ts' "
        + "-frames:v 1 'iframe-00002.jpg'")
  }

  @Test func fragmentedMP4FramesComeAfterTheirMap() throws {
    let playlist = try #require(try Playlist.parse(Self.segmenterFMP4).media)
    let frame = try #require(IFramePreview.frames(playlist).first)
      .resolving(against: "https://cdn.example.com/v1/it's here/iframe_index.m3u8")
    #expect(
      frame.ffmpegCommand(output: "iframe-00001.jpg")
        == "ffmpeg -nostdin -loglevel error -y -i 'concat:subfile,,start,0,end,719,,:"
        + "https://cdn.example.com/v1/it'\\''s here/main.mp4|subfile,,start,719,end,20875,,:"
        + "https://cdn.example.com/v1/it'\\''s here/main.mp4' -frames:v 1 'iframe-00001.jpg'")
    #expect(
      String(decoding: frame.jsonValue.serialized(), as: UTF8.self)
        == #"{"time":0,"duration":2.002,"uri":"https://cdn.example.com/v1/it's here/main.mp4","#
        + #""offset":719,"length":20156,"map":{"uri":"https://cdn.example.com/v1/it's here/"#
        + #"main.mp4","offset":0,"length":719}}"#)
  }

  @Test func shellQuotingLeavesNoWayOut() {
    #expect(ShellQuoting.quoted("main.ts") == "'main.ts'")
    #expect(ShellQuoting.quoted("") == "''")
    #expect(ShellQuoting.quoted("a b") == "'a b'")
    #expect(ShellQuoting.quoted("x';rm -rf ~;'") == "'x'\\'';rm -rf ~;'\\'''")
    #expect(ShellQuoting.quoted("$(id)`id`") == "'$(id)`id`'")
    let frame = IFramePreview(time: .zero, duration: .zero, uri: "a\u{1}b.ts")
    #expect(frame.ffmpegCommand(output: "o.jpg").contains("a%01b.ts"))
  }

  @Test func anIFramePlaylistIsNotReadAsImages() {
    #expect(
      throws: ParseError(
        code: "thumbnail.playlist.i-frames-only",
        message: ImagePlaylistReader.iFramesMessage,
        location: SourceLocation(line: 6, column: 1, offset: 98))
    ) { try ImagePlaylistReader.read(Array(Self.segmenterTS.utf8)) }
  }
}
