extension RuleCase {
  /// A live playlist with a program date-time and `tags` before its second segment.
  static func withDateRanges(_ tags: String) -> String {
    """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T10:00:00.000Z
    #EXTINF:6.0,
    a.ts
    \(tags)
    #EXTINF:6.0,
    b.ts

    """
  }

  /// EXT-X-DATERANGE rules (§4.4.5.1); the date-range tags start on line 7.
  static let dateRanges: [RuleCase] = [
    RuleCase(
      "spec.daterange-missing-id", line: 7, "EXT-X-DATERANGE has no ID",
      trips: withDateRanges(#"#EXT-X-DATERANGE:START-DATE="2025-11-29T10:00:06.000Z""#),
      nearMiss: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z""#)),
    RuleCase(
      "spec.daterange-missing-start-date", line: 7,
      "EXT-X-DATERANGE \"a\" has no START-DATE and no earlier tag with its ID has one",
      trips: withDateRanges(#"#EXT-X-DATERANGE:ID="a",DURATION=30"#),
      nearMiss: withDateRanges(
        """
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",PLANNED-DURATION=30
        #EXT-X-DATERANGE:ID="a",DURATION=30
        """)),
    RuleCase(
      "spec.daterange-invalid-range", line: 7,
      "EXT-X-DATERANGE \"a\" END-DATE 2025-11-29T10:00:05.000Z is before START-DATE "
        + "2025-11-29T10:00:06.000Z",
      trips: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",END-DATE="2025-11-29T10:00:05.000Z""#
      ),
      nearMiss: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",END-DATE="2025-11-29T10:00:06.000Z""#
      )),
    RuleCase(
      "spec.daterange-invalid-range", line: 7, "EXT-X-DATERANGE \"a\" DURATION is negative (-5)",
      trips: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",DURATION=-5"#),
      nearMiss: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",DURATION=0"#)),
    RuleCase(
      "spec.daterange-duration-mismatch", line: 7,
      "EXT-X-DATERANGE \"a\" END-DATE 2025-11-29T10:00:37.000Z is not START-DATE "
        + "2025-11-29T10:00:06.000Z + DURATION 30 (= 2025-11-29T10:00:36.000Z); they differ by 1 s",
      trips: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",DURATION=30,END-DATE="2025-11-29T10:00:37.000Z""#
      ),
      nearMiss: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",DURATION=30.0004,END-DATE="2025-11-29T10:00:36.000Z""#
      )),
    RuleCase(
      "spec.daterange-end-on-next-invalid", line: 7,
      "EXT-X-DATERANGE \"a\" has END-ON-NEXT=YES and DURATION; a range that ends on the next one "
        + "must not state its end",
      trips: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",CLASS="com.example.chapter",START-DATE="2025-11-29T10:00:06.000Z",END-ON-NEXT=YES,DURATION=6"#
      ),
      nearMiss: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",CLASS="com.example.chapter",START-DATE="2025-11-29T10:00:06.000Z",END-ON-NEXT=YES"#
      )),
    RuleCase(
      "spec.daterange-conflicting-attribute", line: 8,
      "EXT-X-DATERANGE \"a\" PLANNED-DURATION=60 contradicts 30 on line 7",
      trips: withDateRanges(
        """
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",PLANNED-DURATION=30
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",PLANNED-DURATION=60
        """),
      nearMiss: withDateRanges(
        """
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",PLANNED-DURATION=30
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06Z",PLANNED-DURATION=30.000,DURATION=29.5
        """)),
    RuleCase(
      "spec.daterange-cue-pre-and-post", line: 7,
      "EXT-X-DATERANGE \"a\" CUE=\"PRE,POST\" lists both PRE and POST",
      trips: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",CUE="PRE,POST""#),
      nearMiss: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z",CUE="PRE,ONCE""#)),
    RuleCase(
      "spec.daterange-without-program-date-time", line: 5,
      "EXT-X-DATERANGE \"a\" is in a playlist without EXT-X-PROGRAM-DATE-TIME",
      trips: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXTINF:6,
        a.ts
        #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z"
        #EXTINF:6,
        b.ts

        """,
      nearMiss: withDateRanges(
        #"#EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T10:00:06.000Z""#)),
  ]
}
