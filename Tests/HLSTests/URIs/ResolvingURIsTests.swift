import ManifestCore
import Testing

@testable import HLS

@Suite struct ResolvingURIsTests {
  @Test func everyURIOfALowLatencyMediaPlaylist() throws {
    let playlist = try Playlist.parse(
      """
      #EXTM3U
      #EXT-X-VERSION:9
      #EXT-X-TARGETDURATION:4
      #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=3.0
      #EXT-X-PART-INF:PART-TARGET=1.0
      #EXT-X-MEDIA-SEQUENCE:100
      #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://asset-9",KEYFORMAT="com.apple.streamingkeydelivery"
      #EXT-X-KEY:METHOD=SAMPLE-AES,URI="data:text/plain;base64,AAAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"
      #EXT-X-MAP:URI="../init.mp4",BYTERANGE="720@0"
      #EXT-X-DATERANGE:ID="ad1",CLASS="com.apple.hls.interstitial",START-DATE="2025-01-01T00:00:00Z",X-ASSET-URI="ads/a.m3u8?x=1"
      #EXTINF:4.0,
      seg100.m4s
      #EXT-X-PART:DURATION=1.0,URI="seg101.0.m4s",INDEPENDENT=YES
      #EXTINF:4.0,
      https://other.example.com/seg101.m4s
      #EXT-X-PRELOAD-HINT:TYPE=PART,URI="seg102.0.m4s"
      #EXT-X-RENDITION-REPORT:URI="../audio/index.m3u8",LAST-MSN=101,LAST-PART=0

      """)
    let resolved = try playlist.resolvingURIs(
      against: "https://cdn.example.com/live/video/index.m3u8?token=t")
    #expect(
      String(decoding: resolved.bytes, as: UTF8.self) == """
        #EXTM3U
        #EXT-X-VERSION:9
        #EXT-X-TARGETDURATION:4
        #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=3.0
        #EXT-X-PART-INF:PART-TARGET=1.0
        #EXT-X-MEDIA-SEQUENCE:100
        #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://asset-9",KEYFORMAT="com.apple.streamingkeydelivery"
        #EXT-X-KEY:METHOD=SAMPLE-AES,URI="data:text/plain;base64,AAAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"
        #EXT-X-MAP:URI="https://cdn.example.com/live/init.mp4",BYTERANGE="720@0"
        #EXT-X-DATERANGE:ID="ad1",CLASS="com.apple.hls.interstitial",START-DATE="2025-01-01T00:00:00Z",X-ASSET-URI="https://cdn.example.com/live/video/ads/a.m3u8?x=1"
        #EXTINF:4.0,
        https://cdn.example.com/live/video/seg100.m4s
        #EXT-X-PART:DURATION=1.0,URI="https://cdn.example.com/live/video/seg101.0.m4s",INDEPENDENT=YES
        #EXTINF:4.0,
        https://other.example.com/seg101.m4s
        #EXT-X-PRELOAD-HINT:TYPE=PART,URI="https://cdn.example.com/live/video/seg102.0.m4s"
        #EXT-X-RENDITION-REPORT:URI="https://cdn.example.com/live/audio/index.m3u8",LAST-MSN=101,LAST-PART=0

        """)
    #expect(resolved.diagnostics == playlist.diagnostics)
  }

  @Test func everyURIOfAMultivariantPlaylist() throws {
    let playlist = try Playlist.parse(
      """
      #EXTM3U
      #EXT-X-DEFINE:NAME="cdn",VALUE="https://edge.example.net"
      #EXT-X-CONTENT-STEERING:SERVER-URI="/steer?v=1",PATHWAY-ID="A"
      #EXT-X-SESSION-DATA:DATA-ID="com.example.lyrics",URI="lyrics.json"
      #EXT-X-SESSION-KEY:METHOD=AES-128,URI="keys/session.key"
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="audio/en.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=1000000,AUDIO="a",PATHWAY-ID="A"
      ./video/../video/1m.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=2000000,AUDIO="a",PATHWAY-ID="A"
      {$cdn}/video/2m.m3u8
      #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=100000,URI="video/1m-if.m3u8"
      #EXT-X-IMAGE-STREAM-INF:BANDWIDTH=20000,RESOLUTION=320x180,CODECS="jpeg",URI="thumbs/index.m3u8"

      """)
    let resolved = try playlist.resolvingURIs(against: "https://cdn.example.com/vod/master.m3u8")
    let references = resolved.source.uriReferences.map(\.value)
    #expect(
      references == [
        "https://cdn.example.com/steer?v=1", "https://cdn.example.com/vod/lyrics.json",
        "https://cdn.example.com/vod/keys/session.key",
        "https://cdn.example.com/vod/audio/en.m3u8",
        "https://cdn.example.com/vod/video/1m.m3u8", "{$cdn}/video/2m.m3u8",
        "https://cdn.example.com/vod/video/1m-if.m3u8",
        "https://cdn.example.com/vod/thumbs/index.m3u8",
      ])
    #expect(
      resolved.multivariant?.variants.map(\.uri).last == "https://edge.example.net/video/2m.m3u8")
  }

  @Test func absolutePlaylistIsUnchangedByteForByte() throws {
    let text = "#EXTM3U\r\n#EXT-X-TARGETDURATION:2\r\n#EXTINF:2,\r\nhttps://a.example/x.ts\r\n"
    let playlist = try Playlist.parse(text)
    #expect(playlist.source.resolvingURIEdits(against: "https://b.example/") == [])
    #expect(try playlist.resolvingURIs(against: "https://b.example/").bytes == Array(text.utf8))
  }
}
