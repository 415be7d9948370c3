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
}
