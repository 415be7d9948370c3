import ManifestCore

/// The playlist-wide tags, as the parser collects them.
struct PlaylistHeader: Sendable, Hashable {
  var version: Int? = nil
  var targetDuration: Int? = nil
  var mediaSequence: UInt64 = 0
  var discontinuitySequence: UInt64 = 0
  var playlistType: PlaylistType? = nil
  var endList = false
  var iFramesOnly = false
  var imagesOnly = false
  var independentSegments = false
  var partInformation: PartInformation? = nil
  var serverControl: ServerControl? = nil
  var start: StartPoint? = nil
  var skip: SkipInformation? = nil
  var definitions: [VariableDefinition] = []
  var variables: [String: String] = [:]
  var dateRanges: [DateRange] = []
  var preloadHints: [PreloadHint] = []
  var renditionReports: [RenditionReport] = []
}
