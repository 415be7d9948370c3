import HLS
import ManifestCore
import Testing

/// The example of docs/hls.md "Writing playlists", compiled and run.
@Suite struct WritingDocsExampleTests {
  @Test func theExampleRuns() throws {
    // A VOD media playlist from typed values.
    let key = EncryptionKey(
      method: .sampleAES, uri: "skd://key1", keyFormat: "com.apple.streamingkeydelivery",
      keyFormatVersions: "1")
    let map = MediaInitializationSection(uri: "init.mp4")
    let start = DateTime(epochNanoseconds: 1_764_374_400_000_000_000)
    var vod = MediaPlaylistBuilder(playlistType: .vod, endList: true, independentSegments: true)
    for i in 0..<3 {
      let adBreak = DateRange(
        id: "ad-1", startDate: start.adding(seconds: ExactDecimal(significand: 6006, scale: 3)),
        plannedDuration: ExactDecimal(30), scte35Out: "0xFC3025")
      vod.append(
        Segment(
          uri: "seg\(i).m4s", duration: ExactDecimal(significand: 6006, scale: 3),
          programDateTime: i == 0 ? start : nil, keys: [key], map: map),
        dateRanges: i == 1 ? [adBreak] : [],
        tags: i == 1 ? [CustomTag(name: "EXT-X-CUE-OUT", value: "30")] : [])
    }
    let text = try PlaylistWriter.write(vod)  // EXT-X-VERSION:6, EXT-X-TARGETDURATION:6 computed

    // A live window: append at the edge, expire from the front, serve delta updates.
    var live = LiveMediaPlaylist(
      MediaPlaylistBuilder(
        targetDuration: 2, mediaSequence: 1000,
        serverControl: ServerControl(
          canBlockReload: true, canSkipUntil: ExactDecimal(12), partHoldBack: ExactDecimal(1)),
        partInformation: PartInformation(partTarget: ExactDecimal(significand: 5, scale: 1))))
    try live.append(Segment(uri: "s1000.m4s", duration: ExactDecimal(2), keys: [key], map: map))
    live.addPart(
      PartialSegment(
        uri: "s1001.p0.m4s", duration: ExactDecimal(significand: 5, scale: 1), independent: true))
    live.expire(keeping: 30)
    let full = try live.bytes()  // GET live.m3u8
    let delta = try live.deltaUpdate(.v2)  // GET live.m3u8?_HLS_skip=v2

    // Edit a parsed playlist by value: the lines the edit does not concern stay byte for byte.
    if case .media(let media) = try Playlist.parse(text) {
      var second = media.segments[1]
      second.uri = "https://cdn.example.com/seg1.m4s"
      let edits = try media.replacingSegment(at: 1, with: second)
      let edited = try Playlist.parse(media.source.applying(edits))
      #expect(edited.media?.segments.map(\.uri) == ["seg0.m4s", second.uri, "seg2.m4s"])
    }

    // A value that would change the structure is refused, and nothing is written.
    do {
      let bad = Segment(uri: "a.ts\n#EXT-X-ENDLIST", duration: ExactDecimal(4))
      _ = try PlaylistWriter.write(MediaPlaylistBuilder(segments: [bad]))
    } catch {
      // URI line "a.ts\n#EXT-X-ENDLIST": holds a control character [hls.write.control-character]
      #expect(error.code == .controlCharacter)
    }

    #expect(
      String(decoding: text, as: UTF8.self).hasPrefix(
        "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n"))
    #expect(full == delta)  // one segment: nothing to skip
  }
}
