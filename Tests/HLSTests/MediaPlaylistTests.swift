import HLS
import ManifestCore
import Testing

@Suite struct MediaPlaylistTests {
  @Test func fmp4VODHasResolvedSegmentsMapAndTotals() throws {
    let p = try Samples.media("media-fmp4-vod.m3u8")
    #expect(p.diagnostics.isEmpty)
    #expect(p.version == 7)
    #expect(p.targetDuration == 6)
    #expect(p.mediaSequence == 1)
    #expect(p.playlistType == .vod)
    #expect(p.endList)
    #expect(p.independentSegments)
    #expect(p.segments.count == 10)
    #expect(p.totalDuration == ExactDecimal("57.891"))
    let last = p.segments[9]
    #expect(last.uri == "segment_00010.m4s")
    #expect(last.mediaSequence == 10)
    #expect(last.duration == ExactDecimal("3.837"))
    #expect(last.startTime == ExactDecimal("54.054"))
    #expect(p.segments.startTime(at: 9) == ExactDecimal("54.054"))
    #expect(p.segments.startTime(at: 0) == .zero)
    #expect(
      p.segments.indices.allSatisfy { p.segments.startTime(at: $0) == p.segments[$0].startTime })
    #expect(last.map?.uri == "init.mp4")
    #expect(last.keys.isEmpty)
    #expect(last.title == nil)
    #expect(last.uriLine == 26)
    #expect(last.infLine == 25)
    #expect(last.lines == 25..<27)
  }

  @Test func keyRotationAndMethodNoneEndingIt() throws {
    let p = try Samples.media("media-ts-vod.m3u8")
    #expect(p.keys.count == 3)
    let s = Array(p.segments)
    #expect(s[0].keys.map(\.uri) == ["https://keys.example.com/key?id=42"])
    #expect(s[0].keys.first?.iv == "0x00000000000000000000000000000001")
    #expect(s[0].keys.first?.ivBytes?.last == 1)
    #expect(s[2].keys.first?.uri == "https://keys.example.com/key?id=42")
    #expect(s[3].keys.first?.uri == "https://keys.example.com/key?id=43")
    #expect(s[4].keys.first?.method == .aes128)
    #expect(s[5].keys.isEmpty)
    #expect(p.totalDuration == ExactDecimal("54.054"))
  }

  @Test func severalKeyFormatsAreInForceAtOnce() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-VERSION:6
      #EXT-X-TARGETDURATION:4
      #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
      #EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="data:text/plain;base64,AAAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",KEYFORMATVERSIONS="1"
      #EXTINF:4,
      a.m4s
      #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k2",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
      #EXTINF:4,
      b.m4s
      #EXT-X-KEY:METHOD=NONE
      #EXTINF:4,
      c.m4s

      """)
    #expect(p.diagnostics.isEmpty)
    #expect(p.segments[0].keys.map(\.uri) == ["skd://k1", "data:text/plain;base64,AAAA"])
    #expect(p.segments[1].keys.map(\.uri) == ["skd://k2", "data:text/plain;base64,AAAA"])
    #expect(
      p.segments[1].keys.map(\.effectiveKeyFormat) == [
        "com.apple.streamingkeydelivery", "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",
      ])
    #expect(p.segments[2].keys.isEmpty)
  }

  @Test func byteRangesResolveImplicitOffsets() throws {
    let p = try Samples.media("media-byterange.m3u8")
    #expect(p.diagnostics.isEmpty)
    let ranges = p.segments.map { $0.byteRange }
    #expect(ranges.map { $0?.offset } == [0, 1_052_272, 2_085_308, 3_111_200, 4_160_400])
    #expect(ranges.map { $0?.length } == [1_052_272, 1_033_036, 1_025_892, 1_049_200, 390_320])
    #expect(ranges.map { $0?.offsetWasExplicit } == [true, false, false, false, false])
    #expect(ranges[1]?.httpRange == "bytes=1052272-2085307")
  }

  @Test func programDateTimeIsExtrapolatedAndDiscontinuitiesCounted() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-DISCONTINUITY-SEQUENCE:4
      #EXT-X-PROGRAM-DATE-TIME:2025-11-29T20:00:00.000Z
      #EXTINF:6.006,
      a.ts
      #EXTINF:6.006,
      b.ts
      #EXT-X-DISCONTINUITY
      #EXT-X-PROGRAM-DATE-TIME:2025-11-29T20:05:00.000+01:00
      #EXTINF:5,
      c.ts
      #EXT-X-GAP
      #EXTINF:5,
      d.ts
      """)
    let s = Array(p.segments)
    #expect(
      s.map { $0.programDateTime?.description } == [
        "2025-11-29T20:00:00.000Z", "2025-11-29T20:00:06.006Z", "2025-11-29T20:05:00.000+01:00",
        "2025-11-29T20:05:05.000+01:00",
      ])
    #expect(s.map(\.hasOwnProgramDateTime) == [true, false, true, false])
    #expect(s.map(\.discontinuity) == [false, false, true, false])
    #expect(s.map(\.discontinuitySequence) == [4, 4, 5, 5])
    #expect(s.map(\.gap) == [false, false, false, true])
    #expect(s[3].lines == 12..<15)
  }

  @Test func bitrateAppliesUntilTheNextOne() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXTINF:6,
      a.ts
      #EXT-X-BITRATE:4500
      #EXTINF:6,Opening titles
      b.ts
      #EXTINF:6,
      c.ts
      """)
    #expect(p.segments.map(\.bitrate) == [nil, 4500, 4500])
    #expect(p.segments.map(\.title) == [nil, "Opening titles", nil])
  }

  @Test func lowLatencyPartsHintsReportsAndServerControl() throws {
    let p = try Samples.media("media-ll-live.m3u8")
    #expect(p.diagnostics.isEmpty)
    #expect(p.isLowLatency)
    #expect(p.partInformation?.partTarget == ExactDecimal("1.004"))
    let control = try #require(p.serverControl)
    #expect(control.canBlockReload)
    #expect(control.canSkipUntil == ExactDecimal(24))
    #expect(control.partHoldBack == ExactDecimal("3.012"))
    #expect(control.holdBack == nil)
    #expect(p.segments.count == 9)
    #expect(
      p.segments[7].parts.map(\.uri) == [
        "filePart2705.0.m4s", "filePart2705.1.m4s", "filePart2705.2.m4s", "filePart2705.3.m4s",
      ])
    #expect(p.segments[7].parts.map(\.independent) == [true, false, true, false])
    #expect(p.segments[0].parts.isEmpty)
    #expect(p.pendingParts.map(\.uri) == ["filePart2707.0.m4s", "filePart2707.1.m4s"])
    #expect(p.preloadHints.map(\.uri) == ["filePart2707.2.m4s"])
    #expect(p.preloadHints.first?.type == "PART")
    #expect(p.renditionReports.map(\.lastMediaSequence) == [2707, 2707])
    #expect(p.renditionReports.map(\.lastPart) == [1, 1])
    #expect(p.nextMediaSequence == 2707)
    #expect(p.segments[8].programDateTime?.description == "2025-11-29T18:42:42.104Z")
    #expect(p.segments[8].discontinuitySequence == 3)
  }

  @Test func deltaUpdateCountsSkippedSegments() throws {
    let p = try Samples.media("media-ll-delta.m3u8")
    #expect(p.skip?.skippedSegments == 3)
    #expect(p.firstListedMediaSequence == 2702)
    #expect(p.segments.first?.mediaSequence == 2702)
    #expect(p.segments.first?.uri == "fileSequence2702.m4s")
  }

  @Test func partByteRangesResolveFromThePreviousPart() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:2
      #EXT-X-PART-INF:PART-TARGET=1
      #EXT-X-PART:DURATION=1,URI="seg1.mp4",BYTERANGE="1000@0"
      #EXT-X-PART:DURATION=1,URI="seg1.mp4",BYTERANGE="800"
      #EXTINF:2,
      seg1.mp4
      """)
    #expect(p.diagnostics.isEmpty)
    #expect(p.segments[0].parts.map { $0.byteRange?.offset } == [0, 1000])
  }

  @Test func iFramePlaylistWithExplicitRanges() throws {
    let p = try Samples.media("media-iframes.m3u8")
    #expect(p.diagnostics.isEmpty)
    #expect(p.iFramesOnly)
    #expect(
      p.segments.map { $0.byteRange?.httpRange } == [
        "bytes=376-61663", "bytes=1233220-1292251", "bytes=2459140-2520051",
        "bytes=3688756-3747035",
      ])
    #expect(p.totalDuration == ExactDecimal("20.02"))
  }

  @Test func imagePlaylistTiles() throws {
    let p = try Samples.media("media-images.m3u8")
    #expect(p.imagesOnly)
    #expect(p.diagnostics.isEmpty)
    let tiles = try #require(p.segments[2].tiles)
    #expect(tiles.resolution == Resolution(width: 320, height: 180))
    #expect(tiles.columns == 5)
    #expect(tiles.rows == 4)
    #expect(tiles.duration == ExactDecimal(3))
    #expect(p.segments[2].duration == ExactDecimal(24))
  }
}
