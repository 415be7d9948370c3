extension RuleCase {
  /// A Low-Latency HLS live playlist (target 4 s, parts of 1 s) whose header ends with
  /// `control` (line 4) and `partInf` (line 5), and whose last complete segment is followed by
  /// `tail` (from line 20).
  static func lowLatency(
    control: String = "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=3.0",
    partInf: String = "#EXT-X-PART-INF:PART-TARGET=1.0",
    parts: String = """
    #EXT-X-PART:DURATION=1.0,URI="p102.0.m4s",INDEPENDENT=YES
    #EXT-X-PART:DURATION=1.0,URI="p102.1.m4s"
    #EXT-X-PART:DURATION=1.0,URI="p102.2.m4s"
    #EXT-X-PART:DURATION=1.0,URI="p102.3.m4s"
    """,
    tail: String = """
    #EXT-X-PART:DURATION=1.0,URI="p103.0.m4s",INDEPENDENT=YES
    #EXT-X-PRELOAD-HINT:TYPE=PART,URI="p103.1.m4s"
    """
  ) -> String {
    """
    #EXTM3U
    #EXT-X-VERSION:9
    #EXT-X-TARGETDURATION:4
    \(control)
    \(partInf)
    #EXT-X-MEDIA-SEQUENCE:100
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-MAP:URI="init.mp4"
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T10:00:00.000Z
    #EXTINF:4.0,
    s100.m4s
    #EXTINF:4.0,
    s101.m4s
    \(parts)
    #EXTINF:4.0,
    s102.m4s
    \(tail)

    """
  }

  /// Low-Latency HLS rules; the parts of segment 102 start on line 14.
  static let lowLatency: [RuleCase] = [
    RuleCase(
      "ll-hls.part-inf-missing", line: 14, "EXT-X-PART is used but there is no EXT-X-PART-INF",
      trips: lowLatency(control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES", partInf: ""),
      nearMiss: lowLatency()),
    RuleCase(
      "ll-hls.part-exceeds-part-target", line: 15,
      "EXT-X-PART 'p102.1.m4s' DURATION 1.001 is above PART-TARGET 1",
      trips: lowLatency(
        parts: """
          #EXT-X-PART:DURATION=1.0,URI="p102.0.m4s",INDEPENDENT=YES
          #EXT-X-PART:DURATION=1.001,URI="p102.1.m4s"
          #EXT-X-PART:DURATION=1.0,URI="p102.2.m4s"
          #EXT-X-PART:DURATION=0.999,URI="p102.3.m4s"
          """),
      nearMiss: lowLatency(
        parts: """
          #EXT-X-PART:DURATION=1.0,URI="p102.0.m4s",INDEPENDENT=YES
          #EXT-X-PART:DURATION=1.000,URI="p102.1.m4s"
          #EXT-X-PART:DURATION=1.0,URI="p102.2.m4s"
          #EXT-X-PART:DURATION=1.0,URI="p102.3.m4s"
          """)),
    RuleCase(
      "ll-hls.part-too-short", line: 15,
      "EXT-X-PART 'p102.1.m4s' DURATION 0.849 is below 85% of PART-TARGET 1 (0.85)",
      trips: lowLatency(
        parts: """
          #EXT-X-PART:DURATION=1.0,URI="p102.0.m4s",INDEPENDENT=YES
          #EXT-X-PART:DURATION=0.849,URI="p102.1.m4s"
          #EXT-X-PART:DURATION=1.0,URI="p102.2.m4s"
          #EXT-X-PART:DURATION=1.0,URI="p102.3.m4s"
          """),
      nearMiss: lowLatency(
        parts: """
          #EXT-X-PART:DURATION=1.0,URI="p102.0.m4s",INDEPENDENT=YES
          #EXT-X-PART:DURATION=0.85,URI="p102.1.m4s"
          #EXT-X-PART:DURATION=0.5,URI="p102.2.m4s",INDEPENDENT=YES
          #EXT-X-PART:DURATION=0.2,URI="p102.3.m4s"
          """)),
    RuleCase(
      "ll-hls.part-hold-back-missing", line: 4,
      "EXT-X-PART-INF is present but EXT-X-SERVER-CONTROL has no PART-HOLD-BACK",
      trips: lowLatency(control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,HOLD-BACK=12"),
      nearMiss: lowLatency(
        control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,HOLD-BACK=12,PART-HOLD-BACK=3")),
    RuleCase(
      "ll-hls.part-hold-back-too-small", line: 4,
      "PART-HOLD-BACK 1.9 is below twice PART-TARGET 1 (2)",
      trips: lowLatency(control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.9"),
      nearMiss: lowLatency(
        control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=3.004")),
    RuleCase(
      "ll-hls.part-hold-back-below-recommended", line: 4,
      "PART-HOLD-BACK 2.5 is below three times PART-TARGET 1 (3)",
      trips: lowLatency(control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=2.5"),
      nearMiss: lowLatency(
        control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=3")),
    // A part target written rounded (1/3 s as 0.33334) times three is 1.0 within rounding.
    RuleCase(
      "ll-hls.part-hold-back-below-recommended", line: 4,
      "PART-HOLD-BACK 0.999 is below three times PART-TARGET 0.33334 (1.00002)",
      trips: thirdOfASecondParts(partHoldBack: "0.999"),
      nearMiss: thirdOfASecondParts(partHoldBack: "1.0")),
    RuleCase(
      "ll-hls.hold-back-too-small", line: 4,
      "HOLD-BACK 11.9 is below three times EXT-X-TARGETDURATION 4 (12)",
      trips: lowLatency(
        control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,HOLD-BACK=11.9,PART-HOLD-BACK=3"),
      nearMiss: lowLatency(
        control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,HOLD-BACK=12,PART-HOLD-BACK=3")),
    RuleCase(
      "ll-hls.can-skip-until-too-small", line: 4,
      "CAN-SKIP-UNTIL 20 is below six times EXT-X-TARGETDURATION 4 (24)",
      trips: lowLatency(
        control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=20,PART-HOLD-BACK=3"),
      nearMiss: lowLatency(
        control: "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=24.0,PART-HOLD-BACK=3")
    ),
    RuleCase(
      "ll-hls.can-skip-dateranges-without-can-skip-until", line: 4,
      "CAN-SKIP-DATERANGES=YES without CAN-SKIP-UNTIL",
      trips: lowLatency(
        control:
          "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-DATERANGES=YES,PART-HOLD-BACK=3"),
      nearMiss: lowLatency(
        control:
          "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=24,CAN-SKIP-DATERANGES=YES,PART-HOLD-BACK=3"
      )),
    RuleCase(
      "ll-hls.skip-without-can-skip-until", line: 5,
      "EXT-X-SKIP (a delta update) but EXT-X-SERVER-CONTROL has no CAN-SKIP-UNTIL",
      trips: """
        #EXTM3U
        #EXT-X-VERSION:9
        #EXT-X-TARGETDURATION:4
        #EXT-X-MEDIA-SEQUENCE:100
        #EXT-X-SKIP:SKIPPED-SEGMENTS=6
        #EXTINF:4.0,
        s106.ts

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-VERSION:9
        #EXT-X-TARGETDURATION:4
        #EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=24
        #EXT-X-MEDIA-SEQUENCE:100
        #EXT-X-SKIP:SKIPPED-SEGMENTS=6
        #EXTINF:4.0,
        s106.ts

        """),
    RuleCase(
      "ll-hls.first-part-not-independent", line: 20,
      "the first part 'p103.0.m4s' of a segment is not INDEPENDENT=YES, but the playlist has "
        + "EXT-X-INDEPENDENT-SEGMENTS",
      trips: lowLatency(tail: #"#EXT-X-PART:DURATION=1.0,URI="p103.0.m4s""#),
      nearMiss: lowLatency(tail: #"#EXT-X-PART:DURATION=1.0,URI="p103.0.m4s",INDEPENDENT=YES"#)),
    RuleCase(
      "ll-hls.stale-parts", line: 12,
      "segment 101 still lists its parts 16 s before the end of the playlist (more than three "
        + "target durations, 12 s)",
      trips: """
        #EXTM3U
        #EXT-X-VERSION:9
        #EXT-X-TARGETDURATION:4
        #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=3.0
        #EXT-X-PART-INF:PART-TARGET=1.0
        #EXT-X-MEDIA-SEQUENCE:100
        #EXT-X-INDEPENDENT-SEGMENTS
        #EXT-X-MAP:URI="init.mp4"
        #EXT-X-PROGRAM-DATE-TIME:2025-11-29T10:00:00.000Z
        #EXTINF:4.0,
        s100.m4s
        #EXT-X-PART:DURATION=1.0,URI="p101.0.m4s",INDEPENDENT=YES
        #EXT-X-PART:DURATION=1.0,URI="p101.1.m4s"
        #EXT-X-PART:DURATION=1.0,URI="p101.2.m4s"
        #EXT-X-PART:DURATION=1.0,URI="p101.3.m4s"
        #EXTINF:4.0,
        s101.m4s
        #EXTINF:4.0,
        s102.m4s
        #EXTINF:4.0,
        s103.m4s
        #EXT-X-PART:DURATION=1.0,URI="p104.0.m4s",INDEPENDENT=YES
        #EXT-X-PART:DURATION=1.0,URI="p104.1.m4s"
        #EXT-X-PART:DURATION=1.0,URI="p104.2.m4s"
        #EXT-X-PART:DURATION=1.0,URI="p104.3.m4s"
        #EXTINF:4.0,
        s104.m4s
        #EXTINF:4.0,
        s105.m4s

        """,
      nearMiss: lowLatency()),
    RuleCase(
      "ll-hls.segment-tag-after-part", line: 15,
      "EXT-X-PROGRAM-DATE-TIME comes after the segment's first EXT-X-PART (line 14); it must come "
        + "before it",
      trips: lowLatency(
        parts: """
          #EXT-X-PART:DURATION=1.0,URI="p102.0.m4s",INDEPENDENT=YES
          #EXT-X-PROGRAM-DATE-TIME:2025-11-29T10:00:08.000Z
          #EXT-X-PART:DURATION=1.0,URI="p102.1.m4s"
          #EXT-X-PART:DURATION=1.0,URI="p102.2.m4s"
          """),
      nearMiss: lowLatency(
        parts: """
          #EXT-X-PROGRAM-DATE-TIME:2025-11-29T10:00:08.000Z
          #EXT-X-PART:DURATION=1.0,URI="p102.0.m4s",INDEPENDENT=YES
          #EXT-X-PART:DURATION=1.0,URI="p102.1.m4s"
          #EXT-X-PART:DURATION=1.0,URI="p102.2.m4s"
          """)),
    RuleCase(
      "ll-hls.preload-hint-with-endlist", line: 21,
      "EXT-X-PRELOAD-HINT in a playlist with EXT-X-ENDLIST (line 22)",
      trips: lowLatency(
        tail: """
          #EXT-X-PART:DURATION=1.0,URI="p103.0.m4s",INDEPENDENT=YES
          #EXT-X-PRELOAD-HINT:TYPE=PART,URI="p103.1.m4s"
          #EXT-X-ENDLIST
          """),
      nearMiss: lowLatency(
        tail: """
          #EXT-X-PART:DURATION=1.0,URI="p103.0.m4s",INDEPENDENT=YES
          #EXT-X-ENDLIST
          """)),
    RuleCase(
      "ll-hls.preload-hint-invalid", line: 21,
      "EXT-X-PRELOAD-HINT names 'p103.0.m4s', a part already listed",
      trips: lowLatency(
        tail: """
          #EXT-X-PART:DURATION=1.0,URI="p103.0.m4s",INDEPENDENT=YES
          #EXT-X-PRELOAD-HINT:TYPE=PART,URI="p103.0.m4s"
          """),
      nearMiss: lowLatency(
        tail: """
          #EXT-X-PART:DURATION=1.0,URI="p103.0.m4s",INDEPENDENT=YES
          #EXT-X-PRELOAD-HINT:TYPE=PART,URI="p103.1.m4s"
          #EXT-X-PRELOAD-HINT:TYPE=MAP,URI="init2.mp4"
          """)),
    RuleCase(
      "ll-hls.preload-hint-invalid", line: 22,
      "a second EXT-X-PRELOAD-HINT of TYPE=PART (first on line 21)",
      trips: lowLatency(
        tail: """
          #EXT-X-PART:DURATION=1.0,URI="p103.0.m4s",INDEPENDENT=YES
          #EXT-X-PRELOAD-HINT:TYPE=PART,URI="p103.1.m4s"
          #EXT-X-PRELOAD-HINT:TYPE=PART,URI="p103.2.m4s"
          """),
      nearMiss: lowLatency()),
    RuleCase(
      "ll-hls.rendition-report-invalid", line: 22,
      "EXT-X-RENDITION-REPORT URI https://cdn.example.com/720/live.m3u8 is absolute; it must be "
        + "relative to this playlist",
      trips: lowLatency(
        tail: """
          #EXT-X-PART:DURATION=1.0,URI="p103.0.m4s",INDEPENDENT=YES
          #EXT-X-PRELOAD-HINT:TYPE=PART,URI="p103.1.m4s"
          #EXT-X-RENDITION-REPORT:URI="https://cdn.example.com/720/live.m3u8",LAST-MSN=103,LAST-PART=0
          """),
      nearMiss: lowLatency(
        tail: """
          #EXT-X-PART:DURATION=1.0,URI="p103.0.m4s",INDEPENDENT=YES
          #EXT-X-PRELOAD-HINT:TYPE=PART,URI="p103.1.m4s"
          #EXT-X-RENDITION-REPORT:URI="../720/live.m3u8",LAST-MSN=103,LAST-PART=0
          #EXT-X-RENDITION-REPORT:URI="../360/live.m3u8",LAST-MSN=103,LAST-PART=0
          """)),
  ]

  /// A live LL-HLS playlist with PART-TARGET=0.33334 (a third of a second, rounded as
  /// RFC 8216bis's examples write it) and the given PART-HOLD-BACK.
  static func thirdOfASecondParts(partHoldBack: String) -> String {
    """
    #EXTM3U
    #EXT-X-VERSION:9
    #EXT-X-TARGETDURATION:4
    #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=\(partHoldBack)
    #EXT-X-PART-INF:PART-TARGET=0.33334
    #EXT-X-MEDIA-SEQUENCE:271
    #EXT-X-MAP:URI="init.mp4"
    #EXT-X-PROGRAM-DATE-TIME:2025-11-30T10:00:00.000Z
    #EXTINF:4.00008,
    seg271.m4s
    #EXT-X-PART:DURATION=0.33334,URI="part272.0.m4s",INDEPENDENT=YES
    #EXT-X-PART:DURATION=0.33334,URI="part272.1.m4s"
    #EXT-X-PRELOAD-HINT:TYPE=PART,URI="part272.2.m4s"

    """
  }
}
