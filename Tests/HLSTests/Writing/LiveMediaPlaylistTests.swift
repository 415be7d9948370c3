import HLS
import ManifestCore
import Testing

/// The live window: appends, expiries, delta updates, against the reader side (parse,
/// `PlaylistDiff`, `DeltaUpdate.merge`).
@Suite struct LiveMediaPlaylistTests {
  /// What a client sees of a segment.
  struct Seen: Hashable {
    var mediaSequence: UInt64
    var uri: String
    var duration: ExactDecimal
    var discontinuitySequence: UInt64
    var programDateTime: DateTime?
    var keys: [EncryptionKey]
    var map: String?
    var parts: [PartialSegment]

    init(_ s: Segment) {
      mediaSequence = s.mediaSequence
      uri = s.uri
      duration = s.duration
      discontinuitySequence = s.discontinuitySequence
      programDateTime = s.programDateTime
      keys = s.keys.map(Normalized.key)
      map = s.map?.uri
      parts = s.parts.map(Normalized.part)
    }
  }

  /// A date range as a client keeps it, wherever its tag was placed.
  static func kept(_ ranges: [DateRange]) -> Set<DateRange> {
    Set(
      ranges.map {
        var r = Normalized.dateRange($0)
        r.segmentIndex = 0
        return r
      })
  }

  static let start = DateTime(epochNanoseconds: 1_764_374_400_000_000_000)

  static func template() -> MediaPlaylistBuilder {
    MediaPlaylistBuilder(
      targetDuration: 4, mediaSequence: 500, discontinuitySequence: 3, independentSegments: true,
      serverControl: ServerControl(
        canBlockReload: true, canSkipUntil: ExactDecimal(24), canSkipDateRanges: true,
        partHoldBack: ExactDecimal(3)),
      partInformation: PartInformation(partTarget: ExactDecimal(1)))
  }

  /// Drives a window through `steps` appends and expiries; `check` sees each full playlist
  /// with the one before it.
  static func drive(
    steps: Int, seed: Int,
    _ check: (_ live: LiveMediaPlaylist, _ previous: MediaPlaylist?, _ full: MediaPlaylist) throws
      -> Void
  ) throws {
    var random = PlaylistGenerator(seed: seed)
    var live = LiveMediaPlaylist(template())
    var date = start
    var generation = 0
    var keys = random.keys(0)
    var map = MediaInitializationSection(uri: "init0.mp4")
    var open: (id: String, start: DateTime)? = nil
    var previous: MediaPlaylist? = nil
    var n = 0
    for step in 0..<steps {
      for _ in 0..<random.int(1...2) {
        n += 1
        if random.chance(8) {
          generation += 1
          keys = random.keys(generation)
        }
        if random.chance(15) { map = MediaInitializationSection(uri: "init\(n).mp4") }
        let discontinuity = random.chance(10)
        if discontinuity { date = date.adding(seconds: ExactDecimal(random.int(1...30))) }
        var ranges: [DateRange] = []
        var tags: [CustomTag] = []
        if open == nil && random.chance(6) {
          open = ("break-\(n)", date)
          ranges.append(
            DateRange(
              id: "break-\(n)", startDate: date, plannedDuration: ExactDecimal(12),
              scte35Out: PlaylistGenerator.scte35Out))
          tags.append(CustomTag(name: "EXT-X-CUE-OUT", value: "12"))
        } else if let o = open, random.chance(3) {
          ranges.append(
            DateRange(
              id: o.id, startDate: o.start, endDate: date, duration: date.seconds(since: o.start),
              scte35In: PlaylistGenerator.scte35In))
          tags.append(CustomTag(name: "EXT-X-CUE-IN"))
          open = nil
        }
        let duration = ExactDecimal(significand: Int64(random.int(3000...4000)), scale: 3)
        if random.chance(3) {
          // Produced as parts, then promoted.
          var left = duration
          var p = 0
          while left > .zero {
            let d = min(left, ExactDecimal(1))
            live.addPart(PartialSegment(uri: "s\(n).p\(p).m4s", duration: d, independent: p == 0))
            left = left - d
            p += 1
          }
          try live.append(
            Segment(
              uri: "s\(n).m4s", duration: duration, discontinuity: discontinuity,
              programDateTime: date, keys: keys, map: map, parts: live.template.pendingParts),
            dateRanges: ranges, tags: tags)
          live.template.pendingParts = []
        } else {
          try live.append(
            Segment(
              uri: "s\(n).m4s", duration: duration, discontinuity: discontinuity,
              programDateTime: date, hasOwnProgramDateTime: discontinuity || random.chance(2),
              keys: keys, map: map),
            dateRanges: ranges, tags: tags)
        }
        date = date.adding(seconds: duration)
      }
      live.expire(keeping: 12)
      live.template.preloadHints = [PreloadHint(type: "PART", uri: "s\(n + 1).p0.m4s")]
      let full = try #require(try Playlist.parse(live.bytes()).media)
      try check(live, previous, full)
      previous = full
      _ = step
    }
  }

