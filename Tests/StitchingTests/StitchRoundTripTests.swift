import AdInsertion
import HLS
import ManifestCore
import Stitching
import Testing

/// Generated content and plans: stitching, then reading the output's ad timeline back, gives
/// the plan's breaks, ads, durations and beacon offsets exactly; every output passes the audit.
@Suite struct StitchRoundTripTests {
  /// A small deterministic generator (64-bit LCG, Knuth MMIX constants).
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// Content of 4 s TS segments (as MediaPackage writes them, PDT on the first) with breaks of
  /// `lengths[i]` segments, each after `gap` content segments; and the start of each break.
  static func content(breaks lengths: [Int], gap: Int) -> (String, [Int]) {
    var lines = [
      "#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:4", "#EXT-X-PLAYLIST-TYPE:VOD",
      "#EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:00.000Z",
    ]
    var n = 0
    var starts: [Int] = []
    func segment() {
      lines += ["#EXTINF:4.000,", "c\(n).ts"]
      n += 1
    }
    for length in lengths {
      for _ in 0..<gap { segment() }
      starts.append(n * 4)
      lines.append("#EXT-X-CUE-OUT:\(length * 4)")
      for _ in 0..<length { segment() }
      lines.append("#EXT-X-CUE-IN")
    }
    for _ in 0..<gap { segment() }
    lines.append("#EXT-X-ENDLIST")
    return (lines.joined(separator: "\n") + "\n", starts)
  }

  /// An ad of `count` 4 s segments (ffmpeg-style).
  static func ad(_ name: String, count: Int) -> String {
    var lines = ["#EXTM3U", "#EXT-X-TARGETDURATION:4", "#EXT-X-PLAYLIST-TYPE:VOD"]
    for i in 0..<count { lines += ["#EXTINF:4.000000,", "\(name)-\(i).ts"] }
    return (lines + ["#EXT-X-ENDLIST"]).joined(separator: "\n") + "\n"
  }

  static let events = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]

  @Test(arguments: [StitchMarkers.cueOut, .dateRange, .scte35Tag, .beacon])
  func planStitchTimelineGivesThePlanBack(markers: StitchMarkers) throws {
    var random = Generator(state: 14)
    for _ in 0..<12 {
      // Each break: a pod of 1-3 ads of 1-4 segments; the break is as long as its pod.
      var pods: [[Int]] = []
      for _ in 0..<(1 + random.next(3)) {
        pods.append((0..<(1 + random.next(3))).map { _ in 1 + random.next(4) })
      }
      let (content, starts) = Self.content(
        breaks: pods.map { $0.reduce(0, +) }, gap: 1 + random.next(3))
      var files = ["index.m3u8": content]
      var breaksJSON: [String] = []
      for (b, pod) in pods.enumerated() {
        var adsJSON: [String] = []
        for (a, count) in pod.enumerated() {
          let id = "ad-\(b)-\(a)"
          files["ads/\(id).m3u8"] = Self.ad(id, count: count)
          let tracking = Self.events.map {
            #"{"event":"\#($0)","url":"https://t.example.com/\#(id)/\#($0)"}"#
          }
          adsJSON.append(
            #"{"id":"\#(id)","playlist":"ads/\#(id).m3u8","impressions":["#
              + #""https://t.example.com/\#(id)/imp"],"tracking":["#
              + tracking.joined(separator: ",") + "]}")
        }
        breaksJSON.append(#"{"at":"markers","ads":["# + adsJSON.joined(separator: ",") + "]}")
      }
      let plan = try Stitch.plan(#"{"breaks":["# + breaksJSON.joined(separator: ",") + "]}")
      let result = Stitcher(plan: plan, options: StitchOptions(markers: markers)).stitch(
        content: "index.m3u8", loader: MemoryLoader(files: files))
      #expect(result.diagnostics == [])
      let text = try #require(Stitch.texts(result)["index.m3u8"])
      #expect(try Stitch.auditErrors(text) == [])
      let media = try #require(try Playlist.parse(text).media)
      let timeline = AdTimeline(media)
      // The pods' breaks, in the output's marker dialect.
      if markers != .beacon {
        let breaks = timeline.breaks.filter { $0.dialect != .beacon }
        #expect(breaks.map(\.start) == starts.map { ExactDecimal($0) })
        #expect(breaks.map(\.duration) == pods.map { ExactDecimal($0.reduce(0, +) * 4) })
      }
      // Every ad, its length and its beacons at the start of the segment each event falls in.
      let ads = timeline.breaks.flatMap(\.signals).filter { $0.dialect == .beacon }
      let expectedAds = pods.enumerated().flatMap { b, pod in
        pod.enumerated().map { a, count in ("ad-\(b)-\(a)", count) }
      }
      #expect(ads.count == expectedAds.count)
      for (signal, (id, count)) in zip(ads, expectedAds) {
        #expect(signal.declaredSeconds == ExactDecimal(count * 4))
        let length = count * 4
        // Quartile times in quarter-seconds: 25 % of 4n s is n s.
        let times = [0, 0, count, 2 * count, 3 * count, length]
        let offsets = times.map { t in t >= length ? length : t / 4 * 4 }
        let expected = zip(["imp"] + Self.events, offsets).map { name, offset in
          "\(name == "imp" ? "impression" : name)@\(offset) https://t.example.com/\(id)/\(name)"
        }
        let found = signal.beacons.map {
          "\($0.event ?? "")@\($0.offset) \($0.url ?? "")"
        }
        #expect(found == expected)
      }
    }
  }
}

/// One `markers` break in the plan fills every marked break of the content.
@Suite struct StitchEveryMarkedBreakTests {
  @Test func theLastMarkersBreakFillsTheBreaksLeftOver() throws {
    let (content, starts) = StitchRoundTripTests.content(breaks: [2, 2, 2], gap: 1)
    let plan = try Stitch.plan(
      #"{"breaks":[{"at":"markers","ads":[{"id":"x","playlist":"ad.m3u8"}]}]}"#)
    let loader = MemoryLoader(files: [
      "index.m3u8": content, "ad.m3u8": StitchRoundTripTests.ad("x", count: 2),
    ])
    let result = Stitcher(plan: plan).stitch(content: "index.m3u8", loader: loader)
    #expect(result.diagnostics == [])
    let text = try #require(Stitch.texts(result)["index.m3u8"])
    let media = try #require(try Playlist.parse(text).media)
    let breaks = AdTimeline(media).breaks.filter { $0.dialect == .cueOut }
    #expect(breaks.map(\.start) == starts.map { ExactDecimal($0) })
    #expect(media.segments.filter { $0.uri == "x-1.ts" }.count == 3)
  }
}
