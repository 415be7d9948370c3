import HLS
import ManifestCore
import Testing

/// Values without what only a parse knows (line indices, columns, positions), so built and
/// parsed values compare equal.
enum Normalized {
  static func key(_ k: EncryptionKey) -> EncryptionKey {
    var k = k
    k.line = 0
    return k
  }

  static func segment(_ s: Segment) -> Segment {
    Segment(
      uri: s.uri, duration: s.duration, title: s.title, discontinuity: s.discontinuity,
      programDateTime: s.programDateTime, hasOwnProgramDateTime: s.hasOwnProgramDateTime,
      byteRange: s.byteRange, keys: s.keys.map(key),
      map: s.map.map { MediaInitializationSection(uri: $0.uri, byteRange: $0.byteRange) },
      gap: s.gap, bitrate: s.bitrate, parts: s.parts.map(part),
      tiles: s.tiles.map {
        ImageTiles(
          resolution: $0.resolution, columns: $0.columns, rows: $0.rows, duration: $0.duration)
      })
  }

  static func part(_ p: PartialSegment) -> PartialSegment {
    var p = p
    p.line = 0
    return p
  }

  /// The typed fields, and only the attributes no typed field names (columns dropped).
  static func dateRange(_ r: DateRange) -> DateRange {
    var r = r
    r.line = 0
    let typed: Set<String> = [
      "ID", "CLASS", "START-DATE", "CUE", "END-DATE", "DURATION", "PLANNED-DURATION",
      "SCTE35-CMD", "SCTE35-OUT", "SCTE35-IN", "END-ON-NEXT",
    ]
    r.attributes = AttributeList(
      r.attributes.filter { !typed.contains($0.name) }.map {
        AttributeList.Attribute(name: $0.name, value: $0.value, isQuoted: $0.isQuoted)
      })
    return r
  }

  static func playlist(_ p: MediaPlaylistBuilder) -> MediaPlaylistBuilder {
    var p = p
    p.segments = p.segments.map(segment)
    p.dateRanges = p.dateRanges.map(dateRange)
    p.pendingParts = p.pendingParts.map(part)
    p.preloadHints = p.preloadHints.map {
      var h = $0
      h.line = 0
      return h
    }
    p.renditionReports = p.renditionReports.map {
      var r = $0
      r.line = 0
      return r
    }
    p.skip = p.skip.map {
      var s = $0
      s.line = 0
      return s
    }
    return p
  }
}

@Suite struct BuilderRoundTripTests {
  /// What a parse of the written text gives back, as a builder, with what the writer computed
  /// (version, target duration) filled into the built one.
  static func roundTrip(_ built: MediaPlaylistBuilder) throws -> (
    expected: MediaPlaylistBuilder, parsed: MediaPlaylistBuilder, media: MediaPlaylist
  ) {
    let bytes = try PlaylistWriter.write(built)
    let media = try #require(try Playlist.parse(bytes).media)
    var expected = built
    expected.version = built.minimumVersion > 1 ? built.minimumVersion : nil
    expected.targetDuration =
      built.targetDuration
      ?? max(1, built.segments.map { Int($0.duration.roundedToInteger) }.max() ?? 1)
    return (Normalized.playlist(expected), Normalized.playlist(MediaPlaylistBuilder(media)), media)
  }

