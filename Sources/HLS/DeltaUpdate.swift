import ManifestCore

/// Applying an LL-HLS playlist delta update (RFC 8216bis §6.2.5.1, EXT-X-SKIP §4.4.5.2): the
/// segments the delta skipped are taken from the previous playlist, with the keys and map in
/// force for them, and the rest of the delta follows unchanged.
public enum DeltaUpdate {
  /// Why a delta update cannot be applied.
  public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line for a human.
    public var message: String

    /// Creates a failure.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
  }

  /// The full playlist `delta` stands for, given the playlist it updates. A delta without
  /// EXT-X-SKIP is already complete and comes back as it is.
  public static func merge(previous: MediaPlaylist, delta: MediaPlaylist) throws(Failure)
    -> [UInt8]
  {
    guard let skip = delta.skip else { return delta.source.bytes }
    let offset = previous.mediaSequence.distance(checkedTo: delta.mediaSequence)
    guard let first = offset, first >= 0,
      case (let end, let overflow) = first.addingReportingOverflow(skip.skippedSegments), !overflow,
      end <= previous.segments.count
    else {
      // Wrapping only spells the range; neither bound is used past this message.
      let last = previous.mediaSequence &+ UInt64(previous.segments.count) &- 1
      throw Failure(
        "the delta skips media sequence \(delta.mediaSequence)–"
          + "\(delta.mediaSequence &+ UInt64(skip.skippedSegments) &- 1) but the previous "
          + "playlist holds \(previous.mediaSequence)–\(last)")
    }
    let old = previous.source
    let removed = Set(skip.recentlyRemovedDateRanges)
    let removedLines = Set(previous.dateRanges.filter { removed.contains($0.id) }.map(\.line))
    var lines: [String] = []
    if first < end {
      lines += prelude(previous, previous.segments[first])
      let from = previous.segments[first].lines.lowerBound
      let to = previous.segments[end - 1].uriLine
      for index in from...to where !isPlaylistLevel(old.lines[index]) {
        if !removedLines.contains(index) { lines.append(old.text(of: old.lines[index])) }
      }
    }
    return delta.source.applying([
      .remove(line: skip.line), .insert(before: skip.line, lines: lines),
    ])
  }

  /// The tags that put the first skipped segment's state in force when its own lines do not:
  /// its keys, its map and its program date-time.
  private static func prelude(_ previous: MediaPlaylist, _ segment: Segment) -> [String] {
    let source = previous.source
    var lines: [String] = []
    for key in segment.keys where !segment.lines.contains(key.line) {
      lines.append(source.text(of: source.lines[key.line]))
    }
    if let map = segment.map, !segment.lines.contains(map.line) {
      lines.append(source.text(of: source.lines[map.line]))
    }
    if let date = segment.programDateTime, !segment.hasOwnProgramDateTime {
      var writer = PlaylistWriter()
      writer.writeProgramDateTime(date)
      lines.append(String(decoding: writer.bytes.dropLast(), as: UTF8.self))
    }
    return lines
  }

  private static func isPlaylistLevel(_ line: PlaylistLine) -> Bool {
    line.kind == .tag && line.tag.isPlaylistLevel
  }
}
