import ManifestCore
import Subtitles
import Testing

@testable import Thumbnails

@Suite struct AdInsertionShiftTests {
  @Test func readsTheAdsTimelineOfM3U8Tool() throws {
    let shift = try AdInsertionShift(json: try Sample.bytes("ads.json"))
    #expect(
      shift.breaks == [
        .init(id: "preroll", start: .zero, duration: try #require(ExactDecimal("15.015"))),
        .init(
          id: "midroll-1", start: try #require(ExactDecimal("57.515")), duration: ExactDecimal(30)),
      ])
    // The midroll starts at 57.515 s with ads, 42.5 s into the content.
    #expect(shift.stitchedTime(.zero) == .ms(15015))
    #expect(shift.stitchedTime(.ms(42499)) == .ms(57514))
    #expect(shift.stitchedTime(.ms(42500)) == .ms(87515))
  }

  @Test func thumbnailsMoveAndTheOneABreakCutsIsSplit() throws {
    let shift = try AdInsertionShift(json: try Sample.bytes("ads.json"))
    let track = try ThumbnailTrackReader.read(try Sample.bytes("sprites.vtt"))
    let shifted = shift.shift(track)
    #expect(shifted.thumbnails.count == 27)
    let t = shifted.thumbnails
    #expect(t[0].start == .ms(15015))
    #expect(t[0].end == .ms(20015))
    // Thumbnail [40 s, 45 s) is cut at 42.5 s by the 30 s midroll.
    #expect(t[8].start == .ms(55015))
    #expect(t[8].end == .ms(57515))
    #expect(t[9].start == .ms(87515))
    #expect(t[9].end == .ms(90015))
    #expect(t[8].reference == t[9].reference)
    #expect(t[10].start == .ms(90015))
    #expect(t[26].end == .ms(172_515))
    // Nothing is shown during the midroll.
    #expect(shifted.thumbnail(at: .ms(60000)) == nil)
    #expect(shifted.thumbnail(at: .ms(5000)) == nil)
    #expect(
      shifted.validate().map { $0.message } == [
        "gap of 30 s before this thumbnail (previous ends at 00:00:57.515, this one starts at "
          + "00:01:27.515): no preview there"
      ])
  }

  @Test func identifiersAndCommentsFollowTheirThumbnails() throws {
    let track = ThumbnailTrack(
      thumbnails: [
        Thumbnail(start: .zero, end: .ms(10000), url: "a.jpg", identifier: "a"),
        Thumbnail(start: .ms(10000), end: .ms(20000), url: "b.jpg", identifier: "b"),
      ],
      comments: [
        SubtitleComment(text: "second", beforeCue: 1), SubtitleComment(text: "end", beforeCue: 2),
      ])
    let shift = try AdInsertionShift(breaks: [
      .init(start: ExactDecimal(5), duration: ExactDecimal(30)),
      .init(start: ExactDecimal(40), duration: .zero),
    ])
    let shifted = shift.shift(track)
    #expect(shifted.thumbnails.map(\.identifier) == ["a", nil, "b"])
    #expect(shifted.thumbnails.map(\.start) == [.zero, .ms(35000), .ms(40000)])
    #expect(shifted.comments.map(\.beforeCue) == [2, 3])
  }

  @Test func badTimelinesAreParseErrors() throws {
    #expect(
      throws: ParseError(
        code: "thumbnail.ads.json", message: "expected ',' or '}'",
        location: SourceLocation(line: 2, column: 3, offset: 9))
    ) {
      try AdInsertionShift(json: "{\"a\":1\n  \"b\"}".bytes)
    }
    #expect(
      throws: ParseError(
        code: "thumbnail.ads.not-timeline",
        message:
          "not an ad-break timeline: expected {\"breaks\":[…]} from m3u8-tool ads --format json")
    ) {
      try AdInsertionShift(json: "[]".bytes)
    }
    #expect(
      throws: ParseError(
        code: "thumbnail.ads.not-timeline",
        message: "ad break 'x' has neither a 'duration' nor a 'plannedDuration'")
    ) {
      try AdInsertionShift(
        json: #"{"breaks":[{"id":"x","start":3,"duration":null,"plannedDuration":null}]}"#.bytes)
    }
    #expect(
      throws: ParseError(
        code: "thumbnail.ads.not-timeline", message: "ad break 1 has no numeric 'start'")
    ) {
      try AdInsertionShift(json: #"{"breaks":[{"duration":1}]}"#.bytes)
    }
    // A start or duration that is there but no usable number says so (a duration past Int64
    // used to be reported as missing).
    let notSeconds = [
      (#"{"start":"3","duration":1}"#, "start"), (#"{"start":1e300,"duration":1}"#, "start"),
      (#"{"start":5,"duration":99999999999999999999}"#, "duration"),
    ]
    for (item, key) in notSeconds {
      #expect(
        throws: ParseError(
          code: "thumbnail.ads.not-timeline",
          message: "ad break 1: '\(key)' must be a plain decimal number of seconds such as 12.5")
      ) {
        try AdInsertionShift(json: Array(#"{"breaks":["#.utf8) + item.bytes + Array("]}".utf8))
      }
    }
    #expect(
      throws: ParseError(
        code: "thumbnail.ads.invalid-break",
        message: "ad break 'b' starts before the previous break ends (40 s)")
    ) {
      try AdInsertionShift(
        json:
          #"{"breaks":[{"id":"a","start":10,"duration":30},{"id":"b","start":20,"duration":5}]}"#
          .bytes)
    }
    // An open break's plannedDuration stands in for a null duration.
    let open = try AdInsertionShift(
      json: #"{"breaks":[{"start":3,"duration":null,"plannedDuration":60}]}"#.bytes)
    #expect(open.breaks.first?.duration == ExactDecimal(60))
  }
}
