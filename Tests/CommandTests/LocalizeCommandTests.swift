import Foundation
import HLS
import M3U8Commands
import ManifestCore
import Testing
import ToolSupport

/// Runs `m3u8-tool` in memory; also returns the files it wrote, as text.
private func run(_ arguments: [String], files: [String: String])
  -> (Int32, String, String, [String: String])
{
  let io = ToolIO.memory(files: files)
  let status = M3U8Tool.tool.run(arguments, io: io)
  return (
    status, io.capturedOutput, io.capturedError,
    io.writtenFiles.mapValues { String(decoding: $0, as: UTF8.self) }
  )
}

@Suite struct LocalizeCommandTests {
  /// Apple's bipbop_16x9 layout (mediafilesegmenter and variantplaylistcreator output: gear
  /// folders of prog_index.m3u8, an alternate audio and a WebVTT subtitle rendition), as a CDN
  /// packager re-points some of it: gear2's segments (byte ranges of one file) on a CDN host
  /// with a port, gear1's AES-128 key on a key server with a token, one subtitle segment on
  /// another host, and the gear2 variant named with a dot segment and a cache-busting query.
  static let files = [
    "vod/master.m3u8": """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://bipbop-content",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="bipbop_audio",LANGUAGE="eng",NAME="BipBop Audio 1",AUTOSELECT=YES,DEFAULT=YES
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="bipbop_audio",LANGUAGE="eng",NAME="BipBop Audio 2",AUTOSELECT=NO,DEFAULT=NO,URI="alternate_audio_aac/prog_index.m3u8"
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",DEFAULT=YES,AUTOSELECT=YES,FORCED=NO,LANGUAGE="en",URI="subtitles/eng/prog_index.m3u8"
    #EXT-X-STREAM-INF:BANDWIDTH=263851,CODECS="mp4a.40.2, avc1.4d400d",RESOLUTION=416x234,AUDIO="bipbop_audio",SUBTITLES="subs"
    gear1/prog_index.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=577610,CODECS="mp4a.40.2, avc1.4d401e",RESOLUTION=640x360,AUDIO="bipbop_audio",SUBTITLES="subs"
    ./gear2/prog_index.m3u8?v=2
    #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=28451,CODECS="avc1.4d400d",URI="gear1/iframe_index.m3u8"

    """,
    "vod/gear1/prog_index.m3u8": """
    #EXTM3U
    #EXT-X-TARGETDURATION:10
    #EXT-X-VERSION:3
    #EXT-X-MEDIA-SEQUENCE:0
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/bipbop/key1?token=abc",IV=0x00000000000000000000000000000001
    #EXTINF:10.00000,
    fileSequence0.ts
    #EXTINF:10.00000,
    fileSequence1.ts
    #EXT-X-ENDLIST

    """,
    "vod/gear2/prog_index.m3u8": """
    #EXTM3U
    #EXT-X-TARGETDURATION:10
    #EXT-X-VERSION:4
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:10.00000,
    #EXT-X-BYTERANGE:326744@0
    https://cdn.example.net:8443/bipbop/gear2/main.ts
    #EXTINF:10.00000,
    #EXT-X-BYTERANGE:326368
    https://cdn.example.net:8443/bipbop/gear2/main.ts
    #EXT-X-ENDLIST

    """,
    "vod/alternate_audio_aac/prog_index.m3u8": """
    #EXTM3U
    #EXT-X-TARGETDURATION:10
    #EXT-X-VERSION:4
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:10.00000,
    #EXT-X-BYTERANGE:160720@0
    main.aac
    #EXTINF:10.00000,
    #EXT-X-BYTERANGE:160304
    main.aac
    #EXT-X-ENDLIST

    """,
    "vod/subtitles/eng/prog_index.m3u8": """
    #EXTM3U
    #EXT-X-TARGETDURATION:10
    #EXT-X-VERSION:3
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:10.00000,
    https://subs.example.com/bipbop/eng/fileSequence%200.webvtt
    #EXTINF:10.00000,
    fileSequence1.webvtt
    #EXT-X-ENDLIST

    """,
  ]

