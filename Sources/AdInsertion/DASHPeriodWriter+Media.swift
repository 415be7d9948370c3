import DASH

extension DASHPeriodWriter {
  /// The MPD of `presentation(_:)` with the media of `media` in every Period (content and ad
  /// Periods alike; `HLSMPDWriter.fill`): an MPD a DASH player plays when the media are
  /// fMP4/CMAF (`media.isSegmentedMP4`).
  public func presentation(_ timeline: AdTimeline, media: HLSMPDWriter) -> MPD {
    var mpd = presentation(timeline)
    media.fill(&mpd)
    return mpd
  }
}
