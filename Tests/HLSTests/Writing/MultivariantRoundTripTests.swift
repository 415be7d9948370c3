import HLS
import ManifestCore
import Testing

/// Generated multivariant playlists read back as built.
@Suite struct MultivariantRoundTripTests {
  /// Only the attributes no typed field of `tag` names, without columns.
  static func extras(_ list: AttributeList, typed: Set<String>) -> AttributeList {
    AttributeList(
      list.filter { !typed.contains($0.name) }.map {
        AttributeList.Attribute(name: $0.name, value: $0.value, isQuoted: $0.isQuoted)
      })
  }

  static let variantNames: Set<String> = [
    "BANDWIDTH", "AVERAGE-BANDWIDTH", "SCORE", "CODECS", "SUPPLEMENTAL-CODECS", "RESOLUTION",
    "FRAME-RATE", "HDCP-LEVEL", "ALLOWED-CPC", "VIDEO-RANGE", "REQ-VIDEO-LAYOUT",
    "STABLE-VARIANT-ID", "AUDIO", "VIDEO", "SUBTITLES", "CLOSED-CAPTIONS", "PATHWAY-ID", "URI",
  ]
  static let renditionNames: Set<String> = [
    "TYPE", "URI", "GROUP-ID", "LANGUAGE", "ASSOC-LANGUAGE", "NAME", "STABLE-RENDITION-ID",
    "DEFAULT", "AUTOSELECT", "FORCED", "INSTREAM-ID", "BIT-DEPTH", "SAMPLE-RATE",
    "CHARACTERISTICS", "CHANNELS",
  ]

  static func normalized(_ p: MultivariantPlaylistBuilder) -> MultivariantPlaylistBuilder {
    var p = p
    p.variants = p.variants.map {
      var v = $0
      v.line = 0
      v.uriLine = nil
      v.attributes = extras(v.attributes, typed: variantNames)
      return v
    }
    p.renditions = p.renditions.map {
      var r = $0
      r.line = 0
      r.attributes = extras(r.attributes, typed: renditionNames)
      return r
    }
    p.sessionData = p.sessionData.map {
      var d = $0
      d.line = 0
      return d
    }
    p.sessionKeys = p.sessionKeys.map(Normalized.key)
    p.contentSteering?.line = 0
    return p
  }

  @Test(arguments: 0..<30)
  func generatedMultivariantPlaylistsReadBackAsBuilt(seed: Int) throws {
    var g = PlaylistGenerator(seed: seed)
    var master = MultivariantPlaylistBuilder(independentSegments: g.chance(2))
    if g.chance(3) { master.start = StartPoint(timeOffset: ExactDecimal(-9), precise: true) }
    if g.chance(2) {
      master.contentSteering = ContentSteering(
        serverURI: "https://steer.example.com/s?session=\(seed)", pathwayID: g.chance(2) ? "A" : nil
      )
    }
    if g.chance(2) {
      master.sessionData = [
        SessionData(dataID: "com.example.title", value: "Title \(seed)", language: "en")
      ]
    }
    if g.chance(2) {
      master.sessionKeys = Array(g.keys(seed).prefix(1)).filter { $0.method != .none }
    }
    for (i, language) in ["en", "fr", "de"].prefix(g.int(1...3)).enumerated() {
      master.renditions.append(
        Rendition(
          type: "AUDIO", groupID: "aac", name: "Audio \(language)", language: language,
          isDefault: i == 0, autoselect: true, channels: g.chance(2) ? "2" : "6",
          uri: "audio/\(language).m3u8",
          attributes: g.chance(3)
            ? AttributeList([.init(name: "X-COM-LABEL", value: "l\(i)", isQuoted: true)])
            : AttributeList()))
    }
    let subtitles = g.chance(2)
    if subtitles {
      master.renditions.append(
        Rendition(
          type: "SUBTITLES", groupID: "subs", name: "English", language: "en", autoselect: true,
          forced: g.chance(3),
          characteristics: g.chance(2) ? "public.accessibility.transcribes-spoken-dialog" : nil,
          uri: "subs/en.m3u8"))
    }
    for i in 0..<g.int(1...5) {
      let width = 320 * (i + 1)
      master.variants.append(
        VariantStream(
          uri: "v\(i)/index.m3u8", bandwidth: 500_000 * (i + 1),
          averageBandwidth: g.chance(2) ? 450_000 * (i + 1) : nil,
          score: g.chance(3) ? ExactDecimal(significand: Int64(g.int(1...100)), scale: 1) : nil,
          codecs: "avc1.64001f,mp4a.40.2",
          resolution: Resolution(width: width, height: width * 9 / 16),
          frameRate: g.chance(2) ? ExactDecimal(significand: 29970, scale: 3) : ExactDecimal(25),
          hdcpLevel: g.chance(3) ? "TYPE-0" : nil, videoRange: g.chance(2) ? "SDR" : nil,
          stableVariantID: g.chance(3) ? "sv\(i)" : nil, audio: "aac",
          subtitles: subtitles ? "subs" : nil, closedCaptions: g.chance(2) ? "NONE" : nil,
          pathwayID: master.contentSteering?.pathwayID))
      if g.chance(3) {
        master.variants.append(
          VariantStream(
            kind: .iFrame, uri: "v\(i)/iframes.m3u8", bandwidth: 50_000 * (i + 1),
            codecs: "avc1.64001f", resolution: Resolution(width: width, height: width * 9 / 16)))
      }
    }
    let bytes = try PlaylistWriter.write(master)
    let parsed = try #require(try Playlist.parse(bytes).multivariant)
    #expect(parsed.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    var expected = master
    expected.version = master.minimumVersion > 1 ? master.minimumVersion : nil
    #expect(Self.normalized(MultivariantPlaylistBuilder(parsed)) == Self.normalized(expected))
    #expect(try PlaylistWriter.write(MultivariantPlaylistBuilder(parsed)) == bytes)
  }
}
