import Audit
import HLS
import ManifestCore
import Testing

/// Playlists with tens of thousands of one thing (date ranges of one ID, rendition groups, open
/// breaks, beacons): each check gives the answers it gives on short lists, and is linear. At
/// these sizes a check that compares every item with every earlier one takes minutes.
@Suite struct LongInputTests {
  /// A media playlist with a program date-time, `body` before its one segment, and an ENDLIST.
  static func media(_ body: String) -> String {
    "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:6\n"
      + "#EXT-X-PROGRAM-DATE-TIME:2024-01-01T00:00:00.000Z\n\(body)#EXTINF:6,\nseg.ts\n"
      + "#EXT-X-ENDLIST\n"
  }

  /// 20,000 tags of one ID, each giving X-N a new value: each contradicts the first.
  @Test func dateRangesOfOneIDAreCheckedAgainstTheFirstValues() throws {
    let count = 20_000
    let tags = (0..<count).map {
      "#EXT-X-DATERANGE:ID=\"ad\",START-DATE=\"2024-01-01T00:00:00.000Z\",X-N=\"\($0)\"\n"
    }
    let findings = try audit(Self.media(tags.joined()))
    let conflicts = findings.filter { $0.rule == "spec.daterange-conflicting-attribute" }
    #expect(conflicts.count == count - 1)
    #expect(
      summary(Array(conflicts.prefix(2))) == [
        "6: spec.daterange-conflicting-attribute: EXT-X-DATERANGE \"ad\" X-N=1 contradicts 0 "
          + "on line 5",
        "7: spec.daterange-conflicting-attribute: EXT-X-DATERANGE \"ad\" X-N=2 contradicts 0 "
          + "on line 5",
      ])
    #expect(findings.count == count - 1)
  }

  /// A tag that repeats the first value after another was given contradicts the other one.
  @Test func aValueEqualToTheFirstContradictsTheSecond() throws {
    let tags = ["0", "1", "0.0", "2"].map {
      "#EXT-X-DATERANGE:ID=\"ad\",START-DATE=\"2024-01-01T00:00:00.000Z\",X-N=\($0)\n"
    }
    #expect(
      summary(try audit(Self.media(tags.joined()))) == [
        "6: spec.daterange-conflicting-attribute: EXT-X-DATERANGE \"ad\" X-N=1 contradicts 0 "
          + "on line 5",
        "7: spec.daterange-conflicting-attribute: EXT-X-DATERANGE \"ad\" X-N=0.0 contradicts 1 "
          + "on line 6",
        "8: spec.daterange-conflicting-attribute: EXT-X-DATERANGE \"ad\" X-N=2 contradicts 0 "
          + "on line 5",
      ])
  }

  /// 20,000 tags of one ID, each adding an attribute of its own name: nothing contradicts.
  @Test func dateRangesOfOneIDMayEachAddAnAttribute() throws {
    let tags = (0..<20_000).map {
      "#EXT-X-DATERANGE:ID=\"ad\",START-DATE=\"2024-01-01T00:00:00.000Z\",X-A\($0)=1\n"
    }
    #expect(try audit(Self.media(tags.joined())).isEmpty)
  }

  /// 20,000 audio groups, each named by one variant, and one variant naming a group no
  /// EXT-X-MEDIA declares.
  @Test func renditionGroupsOfALongLadderAreLookedUpOnce() throws {
    let count = 20_000
    var text = "#EXTM3U\n#EXT-X-VERSION:7\n"
    for i in 0..<count {
      text += "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\(i)\",NAME=\"en\",URI=\"a\(i).m3u8\"\n"
    }
    for i in 0...count {
      text += "#EXT-X-STREAM-INF:BANDWIDTH=\(i + 1),CODECS=\"mp4a.40.2\",AUDIO=\"a\(i)\"\n"
      text += "v\(i).m3u8\n"
    }
    let missing = try audit(text).filter { $0.rule == "spec.rendition-group-missing" }
    #expect(
      summary(missing) == [
        "\(3 * count + 3): spec.rendition-group-missing: AUDIO=\"a\(count)\" names no "
          + "EXT-X-MEDIA with TYPE=AUDIO and GROUP-ID=\"a\(count)\""
      ])
  }

  /// 10,000 SCTE35-OUT date ranges that nothing closes: one finding each, in order.
  @Test func unclosedSCTE35OutRangesAreOneFindingEach() throws {
    let count = 10_000
    var body = ""
    for i in 0..<count {
      let second = String(i % 60).leftPadded(2)
      let minute = String(i / 60 % 60).leftPadded(2)
      let hour = String(i / 3600).leftPadded(2)
      body +=
        "#EXT-X-DATERANGE:ID=\"o\(i)\",START-DATE=\"2024-01-01T\(hour):\(minute):\(second)"
        + ".000Z\",SCTE35-OUT=\(Cue.out12Hex)\n#EXTINF:1,\ns\(i).ts\n"
    }
    let findings = try audit(Self.media(body))
    let open = findings.filter { $0.rule == "ads.cue-out-without-cue-in" }
    #expect(open.count == count)
    #expect(
      summary([open[0], open[count - 1]]) == [
        "5: ads.cue-out-without-cue-in: EXT-X-DATERANGE ID 'o0' on line 5 opens an ad break "
          + "that no SCTE35-IN, END-DATE or DURATION ends",
        "\(3 * count + 2): ads.cue-out-without-cue-in: EXT-X-DATERANGE ID 'o\(count - 1)' on "
          + "line \(3 * count + 2) opens an ad break that no SCTE35-IN, END-DATE or DURATION "
          + "ends",
      ])
  }

  /// 20,000 beacons in one AD_LENGTH block, every one with an event no tracker knows.
  @Test func beaconsOfOneAdAreCheckedOnce() throws {
    let count = 20_000
    let beacons = (0..<count).map {
      "#EXT-X-BEACON:EVENT=ping,URL=https://t.example/b?i=\($0)\n"
    }
    let text =
      "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-BEACON:AD_LENGTH=6\n"
      + beacons.joined() + "#EXTINF:6,\nseg.ts\n#EXT-X-ENDLIST\n"
    let findings = try audit(text)
    let unknown = findings.filter { $0.rule == "ads.beacon-unknown-event" }
    #expect(unknown.count == count)
    #expect(
      summary([unknown[count - 1]]) == [
        "\(count + 4): ads.beacon-unknown-event: EXT-X-BEACON EVENT 'ping' is not a known "
          + "tracking event"
      ])
    #expect(
      summary(findings.filter { $0.rule == "ads.beacon-quartile-order" }) == [
        "4: ads.beacon-quartile-order: the ad on line 4 has no start or complete beacon"
      ])
  }
}

extension String {
  /// The string with `0`s before it to `width` characters.
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(width - count, 0)) + self
  }
}