  @Test(arguments: 0..<60)
  func generatedPlaylistsReadBackAsBuilt(seed: Int) throws {
    var generator = PlaylistGenerator(seed: seed)
    let built = generator.mediaPlaylist()
    let (expected, parsed, media) = try Self.roundTrip(built)
    #expect(media.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    #expect(parsed == expected)
    // The positions a parse computes follow from the header.
    var discontinuities = 0
    for (i, segment) in media.segments.enumerated() {
      if segment.discontinuity { discontinuities += 1 }
      #expect(segment.mediaSequence == built.mediaSequence + UInt64(i))
      #expect(
        segment.discontinuitySequence == built.discontinuitySequence + UInt64(discontinuities))
    }
    // Writing what was read gives the same bytes.
    #expect(try PlaylistWriter.write(MediaPlaylistBuilder(media)) == PlaylistWriter.write(built))
  }

  /// The writer spells numbers and date-times byte by byte; they are spelled as
  /// `ExactDecimal.description` and `DateTime.description` spell them.
  @Test(arguments: 0..<20)
  func numbersAndDatesAreSpelledAsTheirDescriptions(seed: Int) throws {
    var random = PlaylistGenerator.Random(state: UInt64(seed))
    var writer = PlaylistWriter()
    var expected = ""
    for _ in 0..<50 {
      let d = ExactDecimal(
        significand: Int64.random(in: -10_000_000_000...10_000_000_000, using: &random),
        scale: Int.random(in: 0...12, using: &random))
      let date = DateTime(
        epochNanoseconds: Int64.random(
          in: -5_000_000_000_000_000_000...9_000_000_000_000_000_000, using: &random),
        utcOffsetMinutes: Bool.random(using: &random)
          ? nil : Int.random(in: -720...720, using: &random),
        fractionDigits: Int.random(in: 0...9, using: &random))
      try writer.write(StartPoint(timeOffset: d))
      try writer.write(DateRange(id: "x", startDate: date))
      expected +=
        "#EXT-X-START:TIME-OFFSET=\(d)\n#EXT-X-DATERANGE:ID=\"x\",START-DATE=\"\(date)\"\n"
    }
    #expect(writer.text == expected)
  }

  @Test func aSmallPlaylistIsWrittenExactly() throws {
    var playlist = MediaPlaylistBuilder(mediaSequence: 7, independentSegments: true)
    let key = EncryptionKey(
      method: .sampleAES, uri: "skd://k1", keyFormat: "com.apple.streamingkeydelivery",
      keyFormatVersions: "1")
    let map = MediaInitializationSection(uri: "init.mp4")
    let start = DateTime(epochNanoseconds: 1_764_374_400_000_000_000)
    playlist.append(
      Segment(
        uri: "a.m4s", duration: ExactDecimal(significand: 6006, scale: 3), programDateTime: start,
        keys: [key], map: map),
      dateRanges: [
        DateRange(
          id: "ad", startDate: start, plannedDuration: ExactDecimal(30), scte35Out: "0xFC30")
      ], tags: [CustomTag(name: "EXT-X-CUE-OUT", value: "30")])
    playlist.append(
      Segment(
        uri: "b.m4s", duration: ExactDecimal(significand: 6006, scale: 3),
        programDateTime: start.adding(seconds: ExactDecimal(significand: 6006, scale: 3)),
        hasOwnProgramDateTime: false, keys: [key], map: map))
    var rotated = key
    rotated.uri = "skd://k2"
    playlist.append(
      Segment(
        uri: "c.m4s", duration: ExactDecimal(4), discontinuity: true, keys: [rotated], map: map))
    #expect(
      String(decoding: try PlaylistWriter.write(playlist), as: UTF8.self) == """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:7
        #EXT-X-INDEPENDENT-SEGMENTS
        #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
        #EXT-X-MAP:URI="init.mp4"
        #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:00.000Z
        #EXT-X-DATERANGE:ID="ad",START-DATE="2025-11-29T00:00:00.000Z",PLANNED-DURATION=30,SCTE35-OUT=0xFC30
        #EXT-X-CUE-OUT:30
        #EXTINF:6.006,
        a.m4s
        #EXTINF:6.006,
        b.m4s
        #EXT-X-DISCONTINUITY
        #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k2",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
        #EXTINF:4,
        c.m4s

        """)
  }

  @Test func aMultivariantPlaylistIsWrittenExactlyAndReadsBack() throws {
    var master = MultivariantPlaylistBuilder(independentSegments: true)
    master.sessionKeys = [
      EncryptionKey(
        method: .sampleAES, uri: "skd://k1", keyFormat: "com.apple.streamingkeydelivery",
        keyFormatVersions: "1")
    ]
    master.sessionData = [SessionData(dataID: "com.example.title", value: "Big \"Buck\"")]
    master.sessionData[0].value = "Big Buck"
    master.contentSteering = ContentSteering(
      serverURI: "https://steer.example.com/s", pathwayID: "A")
    master.renditions = [
      Rendition(
        type: "AUDIO", groupID: "aac", name: "English", language: "en", isDefault: true,
        autoselect: true, channels: "2", uri: "audio/en.m3u8"),
      Rendition(
        type: "SUBTITLES", groupID: "subs", name: "English", language: "en", autoselect: true,
        uri: "subs/en.m3u8"),
      Rendition(
        type: "CLOSED-CAPTIONS", groupID: "cc", name: "CC1", instreamID: "SERVICE1"),
    ]
    master.variants = [
      VariantStream(
        uri: "v1/index.m3u8", bandwidth: 2_000_000, averageBandwidth: 1_800_000,
        codecs: "avc1.640020,mp4a.40.2", resolution: Resolution(width: 1280, height: 720),
        frameRate: ExactDecimal(significand: 29970, scale: 3), hdcpLevel: "NONE",
        videoRange: "SDR", audio: "aac", subtitles: "subs", closedCaptions: "cc",
        pathwayID: "A"),
      VariantStream(
        kind: .iFrame, uri: "v1/iframes.m3u8", bandwidth: 200_000, codecs: "avc1.640020",
        resolution: Resolution(width: 1280, height: 720)),
    ]
    let text = String(decoding: try PlaylistWriter.write(master), as: UTF8.self)
    #expect(
      text == """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-INDEPENDENT-SEGMENTS
        #EXT-X-CONTENT-STEERING:SERVER-URI="https://steer.example.com/s",PATHWAY-ID="A"
        #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="Big Buck"
        #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
        #EXT-X-MEDIA:TYPE=AUDIO,URI="audio/en.m3u8",GROUP-ID="aac",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2"
        #EXT-X-MEDIA:TYPE=SUBTITLES,URI="subs/en.m3u8",GROUP-ID="subs",LANGUAGE="en",NAME="English",AUTOSELECT=YES
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC1",INSTREAM-ID="SERVICE1"
        #EXT-X-STREAM-INF:BANDWIDTH=2000000,AVERAGE-BANDWIDTH=1800000,CODECS="avc1.640020,mp4a.40.2",RESOLUTION=1280x720,FRAME-RATE=29.97,HDCP-LEVEL=NONE,VIDEO-RANGE=SDR,AUDIO="aac",SUBTITLES="subs",CLOSED-CAPTIONS="cc",PATHWAY-ID="A"
        v1/index.m3u8
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=200000,CODECS="avc1.640020",RESOLUTION=1280x720,URI="v1/iframes.m3u8"

        """)
    let parsed = try #require(try Playlist.parse(text).multivariant)
    #expect(parsed.diagnostics.map(\.message) == [])
    #expect(
      MultivariantPlaylistBuilder(parsed).variants.map { $0.uri } == master.variants.map(\.uri))
    #expect(parsed.renditions.map(\.name) == ["English", "English", "CC1"])
    #expect(parsed.variants.first?.frameRate == ExactDecimal(significand: 2997, scale: 2))
    #expect(try PlaylistWriter.write(MultivariantPlaylistBuilder(parsed)) == Array(text.utf8))
  }
}
