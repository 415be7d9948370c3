import M3U8Commands
import Testing
import ToolSupport

@Suite struct ResolveCommandTests {
  @Test func resolvesAgainstThePlaylistURL() {
    let (status, out, err) = m3u8(
      ["resolve", "--base", "https://cdn.example.com/news/hls/index.m3u8"],
      stdin: """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-KEY:METHOD=AES-128,URI="../keys/k1.key",IV=0x1
        #EXTINF:10,
        media_1.ts?sig=abc#t=0
        #EXTINF:10,
        //edge.example.net/media_2.ts

        """)
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-KEY:METHOD=AES-128,URI="https://cdn.example.com/news/keys/k1.key",IV=0x1
        #EXTINF:10,
        https://cdn.example.com/news/hls/media_1.ts?sig=abc#t=0
        #EXTINF:10,
        https://edge.example.net/media_2.ts

        """)
  }

  @Test(arguments: [
    ([String](), "--base URL is required [cli.usage]"),
    (
      ["--base", "/cdn/news/"],
      "--base needs an absolute URL (with a scheme, such as https:), got '/cdn/news/' [cli.usage]"
    ),
  ])
  func usageErrors(arguments: [String], message: String) {
    let (status, out, err) = m3u8(["resolve"] + arguments, stdin: "#EXTM3U\n")
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err == "m3u8-tool resolve: error: \(message)\nRun 'm3u8-tool resolve --help' for usage.\n")
  }
}
