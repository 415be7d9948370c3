import ManifestCore
import Testing

@testable import HLS

@Suite struct KeyReportTests {
  /// The fields of an entry that locate it, in one comparable value.
  struct Placement: Equatable {
    var line: Int
    var system: DRMSystem
    var first: Int?
    var msn: UInt64?
    var last: Int?
    var count: Int
  }

  func placements(_ entries: [PlaylistKey]) -> [Placement] {
    entries.map {
      Placement(
        line: $0.lineNumber, system: $0.drm.system, first: $0.firstSegment,
        msn: $0.mediaSequence, last: $0.lastSegment, count: $0.segmentCount)
    }
  }

  @Test func multiDRMWithKeyRotationAsShakaPackagerWritesIt() throws {
    let report = try DRMSamples.playlist("shaka-multi-drm-rotation.m3u8")
      .keyReport(location: "vod/h264_720p.m3u8")
    #expect(report.sessionKeys == [])
    #expect(report.diagnostics == [])
    #expect(
      placements(report.keys) == [
        Placement(line: 7, system: .widevine, first: 0, msn: 0, last: 2, count: 3),
        Placement(line: 8, system: .playReady, first: 0, msn: 0, last: 2, count: 3),
        Placement(line: 9, system: .fairPlay, first: 0, msn: 0, last: 2, count: 3),
        Placement(line: 16, system: .widevine, first: 3, msn: 3, last: 6, count: 4),
        Placement(line: 17, system: .playReady, first: 3, msn: 3, last: 6, count: 4),
        Placement(line: 18, system: .fairPlay, first: 3, msn: 3, last: 6, count: 4),
      ])
    let k1 = DRMTestVectors.keyID
    let k2 = DRMTestVectors.rotatedKeyID
    #expect(report.keys.map(\.drm.keyIDs) == [[k1], [k1], [k1], [k2], [k2], [k2]])
    #expect(report.keys.allSatisfy { $0.playlist == "vod/h264_720p.m3u8" && !$0.isSessionKey })
    #expect(
      report.keys.map(\.drm.contentID) == [
        nil, nil, "9eb4050d-e44b-4802-932e-27d75083e266:8FAE680D94CF70CC820379F822E70970",
        nil, nil, "5b2d6c0e-3f1a-4d7e-8c9b-0a1f2e3d4c5b:0A1B2C3D4E5F60718293A4B5C6D7E8F9",
      ])
    #expect(report.keys[0].drm.widevine?.protectionScheme == "cbcs")
    #expect(
      report.keys[1].drm.playReadyObject?.licenseURL
        == "https://playready.example.com/rightsmanager.asmx?cfg=(ck:1)&tenant=acme")
    #expect(report.keys[4].drm.playReadyObject?.keyIDs == [k2])
  }

  @Test func aes128RotationWithAClearAdBreak() throws {
    let report = try DRMSamples.playlist("aes128-rotation-clear-ad.m3u8").keyReport()
    #expect(
      placements(report.keys) == [
        Placement(line: 6, system: .aes128, first: 0, msn: 1042, last: 1, count: 2),
        Placement(line: 11, system: .aes128, first: 2, msn: 1044, last: 2, count: 1),
        Placement(line: 15, system: .none, first: 3, msn: 1045, last: 4, count: 2),
        Placement(line: 23, system: .aes128, first: 5, msn: 1047, last: 6, count: 2),
      ])
    #expect(
      report.keys.map(\.drm.iv) == [
        "0000000000000000000000000000a412", "0000000000000000000000000000a414", nil,
        "0000000000000000000000000000a417",
      ])
    #expect(report.keys.map(\.key.uri)[3] == "../keys/news-1047.key")
    #expect(report.keys[0].playlist == nil)
  }

  @Test func cencWithPSSHBoxesUnderSystemIDKeyFormats() throws {
    let report = try DRMSamples.playlist("bitmovin-cenc-widevine-playready.m3u8").keyReport()
    #expect(report.keys.map(\.drm.system) == [.widevine, .playReady])
    #expect(report.keys.map(\.key.method) == [.sampleAESCTR, .sampleAESCTR])
    #expect(report.keys.map { $0.drm.pssh?.version } == [1, 1])
    #expect(report.keys[1].drm.playReadyObject?.headerVersion == "4.0.0.0")
    #expect(report.keys.map(\.drm.keyIDs) == [[DRMTestVectors.keyID], [DRMTestVectors.keyID]])
  }

  @Test func sessionKeysOfAMultivariantPlaylist() throws {
    let report = try DRMSamples.playlist("usp/presentation.m3u8").keyReport(location: "p.m3u8")
    #expect(report.keys == [])
    #expect(report.sessionKeys.map(\.lineNumber) == [7, 8, 9, 10, 11, 12])
    #expect(
      report.sessionKeys.map(\.drm.system) == [
        .widevine, .playReady, .fairPlay, .widevine, .playReady, .fairPlay,
      ])
    #expect(report.sessionKeys.allSatisfy { $0.isSessionKey && $0.firstSegment == nil })
    #expect(report.sessionKeys.map(\.drm.contentID)[2] == DRMTestVectors.keyID)
  }

  @Test func followingReadsEveryNamedPlaylistOnceInLineOrder() throws {
    let master = DRMSamples.path("usp/presentation.m3u8")
    let report = try DRMSamples.playlist("usp/presentation.m3u8")
      .keys(followingWith: DiskLoader(), location: master)
    #expect(report.diagnostics == [])
    #expect(report.sessionKeys.count == 6)
    var playlists: [String] = []
    for key in report.keys where !playlists.contains(key.playlist ?? "") {
      playlists.append(key.playlist ?? "")
    }
    #expect(
      playlists
        == [
          "presentation-audio_eng=128000.m3u8",
          "presentation-audio_eng=128000-video=1100000.m3u8",
          "presentation-audio_eng=128000-video=2500000.m3u8",
          "keyframes/presentation-video=1100000.m3u8",
        ].map { DRMSamples.path("usp/" + $0) })
    #expect(report.keys.count == 12)
    #expect(
      report.keys.map(\.drm.keyIDs.first).prefix(4) == [
        DRMTestVectors.rotatedKeyID, DRMTestVectors.rotatedKeyID, DRMTestVectors.rotatedKeyID,
        DRMTestVectors.keyID,
      ])
    #expect(report.keys.allSatisfy { $0.firstSegment == 0 && $0.mediaSequence == 1 })
  }

  @Test func unreadableAndWrongPlaylistsAreWarningsAtTheLineNamingThem() {
    let master = """
      #EXTM3U
      #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://asset-7",KEYFORMAT="com.apple.streamingkeydelivery"
      #EXT-X-STREAM-INF:BANDWIDTH=800000
      low/index.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=2000000
      missing/index.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=4000000
      nested.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=6000000
      garbage.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.4d401e"
      low/index.m3u8

      """
    let loader = MemoryLoader([
      "vod/low/index.m3u8": """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://asset-7",KEYFORMAT="com.apple.streamingkeydelivery"
      #EXTINF:6,
      s1.ts
      """,
      "vod/nested.m3u8": "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n",
      "vod/garbage.m3u8": "<html>404</html>",
    ])
    let report = (try? Playlist.parse(master))?.keys(
      followingWith: loader, location: "vod/master.m3u8")
    #expect(
      loader.requested == [
        "vod/low/index.m3u8", "vod/missing/index.m3u8", "vod/nested.m3u8", "vod/garbage.m3u8",
      ])
    #expect(report?.keys.map(\.playlist) == ["vod/low/index.m3u8"])
    #expect(report?.keys.first?.drm.contentID == "asset-7")
    #expect(
      report?.diagnostics.map { $0.diagnostic.rendered(file: $0.playlist ?? "-") } == [
        "vod/master.m3u8:6:1: warning: cannot read vod/missing/index.m3u8: not in the test's files [hls.follow.unreadable]",
        "vod/master.m3u8:8:1: warning: vod/nested.m3u8 is a multivariant playlist, not a media "
          + "playlist [hls.follow.not-media]",
        "vod/master.m3u8:10:1: warning: cannot parse vod/garbage.m3u8: 1:1: "
          + (parseMessage("<html>404</html>") ?? "") + " [hls.follow.unparsable]",
      ])
  }

  @Test func importedVariablesReachTheFollowedPlaylists() throws {
    let master = try Playlist.parse(
      """
      #EXTM3U
      #EXT-X-DEFINE:NAME="asset",VALUE="spring-ep01"
      #EXT-X-STREAM-INF:BANDWIDTH=800000
      v.m3u8

      """)
    let loader = MemoryLoader([
      "v.m3u8": """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-DEFINE:IMPORT="asset"
      #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://{$asset}",KEYFORMAT="com.apple.streamingkeydelivery"
      #EXTINF:6,
      s1.m4s
      """
    ])
    let report = master.keys(followingWith: loader, location: nil)
    #expect(report.keys.map(\.drm.contentID) == ["spring-ep01"])
    #expect(report.keys.map(\.playlist) == ["v.m3u8"])
  }

  /// A playlist named twice with different spellings is one playlist: its keys once.
  @Test func aPlaylistNamedWithTwoSpellingsIsReadOnce() throws {
    let master = try Playlist.parse(
      """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="./v/en.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="a"
      v/en.m3u8
      #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="v/../v/en.m3u8"

      """)
    let loader = MemoryLoader([
      "vod/v/en.m3u8": """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-KEY:METHOD=AES-128,URI="../k/1.key"
      #EXTINF:6,
      s1.aac

      """
    ])
    let report = master.keys(followingWith: loader, location: "vod/master.m3u8")
    #expect(loader.requested == ["vod/v/en.m3u8"])
    #expect(report.keys.map(\.key.uri) == ["../k/1.key"])
    #expect(report.keys.map(\.playlist) == ["vod/v/en.m3u8"])
    #expect(report.diagnostics == [])
  }

  @Test func keyAfterTheLastSegmentOfALivePlaylist() throws {
    let report = try Playlist.parse(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-MEDIA-SEQUENCE:200
      #EXT-X-KEY:METHOD=AES-128,URI="k/200.key"
      #EXTINF:4,
      200.ts
      #EXT-X-KEY:METHOD=AES-128,URI="k/201.key"

      """
    ).keyReport()
    #expect(
      placements(report.keys) == [
        Placement(line: 4, system: .aes128, first: 0, msn: 200, last: 0, count: 1),
        Placement(line: 7, system: .aes128, first: 1, msn: 201, last: nil, count: 0),
      ])
  }

  @Test func problemsInKeyDataAreWarningsAtTheTag() throws {
    let report = try Playlist.parse(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-KEY:METHOD=SAMPLE-AES,URI="data:text/plain;base64,AAAA",KEYID=0x12,KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"
      #EXTINF:4,
      1.m4s

      """
    ).keyReport(location: "w.m3u8")
    #expect(
      report.diagnostics.map { $0.diagnostic.rendered(file: $0.playlist ?? "-") } == [
        "w.m3u8:3:1: warning: KEYID 0x12 is not a 128-bit hex value [hls.drm.key-id]"
      ])
  }

  @Test func jsonShape() throws {
    let report = try Playlist.parse(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://fps.example/a1?x=1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1",IV=0X0A
      #EXTINF:4,
      1.m4s

      """
    ).keyReport(location: "m.m3u8")
    #expect(
      report.jsonValue.jsonString() == """
        {"sessionKeys":[],"keys":[{"method":"SAMPLE-AES","uri":"skd://fps.example/a1?x=1",\
        "iv":"0000000000000000000000000000000a","keyFormat":"com.apple.streamingkeydelivery",\
        "keyFormatVersions":"1","keyId":null,"playlist":"m.m3u8","line":3,"firstSegment":0,\
        "mediaSequence":0,"lastSegment":0,"segmentCount":1,"drmSystem":"FairPlay",\
        "contentId":"fps.example/a1","keyIds":[],"pssh":null,"widevine":null,"playReady":null,\
        "drmSystemName":"Apple FairPlay"}]}
        """)
  }

  private func parseMessage(_ text: String) -> String? {
    do {
      _ = try Playlist.parse(text)
      return nil
    } catch {
      return error.message
    }
  }
}
