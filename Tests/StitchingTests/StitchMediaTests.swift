import AdInsertion
import HLS
import ManifestCore
import Stitching
import Testing

/// Stitching single media playlists: exact outputs for small cases.
@Suite struct StitchMediaTests {
  static let trackedPlan = """
    {"breaks":[{"at":"markers","ads":[{"id":"a1","playlist":"ads/a1/index.m3u8",
    "impressions":["https://t.example.com/imp?ad=a1"],
    "tracking":[{"event":"start","url":"https://t.example.com/e?ev=start"},
    {"event":"firstQuartile","url":"https://t.example.com/e?ev=q1"},
    {"event":"complete","url":"https://t.example.com/e?ev=complete"}]}]}]}
    """

  @Test func replacesTheMarkedBreakOfMediaPackageTS() throws {
    let loader = MemoryLoader(files: [
      "vod/index.m3u8": Fixture.mediaPackageTS, "ads/a1/index.m3u8": Fixture.ffmpegAdTS,
    ])
    let result = Stitcher(plan: try Stitch.plan(Self.trackedPlan)).stitch(
      content: "vod/index.m3u8", planLocation: "plan.json", loader: loader)
    #expect(result.diagnostics == [])
    let text = try #require(Stitch.texts(result)["vod/index.m3u8"])
    #expect(
      text == """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:1
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:00.000Z
        #EXTINF:6.000,
        index_1_1.ts
        #EXTINF:6.000,
        index_1_2.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:12.000Z
        #EXT-X-CUE-OUT:12
        #EXT-X-BEACON:AD_LENGTH=12
        #EXT-X-BEACON:EVENT=impression,URL=https://t.example.com/imp?ad=a1
        #EXT-X-BEACON:EVENT=start,URL=https://t.example.com/e?ev=start
        #EXT-X-BEACON:EVENT=firstQuartile,URL=https://t.example.com/e?ev=q1
        #EXTINF:4,
        ../ads/a1/ad0.ts
        #EXTINF:4,
        ../ads/a1/ad1.ts
        #EXTINF:4,
        ../ads/a1/ad2.ts
        #EXT-X-BEACON:EVENT=complete,URL=https://t.example.com/e?ev=complete
        #EXT-X-DISCONTINUITY
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:24.000Z
        #EXT-X-CUE-IN
        #EXTINF:6.000,
        index_1_5.ts
        #EXT-X-ENDLIST

        """)
    #expect(try Stitch.auditErrors(text) == [])
  }

  @Test func insertsAClearFMP4AdIntoShakaEncryptedContent() throws {
    let plan = try Stitch.plan(
      #"{"breaks":[{"at":7,"ads":[{"id":"f1","playlist":"ads/f1/index.m3u8"}]}]}"#)
    let loader = MemoryLoader(files: [
      "vod/index.m3u8": Fixture.shakaEncryptedFMP4,
      "ads/f1/index.m3u8": Fixture.shakaClearAdFMP4,
    ])
    let result = Stitcher(plan: plan).stitch(
      content: "vod/index.m3u8", planLocation: "plan.json", loader: loader)
    #expect(
      result.diagnostics.map(\.description) == [
        "vod/index.m3u8:1:1: warning: break 1 (breaks[0]): 7 s snapped to the next segment "
          + "boundary, 12 s [stitch.break.snapped]"
      ])
    let text = try #require(Stitch.texts(result)["vod/index.m3u8"])
    #expect(
      text == """
        #EXTM3U
        #EXT-X-VERSION:6
        ## Generated with https://github.com/shaka-project/shaka-packager version v3.2.0
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-INDEPENDENT-SEGMENTS
        #EXT-X-MAP:URI="init.mp4"
        #EXT-X-KEY:METHOD=SAMPLE-AES,URI="https://keys.example.com/k1",KEYFORMAT="identity"
        #EXTINF:6.000,
        seg_1.m4s
        #EXTINF:6.000,
        seg_2.m4s
        #EXT-X-DISCONTINUITY
        #EXT-X-KEY:METHOD=NONE
        #EXT-X-MAP:URI="../ads/f1/init.mp4"
        #EXT-X-CUE-OUT:8
        #EXT-X-BEACON:AD_LENGTH=8
        #EXTINF:4,
        ../ads/f1/seg_1.m4s
        #EXTINF:4,
        ../ads/f1/seg_2.m4s
        #EXT-X-DISCONTINUITY
        #EXT-X-KEY:METHOD=SAMPLE-AES,URI="https://keys.example.com/k1",KEYFORMAT="identity"
        #EXT-X-MAP:URI="init.mp4"
        #EXT-X-CUE-IN
        # chapter 2
        #EXTINF:6.000,
        seg_3.m4s
        #EXT-X-ENDLIST

        """)
    #expect(try Stitch.auditErrors(text) == [])
  }

  @Test func anEncryptedAdInClearContentGetsItsKeyAndTheContentMethodNone() throws {
    let content = """
      #EXTM3U
      #EXT-X-VERSION:3
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXTINF:6.000,
      c0.ts
      #EXTINF:6.000,
      c1.ts
      #EXT-X-ENDLIST

      """
    // An ad server's AES-128 rendition (ffmpeg -hls_key_info_file).
    let ad = """
      #EXTM3U
      #EXT-X-VERSION:3
      #EXT-X-TARGETDURATION:4
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x00000000000000000000000000000001
      #EXTINF:4.000000,
      e0.ts
      #EXT-X-ENDLIST

      """
    let plan = try Stitch.plan(
      #"{"breaks":[{"at":6,"ads":[{"id":"e1","playlist":"https://ads.example.com/e1.m3u8"}]}]}"#
    )
    let loader = MemoryLoader(files: [
      "c.m3u8": content, "https://ads.example.com/e1.m3u8": ad,
    ])
    let result = Stitcher(plan: plan, options: StitchOptions(markers: .none)).stitch(
      content: "c.m3u8", loader: loader)
    #expect(result.diagnostics == [])
    let text = try #require(Stitch.texts(result)["c.m3u8"])
    #expect(
      text == """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXTINF:6.000,
        c0.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-KEY:METHOD=AES-128,URI="https://ads.example.com/key.bin",IV=0x00000000000000000000000000000001
        #EXTINF:4,
        https://ads.example.com/e0.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-KEY:METHOD=NONE
        #EXTINF:6.000,
        c1.ts
        #EXT-X-ENDLIST

        """)
    #expect(try Stitch.auditErrors(text) == [])
  }

  @Test func aLongerPodIsCutAndItsLateEventsDropped() throws {
    // A 16 s ad into the 12 s break: cut after 12 s; complete (16 s) no longer falls inside.
    let long = """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXTINF:4.000000,
      l0.ts
      #EXTINF:4.000000,
      l1.ts
      #EXTINF:4.000000,
      l2.ts
      #EXTINF:4.000000,
      l3.ts
      #EXT-X-ENDLIST

      """
    let plan = try Stitch.plan(
      """
      {"breaks":[{"at":"markers","ads":[{"id":"long","playlist":"long.m3u8","tracking":[
      {"event":"thirdQuartile","url":"https://t.example.com/q3"},
      {"event":"complete","url":"https://t.example.com/c"}]},
      {"id":"next","playlist":"ad8.m3u8"}]}]}
      """)
    let loader = MemoryLoader(files: [
      "index.m3u8": Fixture.mediaPackageTS, "long.m3u8": long, "ad8.m3u8": Fixture.ffmpegAdTS8,
    ])
    let result = Stitcher(plan: plan, options: StitchOptions(markers: .beacon)).stitch(
      content: "index.m3u8", loader: loader)
    #expect(
      result.diagnostics.map(\.description) == [
        "index.m3u8:1:1: warning: break 1 (breaks[0]): ad 'long' cut from 16 s to 12 s at a "
          + "segment boundary to fit the break (12 s) [stitch.ad.cut]",
        "index.m3u8:1:1: warning: break 1 (breaks[0]): ad 'long' event 'complete' at 16 s "
          + "dropped: the ad was cut to 12 s [stitch.event.dropped]",
        "index.m3u8:1:1: warning: break 1 (breaks[0]): ad 'next' (8 s) dropped: the break "
          + "(12 s) has no room left [stitch.ad.cut]",
      ])
    let text = try #require(Stitch.texts(result)["index.m3u8"])
    #expect(
      text.contains(
        """
        #EXT-X-BEACON:AD_LENGTH=12
        #EXTINF:4,
        l0.ts
        #EXTINF:4,
        l1.ts
        #EXTINF:4,
        l2.ts
        #EXT-X-BEACON:EVENT=thirdQuartile,URL=https://t.example.com/q3
        #EXT-X-DISCONTINUITY
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:24.000Z
        #EXTINF:6.000,
        index_1_5.ts
        """))
    #expect(!text.contains("b0.ts"))
    #expect(try Stitch.auditErrors(text) == [])
  }

  @Test func aShorterPodIsCompletedBySlate() throws {
    let plan = try Stitch.plan(
      #"{"breaks":[{"at":"markers","ads":[{"id":"b","playlist":"ad8.m3u8"}]}]}"#)
    let loader = MemoryLoader(files: [
      "index.m3u8": Fixture.mediaPackageTS, "ad8.m3u8": Fixture.ffmpegAdTS8,
      "slate.m3u8": Fixture.slateTS,
    ])
    let result = Stitcher(plan: plan, options: StitchOptions(slate: "slate.m3u8")).stitch(
      content: "index.m3u8", loader: loader)
    #expect(
      result.diagnostics.map(\.description) == [
        "index.m3u8:1:1: warning: break 1 (breaks[0]): the pod (8 s) is shorter than the "
          + "break (12 s): 4 s of slate [stitch.pod.short]"
      ])
    let text = try #require(Stitch.texts(result)["index.m3u8"])
    #expect(
      text.contains(
        """
        #EXT-X-CUE-OUT:12
        #EXT-X-BEACON:AD_LENGTH=8
        #EXTINF:4,
        b0.ts
        #EXTINF:4,
        b1.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:20.000Z
        #EXTINF:2,
        slate0.ts
        #EXTINF:2,
        slate0.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:24.000Z
        #EXT-X-CUE-IN
        #EXTINF:6.000,
        index_1_5.ts
        """))
    #expect(try Stitch.auditErrors(text) == [])
  }

  @Test func aShorterPodIsCompletedByTheBreaksContent() throws {
    let ad = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXTINF:6.000000,
      s0.ts
      #EXT-X-ENDLIST

      """
    let plan = try Stitch.plan(
      #"{"breaks":[{"at":"markers","ads":[{"id":"s","playlist":"ad6.m3u8"}]}]}"#)
    let loader = MemoryLoader(files: ["index.m3u8": Fixture.mediaPackageTS, "ad6.m3u8": ad])
    let result = Stitcher(plan: plan).stitch(content: "index.m3u8", loader: loader)
    #expect(
      result.diagnostics.map(\.description) == [
        "index.m3u8:1:1: warning: break 1 (breaks[0]): the pod (6 s) is shorter than the "
          + "break (12 s): 6 s of the break's content [stitch.pod.short]"
      ])
    let text = try #require(Stitch.texts(result)["index.m3u8"])
    #expect(
      text.contains(
        """
        #EXT-X-CUE-OUT:6
        #EXT-X-BEACON:AD_LENGTH=6
        #EXTINF:6,
        s0.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:18.000Z
        #EXT-X-CUE-IN
        #EXTINF:6,
        index_1_4.ts
        #EXTINF:6.000,
        index_1_5.ts
        """))
    #expect(try Stitch.auditErrors(text) == [])
  }
}

/// Pre- and post-rolls, byte ranges and `--base`.
@Suite struct StitchRollTests {
  // Apple's mediafilesegmenter with -single-file: byte ranges into one TS file.
  static let singleFile = """
    #EXTM3U
    #EXT-X-TARGETDURATION:6
    #EXT-X-VERSION:4
    #EXT-X-MEDIA-SEQUENCE:0
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:00.000Z
    #EXTINF:6.00000,
    #EXT-X-BYTERANGE:326744@0
    main.ts
    #EXTINF:6.00000,
    #EXT-X-BYTERANGE:326556
    main.ts
    #EXT-X-ENDLIST

    """

  @Test func preAndPostRollsWithByteRangesAndABase() throws {
    let plan = try Stitch.plan(
      """
      {"breaks":[{"at":0,"ads":[{"id":"pre","playlist":"ad8.m3u8"}]},
                 {"at":12,"ads":[{"id":"post","playlist":"ad8.m3u8"}]}]}
      """)
    let loader = MemoryLoader(files: [
      "vod/main.m3u8": Self.singleFile, "ad8.m3u8": Fixture.ffmpegAdTS8,
    ])
    let result = Stitcher(
      plan: plan, options: StitchOptions(markers: .none, base: "https://cdn.example.com/out/")
    ).stitch(content: "vod/main.m3u8", output: "out/main.m3u8", loader: loader)
    #expect(result.diagnostics == [])
    let text = try #require(Stitch.texts(result)["out/main.m3u8"])
    // The pre-roll ends where the content starts; the content keeps its own date and ranges.
    #expect(
      text == """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-VERSION:4
        #EXT-X-MEDIA-SEQUENCE:0
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T19:59:52.000Z
        #EXTINF:4,
        https://cdn.example.com/b0.ts
        #EXTINF:4,
        https://cdn.example.com/b1.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:00.000Z
        #EXTINF:6.00000,
        #EXT-X-BYTERANGE:326744@0
        https://cdn.example.com/vod/main.ts
        #EXTINF:6.00000,
        #EXT-X-BYTERANGE:326556
        https://cdn.example.com/vod/main.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:12.000Z
        #EXTINF:4,
        https://cdn.example.com/b0.ts
        #EXTINF:4,
        https://cdn.example.com/b1.ts
        #EXT-X-ENDLIST

        """)
    #expect(try Stitch.auditErrors(text) == [])
  }
  @Test func aByteRangeThatFollowedTheSegmentBeforeABreakStatesItsOffset() throws {
    // mediafilesegmenter's second range (326556, no offset) followed main.ts's first; after the
    // ad it would follow b1.ts, so it is written with its offset.
    let plan = try Stitch.plan(#"{"breaks":[{"at":6,"ads":[{"id":"mid","playlist":"ad8.m3u8"}]}]}"#)
    let loader = MemoryLoader(files: [
      "vod/main.m3u8": Self.singleFile, "vod/ad8.m3u8": Fixture.ffmpegAdTS8,
    ])
    let result = Stitcher(plan: plan, options: StitchOptions(markers: .none)).stitch(
      content: "vod/main.m3u8", planLocation: "vod/plan.json", loader: loader)
    #expect(result.diagnostics == [])
    let text = try #require(Stitch.texts(result)["vod/main.m3u8"])
    #expect(
      text.hasSuffix(
        """
        #EXTINF:4,
        b1.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:06.000Z
        #EXTINF:6.00000,
        #EXT-X-BYTERANGE:326556@326744
        main.ts
        #EXT-X-ENDLIST

        """))
    #expect(try Stitch.auditErrors(text) == [])
  }
}

/// URIs of every spelling name the same resource from the output's directory.
@Suite struct StitchURITests {
  @Test func everySpellingIsRewrittenToTheSameResource() throws {
    let content = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-KEY:METHOD=AES-128,URI="../keys/k1.bin"
      #EXTINF:6.000,
      ./a.ts
      #EXTINF:6.000,
      ../shared/b.ts
      #EXTINF:6.000,
      sub/c.ts?token=x
      #EXTINF:6.000,
      /abs/d.ts
      #EXTINF:6.000,
      https://cdn.example.com/e.ts
      #EXTINF:6.000,
      ...ts
      #EXT-X-ENDLIST

      """
    let plan = try Stitch.plan(#"{"breaks":[]}"#)
    let result = Stitcher(plan: plan, options: StitchOptions(markers: .none)).stitch(
      content: "site/vod/index.m3u8", output: "out/index.m3u8",
      loader: MemoryLoader(files: ["site/vod/index.m3u8": content]))
    #expect(result.diagnostics == [])
    let text = try #require(Stitch.texts(result)["out/index.m3u8"])
    #expect(
      text == """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-KEY:METHOD=AES-128,URI="../site/keys/k1.bin"
        #EXTINF:6.000,
        ../site/vod/a.ts
        #EXTINF:6.000,
        ../site/shared/b.ts
        #EXTINF:6.000,
        ../site/vod/sub/c.ts?token=x
        #EXTINF:6.000,
        /abs/d.ts
        #EXTINF:6.000,
        https://cdn.example.com/e.ts
        #EXTINF:6.000,
        ../site/vod/...ts
        #EXT-X-ENDLIST

        """)
  }

  /// URIs the bare output prefix cannot name (a variable reference, an empty path segment) are
  /// resolved in full; a dotted name or a `..` in a query still takes the prefix.
  @Test func contentURIsOnlyTakeThePrefixWhenPlain() throws {
    let content = """
      #EXTM3U
      #EXT-X-VERSION:8
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-DEFINE:NAME="rendition",VALUE="hd"
      #EXTINF:6.000,
      {$rendition}/a.ts
      #EXTINF:6.000,
      b.ts?next=../x
      #EXTINF:6.000,
      c..ts
      #EXTINF:6.000,
      d//e.ts
      #EXT-X-ENDLIST

      """
    let plan = try Stitch.plan(#"{"breaks":[]}"#)
    let result = Stitcher(plan: plan, options: StitchOptions(markers: .none)).stitch(
      content: "site/vod/index.m3u8", output: "out/index.m3u8",
      loader: MemoryLoader(files: ["site/vod/index.m3u8": content]))
    #expect(result.diagnostics == [])
    let text = try #require(Stitch.texts(result)["out/index.m3u8"])
    #expect(
      text == """
        #EXTM3U
        #EXT-X-VERSION:8
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-DEFINE:NAME="rendition",VALUE="hd"
        #EXTINF:6.000,
        ../site/vod/hd/a.ts
        #EXTINF:6.000,
        ../site/vod/b.ts?next=../x
        #EXTINF:6.000,
        ../site/vod/c..ts
        #EXTINF:6.000,
        ../site/vod/d//e.ts
        #EXT-X-ENDLIST

        """)
  }

  /// A content URI line taking the output prefix keeps its own bytes only when it is the whole
  /// line with an LF end; else it is written anew (trimmed, LF): a playlist saved by a Windows
  /// editor (CRLF), then edited by hand (an indented URI, a trailing tab, no final line end).
  @Test func aURILineKeepsItsBytesAfterThePrefixOnlyAsAWholeLFLine() throws {
    let content =
      "#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXTINF:6.000,\r\na.ts\r\n#EXTINF:6.000,\n"
      + "  b.ts\n#EXTINF:6.000,\nc.ts\t\n#EXTINF:6.000,\nd.ts\n#EXTINF:6.000,\ne.ts"
    let plan = try Stitch.plan(#"{"breaks":[]}"#)
    let result = Stitcher(plan: plan, options: StitchOptions(markers: .none)).stitch(
      content: "site/vod/index.m3u8", output: "out/index.m3u8",
      loader: MemoryLoader(files: ["site/vod/index.m3u8": content]))
    #expect(result.diagnostics == [])
    let expected =
      "#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXTINF:6.000,\r\n../site/vod/a.ts\n"
      + "#EXTINF:6.000,\n../site/vod/b.ts\n#EXTINF:6.000,\n../site/vod/c.ts\n#EXTINF:6.000,\n"
      + "../site/vod/d.ts\n#EXTINF:6.000,\n../site/vod/e.ts\n"
    #expect(result.playlists.map(\.name) == ["out/index.m3u8"])
    #expect(result.playlists.first?.bytes == Array(expected.utf8))
  }
}
