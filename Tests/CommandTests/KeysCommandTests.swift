import Foundation
import M3U8Commands
import ManifestCore
import Testing
import ToolSupport

/// The path of a playlist in `samples/drm`.
func drmSample(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../samples/drm/\(name)").standardized.path
}

@Suite struct KeysCommandTests {
  @Test func tableOfARotatedAES128PlaylistWithAClearAdBreak() throws {
    let text = try String(
      contentsOfFile: drmSample("aes128-rotation-clear-ad.m3u8"), encoding: .utf8)
    let (status, out, err) = m3u8(["keys", "news.m3u8"], files: ["news.m3u8": text])
    #expect(status == 0)
    #expect(err == "")
    let expected: [String] = [
      "TAG  PLAYLIST   LINE  SEGMENTS  MSN        SYSTEM   METHOD   KEY ID  DETAIL",
      "key  news.m3u8  6     0-1       1042-1043  AES-128  AES-128  -       "
        + "https://keys.example.com/hls/key?id=1042&asset=news; iv 0000000000000000000000000000a412",
      "key  news.m3u8  11    2         1044       AES-128  AES-128  -       "
        + "https://keys.example.com/hls/key?id=1044&asset=news; iv 0000000000000000000000000000a414",
      "key  news.m3u8  15    3-4       1045-1046  none     NONE     -       -",
      "key  news.m3u8  23    5-6       1047-1048  AES-128  AES-128  -       "
        + "../keys/news-1047.key; iv 0000000000000000000000000000a417",
      "",
    ]
    #expect(out == expected.joined(separator: "\n"))
  }

