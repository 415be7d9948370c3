import HLS
import ManifestCore
import Testing

/// A decimal literal of the tests.
private func seconds(_ text: String) -> ExactDecimal { ExactDecimal(text) ?? .zero }

/// A date-time literal of the tests.
private func date(_ text: String) throws -> DateTime { try #require(DateTime(text)) }

@Suite struct PlaybackTimingTests {
  /// A live window as AWS Elemental MediaPackage writes an HLS endpoint: a program date-time on
  /// every segment, 6.006 s segments, no EXT-X-SERVER-CONTROL.
  static let mediaPackageLive = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-MEDIA-SEQUENCE:181263
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:00:00.000Z
    #EXTINF:6.006,
    index_1_181263.ts?m=1732900000
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:00:06.006Z
    #EXTINF:6.006,
    index_1_181264.ts?m=1732900000
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:00:12.012Z
    #EXTINF:6.006,
    index_1_181265.ts?m=1732900000
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:00:18.018Z
    #EXTINF:6.006,
    index_1_181266.ts?m=1732900000
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:00:24.024Z
    #EXTINF:6.006,
    index_1_181267.ts?m=1732900000

    """

  static func live(inserting header: String) throws -> MediaPlaylist {
    try Playlist.media(
      mediaPackageLive.replacingOccurrences(
        of: "#EXT-X-MEDIA-SEQUENCE", with: header + "\n#EXT-X-MEDIA-SEQUENCE"))
  }

  @Test func vodStartsAtZeroAndSpansItsDuration() throws {
    let timing = try Samples.media("media-ts-vod.m3u8").playbackTiming
    #expect(!timing.live)
    #expect(timing.window.start == .zero)
    #expect(timing.window.end == seconds("54.054"))
    #expect(timing.window.startDate == nil)
    #expect(timing.startRule == .playlistStart)
    #expect(timing.startPosition == .zero)
    #expect(timing.holdBack == nil)
    #expect(timing.liveEdge == nil)
    #expect(timing.start?.segmentURI == "out0.ts")
  }

  @Test func liveWithoutHoldBackStartsThreeTargetDurationsFromTheEnd() throws {
    let timing = try Playlist.media(Self.mediaPackageLive).playbackTiming
    #expect(timing.live)
    #expect(timing.window.end == seconds("30.03"))
    #expect(timing.window.startDate?.description == "2025-11-29T18:00:00.000Z")
    #expect(timing.window.endDate?.description == "2025-11-29T18:00:30.030Z")
    #expect(timing.startRule == .threeTargetDurations)
    #expect(timing.holdBack == ExactDecimal(18))
    #expect(timing.startTarget == seconds("12.03"))
    // The segment holding 12.03 starts at 12.012: the latest one at least 18 s from the end.
    #expect(timing.startPosition == seconds("12.012"))
    #expect(timing.start?.mediaSequence == 181265)
    #expect(timing.start?.offset == .zero)
    #expect(timing.liveEdge == seconds("30.03"))
  }

  @Test func holdBackReplacesThreeTargetDurations() throws {
    let timing = try Self.live(inserting: "#EXT-X-SERVER-CONTROL:HOLD-BACK=9.0").playbackTiming
    #expect(timing.startRule == .holdBack)
    #expect(timing.holdBack == ExactDecimal(9))
    #expect(timing.startTarget == seconds("21.03"))
    #expect(timing.startPosition == seconds("18.018"))
    // A hold-back longer than the window starts at its beginning.
    let short = try Self.live(inserting: "#EXT-X-SERVER-CONTROL:HOLD-BACK=45").playbackTiming
    #expect(short.startTarget == .zero)
    #expect(short.start?.mediaSequence == 181263)
  }

  @Test func startTagWithANegativeOffsetCountsFromTheEnd() throws {
    let precise = try Self.live(inserting: "#EXT-X-START:TIME-OFFSET=-10.5,PRECISE=YES")
      .playbackTiming
    #expect(precise.startRule == .startTag)
    #expect(precise.precise)
    #expect(precise.holdBack == nil)
    #expect(precise.startTarget == seconds("19.53"))
    #expect(precise.startPosition == seconds("19.53"))
    #expect(precise.start?.mediaSequence == 181266)
    #expect(precise.start?.offset == seconds("1.512"))
    #expect(precise.start?.programDateTime?.description == "2025-11-29T18:00:19.530Z")
    let imprecise = try Self.live(inserting: "#EXT-X-START:TIME-OFFSET=-10.5").playbackTiming
    #expect(!imprecise.precise)
    #expect(imprecise.startPosition == seconds("18.018"))
    // Past the duration: the end (positive) or the beginning (negative), §4.4.2.2.
    let late = try Self.live(inserting: "#EXT-X-START:TIME-OFFSET=100").playbackTiming
    #expect(late.startTarget == seconds("30.03"))
    #expect(late.start?.mediaSequence == 181267)
    let early = try Self.live(inserting: "#EXT-X-START:TIME-OFFSET=-100").playbackTiming
    #expect(early.startTarget == .zero)
  }

  @Test func partHoldBackStartsAtAnIndependentPart() throws {
    // Apple's low-latency example stream (samples/hls/media-ll-live.m3u8): PART-HOLD-BACK=3.012
    // from an end of 38 s (36 s of segments and two parts of the next).
    let timing = try Samples.media("media-ll-live.m3u8").playbackTiming
    #expect(timing.startRule == .partHoldBack)
    #expect(timing.window.end == ExactDecimal(38))
    #expect(timing.startTarget == seconds("34.988"))
    // 34.988 is in part 2 of fileSequence2706 (INDEPENDENT=YES), which starts at 34.
    #expect(timing.startPosition == ExactDecimal(34))
    #expect(timing.start?.part?.uri == "filePart2706.2.m4s")
    #expect(timing.start?.part?.offset == .zero)
    #expect(timing.liveEdge == ExactDecimal(38))
  }

  @Test func partHoldBackGoesBackToTheLastIndependentPart() throws {
    // Part 3 of the segment is not independent: the start goes back to part 2.
    let text = try String(decoding: Samples.bytes("media-ll-live.m3u8"), as: UTF8.self)
      .replacingOccurrences(of: "PART-HOLD-BACK=3.012", with: "PART-HOLD-BACK=2.5")
    let timing = try Playlist.media(text).playbackTiming
    #expect(timing.startTarget == seconds("35.5"))
    #expect(timing.startPosition == ExactDecimal(34))
  }

  @Test func locatesATimeInASegmentAndPart() throws {
    let playlist = try Samples.media("media-ll-live.m3u8")
    let location = try #require(playlist.location(atTime: seconds("29.5")))
    #expect(location.mediaSequence == 2705)
    #expect(location.segmentIndex == 7)
    #expect(location.segmentURI == "fileSequence2705.m4s")
    #expect(location.segmentStart == ExactDecimal(28))
    #expect(location.offset == seconds("1.5"))
    #expect(
      location.part
        == MediaLocation.Part(
          index: 1, uri: "filePart2705.1.m4s", start: ExactDecimal(29), duration: ExactDecimal(1),
          offset: seconds("0.5")))
    #expect(location.programDateTime?.description == "2025-11-29T18:42:39.604Z")
  }

  @Test func locatesATimeInThePartsStillBeingProduced() throws {
    let playlist = try Samples.media("media-ll-live.m3u8")
    let pending = try #require(playlist.location(atTime: seconds("36.5")))
    #expect(pending.segmentIndex == nil)
    #expect(pending.segmentURI == nil)
    #expect(pending.mediaSequence == 2707)
    #expect(pending.segmentStart == ExactDecimal(36))
    #expect(pending.segmentDuration == ExactDecimal(2))
    #expect(pending.part?.uri == "filePart2707.0.m4s")
    #expect(pending.part?.offset == seconds("0.5"))
    let end = try #require(playlist.location(atTime: ExactDecimal(38)))
    #expect(end.part?.uri == "filePart2707.1.m4s")
    #expect(end.part?.offset == ExactDecimal(1))
  }

  @Test func boundariesBelongToTheSegmentThatStartsThere() throws {
    let playlist = try Playlist.media(Self.mediaPackageLive)
    #expect(playlist.location(atTime: seconds("6.006"))?.mediaSequence == 181264)
    #expect(playlist.location(atTime: seconds("6.006"))?.offset == .zero)
    #expect(playlist.location(atTime: .zero)?.mediaSequence == 181263)
    // The end is in the last segment, at its full duration.
    let end = try #require(playlist.location(atTime: seconds("30.03")))
    #expect(end.mediaSequence == 181267)
    #expect(end.offset == seconds("6.006"))
    #expect(playlist.location(atTime: seconds("30.031")) == nil)
    #expect(playlist.location(atTime: seconds("-0.001")) == nil)
  }

  @Test func locatesAProgramDateTime() throws {
    let playlist = try Playlist.media(Self.mediaPackageLive)
    let location = try #require(
      playlist.location(atDate: try date("2025-11-29T19:00:20.000+01:00")))
    #expect(location.mediaSequence == 181266)
    #expect(location.offset == seconds("1.982"))
    #expect(location.time == ExactDecimal(20))
    #expect(playlist.location(atDate: try date("2025-11-29T17:59:59.999Z")) == nil)
    #expect(playlist.location(atDate: try date("2025-11-29T18:00:30.031Z")) == nil)
    let end = try #require(playlist.location(atDate: try date("2025-11-29T18:00:30.030Z")))
    #expect(end.mediaSequence == 181267)
  }

  @Test func aDateInTheGapOfADiscontinuityIsNowhere() throws {
    // Dates jump forward by 60 s at the discontinuity (an encoder restart).
    let playlist = try Playlist.media(
      Self.mediaPackageLive.replacingOccurrences(
        of: "#EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:00:24.024Z",
        with: "#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:01:24.024Z"))
    #expect(playlist.location(atDate: try date("2025-11-29T18:00:40Z")) == nil)
    let after = try #require(playlist.location(atDate: try date("2025-11-29T18:01:25.024Z")))
    #expect(after.mediaSequence == 181267)
    #expect(after.offset == ExactDecimal(1))
    #expect(after.time == seconds("25.024"))
    #expect(playlist.playbackTiming.window.endDate?.description == "2025-11-29T18:01:30.030Z")
  }
}
