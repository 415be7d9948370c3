/// SCTE-35 cues for the ad rule cases (encoded with threefive, checked with scte35-tool).
enum Cue {
  /// splice_insert OUT, event 1007, break_duration 30.03 s.
  static let out30 = "/DAlAAAAAAAAAP/wFAUAAAPvf+/+cofDYP4AKT1sAAEAAAAAVmWmkA=="
  /// splice_insert OUT, event 1007, break_duration 12 s.
  static let out12 = "/DAlAAAAAAAAAP/wFAUAAAPvf+/+cofDYP4AEHrAAAEAAAAAlf1WeA=="
  /// `out12` with its last CRC byte changed.
  static let out12BadCRC = "/DAlAAAAAAAAAP/wFAUAAAPvf+/+cofDYP4AEHrAAAEAAAAAlf1WeQ=="
  /// `out12` as a hexadecimal sequence.
  static let out12Hex =
    "0xfc302500000000000000fff01405000003ef7feffe7287c360fe00107ac000010000000095fd5678"
  /// splice_insert IN, event 1007.
  static let in1007 = "/DAgAAAAAAAAAP/wDwUAAAPvf0/+crEAzAABAAAAAKUPNeg="
  /// splice_insert IN, event 1007, as hex.
  static let in1007Hex =
    "0xfc302000000000000000fff00f05000003ef7f4ffe72b100cc000100000000a50f35e8"
  /// splice_insert IN, event 1008.
  static let in1008 = "/DAgAAAAAAAAAP/wDwUAAAPwf0/+crEAzAABAAAAACxNl7I="
  /// splice_insert cancelling event 1007.
  static let cancel = "/DAWAAAAAAAAAP/wBQUAAAPv/wAAyuY8bg=="
  /// time_signal, placement opportunity start (0x34), event 42, 30 s.
  static let placementStart = "/DAsAAAAAAAAAP/wBQb+cofDYAAWAhRDVUVJAAAAKn//AAApMuAAADQAAHhsdnA="
  /// time_signal, placement opportunity end (0x35), event 42.
  static let placementEnd = "/DAnAAAAAAAAAP/wBQb+crD2QAARAg9DVUVJAAAAKn+/AAA1AABA08JK"
  /// time_signal, placement opportunity end (0x35), event 43.
  static let placementEnd43 = "/DAnAAAAAAAAAP/wBQb+crD2QAARAg9DVUVJAAAAK3+/AAA1AAAbch6A"
  /// time_signal, program start (0x10), event 7.
  static let programStart = "/DAnAAAAAAAAAP/wBQb+cofDYAARAg9DVUVJAAAAB3+/AAAQAADjv7NX"
}

extension RuleCase {
  /// A playlist (program date-time 2025-11-29T20:00:00Z, target 6 s) whose segment `a.ts`
  /// (line 6) is followed by `body` from line 7; `vod` appends EXT-X-ENDLIST.
  static func ads(_ body: String, vod: Bool = true) -> String {
    """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T20:00:00.000Z
    #EXTINF:6.0,
    a.ts
    \(body)
    \(vod ? "#EXT-X-ENDLIST\n" : "")
    """
  }

  /// Two six-second segments, `b.ts` and `c.ts`.
  static let twoSegments = "#EXTINF:6.0,\nb.ts\n#EXTINF:6.0,\nc.ts"