  /// The fixture with what `urls` lists downloaded into `dl` (media files as placeholders).
  static let downloaded = files.merging(
    [
      "keys.example.com/bipbop/key1", "gear1/fileSequence0.ts", "gear1/fileSequence1.ts",
      "alternate_audio_aac/main.aac", "subs.example.com/bipbop/eng/fileSequence 0.webvtt",
      "subtitles/eng/fileSequence1.webvtt", "cdn.example.net:8443/bipbop/gear2/main.ts",
    ].map { ("dl/" + $0, "") }
  ) { first, _ in first }

  @Test func rewritesEveryListedURIToItsLocalFile() throws {
    let (status, out, err, written) = run(
      ["localize", "--root", "dl", "vod/master.m3u8"], files: Self.downloaded)
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        dl/master.m3u8
        dl/gear1/prog_index.m3u8
        dl/alternate_audio_aac/prog_index.m3u8
        dl/subtitles/eng/prog_index.m3u8
        dl/gear2/prog_index.m3u8

        """)
    let master = try #require(Self.files["vod/master.m3u8"])
    #expect(
      written["dl/master.m3u8"]
        == master.replacingOccurrences(
          of: "\n./gear2/prog_index.m3u8?v=2\n", with: "\ngear2/prog_index.m3u8\n"))
    #expect(
      written["dl/gear1/prog_index.m3u8"] == """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-VERSION:3
        #EXT-X-MEDIA-SEQUENCE:0
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-KEY:METHOD=AES-128,URI="../keys.example.com/bipbop/key1",IV=0x00000000000000000000000000000001
        #EXTINF:10.00000,
        fileSequence0.ts
        #EXTINF:10.00000,
        fileSequence1.ts
        #EXT-X-ENDLIST

        """)
    #expect(
      written["dl/gear2/prog_index.m3u8"] == """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-VERSION:4
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXTINF:10.00000,
        #EXT-X-BYTERANGE:326744@0
        ../cdn.example.net%3A8443/bipbop/gear2/main.ts
        #EXTINF:10.00000,
        #EXT-X-BYTERANGE:326368
        ../cdn.example.net%3A8443/bipbop/gear2/main.ts
        #EXT-X-ENDLIST

        """)
    #expect(
      written["dl/subtitles/eng/prog_index.m3u8"] == """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-VERSION:3
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXTINF:10.00000,
        ../../subs.example.com/bipbop/eng/fileSequence%200.webvtt
        #EXTINF:10.00000,
        fileSequence1.webvtt
        #EXT-X-ENDLIST

        """)
    // Every URI already local stays byte for byte.
    #expect(
      written["dl/alternate_audio_aac/prog_index.m3u8"]
        == Self.files["vod/alternate_audio_aac/prog_index.m3u8"])
    #expect(written.count == 5)
    // A partial download is named.
    let partial = Self.downloaded.filter { !$0.key.hasSuffix(".ts") }
    let (_, _, warning, _) = run(["localize", "--root", "dl", "vod/master.m3u8"], files: partial)
    #expect(
      warning
        == "vod/master.m3u8:1:1: warning: 3 of the 7 files listed are not under dl (first: cdn.example.net:8443/bipbop/gear2/main.ts) [cli.localize.missing]\n"
    )
  }

  /// The round trip: `urls` on the localized playlists (their URIs resolved against OUT) lists,
  /// in the same order and with the same byte ranges, exactly the local paths of what `urls`
  /// listed for the original.
  @Test func roundTripAgainstURLs() throws {
    let (_, original, _, _) = run(["urls", "vod/master.m3u8"], files: Self.files)
    let (status, _, err, written) = run(
      ["localize", "--root", "dl", "--output-dir", "out", "vod/master.m3u8"],
      files: Self.downloaded)
    #expect(status == 0)
    #expect(err == "")
    let (urlsStatus, local, urlsErr, _) = run(["urls", "out/master.m3u8"], files: written)
    #expect(urlsStatus == 0)
    #expect(urlsErr == "")
    #expect(
      local == """
        gear1/prog_index.m3u8
        keys.example.com/bipbop/key1
        gear1/fileSequence0.ts
        gear1/fileSequence1.ts
        alternate_audio_aac/prog_index.m3u8
        alternate_audio_aac/main.aac\tbytes=0-160719
        alternate_audio_aac/main.aac\tbytes=160720-321023
        subtitles/eng/prog_index.m3u8
        subs.example.com/bipbop/eng/fileSequence%200.webvtt
        subtitles/eng/fileSequence1.webvtt
        gear2/prog_index.m3u8
        cdn.example.net%3A8443/bipbop/gear2/main.ts\tbytes=0-326743
        cdn.example.net%3A8443/bipbop/gear2/main.ts\tbytes=326744-653111

        """)
    let originalLines = original.split(separator: "\n")
    let localLines = local.split(separator: "\n")
    #expect(originalLines.count == localLines.count)
    for (before, after) in zip(originalLines, localLines) {
      let b = before.split(separator: "\t")
      let a = after.split(separator: "\t")
      let path = try #require(try LocalPathMap.localPath(of: String(b[0])))
      #expect(String(a[0]).removingPercentEncoding == path)
      #expect(a.dropFirst() == b.dropFirst())
    }
  }

  /// After `urls --base URL`, every file (the playlists too) was stored under DIR/HOST/PATH.
  @Test func withTheBaseEverythingIsUnderItsHost() {
    let (status, out, err, written) = run(
      [
        "localize", "--root", "dl", "--base", "https://CDN.example.com/vod/master.m3u8",
        "vod/master.m3u8",
      ], files: Self.files)
    #expect(status == 0)
    #expect(
      err
        == "vod/master.m3u8:1:1: warning: 7 of the 7 files listed are not under dl (first: cdn.example.com/vod/alternate_audio_aac/main.aac) [cli.localize.missing]\n"
    )
    #expect(
      out == """
        dl/cdn.example.com/vod/master.m3u8
        dl/cdn.example.com/vod/gear1/prog_index.m3u8
        dl/cdn.example.com/vod/alternate_audio_aac/prog_index.m3u8
        dl/cdn.example.com/vod/subtitles/eng/prog_index.m3u8
        dl/cdn.example.com/vod/gear2/prog_index.m3u8

        """)
    #expect(
      written["dl/cdn.example.com/vod/gear1/prog_index.m3u8"]?.contains(
        "URI=\"../../../keys.example.com/bipbop/key1\",IV=") == true)
    #expect(
      written["dl/cdn.example.com/vod/gear2/prog_index.m3u8"]?.contains(
        "\n../../../cdn.example.net%3A8443/bipbop/gear2/main.ts\n") == true)
  }

  @Test func filtersAndTracksAsURLs() {
    let (status, out, _, written) = run(
      ["localize", "--root", "dl", "--tracks", "preferred", "--first", "1", "vod/master.m3u8"],
      files: Self.files)
    #expect(status == 0)
    #expect(
      out == """
        dl/master.m3u8
        dl/gear1/prog_index.m3u8
        dl/subtitles/eng/prog_index.m3u8

        """)
    // gear2, left out, keeps its URI as written.
    #expect(written["dl/master.m3u8"]?.contains("\n./gear2/prog_index.m3u8?v=2\n") == true)
  }

  @Test func refusalsWriteNothing() {
    // A CloudFront-signed playlist (AWS MediaPackage origin) whose segments differ only in the
    // signature: one local file each would be needed.
    let signed = [
      "live/prog.m3u8": """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXTINF:6.006,
      https://d111111abcdef8.cloudfront.net/out/v1/index_1_0.ts?Policy=a&Signature=b
      #EXTINF:6.006,
      https://d111111abcdef8.cloudfront.net/out/v1/index_1_0.ts?Policy=a&Signature=c
      #EXT-X-ENDLIST

      """
    ]
    let (status, out, err, written) = run(
      ["localize", "--root", "dl", "live/prog.m3u8"], files: signed)
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err == """
        live/prog.m3u8:1:1: error: 'https://d111111abcdef8.cloudfront.net/out/v1/index_1_0.ts?Policy=a&Signature=b' and 'https://d111111abcdef8.cloudfront.net/out/v1/index_1_0.ts?Policy=a&Signature=c' would both be stored as 'd111111abcdef8.cloudfront.net/out/v1/index_1_0.ts' [hls.local-path.collision]

        """)
    #expect(written.isEmpty)
    let escaping = [
      "vod/master.m3u8": """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=800000
      v1/prog.m3u8

      """,
      "vod/v1/prog.m3u8": """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXTINF:6.006,
      ../../../etc/seg.ts
      #EXT-X-ENDLIST

      """,
    ]
    let escape = run(["localize", "--root", "dl", "vod/master.m3u8"], files: escaping)
    #expect(escape.0 == 2)
    #expect(
      escape.2
        == "vod/master.m3u8:1:1: error: '../../etc/seg.ts' climbs above the root [hls.local-path.escape]\n"
    )
    #expect(escape.3.isEmpty)
    let missing = run(
      ["localize", "--root", "dl", "vod/master.m3u8"],
      files: ["vod/master.m3u8": escaping["vod/master.m3u8"] ?? ""])
    #expect(missing.0 == 2)
    #expect(
      missing.2.hasSuffix(
        "vod/master.m3u8:1:1: error: nothing written: a media playlist could not be read [cli.localize.not-written]\n"
      ))
    #expect(missing.3.isEmpty)
  }

  @Test func usageErrors() {
    #expect(
      run(["localize", "vod/master.m3u8"], files: Self.files).2.hasPrefix(
        "m3u8-tool localize: error: --root DIR is needed [cli.usage]\n"))
    #expect(
      run(["localize", "--root", "dl"], files: Self.files).2.hasPrefix(
        "m3u8-tool localize: error: a FILE is needed (its name is where it is stored) [cli.usage]\n"
      ))
  }

  /// All or nothing on disk: a target that is a directory stops the write before any file is
  /// replaced; otherwise existing files are replaced and the others in the directory kept.
  @Test func writeFilesIsAllOrNothing() throws {
    let fm = FileManager.default
    let root = fm.temporaryDirectory.appendingPathComponent("localize-\(UUID().uuidString)").path
    defer { try? fm.removeItem(atPath: root) }
    try fm.createDirectory(
      atPath: root + "/gear2/prog_index.m3u8", withIntermediateDirectories: true)
    try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/master.m3u8"))
    try Data("ts".utf8).write(to: URL(fileURLWithPath: root + "/seg.ts"))
    let io = ToolIO.process()
    let files: [(name: String, bytes: [UInt8])] = [
      ("master.m3u8", Array("new".utf8)), ("gear1/prog_index.m3u8", Array("g1".utf8)),
      ("gear2/prog_index.m3u8", Array("g2".utf8)),
    ]
    #expect(io.writeFiles(in: root, files) == "\(root)/gear2/prog_index.m3u8 is a directory")
    #expect(try String(contentsOfFile: root + "/master.m3u8", encoding: .utf8) == "old")
    #expect(
      try fm.contentsOfDirectory(atPath: root).sorted() == ["gear2", "master.m3u8", "seg.ts"])
    #expect(try fm.contentsOfDirectory(atPath: root + "/gear2") == ["prog_index.m3u8"])
    try fm.removeItem(atPath: root + "/gear2")
    #expect(io.writeFiles(in: root, files) == nil)
    #expect(try String(contentsOfFile: root + "/master.m3u8", encoding: .utf8) == "new")
    #expect(try String(contentsOfFile: root + "/gear1/prog_index.m3u8", encoding: .utf8) == "g1")
    #expect(try String(contentsOfFile: root + "/seg.ts", encoding: .utf8) == "ts")
    #expect(
      try fm.contentsOfDirectory(atPath: root).sorted() == [
        "gear1", "gear2", "master.m3u8", "seg.ts",
      ])
  }
}
