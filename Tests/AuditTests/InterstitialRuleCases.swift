extension RuleCase {
  /// An Apple-style inserted interstitial (RFC 8216bis Appendix D examples: X-ASSET-URI,
  /// X-RESUME-OFFSET=0, X-RESTRICT, X-SNAP) on line 7 of a live playlist, with `attributes`
  /// after its START-DATE and DURATION.
  static func withInterstitial(_ attributes: String, then more: String = "") -> String {
    withDateRanges(
      #"#EXT-X-DATERANGE:ID="ad1",CLASS="com.apple.hls.interstitial",START-DATE="2025-11-29T10:00:06.000Z",DURATION=15,"#
        + attributes + (more.isEmpty ? "" : "\n" + more))
  }

  static let assetURI = #"X-ASSET-URI="https://ads.example.com/ad1/index.m3u8""#

  /// The HLS Interstitials rules, and the date-range rules interstitials rely on.
  static let interstitials: [RuleCase] = [
    RuleCase(
      "ads.interstitial-asset", line: 7,
      "interstitial \"ad1\" has neither X-ASSET-URI nor X-ASSET-LIST",
      trips: withInterstitial(#"X-RESUME-OFFSET=0,X-RESTRICT="SKIP,JUMP""#),
      nearMiss: withInterstitial(assetURI + #",X-RESUME-OFFSET=0,X-RESTRICT="SKIP,JUMP""#)),
    RuleCase(
      "ads.interstitial-asset", line: 7,
      "interstitial \"ad1\" has both X-ASSET-URI and X-ASSET-LIST",
      trips: withInterstitial(
        assetURI + #",X-ASSET-LIST="https://ads.example.com/ad1.json",X-RESUME-OFFSET=0"#),
      nearMiss: withInterstitial(
        #"X-ASSET-LIST="https://ads.example.com/ad1.json",X-RESUME-OFFSET=0"#)),
    RuleCase(
      "ads.interstitial-asset-list-playlist", line: 7,
      "interstitial \"ad1\" X-ASSET-LIST \"https://ads.example.com/ad1/index.m3u8?s=1\" names a "
        + "playlist, not a JSON asset list (use X-ASSET-URI for one asset)",
      trips: withInterstitial(
        #"X-ASSET-LIST="https://ads.example.com/ad1/index.m3u8?s=1",X-RESUME-OFFSET=0"#),
      // MediaTailor-style asset-list endpoint whose query mentions m3u8: still JSON.
      nearMiss: withInterstitial(
        #"X-ASSET-LIST="https://ads.example.com/v1/asset-list/cfg?fmt=.m3u8",X-RESUME-OFFSET=0"#)),
    RuleCase(
      "ads.interstitial-cue-value", line: 7,
      "interstitial \"ad1\" CUE=\"ONCE,LATER\" has 'LATER', not one of PRE, POST, ONCE",
      trips: withInterstitial(assetURI + #",CUE="ONCE,LATER",X-RESUME-OFFSET=0"#),
      nearMiss: withInterstitial(assetURI + #",CUE="ONCE",X-RESUME-OFFSET=0"#)),
    RuleCase(
      "ads.interstitial-snap-value", line: 7,
      "interstitial \"ad1\" X-SNAP=\"OUT,END\" has 'END', not one of OUT, IN",
      trips: withInterstitial(assetURI + #",X-RESUME-OFFSET=0,X-SNAP="OUT,END""#),
      nearMiss: withInterstitial(assetURI + #",X-RESUME-OFFSET=0,X-SNAP="OUT,IN""#)),
    RuleCase(
      "ads.interstitial-restrict-value", line: 7,
      "interstitial \"ad1\" X-RESTRICT=\"SKIP,SEEK\" has 'SEEK', not one of SKIP, JUMP",
      trips: withInterstitial(assetURI + #",X-RESUME-OFFSET=0,X-RESTRICT="SKIP,SEEK""#),
      nearMiss: withInterstitial(assetURI + #",X-RESUME-OFFSET=0,X-RESTRICT="SKIP,JUMP""#)),
    RuleCase(
      "ads.interstitial-timeline-value", line: 7,
      "interstitial \"ad1\" X-TIMELINE-OCCUPIES=\"SPAN\" is not POINT or RANGE",
      trips: withInterstitial(assetURI + #",X-RESUME-OFFSET=0,X-TIMELINE-OCCUPIES="SPAN""#),
      nearMiss: withInterstitial(
        assetURI
          + #",X-RESUME-OFFSET=0,X-TIMELINE-OCCUPIES="RANGE",X-TIMELINE-STYLE="PRIMARY",X-CONTENT-MAY-VARY="NO""#
      )),
    RuleCase(
      "ads.interstitial-time-invalid", line: 7,
      "interstitial \"ad1\" X-RESUME-OFFSET=-5 is not a non-negative decimal number of seconds",
      trips: withInterstitial(assetURI + ",X-RESUME-OFFSET=-5"),
      nearMiss: withInterstitial(
        assetURI
          + ",X-RESUME-OFFSET=0,X-PLAYOUT-LIMIT=15.5,X-SKIP-CONTROL-OFFSET=5,X-SKIP-CONTROL-DURATION=10"
      )),
    RuleCase(
      "ads.interstitial-id-reused", line: 8,
      "EXT-X-DATERANGE \"ad1\" on line 8 starts at 2025-11-29T10:00:08.000Z but reuses the ID of "
        + "the interstitial on line 7, which starts at 2025-11-29T10:00:06.000Z",
      trips: withInterstitial(
        assetURI + ",X-RESUME-OFFSET=0",
        then: #"#EXT-X-DATERANGE:ID="ad1",START-DATE="2025-11-29T10:00:08.000Z""#),
      // A live packager adding X-PLAYOUT-LIMIT to the same interstitial later.
      nearMiss: withInterstitial(
        assetURI + ",X-RESUME-OFFSET=0", then: #"#EXT-X-DATERANGE:ID="ad1",X-PLAYOUT-LIMIT=15"#)),
    RuleCase(
      "spec.daterange-cue-pre-and-post", line: 7,
      "EXT-X-DATERANGE \"ad1\" CUE=\"PRE,POST\" lists both PRE and POST",
      trips: withInterstitial(assetURI + #",CUE="PRE,POST",X-RESUME-OFFSET=0"#),
      nearMiss: withInterstitial(assetURI + #",CUE="PRE",X-RESUME-OFFSET=0"#)),
    RuleCase(
      "spec.daterange-without-program-date-time", line: 6,
      "EXT-X-DATERANGE \"pre\" is in a playlist without EXT-X-PROGRAM-DATE-TIME",
      trips: """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXTINF:6.0,
        a.ts
        #EXT-X-DATERANGE:ID="pre",CLASS="com.apple.hls.interstitial",START-DATE="2025-11-29T10:00:06.000Z",CUE="PRE",X-ASSET-URI="https://ads.example.com/pre/index.m3u8",X-RESUME-OFFSET=0
        #EXTINF:6.0,
        b.ts

        """,
      nearMiss: withDateRanges(
        #"#EXT-X-DATERANGE:ID="pre",CLASS="com.apple.hls.interstitial",START-DATE="2025-11-29T10:00:00.000Z",CUE="PRE",X-ASSET-URI="https://ads.example.com/pre/index.m3u8",X-RESUME-OFFSET=0"#
      )),
  ]
}
