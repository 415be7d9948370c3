import Foundation
import Testing

/// The path of a playlist in `samples/ads`.
func adsSample(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../samples/ads/\(name)").standardized.path
}

@Suite struct AdsCommandTests {
  @Test func textFormat() {
    let (status, out, err) = m3u8(["ads", "--format", "text", adsSample("elemental-live.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        MSN-2743  cue-out  start 20.02  duration 30  planned 30  segments 2-5
        1 ad break, 30 s of 70.04 s

        """)
  }

  @Test func periodsIsTheDefaultAndReadsStandardInput() {
    let playlist = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXTINF:6,
      a.ts
      #EXT-X-CUE-OUT:6
      #EXTINF:6,
      ad.ts
      #EXT-X-CUE-IN
      #EXTINF:6,
      b.ts
      #EXT-X-ENDLIST

      """
    let (status, out, err) = m3u8(["ads"], stdin: playlist)
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        <Period id="MSN-1" duration="PT6S" start="PT6S">
          <AssetIdentifier schemeIdUri="urn:com:vodafone:vtv:ssai:2019" value="ad"/>
        </Period>

        """)
  }

  @Test func jsonFormat() {
    let (status, out, _) = m3u8(["ads", "--format=json", adsSample("beacons-vod.m3u8")])
    #expect(status == 0)
    #expect(out.hasPrefix(#"{"breaks":[{"id":"MSN-0","dialect":"beacon","start":0,"duration":12,"#))
    #expect(out.hasSuffix("}\n"))
  }

  @Test func mpdWithBinaryCues() {
    let (status, out, _) = m3u8(
      ["ads", "--format", "mpd", "--scheme", "xml+bin", adsSample("elemental-live.m3u8")])
    #expect(status == 0)
    #expect(out.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    #expect(out.contains(#"<Period id="CONTENT_D0" duration="PT20.02S" start="PT0S"/>"#))
  }

  @Test func svgIsTheTimelinePicture() throws {
    let (status, out, _) = m3u8(["ads", "--format", "svg", adsSample("beacons-vod.m3u8")])
    #expect(status == 0)
    #expect(
      out.hasPrefix(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(out.hasSuffix("</svg>\n"))
    // Four breaks, the eight beacons inside them (the ninth, outside every break, is a
    // warning), four discontinuities.
    #expect(out.components(separatedBy: "<rect class=\"break\"").count == 5)
    #expect(out.components(separatedBy: "<circle class=\"beacon\"").count == 1 + 8)
    #expect(out.components(separatedBy: "<line class=\"disc\"").count == 5)
    let (multi, _, err) = m3u8(
      ["ads", "--format", "svg"], stdin: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nv.m3u8\n")
    #expect(multi == 2)
    #expect(err.hasSuffix("this is a multivariant playlist [cli.input.multivariant]\n"))
  }

  @Test func markerProblemsAreWarningsOnStandardError() {
    let playlist =
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n"
      + "#EXT-X-CUE-OUT:PT6S\n#EXTINF:6,\nad.ts\n#EXT-X-CUE-IN\n#EXTINF:6,\nb.ts\n"
    let (status, out, err) = m3u8(["ads", "--format", "text"], stdin: playlist)
    #expect(status == 0)
    #expect(
      err
        == "<stdin>:4:1: warning: EXT-X-CUE-OUT duration 'PT6S' is not a decimal number of "
        + "seconds [ads.marker.malformed-duration]\n"
    )
    #expect(out.hasPrefix("MSN-0  cue-out  start 0  duration 6  planned -  segments 0-0\n"))
  }

  @Test func eventsPerBeaconGivesEachBeaconItsEvent() {
    let sample = adsSample("beacons-vod.m3u8")
    let (status, out, _) = m3u8(["ads", "--events", "per-beacon", sample])
    #expect(status == 0)
    let ids = out.split(separator: "\n").filter { $0.contains("<Event ") }.map {
      $0.split(separator: "\"")[1]
    }
    let grouped = m3u8(["ads", sample]).1.split(separator: "\n").filter {
      $0.contains("<Event ")
    }
    #expect(ids == ["0", "1", "2", "3", "0", "1", "0", "1"])
    #expect(grouped.count == 7)
    #expect(m3u8(["ads", "--events", "offset", sample]).1 == m3u8(["ads", sample]).1)
    let (bad, _, err) = m3u8(["ads", "--events", "grouped"], stdin: "#EXTM3U\n")
    #expect(bad == 2)
    #expect(
      err.hasPrefix(
        "m3u8-tool ads: error: --events must be offset or per-beacon, got 'grouped' [cli.usage]\n"))
  }

  @Test func usageAndInputErrors() {
    var (status, _, err) = m3u8(["ads", "--format", "xml"], stdin: "#EXTM3U\n")
    #expect(status == 2)
    #expect(
      err == """
        m3u8-tool ads: error: --format must be periods, mpd, json, text or svg, got 'xml' [cli.usage]
        Run 'm3u8-tool ads --help' for usage.

        """)
    (status, _, err) = m3u8(["ads", "--scheme", "bin"], stdin: "#EXTM3U\n")
    #expect(status == 2)
    #expect(
      err.hasPrefix(
        "m3u8-tool ads: error: --scheme must be xml or xml+bin, got 'bin' [cli.usage]\n"))
    (status, _, err) = m3u8(
      ["ads"], stdin: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nv.m3u8\n")
    #expect(status == 2)
    #expect(
      err
        == "<stdin>:1:1: error: ads needs a media playlist; this is a multivariant playlist [cli.input.multivariant]\n"
    )
    (status, _, err) = m3u8(["ads", "/nonexistent/x.m3u8"])
    #expect(status == 2)
    #expect(err.hasPrefix("/nonexistent/x.m3u8:1:1: error: cannot read:"))
  }

  @Test func help() {
    let (status, out, _) = m3u8(["ads", "--help"])
    #expect(status == 0)
    #expect(out.hasPrefix("usage: m3u8-tool ads [OPTIONS] [FILE]\n"))
    #expect(out.contains("--scheme SCHEME"))
  }
}

/// Interstitials and ads stitched without markers, through the command.
@Suite struct AdsDetectionCommandTests {
  @Test func interstitialsInText() {
    let (status, out, err) = m3u8(["ads", "--format", "text", adsSample("interstitials-vod.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    let first: String =
      "pre  interstitial  start 0  duration 0  planned -  segments none  "
      + "2020-01-02T21:55:40.000Z  asset-list https://ads.example.com/pre.json  resume 0  "
      + "cue PRE,ONCE  restrict SKIP,JUMP"
    #expect(out.split(separator: "\n").first.map(String.init) == first)
  }

  @Test func detectDiscontinuitiesIsOptIn() {
    let sample = adsSample("mediatailor-stitched-vod.m3u8")
    let (plainStatus, plain, _) = m3u8(["ads", "--format", "text", sample])
    #expect(plainStatus == 0)
    #expect(plain == "0 ad breaks, 0 s of 78.015 s\n")
    let (status, out, err) = m3u8(
      ["ads", "--format", "text", "--detect", "discontinuities", sample])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        MSN-1  discontinuity  start 0  duration 15.015  planned -  segments 0-2
        MSN-8  discontinuity  start 39.015  duration 15  planned -  segments 7-9
        2 ad breaks, 30.015 s of 78.015 s

        """)
  }

  @Test func unknownHeuristicIsAUsageError() {
    let (status, _, err) = m3u8(["ads", "--detect", "scene-cuts"], stdin: "#EXTM3U\n")
    #expect(status == 2)
    #expect(err.contains("--detect must be discontinuities, got 'scene-cuts'"))
  }
}
