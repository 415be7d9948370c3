import Audit
import HLS
import Testing

/// `ads.variant-breaks-mismatch`: the variants of a presentation carry the same breaks.
@Suite struct CrossVariantAdTests {
  static let master = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",DEFAULT=YES,AUTOSELECT=YES,URI="audio.m3u8"
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="English",URI="subs.m3u8"
    #EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="a",SUBTITLES="s"
    low.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=2400000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=1280x720,AUDIO="a",SUBTITLES="s"
    high.m3u8

    """

  /// A playlist of six 6 s segments with a CUE-OUT of `length` segments after `before`
  /// segments (its CUE-OUT on line `5 + 2 × before`), optionally with an ID.
  static func media(
    before: Int = 2, length: Int = 2, id: String? = nil, sequence: Int = 0, live: Bool = false,
    dates: Bool = false
  ) -> String {
    var lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:6"]
    lines.append("#EXT-X-MEDIA-SEQUENCE:\(sequence)")
    for i in 0..<6 {
      if i == before {
        lines.append("#EXT-X-CUE-OUT:\(6 * length)" + (id.map { ",ID=\($0)" } ?? ""))
      }
      if i == before + length { lines.append("#EXT-X-CUE-IN") }
      if dates {
        let second = 6 * (i + sequence)
        lines.append(
          "#EXT-X-PROGRAM-DATE-TIME:2025-11-29T20:0\(second / 60):"
            + "\(second % 60 < 10 ? "0" : "")\(second % 60).000Z")
      }
      lines += ["#EXTINF:6.0,", "s\(i + sequence).ts"]
    }
    if !live { lines.append("#EXT-X-ENDLIST") }
    return lines.joined(separator: "\n") + "\n"
  }

  func audit(_ playlists: [String: String]) throws -> [String] {
    guard case .multivariant(let multivariant) = try Playlist.parse(Self.master) else { return [] }
    let followed = try playlists.sorted { $0.key < $1.key }.map {
      FollowedPlaylist(uri: $0.key, name: $0.key, playlist: try Playlist.parse($0.value))
    }
    return Audit.runAcrossVariants(
      multivariant, playlists: followed,
      rules: RuleSelection(
        including: ["ads.variant-breaks-mismatch"])
    ).map {
      "\($0.file ?? "-"):\($0.location.line): \($0.message)"
    }
  }

  @Test func matchingBreaksAndSubtitlesWithoutMarkersAreFine() throws {
    let playlists = [
      "low.m3u8": Self.media(), "high.m3u8": Self.media(), "audio.m3u8": Self.media(),
      "subs.m3u8": Self.media(before: 9),
    ]
    #expect(try audit(playlists) == [])
  }

  @Test func aBreakThatStartsOrLastsDifferentlyIsReported() throws {
    let playlists = [
      "low.m3u8": Self.media(), "high.m3u8": Self.media(before: 3, length: 1),
      "audio.m3u8": Self.media(),
    ]
    let found = try audit(playlists)
    #expect(
      found == [
        "high.m3u8:11: the ad break opened on line 11 starts at 18 s, not 12 s and lasts 6 s, "
          + "not 12 s as in low.m3u8 (the first variant; tolerance 0.5 s)"
      ])
  }

  @Test func aMissingBreakOrAnotherIDIsReported() throws {
    let playlists = [
      "low.m3u8": Self.media(id: "1007"), "high.m3u8": Self.media(id: "1008"),
      "audio.m3u8": Self.media(before: 9),
    ]
    let found = try audit(playlists)
    #expect(
      found == [
        "audio.m3u8:1: 0 ad breaks, but low.m3u8 (the first variant) has 1 ad break",
        "high.m3u8:9: the ad break opened on line 9 has ID \"1008\", not \"1007\" as in "
          + "low.m3u8 (the first variant; tolerance 0.5 s)",
      ])
  }

  @Test func liveWindowsThatStartApartAreMatchedByDate() throws {
    let playlists = [
      "low.m3u8": Self.media(before: 3, live: true, dates: true),
      "high.m3u8": Self.media(before: 2, sequence: 1, live: true, dates: true),
      "audio.m3u8": Self.media(before: 2, sequence: 1, live: true, dates: true),
    ]
    #expect(try audit(playlists) == [])
    let shifted = playlists.merging(
      ["audio.m3u8": Self.media(before: 3, sequence: 1, live: true, dates: true)]) { $1 }
    let found = try audit(shifted)
    #expect(
      found == [
        "audio.m3u8:14: the ad break opened on line 14 starts at 2025-11-29T20:00:24.000Z, "
          + "where low.m3u8 (the first variant) has none (tolerance 0.5 s)",
        "audio.m3u8:1: no ad break at 2025-11-29T20:00:18.000Z, where low.m3u8 (the first "
          + "variant) has one",
      ])
  }
}
