import HLS
import ManifestCore
import Testing

@Suite struct LowLatencyReloadTests {
  @Test func deltaUpdateMergesIntoTheFullPlaylist() throws {
    let previous = try Samples.media("media-ll-live.m3u8")
    let delta = try Samples.media("media-ll-delta.m3u8")
    let merged = try DeltaUpdate.merge(previous: previous, delta: delta)
    let full = try #require(try Playlist.parse(merged).media)
    #expect(full.diagnostics.isEmpty)
    #expect(full.skip == nil)
    #expect(full.mediaSequence == 2699)
    #expect(full.segments.map(\.mediaSequence) == Array(2699...2706))
    #expect(full.segments.map(\.uri) == (2699...2706).map { "fileSequence\($0).m4s" })
    #expect(full.segments[0].map?.uri == "init.mp4")
    #expect(full.segments[0].programDateTime?.description == "2025-11-29T18:42:14.104Z")
    #expect(full.segments[0].discontinuitySequence == 3)
    #expect(
      full.pendingParts.map(\.uri) == [
        "filePart2707.0.m4s", "filePart2707.1.m4s", "filePart2707.2.m4s",
      ])
    // The listed part of the delta is carried over byte for byte.
    let text = String(decoding: merged, as: UTF8.self)
    let deltaText = String(decoding: delta.source.bytes, as: UTF8.self)
    let listed = try #require(deltaText.range(of: "#EXTINF:4.00000,\nfileSequence2702"))
    #expect(text.hasSuffix(deltaText[listed.lowerBound...]))
  }

  @Test func deltaThatSkipsWhatThePreviousPlaylistLacksFails() throws {
    let previous = try Playlist.media(
      "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:10\n#EXTINF:4,\na.m4s\n")
    let delta = try Samples.media("media-ll-delta.m3u8")
    #expect(
      throws: DeltaUpdate.Failure(
        "the delta skips media sequence 2699–2701 but the previous playlist holds 10–10")
    ) {
      try DeltaUpdate.merge(previous: previous, delta: delta)
    }
  }

  @Test func removedDateRangesAndKeysInForce() throws {
    let previous = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=12,CAN-SKIP-DATERANGES=YES
      #EXT-X-MEDIA-SEQUENCE:100
      #EXT-X-KEY:METHOD=AES-128,URI="k1"
      #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:00Z
      #EXT-X-DATERANGE:ID="gone",START-DATE="2025-11-29T00:00:00Z"
      #EXTINF:4,
      a.ts
      #EXT-X-DATERANGE:ID="kept",START-DATE="2025-11-29T00:00:04Z"
      #EXTINF:4,
      b.ts
      #EXTINF:4,
      c.ts

      """)
    let delta = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=12,CAN-SKIP-DATERANGES=YES
      #EXT-X-MEDIA-SEQUENCE:101
      #EXT-X-SKIP:SKIPPED-SEGMENTS=1,RECENTLY-REMOVED-DATERANGES="gone"
      #EXTINF:4,
      c.ts
      #EXTINF:4,
      d.ts

      """)
    let merged = String(
      decoding: try DeltaUpdate.merge(previous: previous, delta: delta), as: UTF8.self)
    #expect(
      merged == """
        #EXTM3U
        #EXT-X-TARGETDURATION:4
        #EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=12,CAN-SKIP-DATERANGES=YES
        #EXT-X-MEDIA-SEQUENCE:101
        #EXT-X-KEY:METHOD=AES-128,URI="k1"
        #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:04Z
        #EXT-X-DATERANGE:ID="kept",START-DATE="2025-11-29T00:00:04Z"
        #EXTINF:4,
        b.ts
        #EXTINF:4,
        c.ts
        #EXTINF:4,
        d.ts

        """)
  }

  @Test func nextRequestAsksForTheNextPartAndADeltaUpdate() throws {
    let p = try Samples.media("media-ll-live.m3u8")
    let request = BlockingReloadRequest(
      after: p, url: "https://cdn.example.com/live/720p.m3u8?token=abc&_HLS_msn=3#t", parts: true,
      skip: true)
    #expect(
      request.url
        == "https://cdn.example.com/live/720p.m3u8?token=abc&_HLS_msn=2707&_HLS_part=2&_HLS_skip=YES#t"
    )
    #expect(request.mediaSequence == 2707)
    #expect(request.part == 2)
    #expect(request.notes.isEmpty)
    let whole = BlockingReloadRequest(after: p, url: "live.m3u8", parts: false, skip: false)
    #expect(whole.url == "live.m3u8?_HLS_msn=2707")
  }

  @Test func nextRequestWithoutServerSupportIsAPlainReload() throws {
    let p = try Samples.media("media-ts-vod.m3u8")
    let request = BlockingReloadRequest(
      after: p, url: "a.m3u8?_HLS_msn=1&x=2", parts: true, skip: true)
    #expect(request.url == "a.m3u8?x=2")
    #expect(request.mediaSequence == nil)
    #expect(
      request.notes == [
        "the server does not offer blocking reload (CAN-BLOCK-RELOAD=YES): plain reload"
      ])
    let noSkip = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=24,CAN-SKIP-DATERANGES=YES
      #EXT-X-MEDIA-SEQUENCE:7
      #EXTINF:4,
      a.ts
      """)
    let v2 = BlockingReloadRequest(after: noSkip, url: "a.m3u8", parts: true, skip: true)
    #expect(v2.url == "a.m3u8?_HLS_msn=8&_HLS_skip=v2")
    #expect(v2.notes == ["the playlist has no EXT-X-PART-INF: asking for the next segment"])
  }

  @Test func diffOfConsistentReloads() throws {
    let old = try Samples.media("media-ll-live.m3u8")
    let newer = try Playlist.media(
      String(decoding: try Samples.bytes("media-ll-live.m3u8"), as: UTF8.self)
        .replacingOccurrences(of: "#EXT-X-MEDIA-SEQUENCE:2698", with: "#EXT-X-MEDIA-SEQUENCE:2699")
        .replacingOccurrences(
          of:
            "#EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:42:10.104Z\n#EXTINF:4.00000,\nfileSequence2698.m4s\n",
          with: "#EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:42:14.104Z\n"
        )
        .replacingOccurrences(
          of: "#EXT-X-PRELOAD-HINT", with: "#EXTINF:4.0,\nfileSequence2707.m4s\n#EXT-X-PRELOAD-HINT"
        ))
    let diff = PlaylistDiff(old: old, new: newer)
    #expect(diff.inconsistencies == [])
    #expect(diff.removedSegments == 1)
    #expect(diff.missedSegments == 0)
    #expect(
      diff.addedSegments == [
        PlaylistDiff.SegmentSummary(
          mediaSequence: 2707, uri: "fileSequence2707.m4s", duration: ExactDecimal(4))
      ])
  }

  @Test func diffFindsRewrittenHistory() throws {
    let old = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-MEDIA-SEQUENCE:20
      #EXT-X-DATERANGE:ID="ad",START-DATE="2025-11-29T00:00:00Z",PLANNED-DURATION=30
      #EXTINF:6,
      a.ts
      #EXTINF:6,
      b.ts
      """)
    let new = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:8
      #EXT-X-MEDIA-SEQUENCE:21
      #EXT-X-DATERANGE:ID="ad",START-DATE="2025-11-29T00:00:00Z",PLANNED-DURATION=60
      #EXT-X-DISCONTINUITY
      #EXTINF:5,
      B.ts
      #EXTINF:6,
      c.ts
      """)
    let diff = PlaylistDiff(old: old, new: new)
    #expect(
      diff.inconsistencies.map(\.message) == [
        "EXT-X-TARGETDURATION changed from 6 to 8",
        "segment 21 changed URI from b.ts to B.ts",
        "segment 21 changed duration from 6 to 5",
        "segment 21 changed discontinuity sequence from 0 to 1",
        "date range \"ad\" changed PLANNED-DURATION from 30 to 60",
      ])
    #expect(diff.addedSegments.map(\.uri) == ["c.ts"])
    let back = PlaylistDiff(old: new, new: old)
    #expect(back.inconsistencies.first?.message == "EXT-X-MEDIA-SEQUENCE went back from 21 to 20")
  }
}
