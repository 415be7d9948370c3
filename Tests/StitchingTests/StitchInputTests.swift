import HLS
import ManifestCore
import Stitching
import Testing

/// Bad plans and bad inputs: each a diagnostic naming the break or ad, its file and where.
@Suite struct StitchInputTests {
  static func problems(_ json: String) -> [String] {
    let (plan, diagnostics) = StitchPlan.parse(Array(json.utf8), file: "plan.json")
    #expect(plan == nil)
    return diagnostics.map(\.description)
  }

  @Test func readsEveryFieldOfAPlan() throws {
    let plan = try Stitch.plan(
      """
      {"breaks":[
        {"at":0,"mode":"insert","ads":[{"id":"pre","playlist":"ads/pre.m3u8","duration":15.5,
          "impressions":["https://t.example.com/i"],"clickThrough":"https://brand.example.com/",
          "tracking":[{"event":"progress","url":"https://t.example.com/p","offset":5},
                      {"event":"midpoint","url":"https://t.example.com/m","offset":"50%"}]}]},
        {"at":"markers","ads":[{"id":"mid","playlist":"ads/mid.m3u8"}]}]}
      """)
    #expect(
      plan.breaks.map(\.position) == [.time(ExactDecimal(0)), .markers])
    #expect(plan.breaks.map(\.mode) == [.insert, .replace])
    let pre = plan.breaks[0].ads[0]
    #expect(pre.duration == ExactDecimal("15.5"))
    #expect(pre.clickThrough == "https://brand.example.com/")
    #expect(
      pre.tracking == [
        StitchPlan.TrackingEvent(
          event: "progress", url: "https://t.example.com/p", offset: .seconds(ExactDecimal(5))),
        StitchPlan.TrackingEvent(
          event: "midpoint", url: "https://t.example.com/m", offset: .percent(ExactDecimal(50))),
      ])
    #expect(pre.origin.path == "breaks[0].ads[0]")
  }

  @Test func badPlansNameTheBreakTheAdAndTheJSONPath() {
    #expect(
      Self.problems(#"{"breaks":[{"at":-3,"ads":[]}]}"#) == [
        "plan.json:1:18: error: breaks[0].at: a time must not be negative [stitch.plan.invalid]",
        "plan.json:1:27: error: breaks[0].ads: missing, empty, or not an array [stitch.plan.invalid]",
      ])
    #expect(
      Self.problems(
        #"{"breaks":[{"at":"markers","mode":"insert","ads":[{"id":"x","tracking":[{"event":"#
          + #""progress","url":"ftp://t.example.com/p"},{"event":"progress","url":"#
          + #""https://t.example.com/p"}]}]}]}"#) == [
          "plan.json:1:35: error: breaks[0].mode: a break at \"markers\" replaces the marked "
            + "content: mode \"replace\" [stitch.plan.invalid]",
          "plan.json:1:51: error: breaks[0].ads[0].playlist: ad 'x' has no playlist (a path or "
            + "URI string) [stitch.plan.invalid]",
          "plan.json:1:99: error: breaks[0].ads[0].tracking[0].url: ad 'x': "
            + "'ftp://t.example.com/p' is not an absolute http(s) URL without blanks "
            + "[stitch.plan.tracking-url]",
          "plan.json:1:124: error: breaks[0].ads[0].tracking[1].offset: ad 'x': a progress event "
            + "needs an offset [stitch.plan.invalid]",
        ])
    #expect(
      Self.problems("{\n  \"breaks\": [\n    {\"at\": 5,,}\n  ]\n}") == [
        "plan.json:3:14: error: the plan is not JSON: expected a member name [stitch.plan.json]"
      ])
  }

  @Test func anUnreadableAdAndABreakPastTheEndAreErrorsAndNothingIsWritten() throws {
    let plan = try Stitch.plan(
      """
      {"breaks":[{"at":6,"ads":[{"id":"gone","playlist":"ads/gone.m3u8"}]},
                 {"at":90,"ads":[{"id":"late","playlist":"ad8.m3u8"}]}]}
      """)
    let loader = MemoryLoader(files: [
      "index.m3u8": Fixture.mediaPackageTS, "ad8.m3u8": Fixture.ffmpegAdTS8,
    ])
    let result = Stitcher(plan: plan).stitch(
      content: "index.m3u8", planLocation: "plan.json", loader: loader)
    #expect(result.playlists == [])
    #expect(
      result.diagnostics.map(\.description) == [
        "plan.json:1:27: error: break 1 (breaks[0]): ad 'gone': cannot read ads/gone.m3u8: No "
          + "such file or directory [stitch.ad.unreadable]",
        "plan.json:2:12: error: break 2 (breaks[1]) at 90 s is past the end of index.m3u8 "
          + "(30 s) [stitch.break.past-end]",
      ])
  }

  @Test func anMPEGTSAdCannotFollowFMP4Content() throws {
    let plan = try Stitch.plan(
      #"{"breaks":[{"at":6,"ads":[{"id":"ts","playlist":"ad8.m3u8"}]}]}"#)
    let loader = MemoryLoader(files: [
      "index.m3u8": Fixture.shakaEncryptedFMP4, "ad8.m3u8": Fixture.ffmpegAdTS8,
    ])
    let result = Stitcher(plan: plan).stitch(content: "index.m3u8", loader: loader)
    #expect(result.playlists == [])
    #expect(
      result.diagnostics.map(\.description) == [
        "index.m3u8:1:1: error: ad 'ts' has no EXT-X-MAP (MPEG-TS) after the content with one "
          + "(fMP4): HLS cannot end a map, so the ad and the content must both be fMP4 or both "
          + "MPEG-TS [stitch.map.mismatch]"
      ])
  }

  @Test func dateRangeMarkersNeedProgramDateTime() throws {
    let plan = try Stitch.plan(
      #"{"breaks":[{"at":6,"ads":[{"id":"a","playlist":"ad8.m3u8"}]}]}"#)
    let loader = MemoryLoader(files: [
      "index.m3u8": Fixture.shakaEncryptedFMP4, "ad8.m3u8": Fixture.shakaClearAdFMP4,
    ])
    let result = Stitcher(plan: plan, options: StitchOptions(markers: .dateRange)).stitch(
      content: "index.m3u8", loader: loader)
    #expect(
      result.diagnostics.map(\.description) == [
        "plan.json:1:12: error: --markers daterange needs EXT-X-PROGRAM-DATE-TIME in "
          + "index.m3u8 (a DATERANGE starts at a date) [stitch.markers.no-program-date-time]"
      ])
  }
}

