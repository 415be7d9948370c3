import HLS
import Live
import ManifestCore
import SchemaTestSupport
import Testing

/// Scripted reloads of MediaLive-style windows through a LiveReloadTracker: exact events, the
/// clock an input (no timing).
@Suite struct LiveReloadTrackerTests {
  @Test func aCleanStreamGivesItsSegmentsAndOneBreakWithOneId() throws {
    var origin = LiveOrigin()
    origin.addBreak(at: 1004, cue: true)
    var tracker = LiveReloadTracker()
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1000, at: "0")) == [
        "v.m3u8  segments-added 6 (1000-1005)",
        "v.m3u8  ad-break-started SCTE35-4300 at 1004, planned 6 s",
      ])
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1002, at: "4")) == [
        "v.m3u8  segments-added 2 (1006-1007)",
        "v.m3u8  ad-break-ended SCTE35-4300 after 6 s",
      ])
    // The CUE-OUT slid out; the continuation's cue still names the break: nothing new.
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1005, at: "10")) == [
        "v.m3u8  segments-added 3 (1008-1010)"
      ])
  }

  @Test func aBreakWithoutSignalKeepsItsIdAfterItsFirstSegmentSlidOut() throws {
    var origin = LiveOrigin()
    origin.addBreak(at: 1004, cue: false)
    var tracker = LiveReloadTracker()
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1001, count: 5, at: "0")) == [
        "v.m3u8  segments-added 5 (1001-1005)",
        "v.m3u8  ad-break-started MSN-1004 at 1004, planned 6 s",
      ])
    // Alone, this window would call the break MSN-1005 (it starts on its second segment).
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1005, at: "10")) == [
        "v.m3u8  segments-added 5 (1006-1010)",
        "v.m3u8  ad-break-ended MSN-1004 after 6 s",
      ])
  }

  @Test func aCueOutWhoseMarkersSlidOutIsClosedByItsCueIn() throws {
    // CUE-OUT:6 then nothing until the CUE-IN, five segments late: the CUE-OUT slides out
    // before it; the tracker keeps the break open and the lone CUE-IN closes it.
    var origin = LiveOrigin()
    origin.tags[1004] = ["#EXT-X-CUE-OUT:6.000"]
    origin.tags[1012] = ["#EXT-X-CUE-IN"]
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try origin.snapshot("v.m3u8", first: 1000, at: "0"))
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1005, at: "10")) == [
        "v.m3u8  segments-added 5 (1006-1010)",
        "v.m3u8  problem [live.break-not-closed] ad break MSN-1004 is still open after 14 s, "
          + "declared 6 s (tolerance 0.5 s)",
      ])
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1009, at: "18")) == [
        "v.m3u8  segments-added 4 (1011-1014)",
        "v.m3u8  ad-break-ended MSN-1004 after 16 s",
        "v.m3u8  problem [live.break-duration] ad break MSN-1004 ended after 16 s, declared 6 s "
          + "(tolerance 0.5 s)",
      ])
    // The CUE-IN stays listed: nothing more.
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1011, at: "22")) == [
        "v.m3u8  segments-added 2 (1015-1016)"
      ])
  }

  @Test func elapsedTimeThatDoesNotFollowTheClockIsReported() throws {
    // A packager that repeats ElapsedTime=2.000 on every continuation.
    var origin = LiveOrigin()
    origin.tags[1004] = ["#EXT-X-CUE-OUT:30.000"]
    for msn in 1005...1012 {
      origin.tags[msn] = ["#EXT-X-CUE-OUT-CONT:ElapsedTime=2.000,Duration=30"]
    }
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try origin.snapshot("v.m3u8", first: 1000, at: "0"))
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1002, at: "4")) == [
        "v.m3u8  segments-added 2 (1006-1007)",
        "v.m3u8  problem [live.break-elapsed-drift] the elapsed time of ad break MSN-1004 grew "
          + "by 0 s (2 to 2) in 4 s of wall-clock time",
      ])
    // Reported once per break.
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1006, at: "12")) == [
        "v.m3u8  segments-added 4 (1008-1011)"
      ])
  }

  @Test func playlistContradictionsAreProblemsByRule() throws {
    let origin = LiveOrigin()
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try origin.snapshot("v.m3u8", first: 1000, at: "0"))
    var changed = origin
    changed.uris[1003] = "live_1003b.ts"
    #expect(
      tracker.lines(try changed.snapshot("v.m3u8", first: 1001, at: "2")) == [
        "v.m3u8  problem [live.segment-changed] segment 1003 changed URI from live_1003.ts to "
          + "live_1003b.ts",
        "v.m3u8  segments-added 1 (1006-1006)",
      ])
    #expect(
      tracker.lines(try changed.snapshot("v.m3u8", first: 999, at: "4")) == [
        "v.m3u8  problem [live.media-sequence-back] EXT-X-MEDIA-SEQUENCE went back from 1001 to 999"
      ])
  }

  @Test func aDiscontinuityThatSlidOutMustIncrementTheSequence() throws {
    var origin = LiveOrigin()
    origin.tags[1002] = ["#EXT-X-DISCONTINUITY"]
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try origin.snapshot("v.m3u8", first: 1000, at: "0"))
    // 1002 slid out but EXT-X-DISCONTINUITY-SEQUENCE stayed 0.
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1003, at: "6")) == [
        "v.m3u8  problem [live.discontinuity-sequence] segment 1003 changed discontinuity "
          + "sequence from 1 to 0",
        "v.m3u8  problem [live.discontinuity-sequence] segment 1004 changed discontinuity "
          + "sequence from 1 to 0",
        "v.m3u8  problem [live.discontinuity-sequence] segment 1005 changed discontinuity "
          + "sequence from 1 to 0",
        "v.m3u8  segments-added 3 (1006-1008)",
      ])
    var fixed = origin
    fixed.discontinuitySequence = { $0 > 1002 ? 1 : 0 }
    tracker = LiveReloadTracker()
    _ = tracker.ingest(try fixed.snapshot("v.m3u8", first: 1000, at: "0"))
    #expect(
      tracker.lines(try fixed.snapshot("v.m3u8", first: 1003, at: "6")) == [
        "v.m3u8  segments-added 3 (1006-1008)"
      ])
  }

  @Test func newDiscontinuitiesKeyChangesAndTheEnd() throws {
    var origin = LiveOrigin()
    origin.tags[1006] = ["#EXT-X-DISCONTINUITY"]
    origin.tags[1007] = [#"#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/k2""#]
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try origin.snapshot("v.m3u8", first: 1000, at: "0"))
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1002, at: "4", endList: true)) == [
        "v.m3u8  segments-added 2 (1006-1007)",
        "v.m3u8  discontinuity before 1006 (discontinuity sequence 1)",
        "v.m3u8  key-change at 1007: AES-128 https://keys.example.com/k2",
        "v.m3u8  ended EXT-X-ENDLIST",
      ])
    #expect(tracker.isFinished)
    #expect(tracker.nextReload(of: "v.m3u8") == nil)
  }

  @Test func anUnchangedPlaylistGoesStaleAfterOneAndAHalfTargetDurations() throws {
    let origin = LiveOrigin()
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try origin.snapshot("v.m3u8", first: 1000, at: "0"))
    #expect(tracker.lines(try origin.snapshot("v.m3u8", first: 1000, at: "1")) == [])
    #expect(tracker.check(at: LiveOrigin.clock("2.5")) == [])
    #expect(
      tracker.check(at: LiveOrigin.clock("3.5")).map(\.text) == [
        "2026-12-02T10:00:03.500Z  v.m3u8  problem [live.stale-playlist] the playlist has not "
          + "changed for 3.5 s, more than 1.5 × its target duration (3 s)"
      ])
    // Reported once per stretch.
    #expect(tracker.lines(try origin.snapshot("v.m3u8", first: 1000, at: "4")) == [])
    #expect(
      tracker.lines(try origin.snapshot("v.m3u8", first: 1001, at: "5")) == [
        "v.m3u8  segments-added 1 (1006-1006)"
      ])
  }

  @Test func theReloadScheduleFollowsTheSpec() throws {
    let origin = LiveOrigin()
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try origin.snapshot("v.m3u8", first: 1000, at: "0"))
    let changed = try #require(tracker.nextReload(of: "v.m3u8"))
    #expect(changed.at == LiveOrigin.clock("2") && changed.url == "v.m3u8")
    #expect(changed.mediaSequence == nil && changed.part == nil)
    _ = tracker.ingest(try origin.snapshot("v.m3u8", first: 1000, at: "2"))
    #expect(tracker.nextReload(of: "v.m3u8")?.at == LiveOrigin.clock("3"))
    #expect(tracker.nextReload(of: "other.m3u8") == nil)
  }

  @Test func lowLatencyReloadsBlockAndASlowAnswerIsAProblem() throws {
    // An LL-HLS origin (Wowza Streaming Engine style): CAN-BLOCK-RELOAD, 0.5 s parts.
    var origin = LiveOrigin()
    origin.header = [
      "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.5",
      "#EXT-X-PART-INF:PART-TARGET=0.5",
    ]
    let text = origin.text(first: 1000) + #"#EXT-X-PART:DURATION=0.5,URI="p1006.0.ts""# + "\n"
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(
      try LiveSnapshot(
        variant: "https://o.example.com/v.m3u8?token=1", bytes: Array(text.utf8),
        fetchedAt: LiveOrigin.clock("0")))
    let next = try #require(tracker.nextReload(of: "https://o.example.com/v.m3u8?token=1"))
    #expect(next.at == LiveOrigin.clock("0"))
    #expect(next.url == "https://o.example.com/v.m3u8?token=1&_HLS_msn=1006&_HLS_part=1")
    #expect(next.mediaSequence == 1006 && next.part == 1)
    let late = try LiveSnapshot(
      variant: "https://o.example.com/v.m3u8?token=1", bytes: Array(text.utf8),
      fetchedAt: LiveOrigin.clock("1.6"), requestedAt: LiveOrigin.clock("0"), blocking: true)
    #expect(
      tracker.lines(late) == [
        "https://o.example.com/v.m3u8?token=1  problem [live.slow-blocking-reload] the blocking "
          + "reload took 1.6 s, more than 3 × the part target duration (1.5 s)"
      ])
  }

  @Test func variantsOutOfStepAreProblems() throws {
    var high = LiveOrigin()
    high.addBreak(at: 1004, cue: true)
    var low = LiveOrigin()
    low.prefix = "low_"
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try high.snapshot("high.m3u8", first: 1000, at: "0"))
    // The low variant lists 1000–1005 but has no break.
    #expect(
      tracker.lines(try low.snapshot("low.m3u8", first: 1000, at: "0.2")) == [
        "low.m3u8  segments-added 6 (1000-1005)"
      ])
    #expect(
      tracker.lines(try high.snapshot("high.m3u8", first: 1001, at: "2")) == [
        "high.m3u8  segments-added 1 (1006-1006)",
        "low.m3u8  problem [live.variant-break-missing] ad break SCTE35-4300 of high.m3u8 (at "
          + "1004) is not in low.m3u8",
      ])
    // Another variant places it one segment later.
    var late = LiveOrigin()
    late.addBreak(at: 1005, cue: true)
    #expect(
      tracker.lines(try late.snapshot("late.m3u8", first: 1001, at: "2.1")) == [
        "late.m3u8  segments-added 6 (1001-1006)",
        "late.m3u8  ad-break-started SCTE35-4300 at 1005, planned 6 s",
        "late.m3u8  problem [live.variant-break-misaligned] ad break SCTE35-4300 starts at media "
          + "sequence 1005 in late.m3u8, 1004 in high.m3u8",
      ])
    // Reported once for the pair.
    #expect(
      tracker.lines(try high.snapshot("high.m3u8", first: 1002, at: "4")) == [
        "high.m3u8  segments-added 1 (1007-1007)",
        "high.m3u8  ad-break-ended SCTE35-4300 after 6 s",
      ])
    // A variant three segments behind at the same time.
    let behind = LiveOrigin()
    #expect(
      tracker.lines(try behind.snapshot("behind.m3u8", first: 999, count: 6, at: "4")) == [
        "behind.m3u8  segments-added 6 (999-1004)",
        "behind.m3u8  problem [live.variant-drift] the live edge of behind.m3u8 (next segment "
          + "1005) is 3 segments from high.m3u8's (1008)",
        // late.m3u8 was fetched 1.9 s earlier: one segment more is allowed, not two.
        "behind.m3u8  problem [live.variant-drift] the live edge of behind.m3u8 (next segment "
          + "1005) is 2 segments from late.m3u8's (1007)",
      ])
  }

  @Test func eventsAreJSONLinesMatchingTheirSchema() throws {
    var origin = LiveOrigin()
    origin.addBreak(at: 1004, cue: true)
    var tracker = LiveReloadTracker()
    let events =
      tracker.ingest(try origin.snapshot("v\n.m3u8", first: 1000, at: "0"))
      + tracker.ingest(try origin.snapshot("v\n.m3u8", first: 999, at: "2"))
    #expect(
      events.map { String(decoding: $0.jsonValue.serialized(), as: UTF8.self) } == [
        #"{"time":"2026-12-02T10:00:00.000Z","variant":"v\n.m3u8","event":"segments-added","count":6,"first":1000,"last":1005,"missed":0}"#,
        #"{"time":"2026-12-02T10:00:00.000Z","variant":"v\n.m3u8","event":"ad-break-started","id":"SCTE35-4300","mediaSequence":1004,"plannedDuration":6}"#,
        #"{"time":"2026-12-02T10:00:02.000Z","variant":"v\n.m3u8","event":"problem","rule":"live.media-sequence-back","message":"EXT-X-MEDIA-SEQUENCE went back from 1000 to 999","mediaSequence":null}"#,
      ])
    #expect(events[0].text == #"2026-12-02T10:00:00.000Z  v\n.m3u8  segments-added 6 (1000-1005)"#)
    let check = try JSONSchemaCheck.file("docs/schemas/live-event.schema.json")
    for event in events { #expect(check.errors(event.jsonValue) == []) }
  }
}