  /// Pairing, syntax and duration rules of the `ads` family.
  static let adPairing: [RuleCase] = [
    RuleCase(
      "ads.cue-out-without-cue-in", line: 7,
      "EXT-X-CUE-OUT on line 7 opens an ad break that nothing closes before the end of the "
        + "playlist",
      trips: ads("#EXT-X-CUE-OUT:12\n\(twoSegments)"),
      nearMiss: ads("#EXT-X-CUE-OUT:6\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nc.ts")),
    RuleCase(
      "ads.cue-out-without-cue-in", line: 7,
      "EXT-X-CUE-OUT on line 7 declares 6 s, but 12 s of segments have passed with no closing "
        + "tag (tolerance 0.5 s)",
      trips: ads("#EXT-X-CUE-OUT:6\n\(twoSegments)", vod: false),
      nearMiss: ads("#EXT-X-CUE-OUT:12\n\(twoSegments)", vod: false)),
    RuleCase(
      "ads.cue-in-without-cue-out", line: 7, "EXT-X-CUE-IN on line 7 closes no open ad break",
      trips: ads("#EXT-X-CUE-IN\n\(twoSegments)"),
      nearMiss: ads("#EXT-X-CUE-IN\n\(twoSegments)", vod: false)),
    RuleCase(
      "ads.cue-out-cont-without-cue-out", line: 7,
      "EXT-X-CUE-OUT-CONT on line 7 continues an ad break that was never opened",
      trips: ads("#EXT-X-CUE-OUT-CONT:6/12\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nc.ts"),
      nearMiss: """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-CUE-OUT-CONT:ElapsedTime=12.0,Duration=18
        #EXTINF:6.0,
        a.ts
        #EXT-X-CUE-IN
        #EXTINF:6.0,
        b.ts

        """),
    RuleCase(
      "ads.cue-out-while-open", line: 10,
      "EXT-X-CUE-OUT on line 10 opens an ad break while the one opened on line 7 is still "
        + "open; that break is ended before it",
      trips: ads(
        "#EXT-X-CUE-OUT:6\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-OUT:6\n#EXTINF:6.0,\nc.ts\n"
          + "#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts"),
      nearMiss: ads(
        "#EXT-X-CUE-OUT:6\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-IN\n#EXT-X-CUE-OUT:6\n#EXTINF:6.0,\n"
          + "c.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts")),
    RuleCase(
      "ads.dialects-disagree", line: 8,
      "the scte35-tag marker on line 8 declares 30.03 s, the cue-out marker on line 7 12 s",
      trips: ads(
        "#EXT-X-CUE-OUT:12\n#EXT-X-SCTE35:CUE=\"\(Cue.out30)\",CUE-OUT=YES,DURATION=30.03\n"
          + twoSegments, vod: false),
      nearMiss: ads(
        "#EXT-X-CUE-OUT:12\n#EXT-X-SCTE35:CUE=\"\(Cue.out12)\",CUE-OUT=YES,DURATION=12\n"
          + twoSegments, vod: false)),
    RuleCase(
      "ads.duration-syntax", line: 7,
      "EXT-X-CUE-OUT duration 'PT12S' is not a decimal number of seconds",
      trips: ads("#EXT-X-CUE-OUT:PT12S\n\(twoSegments)\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts"),
      nearMiss: ads("#EXT-X-CUE-OUT:12.000\n\(twoSegments)\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts")),
    RuleCase(
      "ads.malformed-marker", line: 7, "EXT-X-CUE on line 7 has no TYPE",
      trips: ads("#EXT-X-CUE:ID=\"1\",DURATION=\"12\"\n\(twoSegments)"),
      nearMiss: ads("#EXT-X-CUE:TYPE=\"SpliceOut\",ID=\"1\",DURATION=\"12\"\n\(twoSegments)")),
    RuleCase(
      "ads.scte35-undecodable", line: 7,
      "EXT-OATCLS-SCTE35 SCTE-35 payload does not decode: payload at byte 4: '!' is not a "
        + "base64 character",
      trips: ads(
        "#EXT-OATCLS-SCTE35:/DAl!!!!\n#EXT-X-CUE-OUT:12\n\(twoSegments)\n#EXT-X-CUE-IN\n"
          + "#EXTINF:6.0,\nd.ts"),
      nearMiss: ads(
        "#EXT-OATCLS-SCTE35:\(Cue.out12)\n#EXT-X-CUE-OUT:12\n\(twoSegments)\n#EXT-X-CUE-IN\n"
          + "#EXTINF:6.0,\nd.ts")),
    RuleCase(
      "ads.scte35-without-break", line: 7,
      "EXT-OATCLS-SCTE35 on line 7 carries a SCTE-35 cue that neither opens nor closes an ad "
        + "break",
      trips: ads("#EXT-OATCLS-SCTE35:\(Cue.programStart)\n\(twoSegments)"),
      nearMiss: ads(
        "#EXT-OATCLS-SCTE35:\(Cue.placementStart)\n\(twoSegments)\n"
          + "#EXT-OATCLS-SCTE35:\(Cue.placementEnd)\n#EXTINF:6.0,\nd.ts")),
    RuleCase(
      "ads.beacon-outside-break", line: 7,
      "EXT-X-BEACON EVENT 'impression' on line 7 is outside every AD_LENGTH block",
      trips: ads(
        "#EXT-X-BEACON:EVENT=impression,URL=https://t.example.com/i?ad=1\n\(twoSegments)"),
      nearMiss: ads(
        "#EXT-X-DISCONTINUITY\n#EXT-X-BEACON:AD_LENGTH=6\n"
          + "#EXT-X-BEACON:EVENT=impression,URL=https://t.example.com/i?ad=1\n"
          + "#EXT-X-BEACON:EVENT=start,URL=https://t.example.com/s?ad=1\n#EXTINF:6.0,\nb.ts\n"
          + "#EXT-X-BEACON:EVENT=complete,URL=https://t.example.com/c?ad=1\n"
          + "#EXT-X-DISCONTINUITY\n#EXTINF:6.0,\nc.ts")),
    RuleCase(
      "ads.daterange-out-in-id-mismatch", line: 10,
      "EXT-X-DATERANGE ID 'b' has SCTE35-IN but no EXT-X-DATERANGE with that ID has SCTE35-OUT",
      trips: ads(
        """
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T20:00:06.000Z",PLANNED-DURATION=12,SCTE35-OUT=\(Cue.out12Hex)
        #EXTINF:6.0,
        x.ts
        #EXT-X-DATERANGE:ID="b",START-DATE="2025-11-29T20:00:06.000Z",DURATION=12,SCTE35-IN=\(Cue.in1007Hex)
        \(twoSegments)
        """),
      nearMiss: ads(
        """
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T20:00:06.000Z",PLANNED-DURATION=12,SCTE35-OUT=\(Cue.out12Hex)
        #EXTINF:6.0,
        x.ts
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T20:00:06.000Z",DURATION=12,SCTE35-IN=\(Cue.in1007Hex)
        \(twoSegments)
        """)),
    RuleCase(
      "ads.cue-out-without-duration", line: 7, "EXT-X-CUE-OUT on line 7 declares no duration",
      trips: ads("#EXT-X-CUE-OUT\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nc.ts"),
      nearMiss: ads("#EXT-X-CUE-OUT:6\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nc.ts")),
    RuleCase(
      "ads.duration-mismatch", line: 7,
      "EXT-X-CUE-OUT on line 7 declares 12 s, but its EXTINF durations add up to 6 s (segment "
        + "1; tolerance 0.5 s)",
      trips: ads("#EXT-X-CUE-OUT:12\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nc.ts"),
      nearMiss: ads("#EXT-X-CUE-OUT:6.4\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nc.ts")),
    RuleCase(
      "ads.cont-elapsed-mismatch", line: 10,
      "EXT-X-CUE-OUT-CONT elapsed 7 s differs from the 6 s of segments since the break began "
        + "(line 7; tolerance 0.5 s)",
      trips: ads(
        "#EXT-X-CUE-OUT:12\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-OUT-CONT:7/12\n#EXTINF:6.0,\nc.ts\n"
          + "#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts"),
      nearMiss: ads(
        "#EXT-X-CUE-OUT:12\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-OUT-CONT:6.4/12\n#EXTINF:6.0,\nc.ts\n"
          + "#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts")),
    RuleCase(
      "ads.cont-elapsed-not-increasing", line: 13,
      "EXT-X-CUE-OUT-CONT elapsed 6 s is not after the 6 s on line 10",
      trips: ads(
        "#EXT-X-CUE-OUT:18\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-OUT-CONT:6/18\n#EXTINF:6.0,\nc.ts\n"
          + "#EXT-X-CUE-OUT-CONT:6/18\n#EXTINF:6.0,\nd.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\ne.ts"),
      nearMiss: ads(
        "#EXT-X-CUE-OUT:18\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-OUT-CONT:6/18\n#EXTINF:6.0,\nc.ts\n"
          + "#EXT-X-CUE-OUT-CONT:12/18\n#EXTINF:6.0,\nd.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\ne.ts")),
    RuleCase(
      "ads.cont-duration-mismatch", line: 10,
      "EXT-X-CUE-OUT-CONT declares a 30 s break, but the break declares 12 s (tolerance 0.5 s)",
      trips: ads(
        "#EXT-X-CUE-OUT:12\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-OUT-CONT:6/30\n#EXTINF:6.0,\nc.ts\n"
          + "#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts"),
      nearMiss: ads(
        "#EXT-X-CUE-OUT:12\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-OUT-CONT:6/12.000\n#EXTINF:6.0,\n"
          + "c.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts")),
    RuleCase(
      "ads.break-overrun", line: 16,
      "EXT-X-CUE-OUT-CONT elapsed 18 s is beyond the break's declared 12 s",
      trips: ads(
        "#EXT-X-CUE-OUT:12\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-OUT-CONT:6/12\n#EXTINF:6.0,\nc.ts\n"
          + "#EXT-X-CUE-OUT-CONT:12/12\n#EXTINF:6.0,\nd.ts\n#EXT-X-CUE-OUT-CONT:18/12\n"
          + "#EXTINF:6.0,\ne.ts", vod: false),
      nearMiss: ads(
        "#EXT-X-CUE-OUT:24\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-OUT-CONT:6/24\n#EXTINF:6.0,\nc.ts\n"
          + "#EXT-X-CUE-OUT-CONT:12/24\n#EXTINF:6.0,\nd.ts\n#EXT-X-CUE-OUT-CONT:18/24\n"
          + "#EXTINF:6.0,\ne.ts", vod: false)),
    RuleCase(
      "ads.zero-length-break", line: 7,
      "EXT-X-CUE-OUT on line 7 is closed by EXT-X-CUE-IN on line 8 with no segment in between",
      trips: ads("#EXT-X-CUE-OUT:6\n#EXT-X-CUE-IN\n\(twoSegments)"),
      nearMiss: ads("#EXT-X-CUE-OUT:0\n#EXT-X-CUE-IN\n\(twoSegments)")),
    RuleCase(
      "ads.post-roll-placement", line: 11,
      "EXT-X-CUE-OUT on line 11 opens a break after the last segment; put a post-roll before it",
      trips: ads("\(twoSegments)\n#EXT-X-CUE-OUT:0\n#EXT-X-CUE-IN"),
      nearMiss: ads("#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-OUT:0\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nc.ts")),
  ]
}
