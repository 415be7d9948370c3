import ManifestCore
import Subtitles
import Testing
import Thumbnails

/// Inputs the fuzzer (tools/fuzz, `fuzz-thumbnails`) found, minimized.
@Suite struct FuzzFindingsTests {
  /// An HLS image playlist URI holding `-->` was written as a cue payload that reads back as
  /// another cue's timing line.
  @Test func aReferenceHoldingAnArrowIsWrittenWithItsGreaterThanEncoded() throws {
    let track = try ImagePlaylistReader.read(
      Array(
        """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-IMAGES-ONLY
        #EXTINF:10,
        00:00:23.000 --> 00:00:28.000
        #EXTINF:10,
        b.jpg

        """.utf8))
    #expect(track.thumbnails.map(\.url) == ["00:00:23.000 --> 00:00:28.000", "b.jpg"])
    let written = ThumbnailTrackWriter.write(track)
    #expect(
      String(decoding: written, as: UTF8.self) == """
        WEBVTT

        00:00:00.000 --> 00:00:10.000
        00:00:23.000 --%3E 00:00:28.000

        00:00:10.000 --> 00:00:20.000
        b.jpg


        """)
    let reread = try ThumbnailTrackReader.read(written)
    #expect(reread.thumbnails.map(\.url) == ["00:00:23.000 --%3E 00:00:28.000", "b.jpg"])
    #expect(reread.thumbnails.map(\.start) == track.thumbnails.map(\.start))
    #expect(reread.diagnostics.isEmpty)
  }

  /// An image URI with a blank before an unreadable fragment gave a URL ending in a space, which the
  /// written track lost because a reader trims a payload's ends: such spaces are written `%20`.
  @Test func spacesAtTheEndsOfAReferenceAreWrittenPercentEncoded() throws {
    let track = try ImagePlaylistReader.read(
      Array(
        """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-IMAGES-ONLY
        #EXTINF:10,
        sheet 1.jpg #xywh=-1

        """.utf8))
    #expect(track.thumbnails.map(\.url) == ["sheet 1.jpg "])
    let written = ThumbnailTrackWriter.write(track)
    #expect(
      String(decoding: written, as: UTF8.self) == """
        WEBVTT

        00:00:00.000 --> 00:00:10.000
        sheet 1.jpg%20


        """)
    let reread = try ThumbnailTrackReader.read(written)
    #expect(reread.thumbnails.map(\.url) == ["sheet 1.jpg%20"])
    #expect(reread.thumbnails.map(\.start) == track.thumbnails.map(\.start))
  }

  /// An image URI with a media fragment became a thumbnail whose URL held the `#`, which the
  /// written track then read back as a region: both readers now split it the same way.
  @Test func aFragmentOnAnImageURIIsReadAsATrackReadsIt() throws {
    let track = try ImagePlaylistReader.read(
      Array(
        """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-IMAGES-ONLY
        #EXTINF:10,
        a.jpg#t=5&xywh=percent:10,20,30,40
        #EXT-X-TILES:RESOLUTION=160x90,LAYOUT=2x1,DURATION=5
        #EXTINF:10,
        sheet.jpg#xywh=1,1,1,1&t=1

        """.utf8))
    let whole = SpatialFragment(x: 10, y: 20, width: 30, height: 40, unit: .percent)
    #expect(track.thumbnails.map(\.url) == ["a.jpg", "sheet.jpg", "sheet.jpg"])
    #expect(
      track.thumbnails.map(\.region) == [
        whole, SpatialFragment(x: 0, y: 0, width: 160, height: 90),
        SpatialFragment(x: 160, y: 0, width: 160, height: 90),
      ])
    #expect(track.thumbnails.map(\.otherFragment) == ["t=5", "t=1", "t=1"])
    let reread = try ThumbnailTrackReader.read(ThumbnailTrackWriter.write(track))
    #expect(reread.thumbnails == track.thumbnails)
  }

  /// A NUL in an image URI went into the written track, which then did not read at all.
  @Test func controlCharactersInAReferenceArePercentEncoded() throws {
    let track = try ImagePlaylistReader.read(
      Array("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-IMAGES-ONLY\n#EXTINF:10,\n".utf8)
        + [0x61, 0x00, 0x09, 0x7F, 0x2E, 0x6A, 0x70, 0x67, 0x0A])
    #expect(track.thumbnails.map(\.url) == ["a\u{0}\t\u{7F}.jpg"])
    let written = ThumbnailTrackWriter.write(track)
    #expect(
      String(decoding: written, as: UTF8.self)
        == "WEBVTT\n\n00:00:00.000 --> 00:00:10.000\na%00%09%7F.jpg\n\n")
    #expect(try ThumbnailTrackReader.read(written).thumbnails.map(\.url) == ["a%00%09%7F.jpg"])
  }

  /// An image URI that is only a fragment (a blank, then `#…`) became a thumbnail without a URL,
  /// which the written track then lost: both readers now ignore it with the same kind of error.
  @Test func aFragmentOnlyURIIsNoImage() throws {
    let track = try ImagePlaylistReader.read(
      Array(
        """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-IMAGES-ONLY
        #EXTINF:10,
         #xywh=0,0,160,90
        #EXTINF:10,
        b.jpg

        """.utf8))
    #expect(track.thumbnails.map(\.url) == ["b.jpg"])
    #expect(track.thumbnails.map(\.start) == [.ms(10_000)])
    #expect(
      track.diagnostics.map { $0.rendered(file: "i.m3u8") } == [
        "i.m3u8:4:1: error: image segment '#xywh=0,0,160,90' has no image URL; the segment is "
          + "ignored [thumbnail.playlist.no-url]"
      ])
  }

  /// A storyboard generator's `NOTE` line directly above a cue makes it that cue's identifier
  /// (W3C WebVTT's block rules); written back, such an identifier would start a comment and
  /// swallow the cue, so the writer leaves it out and the thumbnail reads back without it.
  @Test func anIdentifierThatWouldStartACommentIsLeftOut() throws {
    let track = try ThumbnailTrackReader.read(
      Array(
        """
        WEBVTT

        NOTE Thumbnailer 3.2: 4x4 sheets of 128x72
        00:00:00.000 --> 00:00:10.000
        storyboard-0.jpg#xywh=0,0,128,72

        """.utf8))
    #expect(track.thumbnails.map(\.identifier) == ["NOTE Thumbnailer 3.2: 4x4 sheets of 128x72"])
    let written = ThumbnailTrackWriter.write(track)
    #expect(
      String(decoding: written, as: UTF8.self) == """
        WEBVTT

        00:00:00.000 --> 00:00:10.000
        storyboard-0.jpg#xywh=0,0,128,72


        """)
    let reread = try ThumbnailTrackReader.read(written)
    #expect(reread.thumbnails.map(\.identifier) == [nil])
    #expect(reread.thumbnails.map(\.url) == ["storyboard-0.jpg"])
  }
}
