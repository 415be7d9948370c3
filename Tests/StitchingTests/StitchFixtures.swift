import Audit
import HLS
import ManifestCore
import Stitching
import Testing

/// An in-memory loader: locations resolve as file paths do, bytes come from `files`.
struct MemoryLoader: PlaylistLoader {
  let files: [String: String]

  func bytes(at location: String) throws(PlaylistLoadError) -> [UInt8] {
    guard let text = files[location] else {
      throw PlaylistLoadError(location: location, reason: "No such file or directory")
    }
    return Array(text.utf8)
  }
}

/// Fixtures written the way packagers and ad servers write them.
enum Fixture {
  /// AWS Elemental MediaPackage (HLS, TS, VOD from a live source): PROGRAM-DATE-TIME on the
  /// first segment, a CUE-OUT / CUE-OUT-CONT / CUE-IN break of two 6 s segments.
  static let mediaPackageTS = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-MEDIA-SEQUENCE:1
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-PROGRAM-DATE-TIME:2026-11-30T20:00:00.000Z
    #EXTINF:6.000,
    index_1_1.ts
    #EXTINF:6.000,
    index_1_2.ts
    #EXT-X-CUE-OUT:12.000
    #EXTINF:6.000,
    index_1_3.ts
    #EXT-X-CUE-OUT-CONT:6.000/12
    #EXTINF:6.000,
    index_1_4.ts
    #EXT-X-CUE-IN
    #EXTINF:6.000,
    index_1_5.ts
    #EXT-X-ENDLIST

    """

  /// ffmpeg's HLS muxer (`-f hls -hls_time 4 -hls_playlist_type vod`), MPEG-TS: a 12 s ad.
  static let ffmpegAdTS = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:4
    #EXT-X-MEDIA-SEQUENCE:0
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:4.000000,
    ad0.ts
    #EXTINF:4.000000,
    ad1.ts
    #EXTINF:4.000000,
    ad2.ts
    #EXT-X-ENDLIST

    """

  /// ffmpeg, MPEG-TS: an 8 s ad.
  static let ffmpegAdTS8 = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:4
    #EXT-X-MEDIA-SEQUENCE:0
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:4.000000,
    b0.ts
    #EXTINF:4.000000,
    b1.ts
    #EXT-X-ENDLIST

    """

  /// Shaka Packager (`--hls_playlist_type VOD`, `--protection_scheme cbcs`), fMP4 with
  /// SAMPLE-AES: the key and the init section before the first segment.
  static let shakaEncryptedFMP4 = """
    #EXTM3U
    #EXT-X-VERSION:6
    ## Generated with https://github.com/shaka-project/shaka-packager version v3.2.0
    #EXT-X-TARGETDURATION:6
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-MAP:URI="init.mp4"
    #EXT-X-KEY:METHOD=SAMPLE-AES,URI="https://keys.example.com/k1",KEYFORMAT="identity"
    #EXTINF:6.000,
    seg_1.m4s
    #EXTINF:6.000,
    seg_2.m4s
    # chapter 2
    #EXTINF:6.000,
    seg_3.m4s
    #EXT-X-ENDLIST

    """

  /// Shaka Packager, fMP4, clear: an 8 s ad with its own init section.
  static let shakaClearAdFMP4 = """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-TARGETDURATION:4
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-MAP:URI="init.mp4"
    #EXTINF:4.000,
    seg_1.m4s
    #EXTINF:4.000,
    seg_2.m4s
    #EXT-X-ENDLIST

    """

  /// A slate (ffmpeg, MPEG-TS, one 2 s segment).
  static let slateTS = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:2
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:2.000000,
    slate0.ts
    #EXT-X-ENDLIST

    """
}

/// Helpers the suites share.
enum Stitch {
  /// Parses a plan that must be valid.
  static func plan(_ json: String) throws -> StitchPlan {
    let (plan, diagnostics) = StitchPlan.parse(Array(json.utf8), file: "plan.json")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    return try #require(plan)
  }

  /// The text of each output playlist, by name.
  static func texts(_ result: StitchResult) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: result.playlists.map {
        ($0.name, String(decoding: $0.bytes, as: UTF8.self))
      })
  }

  /// The audit findings of severity error of a playlist's text.
  static func auditErrors(_ text: String) throws -> [String] {
    let playlist = try Playlist.parse(text)
    return Audit.run(playlist).filter { $0.severity == .error }.map {
      "\($0.rule): \($0.message)"
    }
  }
}
