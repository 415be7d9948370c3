import AdInsertion
import ManifestCore
import SCTE35
import Testing

/// Every dialect read from a playlist written the way its packager writes it, with exact
/// starts, durations, segments and the tags each break keeps for audits.
@Suite struct DialectTests {
  @Test func elementalCueOutWithSlashContinuations() throws {
    let timeline = try Fixture.timeline("cue-out-elemental.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "MSN-2743", "MSN-2743", "cue-out", start: "20.02", duration: "30", planned: "30",
          segments: "2-5")
      ])
    #expect(timeline.issues.isEmpty)
    let signal = try #require(timeline.breaks.first?.signals.first)
    #expect(signal.opening?.line == 9)
    #expect(signal.opening?.declaredDuration == "30.000")
    #expect(signal.continuations.map(\.line) == [12, 15, 18])
    #expect(signal.continuations.map(\.elapsed) == ["8.308", "18.318", "28.328"])
    #expect(signal.continuations.map(\.declaredDuration) == ["30", "30", "30"])
    #expect(signal.closing?.line == 21)
    #expect(signal.closing?.text == "#EXT-X-CUE-IN")
    #expect(timeline.isLive)
  }

  @Test func scte35EnhancedCarriesTheCueAssetAndClosingPayload() throws {
    let timeline = try Fixture.timeline("oatcls-mediaconvert.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "SCTE35-42", "SCTE35-42", "oatcls", start: "0", duration: "30", planned: "30",
          segments: "0-2"),
        BreakSummary(
          "SCTE35-1001", "SCTE35-1001", "oatcls", start: "54", duration: "30", planned: "30",
          segments: "5-7"),
      ])
    #expect(timeline.issues.isEmpty)
    let preRoll = timeline.breaks[0]
    let signal = try #require(preRoll.signals.first)
    // The cue and asset beside the CUE-OUT, then the cue beside the CUE-IN.
    #expect(signal.extras.map(\.tag) == ["EXT-OATCLS-SCTE35", "EXT-X-ASSET", "EXT-OATCLS-SCTE35"])
    #expect(signal.extras.map(\.line) == [6, 7, 17])
    #expect(signal.extras[1].attribute("CAID") == "0x0000000020FB6501")
    let cue = try #require(preRoll.scte35?.section)
    #expect(cue.descriptors.first?.segmentation?.segmentationTypeId == 0x34)
    #expect(preRoll.scte35?.breakDuration == ExactDecimal(30))
    #expect(signal.continuations.map(\.elapsed) == ["10.000", "22.000"])
    #expect(signal.continuations.allSatisfy { $0.scte35?.text == preRoll.scte35?.text })
    // The EXT-OATCLS-SCTE35 beside the CUE-IN (segmentation type 0x35) closes with it.
    let closed = try #require(timeline.breaks[0].signals.first)
    #expect(closed.closing?.line == 18)
    let inCue = try #require(closed.extras.last?.scte35?.section)
    #expect(inCue.descriptors.first?.segmentation?.segmentationTypeId == 0x35)
    let midRoll = timeline.breaks[1]
    guard case .spliceInsert(let insert)? = midRoll.scte35?.section?.command else {
      Issue.record("expected a splice_insert")
      return
    }
    #expect(insert.spliceEventId == 1001)
    #expect(insert.outOfNetworkIndicator)
  }

  @Test func googleStyleDurationAttributeBareCueOutAndPostRoll() throws {
    let timeline = try Fixture.timeline("cue-out-google-dai.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "MSN-7798", "MSN-7798", "cue-out", start: "16", duration: "30", planned: "30",
          segments: "2-5"),
        BreakSummary(
          "MSN-7803", "MSN-7803", "cue-out", start: "50", duration: "20", planned: nil,
          segments: "7-8"),
        BreakSummary(
          "MSN-7806", "MSN-7806", "cue-out", start: "80", duration: "15", planned: "15",
          segments: "10-11"),
      ])
    #expect(timeline.issues.isEmpty)
    #expect(timeline.duration == ExactDecimal(95))
    #expect(timeline.breaks[0].signals[0].opening?.declaredDuration == "30")
    #expect(timeline.breaks[1].signals[0].opening?.declaredDuration == nil)
    // The post-roll's CUE-IN follows the last segment.
    #expect(timeline.breaks[2].signals[0].closing?.segmentIndex == 12)
  }

  @Test func adobeCuesEndByDurationWithOrWithoutContinuations() throws {
    let timeline = try Fixture.timeline("adobe-cue.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "1", "1", "adobe-cue", start: "14.1", duration: "20", planned: "20",
          segments: "2-4"),
        BreakSummary(
          "2", "2", "adobe-cue", start: "44", duration: "19.8", planned: "19.8",
          segments: "6-7"),
      ])
    #expect(timeline.issues.isEmpty)
    let first = timeline.breaks[0].signals[0]
    #expect(first.continuations.map(\.elapsed) == ["5.8", "15.7"])
    #expect(first.continuations.map(\.tag) == ["EXT-X-CUE-CONT", "EXT-X-CUE-CONT"])
    #expect(first.opening?.attribute("TIME") == "266.198")
    #expect(first.closing == nil)
    #expect(timeline.breaks[1].signals[0].opening?.attribute("TYPE") == "SpliceOut")
  }

  /// Adobe Primetime writes DURATION="0" ("not known") on a SpliceOut that a SpliceIn ends;
  /// without a later SpliceIn such a break ends after its last EXT-X-CUE-CONT.
  @Test func adobeSpliceOutWithoutDurationEndsAtItsSpliceIn() throws {
    let timeline = try Fixture.timeline("adobe-splice-in.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "41", "41", "adobe-cue", start: "10", duration: "27.5", planned: nil,
          segments: "1-3"),
        BreakSummary(
          "42", "42", "adobe-cue", start: "47.5", duration: "20", planned: nil,
          segments: "5-6"),
      ])
    #expect(timeline.issues.isEmpty)
    let first = timeline.breaks[0].signals[0]
    #expect(first.opening?.line == 7)
    #expect(first.closing?.line == 14)
    #expect(first.opening?.declaredDuration == nil)
    #expect(first.opening?.attribute("DURATION") == "0")
    #expect(first.opening?.attribute("AVAILS-EXPECTED") == "2")
    #expect(timeline.breaks[1].signals[0].closing == nil)
  }

  @Test func dateRangePairsArePlacedThroughProgramDateTime() throws {
    let timeline = try Fixture.timeline("daterange-pdt.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "splice-77", "splice-77", "daterange", start: "10.01", duration: "15.015",
          planned: "15.015", segments: "2-4"),
        // DURATION ends it; no PLANNED-DURATION, so the splice_insert's 60 s break_duration.
        BreakSummary(
          "splice-1002", "splice-1002", "daterange", start: "35.035", duration: "10.01",
          planned: "60", segments: "7-8"),
      ])
    #expect(timeline.issues.isEmpty)
    let first = timeline.breaks[0]
    #expect(first.programDateTime?.description == "2025-11-29T18:00:10.010Z")
    #expect(first.signals[0].opening?.line == 11)
    #expect(first.signals[0].closing?.line == 18)
    #expect(first.signals[0].opening?.declaredDuration == "15.015")
    #expect(first.scte35?.text.hasPrefix("0xFC3025") == true)
    #expect(first.scte35?.eventId == 77)
    // The SCTE35-CMD date range on line 21 is not an ad break.
    #expect(timeline.breaks.count == 2)
  }

  @Test func scte35TagsWithExplicitRolesAndRolesFromTheCue() throws {
    let timeline = try Fixture.timeline("scte35-tag.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "SCTE35-1001", "SCTE35-1001", "scte35-tag", start: "6.006", duration: "30.03",
          planned: "30",
          segments: "1-5"),
        BreakSummary(
          "16", "16", "scte35-tag", start: "42.042", duration: "20.02", planned: "20.02",
          segments: "7-8"),
      ])
    #expect(timeline.issues.isEmpty)
    #expect(timeline.breaks[0].signals[0].continuations.count == 4)
    #expect(timeline.breaks[0].signals[0].closing?.line == 22)
    #expect(timeline.breaks[1].signals[0].closing?.line == 30)
  }

  @Test func mediaTailorSplicePoints() throws {
    let timeline = try Fixture.timeline("splicepoint-mediatailor.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "SCTE35-42", "SCTE35-42", "splicepoint", start: "6", duration: "30", planned: "30",
          segments: "1-5")
      ])
    #expect(timeline.breaks[0].scte35?.eventId == 0x2A)
  }

  @Test func beaconBlocksArePeriodsWithOffsetsAndQueryStringURLs() throws {
    let timeline = try Fixture.timeline("beacons.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "MSN-0", "MSN-0", "beacon", start: "0", duration: "12", planned: "12", segments: "0-1"),
        BreakSummary(
          "MSN-2", "MSN-2", "beacon", start: "12", duration: "6", planned: "6", segments: "2-2"),
        BreakSummary(
          "MSN-6", "MSN-6", "beacon", start: "36", duration: "10.01", planned: "10.01",
          segments: "6-7"),
        BreakSummary(
          "MSN-9", "MSN-9", "beacon", start: "52.01", duration: "6", planned: "6",
          segments: "9-9"),
      ])
    let first = timeline.breaks[0].beacons
    #expect(first.map(\.event) == ["impression", "start", "midpoint", "complete"])
    #expect(first.map(\.offset.description) == ["0", "0", "6", "12"])
    #expect(first[0].url == "https://t.example.com/imp?ad=101&pod=pre,1&sig=a%3Db==")
    #expect(first.map(\.line) == [7, 8, 11, 14])
    #expect(first.map(\.location.column) == [1, 1, 1, 1])
    // Each location is where the beacon's own tag starts in the playlist's bytes.
    let bytes = try Fixture.bytes("beacons.m3u8")
    for beacon in first {
      let tag = Array("#EXT-X-BEACON:EVENT=\(beacon.event ?? "")".utf8)
      #expect(Array(bytes[beacon.location.offset...].prefix(tag.count)) == tag)
    }
    #expect(timeline.breaks[2].beacons.isEmpty)
    #expect(timeline.breaks[3].beacons.map(\.offset.description) == ["0", "6"])
    #expect(
      timeline.issueLines == [
        "25: warning: EXT-X-BEACON EVENT 'start' on line 25 is outside every AD_LENGTH block"
      ])
    #expect(timeline.issues[0].kind == .beaconOutsideBreak)
  }

  @Test func oneBreakSignalledByDateRangeOatclsAndCueOut() throws {
    let timeline = try Fixture.timeline("mediapackage-combined.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "splice-4300", "splice-4300", "daterange+oatcls", start: "4", duration: "6", planned: "6",
          segments: "2-4")
      ])
    #expect(timeline.issues.isEmpty)
    let signals = timeline.breaks[0].signals
    #expect(signals.map(\.line) == [10, 13])
    #expect(signals.map(\.endSegment) == [4, 4])
    #expect(signals[1].opening?.tag == "EXT-X-CUE-OUT")
    #expect(signals[1].extras.map(\.line) == [11])
  }

  /// Envivio/Ericsson live packagers continue a break with `EXT-X-CUE-SPAN:TIMEFROMSIGNAL=PT…`
  /// and end it with `EXT-X-CUE-IN:ID=…`; a window that starts mid-break has only the spans.
  @Test func cueSpanContinuesABreakAndOpensOneStartedBeforeTheWindow() throws {
    let timeline = try Fixture.timeline("cue-span-envivio.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "2001", "2001", "cue-out", start: "0", duration: "12", planned: nil, segments: "0-1"),
        BreakSummary(
          "2002", "2002", "cue-out", start: "18", duration: "18", planned: "24",
          segments: "3-5", open: true),
      ])
    #expect(timeline.issues.isEmpty)
    #expect(timeline.breaks.map(\.startedBeforeWindow) == [true, false])
    let resumed = try #require(timeline.breaks[0].signals.first)
    #expect(resumed.continuations.map(\.elapsed) == ["12", "18"])
    #expect(resumed.closing?.line == 11)
    let open = try #require(timeline.breaks[1].signals.first)
    #expect(open.continuations.map(\.tag) == ["EXT-X-CUE-SPAN", "EXT-X-CUE-SPAN"])
    #expect(open.continuations.map(\.elapsed) == ["6", "12"])
    #expect(open.continuations.map(\.id) == ["2002", "2002"])
    // The CUE attribute of the CUE-OUT is the break's SCTE-35 cue.
    #expect(timeline.breaks[1].scte35?.eventId == 2002)
    #expect(timeline.breaks[1].scte35?.breakDuration?.description == "24")
    #expect(open.opening?.attributes.isEmpty == true)
  }

  /// Linear packagers put every SCTE-35 time_signal pair in DATERANGE SCTE35-OUT/IN: program
  /// and chapter boundaries, the break, and each advertisement inside it. Only the break is one;
  /// its ads are markers of that break.
  @Test func dateRangeTimeSignalsMakeOneBreakOfTheBreakStartAndItsAds() throws {
    let timeline = try Fixture.timeline("daterange-time-signals.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "8-0x22", "8-0x22", "daterange", start: "12.012", duration: "30.03", planned: "30",
          segments: "2-6")
      ])
    #expect(timeline.issues.isEmpty)
    let signal = try #require(timeline.breaks.first?.signals.first)
    #expect(signal.opening?.line == 13)
    #expect(signal.closing?.line == 28)
    #expect(signal.extras.map(\.line) == [14, 19, 20, 27])
    #expect(signal.extras.map(\.id) == ["9-0x30", "9-0x30", "10-0x30", "10-0x30"])
    #expect(signal.extras.map(\.role) == [.out, .in, .out, .in])
    let descriptors = try #require(timeline.breaks[0].scte35?.section?.segmentationDescriptors)
    #expect(descriptors.map(\.segmentationTypeId) == [0x22])
  }
}
