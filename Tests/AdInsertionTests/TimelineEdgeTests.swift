import AdInsertion
import ManifestCore
import Testing

/// Live windows, back-to-back breaks, malformed markers, CRLF input, and properties that hold
/// for any playlist.
@Suite struct TimelineEdgeTests {
  @Test func liveWindowStartingMidBreakBackToBackAndOpenAtTheEnd() throws {
    let timeline = try Fixture.timeline("live-window.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "SCTE35-1001", "SCTE35-1001", "oatcls", start: "0", duration: "18.018", planned: "30.03",
          segments: "0-2"),
        BreakSummary(
          "MSN-18224", "MSN-18224", "cue-out", start: "24.024", duration: "12.012",
          planned: "12.012",
          segments: "4-5"),
        BreakSummary(
          "MSN-18226", "MSN-18226", "cue-out", start: "36.036", duration: "12.012",
          planned: "30.03",
          segments: "6-7", open: true),
      ])
    // A continuation on the window's first segment of a live playlist is not an orphan.
    #expect(timeline.issues.isEmpty)
    let resumed = timeline.breaks[0]
    #expect(resumed.startedBeforeWindow)
    #expect(resumed.signals[0].opening == nil)
    #expect(resumed.signals[0].continuations.map(\.elapsed) == ["12.012", "18.018", "24.024"])
    #expect(resumed.scte35?.eventId == 1001)
    // The CUE-IN and the next CUE-OUT share a segment: the breaks touch without overlapping.
    #expect(timeline.breaks[1].signals[0].closing?.line == 24)
    #expect(timeline.breaks[2].signals[0].opening?.line == 25)
    #expect(!timeline.breaks[1].open)
  }

  @Test func cueInAtTheStartOfALiveWindowEndsABreakThatBeganBeforeIt() throws {
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXTINF:6,
        a.ts
        #EXTINF:6,
        b.ts
        #EXT-X-CUE-IN
        #EXTINF:6,
        c.ts
        """)
    #expect(
      timeline.summaries == [
        BreakSummary(
          "MSN-0", "MSN-0", "cue-out", start: "0", duration: "12", planned: nil, segments: "0-1")
      ])
    #expect(timeline.breaks[0].startedBeforeWindow)
    #expect(timeline.issues.isEmpty)
  }

  @Test func anEmptyDialectIdFallsBackToTheMediaSequenceNumber() throws {
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXTINF:6,
        a.ts
        #EXT-X-CUE:TYPE=SpliceOut,ID=,DURATION=6
        #EXTINF:6,
        b.ts
        #EXT-X-SCTE35:CUE="/DAWAAAAAAAAAP/wBQb+AA27oQAArUOBng==",CUE-OUT=YES,ID=""
        #EXTINF:6,
        c.ts
        #EXT-X-SCTE35:CUE="/DAWAAAAAAAAAP/wBQb+AA27oQAArUOBng==",CUE-IN=YES
        #EXTINF:6,
        d.ts
        #EXT-X-ENDLIST
        """)
    #expect(timeline.breaks.map(\.id) == ["MSN-1", "MSN-2"])
    #expect(timeline.breaks.map(\.periodId) == ["MSN-1", "MSN-2"])
  }

  @Test func anEndDateBeforeTheStartDateEndsNoDateRangeBreak() throws {
    let out = "0xFC302500000000000000FFF01405000000057FEFFE000DBBA0FE002932E00000000000007E844EE5"
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-TARGETDURATION:6
        #EXT-X-PROGRAM-DATE-TIME:2024-01-01T00:00:00Z
        #EXTINF:6,
        a.ts
        #EXT-X-DATERANGE:ID="6",START-DATE="2024-01-01T00:00:06Z",\
        END-DATE="2024-01-01T00:00:02Z",SCTE35-OUT=\(out)
        #EXTINF:6,
        b.ts
        #EXTINF:6,
        c.ts
        #EXT-X-ENDLIST
        """)
    #expect(
      timeline.summaries == [
        BreakSummary(
          "6", "6", "daterange", start: "6", duration: "12", planned: "30", segments: "1-2",
          open: true)
      ])
    #expect(
      timeline.issues.map(\.message) == [
        "EXT-X-DATERANGE ID '6' on line 7 opens an ad break that no SCTE35-IN, END-DATE or "
          + "DURATION ends"
      ])
  }

  @Test func malformedMarkersAreIssuesWithLinesAndNoBreakIsLostOrMerged() throws {
    let timeline = try Fixture.timeline("malformed.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "MSN-1", "MSN-1", "cue-out", start: "10", duration: "20", planned: nil, segments: "1-2"),
        BreakSummary(
          "MSN-3", "MSN-3", "cue-out", start: "30", duration: "20", planned: "20", segments: "3-4"),
        BreakSummary(
          "MSN-7", "MSN-7", "cue-out", start: "70", duration: "10", planned: "15", segments: "7-7",
          open: true),
      ])
    #expect(
      timeline.issueLines == [
        "5: warning: EXT-X-CUE-IN on line 5 closes no open ad break",
        "8: warning: EXT-X-CUE-OUT duration 'PT30S' is not a decimal number of seconds",
        "11: warning: EXT-X-CUE-OUT-CONT elapsed time 'ten' is not a decimal number of seconds",
        "14: warning: EXT-X-CUE-OUT on line 14 opens an ad break while the one opened on line 8 "
          + "is still open; that break is ended before it",
        "17: warning: EXT-OATCLS-SCTE35 SCTE-35 payload does not decode: payload at byte 8: "
          + "'!' is not a base64 character",
        "23: warning: EXT-X-BEACON EVENT 'start' on line 23 is outside every AD_LENGTH block",
        "26: warning: EXT-X-CUE-OUT on line 26 opens an ad break that nothing closes before the "
          + "end of the playlist",
      ])
    #expect(
      timeline.issues.map(\.kind) == [
        .orphanIn, .malformedDuration, .malformedDuration, .nestedOut, .undecodablePayload,
        .beaconOutsideBreak, .unterminatedBreak,
      ])
    // The declared value is kept as written for the audit.
    #expect(timeline.breaks[0].signals[0].opening?.declaredDuration == "PT30S")
    #expect(timeline.breaks[0].signals[0].continuations[0].elapsed == "ten")
    // The undecodable payload stays with the break it was in, decode error included.
    let bad = try #require(timeline.breaks[1].signals[0].extras.first?.scte35)
    #expect(bad.text == "/DAlAAAA!!notbase64")
    #expect(bad.decoding.error?.code == "bad-base64")
    #expect(timeline.breaks[1].scte35 == nil)
  }

  @Test func crlfInputGivesTheSameTimeline() throws {
    for name in ["beacons.m3u8", "oatcls-mediaconvert.m3u8", "daterange-pdt.m3u8"] {
      let lf = try Fixture.bytes(name)
      var crlf: [UInt8] = []
      for b in lf {
        if b == 0x0A { crlf.append(0x0D) }
        crlf.append(b)
      }
      let a = try Fixture.timeline(bytes: lf)
      let b = try Fixture.timeline(bytes: crlf)
      #expect(a.summaries == b.summaries, "\(name)")
      // The same beacons on the same lines (byte offsets differ by the added CRs).
      func beacons(_ timeline: AdTimeline) -> [[String]] {
        timeline.breaks.map {
          $0.beacons.map { "\($0.event ?? "") \($0.url ?? "") \($0.offset) \($0.line)" }
        }
      }
      #expect(beacons(a) == beacons(b), "\(name)")
      #expect(a.jsonValue == b.jsonValue, "\(name)")
    }
  }

  @Test func overlappingBreaksOfDifferentDialectsAreBothKept() throws {
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-CUE-OUT:12
        #EXTINF:6,
        a.ts
        #EXT-X-BEACON:AD_LENGTH=6
        #EXTINF:6,
        b.ts
        #EXT-X-CUE-IN
        #EXTINF:6,
        c.ts
        """)
    #expect(
      timeline.summaries == [
        BreakSummary(
          "MSN-0", "MSN-0", "cue-out", start: "0", duration: "12", planned: "12", segments: "0-1"),
        BreakSummary(
          "MSN-1", "MSN-1", "beacon", start: "6", duration: "12", planned: "6", segments: "1-2"),
      ])
    #expect(
      timeline.issueLines == [
        "7: warning: the ad break opened on line 7 starts at segment 1, inside the break opened "
          + "on line 4 (segments 0-1)"
      ])
  }

  /// A pod as SSAI servers write it (one CUE-OUT for the break, beacons for each ad, a
  /// discontinuity between the ads, as `m3u8-tool stitch` writes it): one break whose beacons
  /// are at their offsets from the break's start, not a second, overlapping break.
  @Test func beaconAdsInsideACueOutBreakAreItsPod() throws {
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXTINF:6,
        c0.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-OUT:12
        #EXT-X-BEACON:AD_LENGTH=6
        #EXT-X-BEACON:EVENT=start,URL=https://t.example.com/a/start
        #EXTINF:6,
        a.ts
        #EXT-X-BEACON:EVENT=complete,URL=https://t.example.com/a/complete
        #EXT-X-DISCONTINUITY
        #EXT-X-BEACON:AD_LENGTH=6
        #EXT-X-BEACON:EVENT=start,URL=https://t.example.com/b/start
        #EXTINF:6,
        b.ts
        #EXT-X-BEACON:EVENT=complete,URL=https://t.example.com/b/complete
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-IN
        #EXTINF:6,
        c1.ts
        """)
    #expect(
      timeline.summaries == [
        BreakSummary(
          "MSN-1", "MSN-1", "cue-out+beacon+beacon", start: "6", duration: "12", planned: "12",
          segments: "1-2")
      ])
    #expect(timeline.issueLines == [])
    let beacons = try #require(timeline.breaks.first).beacons.map {
      "\($0.offset) \($0.event ?? "-") \($0.url ?? "-")"
    }
    #expect(
      beacons == [
        "0 start https://t.example.com/a/start",
        "6 complete https://t.example.com/a/complete",
        "6 start https://t.example.com/b/start",
        "12 complete https://t.example.com/b/complete",
      ])
  }

  /// Generated Elemental-style playlists: every break's duration is the exact sum of its
  /// segments, breaks never overlap, and the breaks cover exactly the segments between their
  /// CUE-OUT and CUE-IN.
  @Test(arguments: 0..<40) func generatedPlaylistsSumExactly(seed: Int) throws {
    var random = SplitMix(seed: UInt64(seed))
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:7\n#EXT-X-PLAYLIST-TYPE:VOD\n"
    var durations: [ExactDecimal] = []
    var expected: [(Int, Int)] = []
    var openAt: Int? = nil
    for index in 0..<(20 + Int(random.next() % 40)) {
      let roll = random.next() % 10
      if openAt == nil && roll < 2 {
        text += "#EXT-X-CUE-OUT:\(random.next() % 60)\n"
        openAt = index
      } else if let start = openAt, roll < 3, index > start {
        text += "#EXT-X-CUE-IN\n"
        expected.append((start, index - 1))
        openAt = nil
      } else if openAt != nil {
        text += "#EXT-X-CUE-OUT-CONT:1/2\n"
      }
      let duration = ExactDecimal(significand: Int64(1000 + random.next() % 6000), scale: 3)
      durations.append(duration)
      text += "#EXTINF:\(duration.formatted(fractionDigits: 3)),\nseg\(index).ts\n"
    }
    if let start = openAt {
      text += "#EXT-X-CUE-IN\n"
      expected.append((start, durations.count - 1))
    }
    text += "#EXT-X-ENDLIST\n"
    let timeline = try Fixture.timeline(text: text)
    #expect(
      timeline.breaks.map { [$0.startSegment, $0.endSegment ?? -1] }
        == expected.map { [$0.0, $0.1] })
    for adBreak in timeline.breaks {
      let segments = durations[adBreak.startSegment...(adBreak.endSegment ?? -1)]
      #expect(adBreak.duration == segments.reduce(.zero, +))
      #expect(adBreak.start == durations[..<adBreak.startSegment].reduce(.zero, +))
    }
    for (a, b) in zip(timeline.breaks, timeline.breaks.dropFirst()) {
      #expect(a.end <= b.start)
    }
    #expect(timeline.issues.isEmpty)
  }
}

/// A small deterministic generator for property tests.
struct SplitMix {
  private var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Less common spellings and DATERANGE corner cases.
@Suite struct MarkerSpellingTests {
  @Test func signalIdSuffixesAndFractionalContinuations() throws {
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-CUE-OUT:10.01,SignalID=break-9
        #EXTINF:5.005,
        ad0.ts
        #EXT-X-CUE-OUT-CONT:5.005/10.01,SignalID=break-9
        #EXTINF:5.005,
        ad1.ts
        #EXT-X-CUE-IN:10.01,SignalID=break-9
        #EXTINF:5.005,
        c.ts
        """)
    #expect(
      timeline.summaries == [
        BreakSummary(
          "MSN-0", "MSN-0", "cue-out", start: "0", duration: "10.01", planned: "10.01",
          segments: "0-1")
      ])
    let signal = timeline.breaks[0].signals[0]
    #expect(signal.opening?.attribute("SignalID") == "break-9")
    #expect(signal.continuations[0].elapsed == "5.005")
    #expect(signal.continuations[0].declaredDuration == "10.01")
    #expect(timeline.issues.isEmpty)
  }

  @Test func adobeSpliceInsertIsAPointAndSpliceInCloses() throws {
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:5
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-CUE:TYPE=SpliceInsert,ID=a1,TIME=10.5
        #EXTINF:4.004,
        sample0.ts
        #EXT-X-CUE:TYPE=SpliceOut,ID=a2,TIME=33.3
        #EXTINF:2.735,
        sample1.ts
        #EXT-X-CUE-CONT:ID=a2
        #EXTINF:4.004,
        sample2.ts
        #EXT-X-CUE:TYPE=SpliceIn,ID=a2
        #EXTINF:3.266,
        sample3.ts
        #EXT-X-CUE:TYPE=Splice
        #EXTINF:3.266,
        sample4.ts
        """)
    #expect(
      timeline.summaries == [
        BreakSummary(
          "a1", "a1", "adobe-cue", start: "0", duration: "0", planned: nil,
          segments: "0-none"),
        BreakSummary(
          "a2", "a2", "adobe-cue", start: "4.004", duration: "6.739", planned: nil,
          segments: "1-2"),
      ])
    #expect(
      timeline.issueLines == [
        "16: warning: EXT-X-CUE TYPE 'Splice' is not SpliceOut, SpliceIn or SpliceInsert"
      ])
  }

  @Test func dateRangeInWithoutOutAndDateRangeWithoutProgramDateTime() throws {
    let live = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:2
        #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:10:20.000Z
        #EXTINF:2,
        a.ts
        #EXTINF:2,
        b.ts
        #EXT-X-DATERANGE:ID="s1",START-DATE="2025-11-29T00:10:00.000Z",\
        END-DATE="2025-11-29T00:10:24.000Z",SCTE35-IN=0xFC302000000000000000FFF00F05000010CC7F4FFE0D17EEE0000100000000A782EFA6
        #EXTINF:2,
        c.ts
        """)
    // The OUT slid out of the live window: the break's tail is the window's first segments.
    #expect(
      live.summaries == [
        BreakSummary(
          "s1", "s1", "daterange", start: "0", duration: "4", planned: nil, segments: "0-1")
      ])
    #expect(live.breaks[0].startedBeforeWindow)
    #expect(live.issues.isEmpty)

    let noDates = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:2
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXTINF:2,
        a.ts
        #EXT-X-DATERANGE:ID="s2",START-DATE="2025-11-29T00:10:00.000Z",DURATION=4,\
        SCTE35-OUT=0xFC302500000000000000FFF01405000010CC7FEFFE0D0FB180FE00083D60000100000000A1635F50
        #EXTINF:2,
        b.ts
        #EXTINF:2,
        c.ts
        #EXTINF:2,
        d.ts
        """)
    #expect(
      noDates.summaries == [
        BreakSummary(
          "s2", "s2", "daterange", start: "2", duration: "4", planned: "6", segments: "1-2")
      ])
    #expect(
      noDates.issueLines == [
        "6: warning: EXT-X-DATERANGE ID 's2' is placed at its tag: the playlist has no "
          + "EXT-X-PROGRAM-DATE-TIME to place its START-DATE"
      ])
  }
}
