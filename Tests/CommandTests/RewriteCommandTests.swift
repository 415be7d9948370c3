import Testing

@Suite struct RewriteCommandTests {
  @Test func rewritesEveryURIOfAMultivariantPlaylist() {
    // samples/hls/multivariant.m3u8 (Apple's advanced example layout): relative URIs, an skd://
    // session key and a steering server.
    let (status, out, err) = m3u8([
      "rewrite", "--prefix", "v9/=https://cdn-b.example.net/v9/", "--host",
      "steering.example.com=steer.example.net", "--query", "cdn=b",
      hlsSample("multivariant.m3u8"),
    ])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out.contains(
        "#EXT-X-CONTENT-STEERING:SERVER-URI=\"https://steer.example.net/v1/steer?session=abc&cdn=b\",PATHWAY-ID=\"CDN-A\"\n"
      ))
    #expect(out.contains("\nhttps://cdn-b.example.net/v9/prog_index.m3u8?cdn=b\n"))
    #expect(
      out.contains(
        "CODECS=\"avc1.64002a\",RESOLUTION=1920x1080,URI=\"https://cdn-b.example.net/v9/iframe_index.m3u8?cdn=b\"\n"
      ))
    #expect(out.contains("URI=\"skd://twelve\""))
    #expect(out.contains("\nv5/prog_index.m3u8\n"))
  }

  @Test func usageErrors() {
    #expect(
      m3u8(["rewrite", "x.m3u8"]).2.hasPrefix(
        "m3u8-tool rewrite: error: give at least one of --host, --prefix or --query [cli.usage]\n"))
    #expect(
      m3u8(["rewrite", "--host", "a.example.com", "x.m3u8"]).2.hasPrefix(
        "m3u8-tool rewrite: error: option '--host' needs FROM=TO with a non-empty FROM, got 'a.example.com' [cli.option]\n"
      ))
    #expect(
      m3u8(["rewrite", "--host", "a.example.com=b.example.com/x", "x.m3u8"]).2.hasPrefix(
        "m3u8-tool rewrite: error: option '--host' needs a host (and port) as TO, got 'b.example.com/x' [cli.option]\n"
      ))
    #expect(
      m3u8(["rewrite", "--query", "=v", "x.m3u8"]).2.hasPrefix(
        "m3u8-tool rewrite: error: option '--query' needs K=V with a non-empty K, got '=v' [cli.option]\n"
      ))
  }

  @Test func valuesCannotChangeTheStructureOfThePlaylist() {
    let playlist = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-KEY:METHOD=AES-128,URI="k.key"
      #EXTINF:6,
      s.ts

      """
    let (status, out, _) = m3u8(
      ["rewrite", "--prefix", "k=x\"", "--query", "t=a\"b,\n#EXT-X-ENDLIST"], stdin: playlist)
    #expect(status == 0)
    #expect(
      out == """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-KEY:METHOD=AES-128,URI="x%22.key?t=a%22b%2C%0A%23EXT-X-ENDLIST"
        #EXTINF:6,
        s.ts

        """)
    #expect(
      m3u8(["rewrite", "--prefix", "k=x\ny"], stdin: playlist).2.hasPrefix(
        "m3u8-tool rewrite: error: --prefix must not hold control characters, got 'x\\ny' [cli.usage]\n"
      ))
  }
}
