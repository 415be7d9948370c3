extension RuleCase {
  /// A closed CUE-OUT break over `b.ts` and `c.ts` (12 s) whose CUE-OUT (line 8) has
  /// `opening` before it on line 7 and whose CUE-IN (line 14) has `closing` before it.
  static func cueBreak(_ opening: String, closing: String = "#EXT-X-ASSET:CAID=0x01") -> String {
    ads(
      "\(opening)\n#EXT-X-CUE-OUT:12\n\(twoSegments)\n\(closing)\n#EXT-X-CUE-IN\n"
        + "#EXTINF:6.0,\nd.ts")
  }

  /// A beacon ad (AD_LENGTH on line 8) with `events` (`name url` pairs, at the first segment).
  static func beaconAd(_ events: [(String, String)]) -> String {
    let lines = events.map { "#EXT-X-BEACON:EVENT=\($0.0),URL=\($0.1)" }.joined(separator: "\n")
    return ads(
      "#EXT-X-DISCONTINUITY\n#EXT-X-BEACON:AD_LENGTH=12\n\(lines)\n\(twoSegments)\n"
        + "#EXT-X-DISCONTINUITY\n#EXTINF:6.0,\nd.ts")
  }

  /// A beacon ad of `length` seconds (AD_LENGTH on line 8) over `b.ts` and `c.ts` (12 s), with
  /// all six progress beacons, as an SSAI ad server writes each ad it stitches.
  static func beaconAd(length: String) -> String {
    let lines = quartiles.map { "#EXT-X-BEACON:EVENT=\($0.0),URL=\($0.1)" }
      .joined(separator: "\n")
    return ads(
      "#EXT-X-DISCONTINUITY\n#EXT-X-BEACON:AD_LENGTH=\(length)\n\(lines)\n\(twoSegments)\n"
        + "#EXT-X-DISCONTINUITY\n#EXTINF:6.0,\nd.ts")
  }

  static let quartiles = [
    ("impression", "https://t.example.com/i"), ("start", "https://t.example.com/s"),
    ("firstQuartile", "https://t.example.com/q1"), ("midpoint", "https://t.example.com/m"),
    ("thirdQuartile", "https://t.example.com/q3"), ("complete", "https://t.example.com/c"),
  ]

  /// SCTE-35, placement and beacon rules of the `ads` family.
  static let adCues: [RuleCase] = [
    RuleCase(
      "ads.scte35-crc-invalid", line: 7,
      "EXT-OATCLS-SCTE35 SCTE-35 CRC_32 0x95FD5679 does not match the computed 0x95FD5678",
      trips: cueBreak("#EXT-OATCLS-SCTE35:\(Cue.out12BadCRC)"),
      nearMiss: cueBreak("#EXT-OATCLS-SCTE35:\(Cue.out12)")),
    RuleCase(
      "ads.scte35-role-mismatch", line: 7,
      "EXT-OATCLS-SCTE35 on line 7 opens a break, but its cue is splice_insert (event 1007, "
        + "out_of_network_indicator=0), not an OUT",
      trips: cueBreak("#EXT-OATCLS-SCTE35:\(Cue.in1007)"),
      nearMiss: cueBreak("#EXT-OATCLS-SCTE35:\(Cue.out12)")),
    RuleCase(
      "ads.scte35-duration-mismatch", line: 7,
      "EXT-OATCLS-SCTE35 on line 7 carries a cue of 30.03 s, but the break declares 12 s "
        + "(tolerance 0.5 s)",
      trips: cueBreak("#EXT-OATCLS-SCTE35:\(Cue.out30)"),
      nearMiss: cueBreak("#EXT-OATCLS-SCTE35:\(Cue.out12)")),
    RuleCase(
      "ads.scte35-event-id-mismatch", line: 13,
      "EXT-OATCLS-SCTE35 on line 13 closes splice_event_id 1008, but the break opened on line "
        + "8 has 1007",
      trips: cueBreak(
        "#EXT-OATCLS-SCTE35:\(Cue.out12)", closing: "#EXT-OATCLS-SCTE35:\(Cue.in1008)"),
      nearMiss: cueBreak(
        "#EXT-OATCLS-SCTE35:\(Cue.out12)", closing: "#EXT-OATCLS-SCTE35:\(Cue.in1007)")),
    RuleCase(
      "ads.segmentation-pairing", line: 12,
      "EXT-OATCLS-SCTE35 on line 12 ends segmentation event 43 type 0x35, but the break opened "
        + "on line 7 started event 42 type 0x34",
      trips: ads(
        "#EXT-OATCLS-SCTE35:\(Cue.placementStart)\n\(twoSegments)\n"
          + "#EXT-OATCLS-SCTE35:\(Cue.placementEnd43)\n#EXTINF:6.0,\nd.ts"),
      nearMiss: ads(
        "#EXT-OATCLS-SCTE35:\(Cue.placementStart)\n\(twoSegments)\n"
          + "#EXT-OATCLS-SCTE35:\(Cue.placementEnd)\n#EXTINF:6.0,\nd.ts")),
    RuleCase(
      "ads.scte35-duplicate-cue", line: 10, "EXT-X-SCTE35 on line 10 repeats the cue of line 7",
      trips: ads(
        "#EXT-X-SCTE35:CUE=\"\(Cue.out12)\",CUE-OUT=YES,DURATION=12\n#EXTINF:6.0,\nb.ts\n"
          + "#EXT-X-SCTE35:CUE=\"\(Cue.out12)\"\n#EXTINF:6.0,\nc.ts\n"
          + "#EXT-X-SCTE35:CUE=\"\(Cue.in1007)\",CUE-IN=YES\n#EXTINF:6.0,\nd.ts"),
      nearMiss: ads(
        "#EXT-X-SCTE35:CUE=\"\(Cue.out12)\",CUE-OUT=YES,DURATION=12\n#EXTINF:6.0,\nb.ts\n"
          + "#EXT-X-SCTE35:CUE=\"\(Cue.out12)\",CUE-OUT=CONT\n#EXTINF:6.0,\nc.ts\n"
          + "#EXT-X-SCTE35:CUE=\"\(Cue.in1007)\",CUE-IN=YES\n#EXTINF:6.0,\nd.ts")),
    RuleCase(
      "ads.scte35-cancelled-event", line: 7,
      "EXT-OATCLS-SCTE35 on line 7 carries a cancelled cue (splice_insert cancelling event "
        + "1007), but the playlist still marks a break",
      trips: cueBreak("#EXT-OATCLS-SCTE35:\(Cue.cancel)"),
      nearMiss: cueBreak("#EXT-OATCLS-SCTE35:\(Cue.out12)")),
    RuleCase(
      "ads.splicepoint-type", line: 7,
      "EXT-X-SPLICEPOINT-SCTE35 on line 7 is splice_insert (event 1007, "
        + "out_of_network_indicator=1); MediaTailor needs a time_signal of type 0x34 or 0x35",
      trips: ads(
        "#EXT-X-SPLICEPOINT-SCTE35:\(Cue.out12)\n\(twoSegments)\n"
          + "#EXT-X-SPLICEPOINT-SCTE35:\(Cue.placementEnd)\n#EXTINF:6.0,\nd.ts"),
      nearMiss: ads(
        "#EXT-X-SPLICEPOINT-SCTE35:\(Cue.placementStart)\n\(twoSegments)\n"
          + "#EXT-X-SPLICEPOINT-SCTE35:\(Cue.placementEnd)\n#EXTINF:6.0,\nd.ts")),
    RuleCase(
      "ads.daterange-scte35-not-hex", line: 7,
      "EXT-X-DATERANGE \"a\" SCTE35-OUT is not a 0x hexadecimal sequence ('/DAlAAAAAAAA…')",
      trips: ads(
        """
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T20:00:06.000Z",DURATION=12,SCTE35-OUT="\(Cue.out12)"
        \(twoSegments)
        """),
      nearMiss: ads(
        """
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T20:00:06.000Z",DURATION=12,SCTE35-OUT=\(Cue.out12Hex)
        \(twoSegments)
        """)),
    RuleCase(
      "ads.daterange-start-off-boundary", line: 7,
      "EXT-X-DATERANGE \"a\" START-DATE 2025-11-29T20:00:09.000Z is 3 s into segment 1 (which "
        + "starts at 2025-11-29T20:00:06.000Z), not on a segment boundary (tolerance 0.5 s)",
      trips: ads(
        """
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T20:00:09.000Z",DURATION=9,SCTE35-OUT=\(Cue.out12Hex)
        \(twoSegments)
        """),
      nearMiss: ads(
        """
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T20:00:06.400Z",DURATION=11.6,SCTE35-OUT=\(Cue.out12Hex)
        \(twoSegments)
        """)),
    RuleCase(
      "ads.beacon-url-invalid", line: 9,
      "EXT-X-BEACON URL 'ftp://t.example.com/i' is not an absolute http(s) URL",
      trips: beaconAd(
        [("impression", "ftp://t.example.com/i")] + quartiles.dropFirst().map { $0 }),
      nearMiss: beaconAd(quartiles)),
    RuleCase(
      "ads.beacon-url-invalid", line: 9,
      "EXT-X-BEACON URL runs on into 'EVENT=x': an unquoted URL must be the last attribute",
      trips: beaconAd(
        [("impression", "https://t.example.com/i,EVENT=x")] + quartiles.dropFirst().map { $0 }),
      nearMiss: beaconAd(
        [("impression", "https://t.example.com/i?pod=1,2")] + quartiles.dropFirst().map { $0 })),
    RuleCase(
      "ads.beacon-unknown-event", line: 11,
      "EXT-X-BEACON EVENT 'firstquartile' is not a known tracking event",
      trips: beaconAd(
        Array(quartiles[0..<2]) + [("firstquartile", "https://t.example.com/q1")]
          + quartiles[3...]),
      nearMiss: beaconAd(quartiles)),
    RuleCase(
      "ads.beacon-quartile-order", line: 8,
      "the ad on line 8 has no complete beacon",
      trips: beaconAd(Array(quartiles.dropLast())),
      nearMiss: beaconAd(quartiles)),
    RuleCase(
      "ads.beacon-quartile-order", line: 11,
      "the ad on line 8 fires midpoint at 0 s, before firstQuartile at 6 s",
      trips: ads(
        "#EXT-X-DISCONTINUITY\n#EXT-X-BEACON:AD_LENGTH=12\n"
          + "#EXT-X-BEACON:EVENT=impression,URL=https://t.example.com/i\n"
          + "#EXT-X-BEACON:EVENT=start,URL=https://t.example.com/s\n"
          + "#EXT-X-BEACON:EVENT=midpoint,URL=https://t.example.com/m\n#EXTINF:6.0,\nb.ts\n"
          + "#EXT-X-BEACON:EVENT=firstQuartile,URL=https://t.example.com/q1\n"
          + "#EXTINF:6.0,\nc.ts\n#EXT-X-BEACON:EVENT=complete,URL=https://t.example.com/c\n"
          + "#EXT-X-DISCONTINUITY\n#EXTINF:6.0,\nd.ts"),
      nearMiss: beaconAd(quartiles)),
    RuleCase(
      "ads.beacon-duration-mismatch", line: 8,
      "EXT-X-BEACON on line 8 declares AD_LENGTH 15 s, but its EXTINF durations add up to 12 s "
        + "(segments 1–2; tolerance 0.5 s)",
      trips: beaconAd(length: "15"),
      nearMiss: beaconAd(length: "12.4")),
    RuleCase(
      "ads.beacon-none", line: 22,
      "the ad of AD_LENGTH 6 s on line 22 has no EXT-X-BEACON EVENT; its impression and "
        + "quartiles are not reported",
      trips: beaconAd(quartiles).replacingOccurrences(
        of: "#EXT-X-ENDLIST", with: "#EXT-X-BEACON:AD_LENGTH=6\n#EXTINF:6.0,\ne.ts\n#EXT-X-ENDLIST"),
      nearMiss: beaconAd(quartiles).replacingOccurrences(
        of: "#EXT-X-ENDLIST",
        with: "#EXT-X-BEACON:AD_LENGTH=6\n#EXT-X-BEACON:EVENT=start,URL=https://t.example.com/s\n"
          + "#EXTINF:6.0,\ne.ts\n#EXT-X-BEACON:EVENT=complete,URL=https://t.example.com/c\n"
          + "#EXT-X-ENDLIST")),
    RuleCase(
      "ads.beacon-ad-length-mismatch", line: 7,
      "the 2 ads in the break opened on line 7 have AD_LENGTH 11 s in all, but the break lasts "
        + "12 s (tolerance 0.5 s)",
      trips: ads(
        "#EXT-X-CUE-OUT:12\n#EXT-X-BEACON:AD_LENGTH=6\n#EXTINF:6.0,\nb.ts\n"
          + "#EXT-X-BEACON:AD_LENGTH=5\n#EXTINF:6.0,\nc.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts"),
      nearMiss: ads(
        "#EXT-X-CUE-OUT:12\n#EXT-X-BEACON:AD_LENGTH=6\n#EXTINF:6.0,\nb.ts\n"
          + "#EXT-X-BEACON:AD_LENGTH=6.000\n#EXTINF:6.0,\nc.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts")),
  ]
}
