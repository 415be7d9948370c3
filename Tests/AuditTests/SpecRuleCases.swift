extension RuleCase {
  /// Structure, version, syntax and segment rules.
  static let spec: [RuleCase] = [
    RuleCase(
      "spec.byte-order-mark", line: 1, "the file starts with a UTF-8 byte-order mark (EF BB BF)",
      trips: "\u{FEFF}#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n#EXT-X-ENDLIST\n",
      nearMiss: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n#EXT-X-ENDLIST\n"),
    RuleCase(
      "spec.extm3u-not-first", line: 1, "the first line has text after #EXTM3U: 'x-playlist'",
      trips: "#EXTM3U x-playlist\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n",
      nearMiss: "#EXTM3U  \n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n"),
    RuleCase(
      "spec.extm3u-not-first", line: 5,
      "#EXTM3U appears again on line 5: two playlists concatenated?",
      trips: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXTINF:6,
        a.ts
        #EXTM3U
        #EXTINF:6,
        b.ts

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXTINF:6,
        a.ts
        #EXT-M3U-COMMENT
        #EXTINF:6,
        b.ts

        """),
    RuleCase(
      "spec.wrong-playlist-kind", line: 5,
      "EXT-X-SESSION-DATA is a multivariant playlist tag in a media playlist",
      trips: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXTINF:6,
        a.ts
        #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="x"

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-INDEPENDENT-SEGMENTS
        #EXTINF:6,
        a.ts

        """),
    RuleCase(
      "spec.wrong-playlist-kind", line: 3,
      "EXT-X-TARGETDURATION is a media playlist tag in a multivariant playlist",
      trips: """
        #EXTM3U
        #EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="mp4a.40.2"
        #EXT-X-TARGETDURATION:6
        audio.m3u8

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="mp4a.40.2"
        #EXT-X-START:TIME-OFFSET=0
        audio.m3u8

        """),
    RuleCase(
      "spec.duplicate-tag", line: 3,
      "EXT-X-TARGETDURATION appears again (first on line 2); it may appear once",
      trips: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-TARGETDURATION:10
        #EXTINF:6,
        a.ts

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-VERSION:3
        #EXT-X-PROGRAM-DATE-TIME:2025-11-29T10:00:00.000Z
        #EXTINF:6.0,
        a.ts
        #EXT-X-PROGRAM-DATE-TIME:2025-11-29T10:00:06.000Z
        #EXTINF:6.0,
        b.ts

        """),
    RuleCase(
      "spec.sequence-tag-misplaced", line: 5,
      "EXT-X-MEDIA-SEQUENCE appears after the first segment; it must come before the first "
        + "segment",
      trips: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXTINF:6,
        a.ts
        #EXT-X-MEDIA-SEQUENCE:7
        #EXTINF:6,
        b.ts

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:7
        #EXTINF:6,
        a.ts
        #EXTINF:6,
        b.ts

        """),
    RuleCase(
      "spec.sequence-tag-misplaced", line: 4,
      "EXT-X-DISCONTINUITY-SEQUENCE appears after an EXT-X-DISCONTINUITY; it must come before "
        + "the first segment",
      trips: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-DISCONTINUITY
        #EXT-X-DISCONTINUITY-SEQUENCE:4
        #EXTINF:6,
        a.ts

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-DISCONTINUITY-SEQUENCE:4
        #EXT-X-DISCONTINUITY
        #EXTINF:6,
        a.ts

        """),
    RuleCase(
      "spec.version-too-low", line: 2,
      "EXT-X-VERSION is 5, but EXT-X-MAP without EXT-X-I-FRAMES-ONLY on line 4 needs version 6: "
        + "declare EXT-X-VERSION:6",
      trips: """
        #EXTM3U
        #EXT-X-VERSION:5
        #EXT-X-TARGETDURATION:6
        #EXT-X-MAP:URI="init.mp4"
        #EXTINF:6.006,
        a.m4s

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-TARGETDURATION:6
        #EXT-X-MAP:URI="init.mp4"
        #EXTINF:6.006,
        a.m4s

        """),
    RuleCase(
      "spec.version-too-low", line: 1,
      "there is no EXT-X-VERSION (version 1), but a floating-point EXTINF duration on line 3 "
        + "needs version 3: declare EXT-X-VERSION:3",
      trips: "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:9.97,\na.ts\n#EXTINF:10,\nb.ts\n",
      nearMiss: "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\na.ts\n#EXTINF:10,\nb.ts\n"),
    RuleCase(
      "spec.version-too-low", line: 2,
      "EXT-X-VERSION is 6, but an INSTREAM-ID=\"SERVICEn\" rendition on line 3 needs version 7: "
        + "declare EXT-X-VERSION:7",
      trips: """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English",INSTREAM-ID="SERVICE1"
        #EXT-X-STREAM-INF:BANDWIDTH=1280000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=1280x720,CLOSED-CAPTIONS="cc"
        v.m3u8

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English",INSTREAM-ID="CC1"
        #EXT-X-STREAM-INF:BANDWIDTH=1280000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=1280x720,CLOSED-CAPTIONS="cc"
        v.m3u8

        """),
    RuleCase(
      "spec.syntax", line: 3, "EXTINF duration must be a non-negative decimal number, got 'six'",
      trips: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:six,\na.ts\n",
      nearMiss: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n"),
    RuleCase(
      "spec.syntax-warning", line: 4, "EXT-X-MAP: URI must be a quoted string",
      trips: """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-TARGETDURATION:6
        #EXT-X-MAP:URI=init.mp4
        #EXTINF:6,
        a.m4s

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-TARGETDURATION:6
        #EXT-X-MAP:URI="init.mp4"
        #EXTINF:6,
        a.m4s

        """),
    RuleCase(
      "spec.target-duration-invalid", line: 1,
      "there is no EXT-X-TARGETDURATION; a media playlist needs one",
      trips: "#EXTM3U\n#EXTINF:6,\na.ts\n#EXT-X-ENDLIST\n",
      nearMiss: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n#EXT-X-ENDLIST\n"),
    RuleCase(
      "spec.target-duration-invalid", line: 2, "EXT-X-TARGETDURATION is 0; it must be at least 1",
      trips: "#EXTM3U\n#EXT-X-TARGETDURATION:0\n#EXTINF:0,\na.ts\n",
      nearMiss: "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:0,\na.ts\n"),
    // An image playlist's target duration bounds each tile, not the tile sheet's EXTINF.
    RuleCase(
      "spec.segment-exceeds-target-duration", line: 11,
      "EXT-X-TILES DURATION 6.5 rounds to 7, above EXT-X-TARGETDURATION 6 (segment 1)",
      trips: imagePlaylist(secondTile: "6.5"), nearMiss: imagePlaylist(secondTile: "6.006")),
    RuleCase(
      "spec.segment-exceeds-target-duration", line: 7,
      "EXTINF 6.5 rounds to 7, above EXT-X-TARGETDURATION 6 (segment 41)",
      trips: """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:40
        #EXTINF:6.006,
        a.ts
        #EXTINF:6.5,
        b.ts

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:40
        #EXTINF:6.006,
        a.ts
        #EXTINF:6.499,
        b.ts

        """),
    RuleCase(
      "spec.duplicate-segment", line: 8, "segment 2 repeats 'a.ts' of segment 0 (line 4)",
      trips: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXTINF:6,
        a.ts
        #EXTINF:6,
        b.ts
        #EXTINF:6,
        a.ts

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-VERSION:4
        #EXT-X-TARGETDURATION:6
        #EXT-X-BYTERANGE:1000@0
        #EXTINF:6,
        a.ts
        #EXT-X-BYTERANGE:1000
        #EXTINF:6,
        a.ts

        """),
    RuleCase(
      "spec.start-offset-out-of-range", line: 4,
      "EXT-X-START TIME-OFFSET 20 is beyond the playlist's duration 12",
      trips: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-START:TIME-OFFSET=20
        #EXTINF:6,
        a.ts
        #EXTINF:6,
        b.ts
        #EXT-X-ENDLIST

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-START:TIME-OFFSET=-12
        #EXTINF:6,
        a.ts
        #EXTINF:6,
        b.ts
        #EXT-X-ENDLIST

        """),
    RuleCase(
      "spec.start-offset-out-of-range", line: 3,
      "EXT-X-START TIME-OFFSET -12 is 12 s from the live edge, less than three target durations "
        + "(18 s)",
      trips: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-START:TIME-OFFSET=-12
        #EXTINF:6,
        a.ts
        #EXTINF:6,
        b.ts
        #EXTINF:6,
        c.ts
        #EXTINF:6,
        d.ts

        """,
      nearMiss: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-START:TIME-OFFSET=-18
        #EXTINF:6,
        a.ts
        #EXTINF:6,
        b.ts
        #EXTINF:6,
        c.ts
        #EXTINF:6,
        d.ts

        """),
  ]

  /// A VOD image playlist of two 4x2 tile sheets (EXTINF 48.048 and 30.03, target 6) whose
  /// second sheet shows each tile for `secondTile` seconds.
  static func imagePlaylist(secondTile: String) -> String {
    """
    #EXTM3U
    #EXT-X-VERSION:7
    #EXT-X-TARGETDURATION:6
    #EXT-X-MEDIA-SEQUENCE:0
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-IMAGES-ONLY
    #EXTINF:48.048,
    #EXT-X-TILES:RESOLUTION=416x234,LAYOUT=4x2,DURATION=6.006
    thumbs/sheet-0.jpg
    #EXTINF:30.03,
    #EXT-X-TILES:RESOLUTION=416x234,LAYOUT=4x2,DURATION=\(secondTile)
    thumbs/sheet-1.jpg
    #EXT-X-ENDLIST

    """
  }
}
