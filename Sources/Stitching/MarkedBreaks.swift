import AdInsertion
import HLS
import ManifestCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The marked breaks (`AdTimeline`) of one rendition, read once and used for every other
/// rendition of the ladder whose markers are the same: the renditions of a ladder are packaged
/// with the same markers at the same lines, and reading them is a good part of a stitch.
///
/// What `AdTimeline` reads of a playlist is kept to compare (not the parsed playlist, whose
/// memory goes to the next rendition): the ad-marker, DISCONTINUITY, DATERANGE and
/// PROGRAM-DATE-TIME lines (where they are, with the playlist's bytes: shared, not copied), the
/// segment start times, the variables, and whether the playlist is live. A rendition equal in all of them has the same breaks at the same segments
/// and lines (the byte offsets in them stay the first rendition's).
struct MarkedBreaks {
  let breaks: [AdBreak]
  private let lineCount: Int
  private let totalDuration: ExactDecimal
  private let isLive: Bool
  private let targetDuration: Int?
  private let variables: [String: String]
  private let startTimes: [ExactDecimal]
  /// The lines `AdTimeline` reads: index, segment index and where they are in `bytes`.
  private let lines: [(line: Int32, segment: Int32, range: Range<Int>)]
  /// The playlist's bytes as read.
  private let bytes: [UInt8]

  init(_ playlist: MediaPlaylist, breaks: [AdBreak]) {
    self.breaks = breaks
    lineCount = playlist.source.lines.count
    totalDuration = playlist.totalDuration
    isLive = !playlist.endList && playlist.playlistType != .vod
    targetDuration = playlist.targetDuration
    variables = playlist.variables
    startTimes = playlist.segments.indices.map { playlist.segments.startTime(at: $0) }
    let source = playlist.source.lines
    // Counted first: the list is made at its size.
    var count = 0
    for line in source where Self.isRead(line) { count += 1 }
    var lines: [(line: Int32, segment: Int32, range: Range<Int>)] = []
    lines.reserveCapacity(count)
    for (i, line) in source.enumerated() where Self.isRead(line) {
      lines.append(
        (
          Int32(truncatingIfNeeded: i), Int32(truncatingIfNeeded: line.segmentIndex), line.range
        ))
    }
    self.lines = lines
    bytes = playlist.source.bytes
  }

  /// A line `AdTimeline` reads.
  private static func isRead(_ line: PlaylistLine) -> Bool {
    guard line.kind == .tag else { return false }
    let tag = line.tag
    return tag.isAdMarker || tag == .discontinuity || tag == .dateRange
      || tag == .programDateTime
  }

  /// The breaks, when `other` has the same markers and timeline; else `nil`.
  func breaks(for other: MediaPlaylist) -> [AdBreak]? {
    guard other.source.lines.count == lineCount, other.segments.count == startTimes.count,
      other.totalDuration == totalDuration,
      (!other.endList && other.playlistType != .vod) == isLive,
      other.targetDuration == targetDuration, other.variables == variables
    else { return nil }
    for (i, time) in startTimes.enumerated() where other.segments.startTime(at: i) != time {
      return nil
    }
    let same = other.source.lines.withUnsafeBufferPointer { otherLines in
      other.source.bytes.withUnsafeBufferPointer { otherBytes in
        bytes.withUnsafeBufferPointer { bytes in sameLines(otherLines, otherBytes, bytes) }
      }
    }
    return same ? breaks : nil
  }

  private func sameLines(
    _ otherLines: UnsafeBufferPointer<PlaylistLine>, _ otherBytes: UnsafeBufferPointer<UInt8>,
    _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    var next = 0
    for (i, line) in otherLines.enumerated() where Self.isRead(line) {
      guard next < lines.count, lines[next].line == i, lines[next].segment == line.segmentIndex
      else { return false }
      let start = lines[next].range.lowerBound
      let count = lines[next].range.count
      guard line.range.count == count else { return false }
      if count > 0 {
        guard let a = bytes.baseAddress, let b = otherBytes.baseAddress,
          memcmp(a + start, b + line.range.lowerBound, count) == 0
        else { return false }
      }
      next += 1
    }
    return next == lines.count
  }
}