/// Which tracking URLs the beacon tags carry: printable ASCII is checked on bytes, any other
/// URL as a String; both give the same answers.
@Suite struct TrackingURLTests {
  @Test func printableASCIIURLs() {
    // A Google Ad Manager VAST impression URL, and the same with an upper-case scheme.
    #expect(StitchPlan.isTrackingURL("https://pubads.g.doubleclick.net/pagead/adview?ai=C1"))
    #expect(StitchPlan.isTrackingURL("HTTP://T.EXAMPLE.COM/start"))
    #expect(StitchPlan.isTrackingURL("Https://t.example.com/s"))
    #expect(!StitchPlan.isTrackingURL("ftp://t.example.com/s"))
    #expect(!StitchPlan.isTrackingURL("https:/t.example.com/s"))
    #expect(!StitchPlan.isTrackingURL("http:/"))
    #expect(!StitchPlan.isTrackingURL(""))
    #expect(!StitchPlan.isTrackingURL("https://t.example.com/s,EVENT=x"))
    #expect(!StitchPlan.isTrackingURL("https://t.example.com/s,AD_LENGTH=9"))
    #expect(StitchPlan.isTrackingURL("https://t.example.com/s,EVENT"))
  }

  @Test func otherURLs() {
    #expect(StitchPlan.isTrackingURL("https://t.example.com/caf\u{E9}"))
    #expect(!StitchPlan.isTrackingURL("https://t.example.com/caf\u{E9},EVENT=x"))
    #expect(!StitchPlan.isTrackingURL("https://t.example.com/a b"))
    #expect(!StitchPlan.isTrackingURL("https://t.example.com/a\u{7F}"))
    #expect(!StitchPlan.isTrackingURL("https://t.example.com/a\tb"))
    // A combining mark after the scheme's slash joins it: not the character `/`.
    #expect(!StitchPlan.isTrackingURL("https://\u{301}t.example.com"))
  }
}

/// A plan built in code is held to the same rules as one read from JSON.
@Suite struct StitchCodePlanTests {
  @Test func aTrackingURLThatWouldAddABeaconAttributeIsRefused() {
    let plan = StitchPlan(breaks: [
      StitchPlan.Break(
        position: .time(ExactDecimal(6)), mode: .insert,
        ads: [
          StitchPlan.Ad(
            id: "x", playlist: "ad8.m3u8",
            tracking: [
              StitchPlan.TrackingEvent(
                event: "start", url: "https://t.example.com/s,AD_LENGTH=99")
            ])
        ], origin: PlanOrigin(path: "breaks[0]"))
    ])
    let loader = MemoryLoader(files: [
      "index.m3u8": Fixture.mediaPackageTS, "ad8.m3u8": Fixture.ffmpegAdTS8,
    ])
    let result = Stitcher(plan: plan).stitch(content: "index.m3u8", loader: loader)
    #expect(result.playlists == [])
    #expect(
      result.diagnostics.map(\.description) == [
        ":1:1: error: break 1 (breaks[0]): ad 'x' event 'start': "
          + "'https://t.example.com/s,AD_LENGTH=99' is not an absolute http(s) URL without "
          + "blanks, or the event name is not letters, digits, '-' or '_' [stitch.plan.tracking-url]"
      ])
  }
}