  @Test func tableDetailsForEachDRMSystem() {
    let (status, out, _) = m3u8(["keys", "-"], stdin: Self.multiDRM)
    #expect(status == 0)
    #expect(
      out == """
        TAG  PLAYLIST  LINE  SEGMENTS  MSN  SYSTEM     METHOD      KEY ID                            DETAIL
        key  <stdin>   4     0-1       0-1  FairPlay   SAMPLE-AES  -                                 content id 9eb4050de44b4802932e27d75083e266; query v=2
        key  <stdin>   5     0-1       0-1  Widevine   SAMPLE-AES  9eb4050de44b4802932e27d75083e266  pssh v1 Widevine, 24-byte data
        key  <stdin>   6     0-1       0-1  PlayReady  SAMPLE-AES  9eb4050de44b4802932e27d75083e266  pssh v1 PlayReady, 568-byte data; license https://pr.example.net/rightsmanager.asmx

        """)
  }

  @Test func noKeys() {
    let (status, out, _) = m3u8(
      ["keys"], stdin: "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\na.ts\n")
    #expect(status == 0)
    #expect(out == "no keys\n")
  }

  @Test func jsonFollowingInMemoryFilesWithAMissingOne() throws {
    let files = [
      "vod/master.m3u8": """
      #EXTM3U
      #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://asset-42",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
      #EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=960x540
      540p/index.m3u8?token=abc
      #EXT-X-STREAM-INF:BANDWIDTH=3400000,RESOLUTION=1280x720
      720p/index.m3u8

      """,
      "vod/540p/index.m3u8": """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-MEDIA-SEQUENCE:7
      #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://asset-42",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
      #EXTINF:6,
      s7.ts

      """,
    ]
    let (status, out, err) = m3u8(["keys", "--follow", "--json", "vod/master.m3u8"], files: files)
    #expect(status == 0)
    #expect(
      err
        == "vod/master.m3u8:6:1: warning: cannot read vod/720p/index.m3u8: "
        + "No such file or directory [hls.follow.unreadable]\n")
    let json = try JSONValue.parse(Array(out.utf8))
    let session = try #require(json["sessionKeys"]?.arrayValue)
    let keys = try #require(json["keys"]?.arrayValue)
    #expect(session.count == 1)
    #expect(session[0]["playlist"]?.stringValue == "vod/master.m3u8")
    #expect(session[0]["firstSegment"]?.isNull == true)
    #expect(session[0]["segmentCount"]?.isNull == true)
    #expect(keys.count == 1)
    #expect(keys[0]["playlist"]?.stringValue == "vod/540p/index.m3u8?token=abc")
    #expect(keys[0]["mediaSequence"]?.intValue == 7)
    #expect(keys[0]["drmSystem"]?.stringValue == "FairPlay")
    #expect(keys[0]["contentId"]?.stringValue == "asset-42")
  }

  @Test func theFileLoaderReadsLocalFilesAndHTTPOnly() {
    let files = [
      "m/master.m3u8": """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=1000000
      ftp://cdn.example.com/remote.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=2000000
      spring%20ep01/v.m3u8#t=10

      """,
      "m/spring ep01/v.m3u8": """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-KEY:METHOD=AES-128,URI="k.bin"
      #EXTINF:4,
      1.ts

      """,
    ]
    let (status, out, err) = m3u8(["keys", "--follow", "m/master.m3u8"], files: files)
    #expect(status == 0)
    #expect(
      err
        == "m/master.m3u8:3:1: warning: cannot read ftp://cdn.example.com/remote.m3u8: "
        + "m3u8-tool reads local files and http or https URLs only [hls.follow.unreadable]\n")
    #expect(out.contains("key  m/spring%20ep01/v.m3u8#t=10  3     0         0    AES-128"))
  }

  @Test func theFairPlayContentIDWithoutScraping() throws {
    // What the README's jq one-liner selects: the first FairPlay key's content ID.
    let (_, out, _) = m3u8(
      ["keys", "--follow", "--json", drmSample("usp/presentation.m3u8")])
    let json = try JSONValue.parse(Array(out.utf8))
    let all = (json["sessionKeys"]?.arrayValue ?? []) + (json["keys"]?.arrayValue ?? [])
    let fairPlay = all.first { $0["drmSystem"]?.stringValue == "FairPlay" }
    #expect(fairPlay?["contentId"]?.stringValue == "9eb4050de44b4802932e27d75083e266")
    #expect(all.count == 18)
  }

  @Test func usageErrors() {
    let (status, _, err) = m3u8(["keys", "a.m3u8", "b.m3u8"])
    #expect(status == 2)
    #expect(
      err == """
        m3u8-tool keys: error: expected at most one FILE, got 2 [cli.usage]
        Run 'm3u8-tool keys --help' for usage.

        """)
    let (unknown, _, _) = m3u8(["keys", "--drm", "FairPlay"])
    #expect(unknown == 2)
    let (missing, _, missingErr) = m3u8(["keys", "/nonexistent/master.m3u8"])
    #expect(missing == 2)
    #expect(
      missingErr
        == "/nonexistent/master.m3u8:1:1: error: cannot read: No such file or directory [io.read]\n"
    )
  }

  @Test func help() {
    let (status, out, _) = m3u8(["keys", "--help"])
    #expect(status == 0)
    #expect(out.hasPrefix("usage: m3u8-tool keys [OPTIONS] [FILE]\n"))
    #expect(out.contains("  --follow  "))
    #expect(out.contains("  --json  "))
  }

  static let multiDRM = """
    #EXTM3U
    #EXT-X-TARGETDURATION:6
    #EXT-X-MAP:URI="init.mp4"
    #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://9eb4050de44b4802932e27d75083e266?v=2",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
    #EXT-X-KEY:METHOD=SAMPLE-AES,URI="data:text/plain;base64,AAAATHBzc2gBAAAA7e+LqXnWSs6jyCfc1R0h7QAAAAGetAUN5EtIApMuJ9dQg+JmAAAAGBIQnrQFDeRLSAKTLifXUIPiZkjj3JWbBg==",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",KEYFORMATVERSIONS="1"
    #EXT-X-KEY:METHOD=SAMPLE-AES,URI="data:text/plain;base64,\(playReadyPSSH)",KEYFORMAT="urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95",KEYFORMATVERSIONS="1"
    #EXTINF:6,
    1.m4s
    #EXTINF:6,
    2.m4s

    """

  /// The PlayReady `pssh` box of samples/drm/bitmovin-cenc-widevine-playready.m3u8.
  static var playReadyPSSH: String {
    let text =
      (try? String(
        contentsOfFile: drmSample("bitmovin-cenc-widevine-playready.m3u8"), encoding: .utf8)) ?? ""
    guard let start = text.range(of: "base64,AAACb") else { return "" }
    let rest = text[text.index(start.lowerBound, offsetBy: 7)...]
    return String(rest.prefix { $0 != "\"" })
  }
}

