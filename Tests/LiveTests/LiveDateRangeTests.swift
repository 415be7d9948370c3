import HLS
import Live
import ManifestCore
import Testing

/// Breaks as AWS Elemental MediaPackage writes them (EXT-X-DATERANGE with SCTE35-OUT and
/// program date-times), and breaks the origin withdraws.
@Suite struct LiveDateRangeTests {
  static let out =
    "0xFC302500000000000000FFF01405000010CC7FEFFE0D0FB180FE00083D60000100000000A1635F50"

  /// A MediaPackage variant: program date-times from 2025-11-29T00:00:00Z (2 s per segment),
  /// the break's DATERANGE before segment `at`, starting `offset` seconds after it.
  static func origin(at msn: Int, start: String, duration: String = "6.000") -> LiveOrigin {
    var origin = LiveOrigin()
    origin.programDateTime = DateTime("2025-11-29T00:00:00.000Z")
    origin.tags[msn] = [
      #"#EXT-X-DATERANGE:ID="splice-4300",START-DATE=""# + start
        + #"",PLANNED-DURATION="# + duration + ",SCTE35-OUT=\(out)"
    ]
    return origin
  }

  @Test func aDateRangeBreakAtAnotherTimeInAnotherVariantIsMisaligned() throws {
    let video = Self.origin(at: 1004, start: "2025-11-29T00:33:28.000Z")
    let audio = Self.origin(at: 1004, start: "2025-11-29T00:33:29.000Z")
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try video.snapshot("video.m3u8", first: 1000, at: "0"))
    #expect(
      tracker.lines(try audio.snapshot("audio.m3u8", first: 1000, at: "0.1")) == [
        "audio.m3u8  segments-added 6 (1000-1005)",
        "audio.m3u8  ad-break-started splice-4300 at 1004, planned 6 s",
        "audio.m3u8  problem [live.variant-break-misaligned] ad break splice-4300 starts at "
          + "program date-time 2025-11-29T00:33:29.000Z in audio.m3u8, 2025-11-29T00:33:28.000Z "
          + "in video.m3u8",
      ])
  }

  @Test func aDateRangeWhoseAttributesChangeIsAProblem() throws {
    let before = Self.origin(at: 1004, start: "2025-11-29T00:33:28.000Z")
    let after = Self.origin(at: 1004, start: "2025-11-29T00:33:28.000Z", duration: "8.000")
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try before.snapshot("v.m3u8", first: 1000, at: "0"))
    #expect(
      tracker.lines(try after.snapshot("v.m3u8", first: 1001, at: "2")) == [
        "v.m3u8  problem [live.daterange-changed] date range \"splice-4300\" changed "
          + "PLANNED-DURATION from 6.000 to 8.000",
        "v.m3u8  segments-added 1 (1006-1006)",
      ])
  }

  @Test func anOpenBreakTheOriginWithdrawsIsCancelled() throws {
    var origin = LiveOrigin()
    origin.addBreak(at: 1004, cue: true)
    var tracker = LiveReloadTracker()
    _ = tracker.ingest(try origin.snapshot("v.m3u8", first: 1000, at: "0"))
    let withdrawn = LiveOrigin()
    #expect(
      tracker.lines(try withdrawn.snapshot("v.m3u8", first: 1001, at: "2")) == [
        "v.m3u8  segments-added 1 (1006-1006)",
        "v.m3u8  ad-break-cancelled SCTE35-4300",
      ])
  }
}
