import ManifestCore
import Subtitles
import Testing

@testable import Thumbnails

@Suite struct LookupTests {
  private let track: ThumbnailTrack

  init() throws {
    track = try ThumbnailTrackReader.read(try Sample.bytes("sprites.vtt"))
  }

  @Test func atCueStartsTheCueApplies() {
    for (index, thumbnail) in track.thumbnails.enumerated() {
      #expect(track.index(at: thumbnail.start) == index)
    }
  }

  @Test func aCueEndBelongsToTheNextCue() {
    #expect(track.index(at: .ms(4999)) == 0)
    #expect(track.index(at: .ms(5000)) == 1)
    #expect(
      track.thumbnail(at: .ms(99_999))?.reference == "sprites/sheet-0001.jpg#xywh=640,270,160,90")
    #expect(
      track.thumbnail(at: .ms(100_000))?.reference == "sprites/sheet-0002.jpg#xywh=0,0,160,90")
  }

  @Test func beforeTheFirstCueThereIsNothing() throws {
    #expect(track.index(at: .ms(-1)) == nil)
    let late = try ThumbnailTrackReader.read(
      "WEBVTT\n\n00:10.000 --> 00:20.000\na.jpg#xywh=0,0,1,1\n".bytes)
    #expect(late.index(at: .ms(9999)) == nil)
    #expect(late.index(at: .ms(10000)) == 0)
  }

  @Test func pastTheEndTheLastCueApplies() {
    #expect(track.index(at: .ms(127_499)) == 25)
    #expect(track.index(at: .ms(127_500)) == 25)
    #expect(track.index(at: SubtitleTime(seconds: 86_400)) == 25)
    #expect(track.end == .ms(127_500))
    #expect(ThumbnailTrack(thumbnails: []).index(at: .zero) == nil)
  }

  @Test func exactDecimalSecondsAndRationalTimes() throws {
    #expect(track.thumbnail(atSeconds: try #require(ExactDecimal("12.5")))?.region?.x == 320)
    #expect(track.index(at: SubtitleTime(seconds: 5)) == 1)
    #expect(track.index(at: SubtitleTime(seconds: -1)) == nil)
    #expect(track.index(at: try #require(SubtitleTime(numerator: -1, denominator: 3))) == nil)
    // 4999999/1000000 s is still in the first cue, 1/3 s too.
    #expect(
      track.index(at: try #require(SubtitleTime(numerator: 4_999_999, denominator: 1_000_000))) == 0
    )
    #expect(track.index(at: try #require(SubtitleTime(numerator: 1, denominator: 3))) == 0)
    // Times too large for the integer keys still clamp to the last cue.
    #expect(track.index(at: SubtitleTime(seconds: .max / 10)) == 25)
    // 1001/200 s = 5.005 s, in the second cue.
    #expect(track.index(at: try #require(SubtitleTime(numerator: 1001, denominator: 200))) == 1)
  }

  @Test func gapsHaveNoThumbnail() throws {
    let gappy = try ThumbnailTrackReader.read(
      """
      WEBVTT

      00:00.000 --> 00:05.000
      a.jpg

      00:10.000 --> 00:15.000
      b.jpg

      """.bytes)
    #expect(gappy.thumbnail(at: .ms(4999))?.url == "a.jpg")
    #expect(gappy.thumbnail(at: .ms(5000)) == nil)
    #expect(gappy.thumbnail(at: .ms(9999)) == nil)
    #expect(gappy.thumbnail(at: .ms(10000))?.url == "b.jpg")
    #expect(gappy.thumbnail(at: .ms(15000))?.url == "b.jpg")
  }

  @Test func unsortedTracksAreSearchedInTimeOrder() throws {
    let unsorted = ThumbnailTrack(thumbnails: [
      Thumbnail(start: .ms(10000), end: .ms(20000), url: "c.jpg"),
      Thumbnail(start: .ms(0), end: .ms(5000), url: "a.jpg"),
      Thumbnail(start: .ms(5000), end: .ms(10000), url: "b.jpg"),
    ])
    #expect(!unsorted.isInTimeOrder)
    #expect(unsorted.index(at: .ms(0)) == 1)
    #expect(unsorted.index(at: .ms(7000)) == 2)
    #expect(unsorted.index(at: .ms(10000)) == 0)
    #expect(unsorted.index(at: .ms(30000)) == 0)
  }

  @Test func overlappingCuesFallBackToTheCueStillShowing() {
    let overlapping = ThumbnailTrack(thumbnails: [
      Thumbnail(start: .ms(0), end: .ms(10000), url: "long.jpg"),
      Thumbnail(start: .ms(2000), end: .ms(4000), url: "short.jpg"),
      Thumbnail(start: .ms(12000), end: .ms(14000), url: "late.jpg"),
    ])
    #expect(overlapping.thumbnail(at: .ms(3000))?.url == "short.jpg")
    #expect(overlapping.thumbnail(at: .ms(5000))?.url == "long.jpg")
    #expect(overlapping.thumbnail(at: .ms(11000)) == nil)
    #expect(overlapping.thumbnail(at: .ms(14000))?.url == "late.jpg")
  }

  @Test func replacingThumbnailsRebuildsTheIndex() {
    var copy = track
    copy.setThumbnails([Thumbnail(start: .zero, end: .ms(1000), url: "only.jpg")])
    #expect(copy.thumbnail(at: .ms(50000))?.url == "only.jpg")
    #expect(copy != track)
  }
}

