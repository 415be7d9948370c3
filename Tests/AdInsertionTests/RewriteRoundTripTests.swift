import AdInsertion
import Foundation
import HLS
import ManifestCore
import Testing

/// The round trip that proves `AdMarkerRewriter` (issue 15 item 2): for every fixture and every
/// ordered pair of written dialects, the timeline of the rewritten playlist has the breaks of the
/// original (start, duration, planned duration, segments, open, started before the window,
/// beacons with their offsets), but for what docs/ad-marker-rewrite.md lists as not expressible;
/// a break that lost something was reported with a code. Every line that is not an ad marker
/// is kept byte for byte.
@Suite struct RewriteRoundTripTests {
  /// The written dialects. Interstitials replace the break's segments (`--resume-offset
  /// break`); inserted ones (`--resume-offset 0`) are checked by `insertedInterstitials`.
  static let targets: [AdRewriteTarget] = [
    .cueOut, .oatcls, .dateRange, .scte35Tag, .beacon, .interstitial,
  ]

  /// The fixtures: every dialect as its producers write it, and the samples.
  static let fixtures: [URL] = {
    let root = Fixture.directory.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let samples = root.appendingPathComponent("samples")
    let own = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.directory.path)) ?? []
    let ads =
      (try? FileManager.default.contentsOfDirectory(
        atPath: samples.appendingPathComponent("ads").path)) ?? []
    return own.filter { $0.hasSuffix(".m3u8") }.sorted().map {
      Fixture.directory.appendingPathComponent($0)
    }
      + ads.filter { $0.hasSuffix(".m3u8") }.sorted().map {
        samples.appendingPathComponent("ads").appendingPathComponent($0)
      }
      + ["media-ad-markers-live.m3u8", "media-daterange.m3u8"].map {
        samples.appendingPathComponent("hls").appendingPathComponent($0)
      }
  }()

  static let epoch = DateTime("2026-12-02T03:00:00Z")
  /// The asset list an interstitial names: MediaTailor's server-guided shape, one per break.
  static let asset = try? InterstitialAsset.list(
    AssetTemplate("https://ads.example.com/v1/asset-list/{id}.json"))

  @Test func fixturesAreFound() {
    #expect(Self.fixtures.count == 27)
  }

  @Test(arguments: fixtures)
  func everyOrderedPairKeepsTheBreaks(_ url: URL) throws {
    let bytes = Array(try Data(contentsOf: url))
    let source = try #require(try Playlist.parse(bytes).media)
    let original = AdTimeline(source)
    for first in Self.targets {
      let once = try Self.rewrite(source, original, first)
      try Self.check(url, [first], original, source, once)
      let middle = try #require(try Playlist.parse(once.bytes).media)
      for second in Self.targets {
        let twice = try Self.rewrite(middle, AdTimeline(middle), second)
        try Self.check(url, [first, second], original, source, twice, earlier: once.issues)
      }
    }
  }

  /// `--rewrite interstitial --resume-offset 0`: every break is inserted where it started,
  /// replaces no segment and plays for its duration; read back with the same start, start
  /// segment, planned duration and (closed) duration, and no end segment.
  @Test(arguments: fixtures)
  func insertedInterstitials(_ url: URL) throws {
    let source = try #require(try Playlist.parse(Array(try Data(contentsOf: url))).media)
    let original = AdTimeline(source)
    let rewrite = try AdMarkerRewriter(
      target: .interstitial,
      options: .init(asset: Self.asset, resumeOffset: .seconds(.zero), epoch: Self.epoch)
    ).rewrite(source, timeline: original)
    let media = try #require(try Playlist.parse(rewrite.bytes).media)
    let result = AdTimeline(media)
    let name = url.lastPathComponent + " → inserted interstitial"
    try #require(result.breaks.count == original.breaks.count, "\(name): break count")
    let lossy = Set(
      rewrite.issues.filter { $0.kind != .beaconsDropped }.compactMap(\.breakIndex))
    for (i, (a, b)) in zip(original.breaks, result.breaks).enumerated() {
      let what = "\(name) break \(i) (line \(a.line))"
      #expect(b.interstitial?.isInserted == true, "\(what): inserted")
      #expect(b.endSegment == nil, "\(what): endSegment")
      #expect(a.startSegment == b.startSegment, "\(what): startSegment")
      guard !lossy.contains(i) else { continue }
      #expect(a.start == b.start, "\(what): start")
      #expect(
        a.plannedDuration == b.plannedDuration
          || (a.plannedDuration == nil && b.plannedDuration == a.duration),
        "\(what): plannedDuration")
      if !a.open { #expect(a.duration == b.duration, "\(what): duration") }
    }
  }

  static func rewrite(_ media: MediaPlaylist, _ timeline: AdTimeline, _ target: AdRewriteTarget)
    throws -> AdRewrite
  {
    try AdMarkerRewriter(target: target, options: .init(asset: asset, epoch: epoch))
      .rewrite(media, timeline: timeline)
  }

  /// Compares the rewritten playlist's breaks with the original's.
  static func check(
    _ url: URL, _ chain: [AdRewriteTarget], _ original: AdTimeline, _ source: MediaPlaylist,
    _ rewrite: AdRewrite, earlier: [AdRewriteIssue] = []
  ) throws {
    let name = url.lastPathComponent + " → " + chain.map(\.rawValue).joined(separator: " → ")
    let media = try #require(try Playlist.parse(rewrite.bytes).media)
    #expect(
      keptLines(media.source, dropping: !hasDates(source))
        == keptLines(source.source, dropping: false),
      "\(name): a line that is not an ad marker changed")
    let result = AdTimeline(media)
    try #require(
      result.breaks.count == original.breaks.count,
      "\(name): \(original.breaks.count) breaks became \(result.breaks.count)")
    // A break reported lossy in the first hop is compared as loosely in the second.
    let lossy = Set(
      (earlier + rewrite.issues).filter { $0.kind != .beaconsDropped }.compactMap(\.breakIndex))
    let dropped = Set(
      (earlier + rewrite.issues).filter { $0.kind == .beaconsDropped }.compactMap(\.breakIndex))
    for (i, (a, b)) in zip(original.breaks, result.breaks).enumerated() {
      let what = "\(name) break \(i) (line \(a.line))"
      let measured = measuredDuration(source, a)
      #expect(a.start == b.start, "\(what): start")
      #expect(a.startSegment == b.startSegment, "\(what): startSegment")
      #expect(
        a.plannedDuration == b.plannedDuration
          || (a.plannedDuration == nil && b.plannedDuration == a.duration),
        "\(what): plannedDuration \(a.plannedDuration?.description ?? "nil") became \(b.plannedDuration?.description ?? "nil")"
      )
      let beaconsKept = chain.allSatisfy { $0 == .beacon }
      #expect(
        beaconsKept || a.beacons.isEmpty || dropped.contains(i),
        "\(what): beacons dropped unreported")
      // A break reported lossy is compared no further: the issue says how it differs.
      guard !lossy.contains(i) else { continue }
      #expect(
        (beaconsKept ? a.beacons.map(BeaconValue.init) : []) == b.beacons.map(BeaconValue.init),
        "\(what): beacons")
      #expect(
        a.duration == b.duration || (a.duration != measured && b.duration == measured),
        "\(what): duration \(a.duration) became \(b.duration)")
      #expect(a.endSegment == b.endSegment, "\(what): endSegment")
      #expect(a.open == b.open, "\(what): open")
      #expect(a.startedBeforeWindow == b.startedBeforeWindow, "\(what): startedBeforeWindow")
    }
  }

  /// The beacon fields the round trip keeps.
  struct BeaconValue: Equatable {
    var event: String?
    var url: String?
    var offset: ExactDecimal
    init(_ beacon: Beacon) {
      event = beacon.event
      url = beacon.url
      offset = beacon.offset
    }
  }

  static func measuredDuration(_ media: MediaPlaylist, _ adBreak: AdBreak) -> ExactDecimal {
    guard let e = adBreak.endSegment else { return .zero }
    let end =
      e + 1 < media.segments.count
      ? media.segments.startTime(at: e + 1) : media.totalDuration
    return end - media.segments.startTime(at: adBreak.startSegment)
  }

  static func hasDates(_ media: MediaPlaylist) -> Bool {
    media.source.lines.contains { $0.kind == .tag && $0.tag == .programDateTime }
  }

  /// Every line that is not an ad marker (nor a SCTE-35 or interstitial DATERANGE; nor, when
  /// `dropping`, an
  /// EXT-X-PROGRAM-DATE-TIME that --epoch added), with its terminator.
  static func keptLines(_ source: PlaylistSource, dropping dates: Bool) -> [[UInt8]] {
    source.lines.compactMap { line in
      if line.kind == .tag {
        if line.tag.isAdMarker || (dates && line.tag == .programDateTime) { return nil }
        let text = source.text(of: line)
        if line.tag == .dateRange
          && (text.contains("SCTE35-") || text.contains("com.apple.hls.interstitial"))
        {
          return nil
        }
      }
      return Array(source.bytes[line.range]) + line.terminator.bytes
    }
  }
}
