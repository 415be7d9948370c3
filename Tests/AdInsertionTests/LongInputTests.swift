import AdInsertion
import ManifestCore
import Testing

/// Timelines of playlists with tens of thousands of markers of one kind: read into the breaks
/// they are on short lists, and linearly (a copy or a scan per marker takes minutes here).
@Suite struct LongInputTests {
  /// A splice_insert OUT (event 1002, 60 s) as Elemental writes it in EXT-OATCLS-SCTE35.
  static let oatcls = "/DAlAAAAAAAAAP/wFAUAAAPqf+//TP3NkP4AUmXAAAAAAAAAzg4Vyw=="
  /// time_signal Break Start (0x22), event 8, 30 s; and Provider Advertisement Start (0x30),
  /// event 9, 12.012 s.
  static let breakStart =
    "0xFC302C00000000000000FFF00506FE001B77400016021443554549000000087FFF00002932E000002200006B84954F"
  static let adStart =
    "0xFC302E00000000000000FFF00506FE001B77400018021643554549000000097FFF0000107EF800003001020000D6DF57E3"

  /// A playlist with a program date-time from 10:00:00 and `body`.
  static func playlist(_ body: String) -> String {
    "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:6\n"
      + "#EXT-X-PROGRAM-DATE-TIME:2025-11-30T10:00:00.000Z\n\(body)#EXT-X-ENDLIST\n"
  }

  /// `HH:MM:SS` of `seconds` after 10:00:00.
  static func time(_ seconds: Int) -> String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "2025-11-30T\(two(10 + seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
      + ".000Z"
  }

  @Test func twentyThousandBeaconsAreOneAd() throws {
    let count = 20_000
    let beacons = (0..<count).map {
      "#EXT-X-BEACON:EVENT=impression,URL=https://t.example/b?i=\($0)\n"
    }
    let timeline = try Fixture.timeline(
      text: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-BEACON:AD_LENGTH=6\n" + beacons.joined()
        + "#EXTINF:6,\nseg.ts\n#EXT-X-ENDLIST\n")
    let adBreak = try #require(timeline.breaks.first)
    #expect(timeline.breaks.count == 1)
    #expect(adBreak.beacons.count == count)
    #expect(adBreak.beacons.last?.url == "https://t.example/b?i=\(count - 1)")
    #expect(adBreak.signals.first?.extras.count == count)
    let period = DASHPeriodWriter().period(adBreak)
    #expect(period.components(separatedBy: "<Tracking event=\"impression\">").count == count + 1)
    #expect(period.components(separatedBy: "<Event ").count == 2)
  }

  /// 10,000 ended Break Starts, then 10,000 advertisements after all of them (segments of 1 s):
  /// no break holds an advertisement, so each is a break of its own.
  @Test func advertisementsAfterEndedBreaksAreBreaksOfTheirOwn() throws {
    let count = 10_000
    var body = ""
    for i in 0..<count {
      body +=
        "#EXT-X-DATERANGE:ID=\"b\(i)\",START-DATE=\"\(Self.time(i))\",DURATION=0.5,"
        + "SCTE35-OUT=\(Self.breakStart)\n#EXTINF:1,\ns\(i).ts\n"
    }
    for j in 0..<count {
      body +=
        "#EXT-X-DATERANGE:ID=\"a\(j)\",START-DATE=\"\(Self.time(count + j))\","
        + "SCTE35-OUT=\(Self.adStart)\n#EXTINF:1,\nt\(j).ts\n"
    }
    let timeline = try Fixture.timeline(text: Self.playlist(body))
    #expect(timeline.breaks.count == 2 * count)
    #expect(timeline.breaks.map(\.id).prefix(2) == ["b0", "b1"])
    #expect(timeline.breaks.map(\.id).suffix(2) == ["a\(count - 2)", "a\(count - 1)"])
    #expect(timeline.breaks.allSatisfy { $0.signals.allSatisfy(\.extras.isEmpty) })
  }

  /// One open Break Start, then 10,000 advertisements: all are markers of that one break.
  @Test func advertisementsInsideAnOpenBreakJoinIt() throws {
    let count = 10_000
    var body =
      "#EXT-X-DATERANGE:ID=\"b\",START-DATE=\"\(Self.time(0))\",SCTE35-OUT=\(Self.breakStart)\n"
    for j in 0..<count {
      body +=
        "#EXT-X-DATERANGE:ID=\"a\(j)\",START-DATE=\"\(Self.time(j))\","
        + "SCTE35-OUT=\(Self.adStart)\n#EXTINF:1,\nt\(j).ts\n"
    }
    let timeline = try Fixture.timeline(text: Self.playlist(body))
    #expect(timeline.breaks.map(\.id) == ["b"])
    let extras = try #require(timeline.breaks.first?.signals.first?.extras)
    #expect(extras.count == count)
    #expect(extras.last?.id == "a\(count - 1)")
  }

  /// 10,000 EXT-OATCLS-SCTE35 + CUE-OUT pairs on one segment: each CUE-OUT ends the one before
  /// it, and the cues go once, to the last (the break that holds the segment; as an oatcls
  /// signal it shares a break with the cue-out signal before it).
  @Test func extrasOfASegmentGoToOneBreak() throws {
    let count = 10_000
    let pairs = String(
      repeating: "#EXT-OATCLS-SCTE35:\(Self.oatcls)\n#EXT-X-CUE-OUT:30\n", count: count)
    let timeline = try Fixture.timeline(
      text: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n\(pairs)#EXTINF:6,\na.ts\n#EXT-X-CUE-IN\n"
        + "#EXTINF:6,\nb.ts\n#EXT-X-ENDLIST\n")
    #expect(timeline.breaks.count == count - 1)
    #expect(timeline.breaks.flatMap(\.signals).map(\.extras.count).reduce(0, +) == count)
    let last = try #require(timeline.breaks.last?.signals)
    #expect(last.map(\.dialect) == [.cueOut, .oatcls])
    #expect(last.map(\.extras.count) == [0, count])
    #expect(last.map(\.endSegment) == [nil, 0])
    #expect(timeline.issues.filter { $0.kind == .nestedOut }.count == count - 1)
  }
}