@Suite struct LookupRuleTests {
  /// The shape THEOplayer's preview-thumbnail guide shows: each cue starts 1 ms after the
  /// previous one ends, so the containing rule finds nothing in those milliseconds.
  private let gapped: ThumbnailTrack

  init() throws {
    gapped = try ThumbnailTrackReader.read(
      """
      WEBVTT

      00:00.000 --> 00:10.000
      /thumbnails/thumbnail1.jpg

      00:10.001 --> 00:20.000
      /thumbnails/thumbnail2.jpg

      00:20.001 --> 00:30.000
      /thumbnails/thumbnail3.jpg

      """.bytes)
  }

  @Test func containingIsTheDefaultLookup() throws {
    let track = try ThumbnailTrackReader.read(try Sample.bytes("sprites.vtt"))
    for time: Int64 in [-1, 0, 4999, 5000, 12_500, 127_500, 200_000] {
      #expect(track.index(at: .ms(time), rule: .containing) == track.index(at: .ms(time)))
    }
    #expect(gapped.index(at: .ms(9999), rule: .containing) == 0)
    #expect(gapped.index(at: .ms(10_000), rule: .containing) == nil)
  }

  @Test func nextTakesTheNearestCueStartingAtOrAfterTheTime() {
    #expect(gapped.index(at: .ms(0), rule: .next) == 0)
    #expect(gapped.index(at: .ms(1), rule: .next) == 1)
    #expect(gapped.index(at: .ms(10_000), rule: .next) == 1)
    #expect(gapped.index(at: .ms(10_001), rule: .next) == 1)
    #expect(gapped.index(at: .ms(10_002), rule: .next) == 2)
    #expect(gapped.thumbnail(at: .ms(20_001), rule: .next)?.url == "/thumbnails/thumbnail3.jpg")
  }

  @Test func nextClampsToTheFirstAndTheLast() throws {
    #expect(gapped.index(at: .ms(-5000), rule: .next) == 0)
    #expect(gapped.index(at: .ms(20_002), rule: .next) == 2)
    #expect(gapped.index(at: .ms(86_400_000), rule: .next) == 2)
    let late = try ThumbnailTrackReader.read(
      "WEBVTT\n\n00:10.000 --> 00:20.000\na.jpg#xywh=0,0,1,1\n".bytes)
    #expect(late.index(at: .ms(0), rule: .containing) == nil)
    #expect(late.index(at: .ms(0), rule: .next) == 0)
    #expect(ThumbnailTrack(thumbnails: []).index(at: .zero, rule: .next) == nil)
  }

  @Test func nextFollowsTimeOrderInAnUnsortedTrack() throws {
    let track = try ThumbnailTrackReader.read(
      "WEBVTT\n\n00:10.000 --> 00:20.000\nb.jpg\n\n00:00.000 --> 00:10.000\na.jpg\n".bytes)
    #expect(track.thumbnail(at: .ms(1), rule: .next)?.url == "b.jpg")
    #expect(track.thumbnail(at: .ms(0), rule: .next)?.url == "a.jpg")
    #expect(track.thumbnail(at: .ms(30_000), rule: .next)?.url == "b.jpg")
  }
}
