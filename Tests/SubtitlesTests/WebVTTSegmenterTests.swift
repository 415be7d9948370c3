import ManifestCore
import Subtitles
import Testing

@Suite struct WebVTTSegmenterTests {
  private func seconds(_ text: String) -> SubtitleTime {
    SubtitleTime(ExactDecimal(text) ?? .zero)
  }

  private func cue(_ start: String, _ end: String, _ text: String) -> Cue {
    Cue(start: seconds(start), end: seconds(end), text: text)
  }

  /// The spans and cue texts of each segment, for exact comparison.
  private func layout(_ segments: [WebVTTSegment]) -> [String] {
    segments.map { segment in
      "\(segment.start)+\(segment.duration): "
        + segment.cues.map(\.plainText).joined(separator: ",")
    }
  }

  @Test func aCueAcrossABoundaryIsInBothSegmentsAndAnEndOnTheBoundaryIsNot() throws {
    let cues = [
      cue("1", "6", "ends on the boundary"), cue("5.5", "6.5", "across"),
      cue("12", "12", "zero length at a boundary"), cue("13", "14.25", "last"),
    ]
    let segments = try #require(
      WebVTTSegmenter.segments(of: cues, duration: seconds("6"), end: seconds("14.25")))
    #expect(
      layout(segments) == [
        "0+6: ends on the boundary,across", "6+6: across",
        "12+2.25: zero length at a boundary,last",
      ])
  }

  @Test func segmentsWithoutCuesAreKeptAndCuesAreOrderedByStart() throws {
    let cues = [cue("9", "9.5", "second"), cue("0.5", "1", "first")]
    let segments = try #require(
      WebVTTSegmenter.segments(of: cues, duration: seconds("2.5"), end: seconds("10")))
    #expect(
      layout(segments) == ["0+2.5: first", "2.5+2.5: ", "5+2.5: ", "7.5+2.5: second"])
  }

  @Test func cuesFromTheEndOnAreLeftOutAndLongCuesStopAtTheLastSegment() throws {
    let cues = [cue("1", "30", "long"), cue("8", "9", "after the end")]
    let segments = try #require(
      WebVTTSegmenter.segments(of: cues, duration: seconds("4"), end: seconds("8")))
    #expect(layout(segments) == ["0+4: long", "4+4: long"])
  }

  @Test func refusesANonPositiveDurationAndTooManySegments() {
    #expect(WebVTTSegmenter.segments(of: [], duration: .zero, end: seconds("1")) == nil)
    #expect(
      WebVTTSegmenter.segments(
        of: [], duration: seconds("0.001"), end: seconds("3600"), maximumCount: 1000) == nil)
    #expect(
      WebVTTSegmenter.segmentCount(end: seconds("3600"), duration: seconds("0.001")) == 3_600_000)
    #expect(WebVTTSegmenter.segmentCount(end: .zero, duration: seconds("6")) == 1)
  }
}
