import HLS

/// What one pass over a playlist's lines finds for the structure and version rules: where each
/// tag first appears, the tags that appear more than once, tags placed after the first segment,
/// the first floating-point EXTINF.
struct LineSurvey {
  /// Index in `source.lines` of the first line of each tag (by `TagName.rawValue`).
  private(set) var firstLine: [Int?] = Array(repeating: nil, count: 256)
  /// Lines of tags that must appear once but appear again: (index, first index).
  private(set) var repeats: [(line: Int, first: Int)] = []
  /// Lines of EXT-X-MEDIA-SEQUENCE and EXT-X-DISCONTINUITY-SEQUENCE after the first segment, or
  /// of EXT-X-DISCONTINUITY-SEQUENCE after an EXT-X-DISCONTINUITY.
  private(set) var misplacedSequenceTags: [Int] = []
  /// The first EXTINF whose duration is written with a decimal point.
  private(set) var firstFloatingPointDuration: Int? = nil
  /// How many EXT-X-PROGRAM-DATE-TIME tags there are.
  private(set) var programDateTimeCount = 0
  /// How many EXT-X-BYTERANGE tags there are.
  private(set) var byteRangeCount = 0
  /// Lines of #EXTM3U after the first line.
  private(set) var repeatedHeaders: [Int] = []
  /// Lines of tags that belong to the other kind of playlist.
  private(set) var wrongKindTags: [Int] = []
  /// The URI lines in order: in a media playlist, segment `i`'s URI is on `uriLines[i]`
  /// (`Int32`: a line number fits, the input being under 2 GiB, at half the memory).
  private(set) var uriLines: [Int32] = []
  /// The segments with EXT-X-PART tags, in order (the segment count stands for the parts after
  /// the last segment).
  private(set) var segmentsWithParts: [Int] = []

  /// Tags that MUST NOT appear more than once (RFC 8216bis §4.4.1.2, §4.4.2, §4.4.3, §4.4.5.2,
  /// §4.4.6.6).
  static let singletons: [TagName] = [
    .version, .targetDuration, .mediaSequence, .discontinuitySequence, .endList, .playlistType,
    .iFramesOnly, .imagesOnly, .partInf, .serverControl, .independentSegments, .start, .skip,
    .contentSteering,
  ]

  /// `singletons` by raw value, so the pass over the lines does not hash.
  private static let isSingleton: [Bool] = {
    var table = [Bool](repeating: false, count: 256)
    for tag in singletons { table[Int(tag.rawValue)] = true }
    return table
  }()

  init(_ source: PlaylistSource, multivariant: Bool) {
    let bytes = source.bytes
    var sawDiscontinuity = false
    let otherScope: TagName.Scope = multivariant ? .media : .multivariant
    for (index, line) in source.lines.enumerated() {
      if line.kind == .uri { uriLines.append(Int32(truncatingIfNeeded: index)) }
      guard line.kind == .tag else { continue }
      let tag = line.tag
      if tag == .unknown { continue }
      if tag.scope == otherScope { wrongKindTags.append(index) }
      let key = Int(tag.rawValue)
      if let first = firstLine[key] {
        if Self.isSingleton[key] { repeats.append((index, first)) }
      } else {
        firstLine[key] = index
      }
      switch tag {
      case .inf:
        if firstFloatingPointDuration == nil {
          var i = line.valueStart
          while i < line.range.upperBound && bytes[i] != 0x2C {
            if bytes[i] == 0x2E {
              firstFloatingPointDuration = index
              break
            }
            i += 1
          }
        }
      case .extm3u: if index > 0 { repeatedHeaders.append(index) }
      case .programDateTime: programDateTimeCount += 1
      case .byteRange: byteRangeCount += 1
      case .part:
        if segmentsWithParts.last != line.segmentIndex {
          segmentsWithParts.append(line.segmentIndex)
        }
      case .discontinuity: sawDiscontinuity = true
      case .mediaSequence:
        if line.segmentIndex > 0 { misplacedSequenceTags.append(index) }
      case .discontinuitySequence:
        if line.segmentIndex > 0 || sawDiscontinuity { misplacedSequenceTags.append(index) }
      default: break
      }
    }
  }

  /// The index of the first line of `tag`, or `nil`.
  func first(_ tag: TagName) -> Int? { firstLine[Int(tag.rawValue)] }
}