  @Test(arguments: 0..<6)
  func consecutiveWindowsAreConsistent(seed: Int) throws {
    try Self.drive(steps: 50, seed: seed) { live, previous, full in
      #expect(full.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
      #expect(full.segments.map(Seen.init) == live.segments.map(Seen.init))
      #expect(full.mediaSequence == live.mediaSequence)
      #expect(full.discontinuitySequence == live.discontinuitySequence)
      #expect(Self.kept(full.dateRanges) == Self.kept(live.dateRanges))
      if let previous {
        let diff = PlaylistDiff(old: previous, new: full)
        #expect(diff.inconsistencies.map(\.message) == [])
        #expect(diff.missedSegments == 0)
      }
    }
  }

  @Test(arguments: 0..<6)
  func deltaUpdatesMergeIntoTheFullPlaylist(seed: Int) throws {
    var skipped = 0
    try Self.drive(steps: 50, seed: seed) { live, previous, full in
      guard let previous else { return }
      for skip in [LiveMediaPlaylist.Skip.yes, .v2] {
        let delta = try #require(try Playlist.parse(live.deltaUpdate(skip)).media)
        #expect(delta.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        skipped += delta.skip?.skippedSegments ?? 0
        if skip == .v2, delta.skip != nil {
          #expect(delta.version == 10)
          #expect(delta.skip?.recentlyRemovedDateRanges == live.recentlyRemovedDateRanges)
        }
        let merged = try #require(
          try Playlist.parse(DeltaUpdate.merge(previous: previous, delta: delta)).media)
        #expect(merged.segments.map(Seen.init) == full.segments.map(Seen.init))
        #expect(Self.kept(merged.dateRanges) == Self.kept(full.dateRanges))
      }
    }
    #expect(skipped > 0)
  }

  @Test func expiryRestatesWhatIsInForceAtTheNewFirstSegment() throws {
    var live = LiveMediaPlaylist(MediaPlaylistBuilder(targetDuration: 4, mediaSequence: 10))
    let key = EncryptionKey(method: .aes128, uri: "https://k.example.com/1")
    let map = MediaInitializationSection(uri: "init.mp4")
    try live.append(
      Segment(
        uri: "a.m4s", duration: ExactDecimal(4), programDateTime: Self.start, keys: [key], map: map),
      dateRanges: [
        DateRange(id: "long", startDate: Self.start, duration: ExactDecimal(60)),
        DateRange(id: "short", startDate: Self.start, duration: ExactDecimal(2)),
      ])
    try live.append(
      Segment(
        uri: "b.m4s", duration: ExactDecimal(4),
        programDateTime: Self.start.adding(seconds: ExactDecimal(4)), hasOwnProgramDateTime: false,
        keys: [key], map: map))
    try live.append(
      Segment(
        uri: "c.m4s", duration: ExactDecimal(4), discontinuity: true,
        programDateTime: Self.start.adding(seconds: ExactDecimal(100)), keys: [key], map: map))
    live.expire(2)
    #expect(
      String(decoding: try live.bytes(), as: UTF8.self) == """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-TARGETDURATION:4
        #EXT-X-MEDIA-SEQUENCE:12
        #EXT-X-DISCONTINUITY
        #EXT-X-KEY:METHOD=AES-128,URI="https://k.example.com/1"
        #EXT-X-MAP:URI="init.mp4"
        #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:01:40.000Z
        #EXTINF:4,
        c.m4s

        """)
    live.expire(keeping: 5)
    var one = LiveMediaPlaylist(MediaPlaylistBuilder(targetDuration: 4))
    try one.append(
      Segment(uri: "a.m4s", duration: ExactDecimal(4), programDateTime: Self.start),
      dateRanges: [
        DateRange(id: "long", startDate: Self.start, duration: ExactDecimal(60)),
        DateRange(id: "short", startDate: Self.start, duration: ExactDecimal(2)),
      ])
    try one.append(
      Segment(
        uri: "b.m4s", duration: ExactDecimal(4),
        programDateTime: Self.start.adding(seconds: ExactDecimal(4)), hasOwnProgramDateTime: false))
    one.expire()
    #expect(
      String(decoding: try one.bytes(), as: UTF8.self) == """
        #EXTM3U
        #EXT-X-TARGETDURATION:4
        #EXT-X-MEDIA-SEQUENCE:1
        #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:04.000Z
        #EXT-X-DATERANGE:ID="long",START-DATE="2025-11-29T00:00:00.000Z",DURATION=60
        #EXTINF:4,
        b.m4s

        """)
    #expect(one.dateRanges.map(\.id) == ["long"])
    #expect(one.recentlyRemovedDateRanges == ["short"])
  }

  @Test func promotingPartsMakesASegmentOfThem() throws {
    var live = LiveMediaPlaylist(
      MediaPlaylistBuilder(
        targetDuration: 2, partInformation: PartInformation(partTarget: ExactDecimal(1))))
    try live.append(Segment(uri: "a.m4s", duration: ExactDecimal(2), programDateTime: Self.start))
    live.addPart(PartialSegment(uri: "b.0.m4s", duration: ExactDecimal(1), independent: true))
    live.addPart(PartialSegment(uri: "b.1.m4s", duration: ExactDecimal(1)))
    #expect(
      String(decoding: try live.bytes(), as: UTF8.self).hasSuffix(
        "a.m4s\n#EXT-X-PART:DURATION=1,URI=\"b.0.m4s\",INDEPENDENT=YES\n"
          + "#EXT-X-PART:DURATION=1,URI=\"b.1.m4s\"\n"))
    try live.promotePendingParts(uri: "b.m4s")
    let media = try #require(try Playlist.parse(live.bytes()).media)
    #expect(media.pendingParts == [])
    #expect(media.segments.map(\.uri) == ["a.m4s", "b.m4s"])
    #expect(media.segments[1].duration == ExactDecimal(2))
    #expect(media.segments[1].parts.map(\.uri) == ["b.0.m4s", "b.1.m4s"])
    #expect(media.segments[1].programDateTime == Self.start.adding(seconds: ExactDecimal(2)))
    // Parts older than three target durations from the edge are dropped.
    for i in 0..<3 { try live.append(Segment(uri: "c\(i).m4s", duration: ExactDecimal(2))) }
    let later = try #require(try Playlist.parse(live.bytes()).media)
    #expect(later.segments.map(\.parts.count) == [0, 0, 0, 0, 0])
  }

  /// 30,000 appends to one window of up to 15,000 segments: an append that rendered the whole
  /// window would make this some 300 million segment renderings (many minutes); rendering only
  /// the new segment finishes at once.
  @Test func appendingDoesNotRenderTheWindowAgain() throws {
    var live = LiveMediaPlaylist(MediaPlaylistBuilder(targetDuration: 2))
    for i in 0..<30_000 {
      try live.append(Segment(uri: "s\(i).m4s", duration: ExactDecimal(2)))
      if i % 2 == 1 { live.expire() }
    }
    #expect(live.segments.count == 15_000)
    #expect(live.mediaSequence == 15_000)
    let media = try #require(try Playlist.parse(live.bytes()).media)
    #expect(media.segments.count == 15_000)
    #expect(media.segments.first?.uri == "s15000.m4s")
  }
}
