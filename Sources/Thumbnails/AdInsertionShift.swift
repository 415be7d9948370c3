import ManifestCore
import Subtitles

/// Inserted ad breaks as a thumbnail track needs them: a track made for the content keeps
/// previews in sync with a stitched stream (server-side ad insertion) once every content time
/// after a break is moved later by the break's length.
///
/// Breaks come from `m3u8-tool ads --format json` (docs/cli-contract.md): `start` is where a
/// break begins in the stitched playlist, in seconds from its first segment, so it already
/// counts the breaks before it; `duration` is measured (`plannedDuration` when it is `null`).
public struct AdInsertionShift: Sendable, Equatable {
  /// One inserted break.
  public struct Break: Sendable, Hashable {
    /// The break's id, if the timeline names one.
    public var id: String?
    /// Where the break starts in the stitched timeline, in seconds.
    public var start: ExactDecimal
    /// How long the break lasts, in seconds.
    public var duration: ExactDecimal

    /// Creates a break.
    public init(id: String? = nil, start: ExactDecimal, duration: ExactDecimal) {
      self.id = id
      self.start = start
      self.duration = duration
    }
  }

  /// The breaks in stitched-timeline order.
  public let breaks: [Break]
  /// Where each break cuts the content timeline (its stitched start minus the breaks before).
  private let contentPositions: [SubtitleTime]
  /// The total duration of the breaks before each break (and of all, at the end).
  private let offsets: [SubtitleTime]

  /// Creates a shift; throws when breaks overlap or have negative times.
  public init(breaks: [Break]) throws(ParseError) {
    let sorted = breaks.sorted { $0.start < $1.start }
    var positions: [SubtitleTime] = []
    var offsets: [SubtitleTime] = [.zero]
    var total = SubtitleTime.zero
    var previousEnd: ExactDecimal? = nil
    for item in sorted {
      let name = item.id.map { "ad break '\($0)'" } ?? "ad break at \(item.start) s"
      guard !item.start.isNegative, !item.duration.isNegative else {
        throw ParseError(
          code: ThumbnailDiagnosticCode.adBreakInvalid.rawValue,
          message: "\(name) has a negative start or duration")
      }
      if let previousEnd, item.start < previousEnd {
        throw ParseError(
          code: ThumbnailDiagnosticCode.adBreakInvalid.rawValue,
          message: "\(name) starts before the previous break ends (\(previousEnd) s)")
      }
      previousEnd = item.start + item.duration
      // A break of no length moves nothing; leaving it out keeps thumbnails whole.
      if item.duration.isZero { continue }
      positions.append(SubtitleTime(item.start) - total)
      total += SubtitleTime(item.duration)
      offsets.append(total)
    }
    self.breaks = sorted
    contentPositions = positions
    self.offsets = offsets
  }

  /// Reads the breaks of an `m3u8-tool ads --format json` document
  /// (`{"breaks":[{"id":…,"start":…,"duration":…,"plannedDuration":…}]}`).
  public init(json bytes: [UInt8]) throws(ParseError) {
    let document: JSONValue
    do {
      document = try JSONValue.parse(bytes)
    } catch {
      throw ParseError(
        code: ThumbnailDiagnosticCode.adTimelineJSON.rawValue, message: error.reason,
        location: Self.location(of: error.offset, in: bytes))
    }
    guard let list = document["breaks"]?.arrayValue else {
      throw ParseError(
        code: ThumbnailDiagnosticCode.adTimelineShape.rawValue,
        message: "not an ad-break timeline: expected {\"breaks\":[…]} from m3u8-tool ads "
          + "--format json")
    }
    var breaks: [Break] = []
    for (index, item) in list.enumerated() {
      let id = item["id"]?.stringValue
      let name = id.map { "ad break '\($0)'" } ?? "ad break \(index + 1)"
      /// The seconds under `key`: `nil` when absent or null, an error when not a decimal number
      /// of seconds that fits (`1e300` is numeric but no time).
      func seconds(_ key: String) throws(ParseError) -> ExactDecimal? {
        guard let value = item[key], value != .null else { return nil }
        guard let seconds = value.decimalValue else {
          throw ParseError(
            code: ThumbnailDiagnosticCode.adTimelineShape.rawValue,
            message: "\(name): '\(key)' must be a plain decimal number of seconds such as 12.5")
        }
        return seconds
      }
      guard let start = try seconds("start") else {
        throw ParseError(
          code: ThumbnailDiagnosticCode.adTimelineShape.rawValue,
          message: "\(name) has no numeric 'start'")
      }
      var length = try seconds("duration")
      if length == nil { length = try seconds("plannedDuration") }
      guard let duration = length else {
        throw ParseError(
          code: ThumbnailDiagnosticCode.adTimelineShape.rawValue,
          message: "\(name) has neither a 'duration' nor a 'plannedDuration'")
      }
      breaks.append(Break(id: id, start: start, duration: duration))
    }
    try self.init(breaks: breaks)
  }

  /// The number of breaks that cut the content at or before `time`.
  private func breaksBefore(_ time: SubtitleTime) -> Int {
    var low = 0
    var high = contentPositions.count
    while low < high {
      let middle = (low + high) / 2
      if contentPositions[middle] <= time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The stitched time of content time `time`: later by every break cutting the content at or
  /// before it (content at a break's cut resumes after the break).
  public func stitchedTime(_ time: SubtitleTime) -> SubtitleTime {
    time + offsets[breaksBefore(time)]
  }

  /// The thumbnails moved to the stitched timeline. A thumbnail a break cuts through is split
  /// in two (the same image before and after the break; the second part without an
  /// identifier), so no content preview shows during an ad.
  public func shift(_ thumbnails: [Thumbnail]) -> [Thumbnail] {
    shiftWithPositions(thumbnails).thumbnails
  }

  /// The track moved to the stitched timeline (see `shift(_:)`); comments stay before the
  /// thumbnails they preceded.
  public func shift(_ track: ThumbnailTrack) -> ThumbnailTrack {
    let (thumbnails, positions) = shiftWithPositions(track.thumbnails)
    var shifted = track
    shifted.setThumbnails(thumbnails)
    shifted.comments = track.comments.map { comment in
      var moved = comment
      moved.beforeCue =
        comment.beforeCue < positions.count ? positions[comment.beforeCue] : thumbnails.count
      return moved
    }
    return shifted
  }

  /// The shifted thumbnails and, for each input thumbnail, the index of its first piece.
  private func shiftWithPositions(_ thumbnails: [Thumbnail]) -> (
    thumbnails: [Thumbnail], positions: [Int]
  ) {
    var out: [Thumbnail] = []
    out.reserveCapacity(thumbnails.count + breaks.count)
    var positions: [Int] = []
    positions.reserveCapacity(thumbnails.count)
    for thumbnail in thumbnails {
      positions.append(out.count)
      var k = breaksBefore(thumbnail.start)
      var piece = thumbnail
      piece.start = thumbnail.start + offsets[k]
      while k < contentPositions.count && contentPositions[k] < thumbnail.end {
        piece.end = contentPositions[k] + offsets[k]
        out.append(piece)
        k += 1
        piece.identifier = nil
        piece.start = contentPositions[k - 1] + offsets[k]
      }
      piece.end = thumbnail.end + offsets[k]
      out.append(piece)
    }
    return (out, positions)
  }

  /// The line and column of byte `offset`.
  private static func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
    var line = 1
    var lineStart = 0
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    return SourceLocation(line: line, column: offset - lineStart + 1, offset: offset)
  }
}
