import HLS
import Testing

@Suite struct URIRewriteTests {
  /// A live LL-HLS rendition as AWS Elemental MediaPackage v2 writes one behind a CDN, with
  /// absolute key, map and segment URIs, an interstitial and a FairPlay key.
  static let media = """
    #EXTM3U
    #EXT-X-VERSION:9
    #EXT-X-TARGETDURATION:4
    #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=3.012
    #EXT-X-PART-INF:PART-TARGET=1.004
    #EXT-X-MEDIA-SEQUENCE:2698
    #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://fps.example.com/keys/abc",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
    #EXT-X-KEY:METHOD=SAMPLE-AES,URI="https://CDN-A.example.com:443/keys/k1?sig=x",KEYFORMAT="identity"
    #EXT-X-MAP:URI="https://cdn-a.example.com/out/v1/init.mp4"
    #EXT-X-DATERANGE:ID="ad1",CLASS="com.apple.hls.interstitial",START-DATE="2025-11-29T18:42:10.104Z",X-ASSET-URI="https://cdn-a.example.com/ads/a.m3u8",X-RESUME-OFFSET=0
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:42:10.104Z
    #EXTINF:4.00000,
    https://cdn-a.example.com/out/v1/seg2698.m4s?m=1
    #EXT-X-PART:DURATION=1.00000,URI="out/v1/part2699.0.m4s",INDEPENDENT=YES
    #EXT-X-PRELOAD-HINT:TYPE=PART,URI="out/v1/part2699.1.m4s"
    #EXT-X-RENDITION-REPORT:URI="out/v2/index.m3u8",LAST-MSN=2699,LAST-PART=0

    """

  @Test func hostRuleMovesAbsoluteURIsAndKeepsEveryOtherByte() throws {
    let playlist = try Playlist.parse(Self.media)
    let rewrite = URIRewrite(rules: [.host(from: "cdn-a.example.com", to: "cdn-b.example.net")])
    let out = String(
      decoding: playlist.source.applying(playlist.source.rewritingURIEdits(rewrite)), as: UTF8.self)
    let expected = Self.media
      .replacingOccurrences(
        of: "https://CDN-A.example.com:443/", with: "https://cdn-b.example.net:443/"
      )
      .replacingOccurrences(of: "https://cdn-a.example.com/", with: "https://cdn-b.example.net/")
    #expect(out == expected)
  }

  @Test func prefixRuleAndQueryParameters() throws {
    let playlist = try Playlist.parse(Self.media)
    let rewrite = URIRewrite(
      rules: [.prefix(from: "out/v1/", to: "https://edge.example.net/live/v1/")],
      query: [URIRewrite.QueryParameter(name: "token", value: "a b&c=d")])
    let out = String(
      decoding: playlist.source.applying(playlist.source.rewritingURIEdits(rewrite)), as: UTF8.self)
    let expected = Self.media
      .replacingOccurrences(
        of: "URI=\"out/v1/part2699.0.m4s\"",
        with: "URI=\"https://edge.example.net/live/v1/part2699.0.m4s?token=a%20b%26c%3Dd\""
      )
      .replacingOccurrences(
        of: "URI=\"out/v1/part2699.1.m4s\"",
        with: "URI=\"https://edge.example.net/live/v1/part2699.1.m4s?token=a%20b%26c%3Dd\"")
    #expect(out == expected)
  }

  @Test func queryAloneGoesOnEveryURIButDataAndSKD() throws {
    let rewrite = URIRewrite(query: [URIRewrite.QueryParameter(name: "m", value: "2")])
    #expect(
      rewrite.rewrite("https://cdn-a.example.com/out/v1/seg2698.m4s?m=1")
        == "https://cdn-a.example.com/out/v1/seg2698.m4s?m=2")
    #expect(rewrite.rewrite("seg.ts#t=1") == "seg.ts?m=2#t=1")
    #expect(rewrite.rewrite("seg.ts?a=1&m") == "seg.ts?a=1&m=2")
    #expect(rewrite.rewrite("skd://fps.example.com/keys/abc") == nil)
    #expect(rewrite.rewrite("data:text/plain;base64,AAAA") == nil)
    #expect(rewrite.rewrite("{$cdn}/seg.ts") == nil)
  }

  @Test func hostRuleMatchesTheHostOnly() {
    let rewrite = URIRewrite(rules: [.host(from: "cdn-a.example.com", to: "cdn-b.example.net:8443")]
    )
    #expect(
      rewrite.rewrite("https://user@cdn-a.example.com:443/a.ts")
        == "https://user@cdn-b.example.net:8443/a.ts")
    #expect(rewrite.rewrite("https://cdn-a.example.com.evil.test/a.ts") == nil)
    #expect(rewrite.rewrite("https://other.example.com/cdn-a.example.com/a.ts") == nil)
    #expect(rewrite.rewrite("//cdn-a.example.com/a.ts") == nil)
    #expect(rewrite.rewrite("a.ts") == nil)
  }
}