@Suite struct KeysContentIDTests {
  /// A FairPlay key as packagers for EZDRM-style licence servers write it (the asset ID as the
  /// last path segment) and NAGRA PRM beside it (a urn:uuid KEYFORMAT, the pssh box inline).
  static let playlist = """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-TARGETDURATION:6
    #EXT-X-MAP:URI="init.mp4"
    #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://fps.example.com/keys/9eb4050de44b4802",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
    #EXT-X-KEY:METHOD=SAMPLE-AES,URI="data:text/plain;base64,AAAAbXBzc2gAAAAArbQcJC2/Sm2Vi0RXwNJ7lQAAAE17ImNvbnRlbnRJZCI6ImJpZy1idWNrLWJ1bm55Iiwia2V5SWQiOiI5ZWI0MDUwZC1lNDRiLTQ4MDItOTMyZS0yN2Q3NTA4M2UyNjYifQ==",KEYFORMAT="urn:uuid:adb41c24-2dbf-4a6d-958b-4457c0d27b95",KEYFORMATVERSIONS="1"
    #EXT-X-KEY:METHOD=SAMPLE-AES,URI="https://drm.example.com/marlin",KEYFORMAT="urn:uuid:5e629af5-38da-4063-8977-97ffbd9902d4",KEYFORMATVERSIONS="1"
    #EXTINF:6,
    1.m4s
    #EXT-X-ENDLIST

    """

  @Test func lastPathContentIDAndNagra() {
    let (status, out, err) = m3u8(["keys", "--content-id", "last-path", "-"], stdin: Self.playlist)
    #expect(status == 0)
    #expect(err == "")
    let lines = out.split(separator: "\n").map {
      String($0).replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
    }
    #expect(
      lines == [
        "TAG PLAYLIST LINE SEGMENTS MSN SYSTEM METHOD KEY ID DETAIL",
        "key <stdin> 5 0 0 FairPlay SAMPLE-AES - content id 9eb4050de44b4802",
        "key <stdin> 6 0 0 Nagra SAMPLE-AES - pssh v0 Nagra, 77-byte data",
        "key <stdin> 7 0 0 Marlin Adaptive Streaming Simple Profile V1.0 SAMPLE-AES - "
          + "https://drm.example.com/marlin",
      ])
  }

  @Test func jsonContentIDAndRegistryName() {
    let hostPath = m3u8(["keys", "--json", "-"], stdin: Self.playlist).1
    #expect(hostPath.contains("\"contentId\":\"fps.example.com/keys/9eb4050de44b4802\""))
    let lastPath = m3u8(["keys", "--json", "--content-id", "last-path", "-"], stdin: Self.playlist)
      .1
    #expect(lastPath.contains("\"drmSystem\":\"FairPlay\",\"contentId\":\"9eb4050de44b4802\""))
    #expect(lastPath.contains("\"drmSystemName\":\"Apple FairPlay\""))
    #expect(lastPath.contains("\"drmSystem\":\"Nagra\""))
    #expect(lastPath.contains("\"drmSystemName\":\"Nagra MediaAccess PRM 3.0\""))
    #expect(lastPath.contains("\"drmSystem\":\"registered\""))
    #expect(
      m3u8(["keys", "--content-id", "host", "-"], stdin: Self.playlist).2.hasPrefix(
        "m3u8-tool keys: error: option '--content-id' needs host-path or last-path, got 'host' [cli.option]\n"
      ))
  }
}
