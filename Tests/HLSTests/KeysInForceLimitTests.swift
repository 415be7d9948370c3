import ManifestCore
import Testing

@testable import HLS

/// At most `keysInForce` EXT-X-KEYs apply at once: each segment carries every key in force, so
/// a playlist naming a new KEYFORMAT on every segment (5,000 of them: 21 s and 7.3 GB for
/// `dump --json`) would grow as segments × formats.
@Suite struct KeysInForceLimitTests {
  /// A media playlist whose segment `k` adds a key of KEYFORMAT `com.example.k` (Widevine-style
  /// multi-DRM packagers state one EXT-X-KEY per system; here every segment names a new one).
  private func playlist(formats: Int) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:5\n#EXT-X-TARGETDURATION:4\n"
    for k in 0..<formats {
      text += "#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://k\(k)\",KEYFORMAT=\"com.example.\(k)\"\n"
      text += "#EXTINF:4,\nseg\(k).ts\n"
    }
    return text
  }

  @Test func thirtyTwoFormatsAreInForceAtTheDefaultLimit() throws {
    let media = try #require(try Playlist.parse(playlist(formats: 32)).media)
    #expect(media.segments.last?.keys.count == 32)
  }

  @Test func theThirtyThirdFormatIsRefused() throws {
    let error = try #require(throws: ParseError.self) {
      try Playlist.parse(playlist(formats: 5000))
    }
    #expect(error.code == "limit.keys-in-force")
    #expect(
      error.message
        == "EXT-X-KEY KEYFORMAT 'com.example.32' would be key 33 in force at once "
        + "(limit keys-in-force=32) [limit.keys-in-force]")
    #expect(error.location.line == 100)
  }

  @Test func rotationWithinAFormatDoesNotCount() throws {
    var options = ParseOptions()
    options.limits.keysInForce = 2
    var text = "#EXTM3U\n#EXT-X-VERSION:5\n#EXT-X-TARGETDURATION:4\n"
    for k in 0..<1000 {
      text +=
        "#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://fp\(k)\",KEYFORMAT=\"com.apple.streamingkeydelivery\"\n"
      text +=
        "#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"data:text/plain;base64,AAAA\",KEYFORMAT=\"urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed\"\n"
      text += "#EXTINF:4,\nseg\(k).ts\n"
    }
    let media = try #require(try Playlist.parse(text, options: options).media)
    #expect(media.segments.count == 1000)
    #expect(media.segments.last?.keys.map(\.uri) == ["skd://fp999", "data:text/plain;base64,AAAA"])
  }
}
