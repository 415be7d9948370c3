import ManifestCore
import Testing

@Suite struct M3U8LowLatencyCommandTests {
  @Test func mergeDeltaPrintsTheFullPlaylist() throws {
    let (status, out, err) = m3u8([
      "merge-delta", hlsSample("media-ll-live.m3u8"), hlsSample("media-ll-delta.m3u8"),
    ])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out.contains(
        "#EXT-X-MAP:URI=\"init.mp4\"\n#EXT-X-PROGRAM-DATE-TIME:2025-11-29T18:42:14.104Z\n#EXTINF:4.00000,\nfileSequence2699.m4s\n"
      ))
    #expect(!out.contains("EXT-X-SKIP"))
    #expect(
      out.hasSuffix(
        "#EXT-X-RENDITION-REPORT:URI=\"../4M/waitForMSN.php\",LAST-MSN=2707,LAST-PART=2\n"))
  }

  @Test func mergeDeltaErrors() {
    let (status, _, err) = m3u8(
      ["merge-delta", "old.m3u8", hlsSample("media-ll-delta.m3u8")],
      files: ["old.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\na.ts\n"])
    #expect(status == 2)
    #expect(
      err.hasSuffix(
        "media-ll-delta.m3u8:8:1: error: the delta skips media sequence 2699–2701 but the previous playlist holds 0–0 [cli.merge-delta.failed]\n"
      ))
    let multivariant = m3u8([
      "merge-delta", hlsSample("multivariant.m3u8"), hlsSample("media-ll-delta.m3u8"),
    ])
    #expect(multivariant.0 == 2)
    #expect(
      multivariant.2.hasSuffix(
        "multivariant.m3u8:1:1: error: a media playlist is needed, this is a multivariant playlist [cli.input.multivariant]\n"
      ))
    #expect(
      m3u8(["merge-delta", "one"]).2.hasPrefix(
        "m3u8-tool merge-delta: error: expected PLAYLIST and DELTA, got 1 operands [cli.usage]\n"))
  }

  @Test func nextRequestPrintsTheURL() {
    let (status, out, err) = m3u8([
      "next-request", "--url", "https://example.com/live.m3u8", "--part",
      hlsSample("media-ll-live.m3u8"),
    ])
    #expect(status == 0)
    #expect(err == "")
    #expect(out == "https://example.com/live.m3u8?_HLS_msn=2707&_HLS_part=2\n")
    let vod = m3u8(
      ["next-request", "--url", "v.m3u8", "--skip"],
      stdin: "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\na.ts\n")
    #expect(vod.1 == "v.m3u8\n")
    #expect(
      vod.2
        == "<stdin>:1:1: warning: the server does not offer blocking reload (CAN-BLOCK-RELOAD=YES): plain reload [cli.next-request.note]\n"
    )
    #expect(
      m3u8(["next-request", hlsSample("media-ll-live.m3u8")]).2.hasPrefix(
        "m3u8-tool next-request: error: --url URL is required [cli.usage]\n"))
  }

  @Test func diffReportsAndExitsOneOnInconsistency() throws {
    let old =
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:5\n#EXTINF:6,\na.ts\n#EXTINF:6,\nb.ts\n"
    let good =
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:6\n#EXTINF:6,\nb.ts\n#EXTINF:6,\nc.ts\n#EXT-X-ENDLIST\n"
    let bad = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:6\n#EXTINF:6,\nx.ts\n"
    let files = ["old": old, "good": good, "bad": bad]
    let (status, out, _) = m3u8(["diff", "old", "good"], files: files)
    #expect(status == 0)
    #expect(
      out == """
        media sequence: 5 → 6 (1 removed)
        added segments: 1
          7  6  c.ts
        ended: EXT-X-ENDLIST appeared
        consistent: yes

        """)
    let (badStatus, badOut, _) = m3u8(["diff", "--json", "old", "bad"], files: files)
    #expect(badStatus == 1)
    let json = try JSONValue.parse(badOut)
    #expect(json["consistent"] == false)
    #expect(
      json["inconsistencies"] == [
        ["mediaSequence": 6, "message": "segment 6 changed URI from b.ts to x.ts"]
      ])
    #expect(json["removedSegments"] == 1)
    #expect(json["addedSegments"] == [])
  }

  @Test(arguments: ["merge-delta", "next-request", "diff"])
  func lowLatencyCommandsHaveHelp(command: String) {
    let (status, out, _) = m3u8([command, "--help"])
    #expect(status == 0)
    #expect(out.hasPrefix("usage: m3u8-tool \(command)"))
  }
}
