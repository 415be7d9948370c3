import ManifestCore
import Testing

@testable import HLS

@Suite struct DownloadListTests {
  func lines(_ list: DownloadList) -> [String] {
    list.resources.map {
      "\($0.kind.rawValue) \($0.uri)" + ($0.byteRange.map { " " + $0.httpRange } ?? "")
    }
  }

  @Test func mapsKeysAndByteRangesInFetchOrderWithoutRepeats() throws {
    let media = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-VERSION:7
      #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://asset",KEYFORMAT="com.apple.streamingkeydelivery"
      #EXT-X-KEY:METHOD=AES-128,URI="keys/k1.bin",KEYFORMAT="identity"
      #EXT-X-MAP:URI="main.mp4",BYTERANGE="720@0"
      #EXTINF:6.0,
      #EXT-X-BYTERANGE:100000@720
      main.mp4
      #EXTINF:6.0,
      #EXT-X-BYTERANGE:90000
      main.mp4
      #EXT-X-GAP
      #EXTINF:6.0,
      missing.mp4
      #EXT-X-KEY:METHOD=AES-128,URI="keys/k1.bin"
      #EXTINF:2.5,
      #EXT-X-BYTERANGE:30000@190720
      main.mp4

      """)
    let list = media.downloadList(base: "https://cdn.example.com/vod/v.m3u8")
    #expect(
      lines(list) == [
        "key https://cdn.example.com/vod/keys/k1.bin",
        "map https://cdn.example.com/vod/main.mp4 bytes=0-719",
        "segment https://cdn.example.com/vod/main.mp4 bytes=720-100719",
        "segment https://cdn.example.com/vod/main.mp4 bytes=100720-190719",
        "segment https://cdn.example.com/vod/main.mp4 bytes=190720-220719",
      ])
    #expect(list.totalDuration == ExactDecimal(significand: 205, scale: 1))
    #expect(list.knownSize == 720 + 100_000 + 90_000 + 30_000)
    #expect(
      list.resources.map(\.duration) == [
        nil, nil, ExactDecimal(6), ExactDecimal(6), ExactDecimal(significand: 25, scale: 1),
      ])
  }

  @Test func withoutABaseURIsStayAsWritten() throws {
    let media = try Playlist.media(
      "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n../a/1.ts\n#EXTINF:4,\n../a/1.ts\n")
    #expect(lines(media.downloadList()) == ["segment ../a/1.ts"])
  }

  @Test func drmKeysAreNotDownloads() throws {
    let report = try DRMSamples.playlist("shaka-multi-drm-rotation.m3u8")
    let list = try #require(report.media).downloadList()
    #expect(list.resources.allSatisfy { $0.kind != .key })
    #expect(list.resources.first?.uri == "h264_720p/init.mp4")
    #expect(list.resources.count == 8)
  }

  @Test func multivariantFollowsTheChosenVariantAndItsRenditions() throws {
    let playlist = try #require(DRMSamples.playlist("usp/presentation.m3u8").multivariant)
    let list = try playlist.downloadList(
      selecting: VariantFilter(order: .bandwidthDescending, first: 1), followingWith: DiskLoader(),
      location: DRMSamples.path("usp/presentation.m3u8"), base: "https://cdn.example.com/p/x.m3u8")
    #expect(list.diagnostics == [])
    let prefix = "https://cdn.example.com/p/presentation-"
    #expect(
      lines(list) == [
        "playlist \(prefix)audio_eng=128000-video=2500000.m3u8",
        "map \(prefix)video=2500000.m4s",
        "segment \(prefix)audio_eng=128000-video=2500000-1.m4s",
        "segment \(prefix)audio_eng=128000-video=2500000-2.m4s",
        "segment \(prefix)audio_eng=128000-video=2500000-3.m4s",
        "playlist \(prefix)audio_eng=128000.m3u8",
        "map \(prefix)audio_eng=128000.m4s",
        "segment \(prefix)audio_eng=128000-1.m4s",
        "segment \(prefix)audio_eng=128000-2.m4s",
        "segment \(prefix)audio_eng=128000-3.m4s",
      ])
    #expect(list.totalDuration == ExactDecimal(12))
  }

  @Test func relativeToTheMultivariantPlaylistWithoutABase() throws {
    let master = try Playlist.multivariant(
      """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="en",URI="subs/en.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=500000,SUBTITLES="s"
      video/low.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=900000,SUBTITLES="s"
      video/missing.m3u8

      """)
    let loader = MemoryLoader([
      "vod/video/low.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n../seg/low-1.ts\n",
      "vod/subs/en.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nen-1.vtt\n",
    ])
    let list = try master.downloadList(
      selecting: VariantFilter(), followingWith: loader, location: "vod/master.m3u8")
    #expect(
      lines(list) == [
        "playlist video/low.m3u8", "segment seg/low-1.ts", "playlist subs/en.m3u8",
        "segment subs/en-1.vtt", "playlist video/missing.m3u8",
      ])
    #expect(
      loader.requested == ["vod/video/low.m3u8", "vod/subs/en.m3u8", "vod/video/missing.m3u8"])
    #expect(
      list.diagnostics.map { $0.diagnostic.rendered(file: $0.playlist ?? "-") } == [
        "vod/master.m3u8:6:1: warning: cannot read vod/video/missing.m3u8: not in the test's files [hls.follow.unreadable]"
      ])
  }

  @Test func selectionErrorsPassThrough() throws {
    let master = try Playlist.multivariant(
      "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,CODECS=\"avc1.4d401e\"\na.m3u8\n")
    #expect(
      throws: VariantSelectionError(
        "no variant matches codecs starting with av01; the variants have avc1.4d401e")
    ) {
      try master.downloadList(
        selecting: VariantFilter(codecPrefixes: ["av01"]), followingWith: MemoryLoader([:]),
        location: nil)
    }
  }
}

@Suite struct DownloadListBoundTests {
  @Test func knownSizeSaturates() throws {
    let media = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXTINF:4,
      #EXT-X-BYTERANGE:9223372036854775000@0
      a.ts
      #EXTINF:4,
      #EXT-X-BYTERANGE:9223372036854775000@0
      b.ts

      """)
    #expect(media.downloadList().knownSize == Int.max)
  }
}