/// The interstitial reader and the discontinuity detector on long inputs: linear, not one scan
/// of every tag per tag.
@Suite struct LongMarkerlessInputTests {
  @Test func twentyThousandStitchedAdsAreFoundInOneScan() throws {
    // Content and ad segments alternating, a DISCONTINUITY at every change (a MediaTailor
    // session stitched with a 1 s ad between every two content segments).
    let count = 20_000
    var body = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n"
    for i in 0..<count {
      body += "#EXTINF:2,\nhttps://origin.example/c/\(i).ts\n#EXT-X-DISCONTINUITY\n"
      body += "#EXTINF:1,\nhttps://ads.example/a/\(i).ts\n#EXT-X-DISCONTINUITY\n"
    }
    body += "#EXTINF:2,\nhttps://origin.example/c/end.ts\n#EXT-X-ENDLIST\n"
    let timeline = try Fixture.timeline(text: body, detecting: [.discontinuities])
    #expect(timeline.breaks.count == count)
    #expect(timeline.breaks.last?.start == ExactDecimal(3 * count - 1))
    #expect(timeline.breaks.last?.startSegment == 2 * count - 1)
  }

  @Test func twentyThousandInterstitialsWithOneIdAreOneBreak() throws {
    // One interstitial re-announced on every segment, as a live packager repeats it.
    let count = 20_000
    var body =
      "#EXTM3U\n#EXT-X-TARGETDURATION:2\n"
      + "#EXT-X-PROGRAM-DATE-TIME:2025-11-30T10:00:00.000Z\n"
    for i in 0..<count {
      body +=
        "#EXT-X-DATERANGE:ID=\"i\",CLASS=\"com.apple.hls.interstitial\","
        + "START-DATE=\"2025-11-30T10:00:02.000Z\",X-ASSET-URI=\"https://ads.example/i.m3u8\","
        + "X-RESUME-OFFSET=0\n#EXTINF:2,\ns\(i).ts\n"
    }
    let timeline = try Fixture.timeline(text: body)
    #expect(timeline.breaks.count == 1)
    #expect(timeline.breaks.first?.signals.first?.extras.count == count - 1)
  }
}
