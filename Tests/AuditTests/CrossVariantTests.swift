import Audit
import HLS
import ManifestCore
import Testing

/// `Audit.runAcrossVariants`: the rules that compare the media playlists of a presentation.
@Suite struct CrossVariantTests {
  static let master = """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://title-1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio/en.m3u8"
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="subs/en.m3u8"
    #EXT-X-STREAM-INF:BANDWIDTH=1200000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=960x540,AUDIO="aac",SUBTITLES="subs"
    v540/index.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=3500000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,AUDIO="aac",SUBTITLES="subs"
    v1080/index.m3u8
    #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=150000,CODECS="avc1.640028",RESOLUTION=1920x1080,URI="v1080/iframes.m3u8"

    """

  /// A VOD media playlist with `target`, `type` and `extra` header lines (line 4 on).
  static func media(target: Int = 6, type: String? = "VOD", extra: String = "") -> String {
    var lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-TARGETDURATION:\(target)"]
    if let type { lines.append("#EXT-X-PLAYLIST-TYPE:\(type)") }
    if !extra.isEmpty { lines.append(extra) }
    lines += ["#EXT-X-MAP:URI=\"init.mp4\"", "#EXTINF:6.0,", "a.m4s", "#EXT-X-ENDLIST", ""]
    return lines.joined(separator: "\n")
  }

  static let fairPlay =
    #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://title-1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1""#

  /// Runs the cross-variant rules on `master` with these media playlists (by URI).
  func audit(_ playlists: [String: String], master: String = CrossVariantTests.master) throws
    -> [String]
  {
    guard case .multivariant(let multivariant) = try Playlist.parse(master) else { return [] }
    let followed = try playlists.sorted { $0.key < $1.key }.map { uri, text in
      FollowedPlaylist(uri: uri, name: "out/" + uri, playlist: try Playlist.parse(text))
    }
    return Audit.runAcrossVariants(multivariant, playlists: followed).map {
      "\($0.file ?? "-"):\($0.location.line): \($0.rule): \($0.message)"
    }
  }

  func consistent(replacing uri: String? = nil, with text: String? = nil) -> [String: String] {
    var playlists = [
      "v540/index.m3u8": Self.media(extra: Self.fairPlay),
      "v1080/index.m3u8": Self.media(extra: Self.fairPlay),
      "audio/en.m3u8": Self.media(extra: Self.fairPlay),
      "subs/en.m3u8": Self.media(target: 60),
      "v1080/iframes.m3u8": Self.media(target: 2, extra: "#EXT-X-I-FRAMES-ONLY"),
    ]
    if let uri { playlists[uri] = text }
    return playlists
  }

  @Test func aConsistentPresentationHasNoFinding() throws {
    #expect(try audit(consistent()) == [])
  }

  @Test func aDifferentTargetDurationIsReportedInThatPlaylist() throws {
    let findings = try audit(
      consistent(replacing: "v1080/index.m3u8", with: Self.media(target: 4, extra: Self.fairPlay)))
    #expect(
      findings == [
        "out/v1080/index.m3u8:3: spec.variant-target-duration-mismatch: EXT-X-TARGETDURATION 4 "
          + "differs from 6 in v540/index.m3u8 (the first variant)"
      ])
  }

  @Test func liveSubtitlesMustShareTheTargetDurationToo() throws {
    let findings = try audit(
      consistent(replacing: "subs/en.m3u8", with: Self.media(target: 60, type: "EVENT")))
    #expect(
      findings == [
        "out/subs/en.m3u8:3: spec.variant-target-duration-mismatch: EXT-X-TARGETDURATION 60 "
          + "differs from 6 in v540/index.m3u8 (the first variant)",
        "out/subs/en.m3u8:4: spec.variant-playlist-type-mismatch: EXT-X-PLAYLIST-TYPE EVENT, but "
          + "audio/en.m3u8 has EXT-X-PLAYLIST-TYPE VOD",
      ])
  }

  @Test func aMissingPlaylistTypeIsReported() throws {
    let findings = try audit(
      consistent(replacing: "audio/en.m3u8", with: Self.media(type: nil, extra: Self.fairPlay)))
    #expect(
      findings == [
        "out/audio/en.m3u8:1: spec.variant-playlist-type-mismatch: no EXT-X-PLAYLIST-TYPE, but "
          + "subs/en.m3u8 has EXT-X-PLAYLIST-TYPE VOD"
      ])
  }

  @Test func anIFrameStreamMustNameAnIFramePlaylist() throws {
    let findings = try audit(
      consistent(replacing: "v1080/iframes.m3u8", with: Self.media(target: 2)))
    #expect(
      findings == [
        "out/v1080/iframes.m3u8:1: spec.variant-playlist-kind: v1080/iframes.m3u8 is named by "
          + "EXT-X-I-FRAME-STREAM-INF but has no EXT-X-I-FRAMES-ONLY",
        "out/v1080/iframes.m3u8:3: spec.variant-target-duration-mismatch: EXT-X-TARGETDURATION 2 "
          + "differs from 6 in v540/index.m3u8 (the first variant)",
      ])
  }

  @Test func aVariantThatIsAMultivariantPlaylistIsReported() throws {
    let findings = try audit(consistent(replacing: "v540/index.m3u8", with: Self.master))
    #expect(
      findings == [
        "out/v540/index.m3u8:1: spec.variant-playlist-kind: v540/index.m3u8 is a multivariant "
          + "playlist; it must be a media playlist"
      ])
  }

  @Test func aKeyThatContradictsTheSessionKeyIsReported() throws {
    let widevine =
      #"#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="skd://title-1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1/2""#
    let findings = try audit(
      consistent(replacing: "v540/index.m3u8", with: Self.media(extra: widevine)))
    #expect(
      findings == [
        "out/v540/index.m3u8:5: keys.session-key-mismatch: EXT-X-KEY skd://title-1 does not match "
          + "the EXT-X-SESSION-KEY on line 4 of the multivariant playlist: METHOD SAMPLE-AES-CTR ≠ "
          + "SAMPLE-AES, KEYFORMATVERSIONS 1/2 ≠ 1"
      ])
  }

  @Test func theReferencesComeInPlaylistOrderOnceEach() throws {
    guard case .multivariant(let multivariant) = try Playlist.parse(Self.master) else {
      Issue.record("not a multivariant playlist")
      return
    }
    let references = multivariant.mediaPlaylistReferences.map { "\($0.role.rawValue) \($0.uri)" }
    #expect(
      references == [
        "audio audio/en.m3u8", "subtitles subs/en.m3u8", "variant v540/index.m3u8",
        "variant v1080/index.m3u8", "i-frame v1080/iframes.m3u8",
      ])
  }
}
