import ManifestCore

/// What changed between two reloads of a live media playlist, and whether the newer one
/// contradicts the older one (RFC 8216bis §6.2.1: a segment keeps its URI, duration and
/// discontinuity sequence for as long as it is listed; §6.2.2: the media sequence never goes
/// back; §4.4.5.1: a date range keeps the values of its attributes).
public struct PlaylistDiff: Sendable, Hashable {
  /// A segment as the diff reports it.
  public struct SegmentSummary: Sendable, Hashable {
    /// Media sequence number.
    public var mediaSequence: UInt64
    /// URI.
    public var uri: String
    /// Duration.
    public var duration: ExactDecimal

    /// Creates a summary.
    public init(mediaSequence: UInt64, uri: String, duration: ExactDecimal) {
      self.mediaSequence = mediaSequence
      self.uri = uri
      self.duration = duration
    }
  }

  /// A contradiction between the two playlists.
  public struct Inconsistency: Sendable, Hashable {
    /// What contradicts what.
    public enum Kind: Sendable, Hashable {
      /// EXT-X-MEDIA-SEQUENCE went back (§6.2.2).
      case mediaSequenceBack
      /// EXT-X-ENDLIST disappeared.
      case endListRemoved
      /// EXT-X-TARGETDURATION changed (§4.4.3.1).
      case targetDurationChanged
      /// EXT-X-PLAYLIST-TYPE changed.
      case playlistTypeChanged
      /// A listed segment changed URI, duration or program date-time (§6.2.1).
      case segmentChanged
      /// A listed segment changed discontinuity sequence: EXT-X-DISCONTINUITY-SEQUENCE was not
      /// incremented when a discontinuity slid out, or was when none did (§6.2.2).
      case discontinuitySequenceChanged
      /// A date range changed an attribute's value (§4.4.5.1).
      case dateRangeChanged
    }
    /// What contradicts what.
    public var kind: Kind
    /// The segment concerned, or `nil` for the playlist.
    public var mediaSequence: UInt64?
    /// One line for a human.
    public var message: String
  }

  /// EXT-X-MEDIA-SEQUENCE of the old playlist.
  public var oldMediaSequence: UInt64
  /// EXT-X-MEDIA-SEQUENCE of the new playlist.
  public var newMediaSequence: UInt64
  /// Segments of the old playlist no longer listed.
  public var removedSegments: Int
  /// Segments listed in the new playlist after the old one's last segment.
  public var addedSegments: [SegmentSummary]
  /// Segments the client never saw: between the old playlist's end and the new one's start.
  public var missedSegments: UInt64
  /// IDs of date ranges that appear only in the new playlist.
  public var addedDateRanges: [String]
  /// IDs of date ranges that appear only in the old playlist.
  public var removedDateRanges: [String]
  /// EXT-X-ENDLIST appeared.
  public var ended: Bool
  /// Contradictions; empty when the new playlist is a consistent successor.
  public var inconsistencies: [Inconsistency]

  /// True when there is no inconsistency.
  public var isConsistent: Bool { inconsistencies.isEmpty }

  /// Compares two reloads of the same media playlist.
  public init(old: MediaPlaylist, new: MediaPlaylist) {
    let oldFirst = old.firstListedMediaSequence
    let newFirst = new.firstListedMediaSequence
    // Positions in the old list, so that numbers near 2^64 − 1 need no end past it.
    let oldCount = UInt64(old.segments.count)
    let jump = new.mediaSequence > oldFirst ? new.mediaSequence - oldFirst : 0
    oldMediaSequence = old.mediaSequence
    newMediaSequence = new.mediaSequence
    removedSegments = Int(min(jump, oldCount))
    missedSegments = jump > oldCount ? jump - oldCount : 0
    let isAfterOld = { (msn: UInt64) in msn >= oldFirst && msn - oldFirst >= oldCount }
    addedSegments = new.segments.filter { isAfterOld($0.mediaSequence) }.map {
      SegmentSummary(mediaSequence: $0.mediaSequence, uri: $0.uri, duration: $0.duration)
    }
    ended = new.endList && !old.endList
    let oldIDs = Set(old.dateRanges.map(\.id))
    let newIDs = Set(new.dateRanges.map(\.id))
    let skippedRanges = new.skip != nil && new.serverControl?.canSkipDateRanges == true
    addedDateRanges = Self.unique(new.dateRanges.map(\.id).filter { !oldIDs.contains($0) })
    removedDateRanges =
      skippedRanges ? [] : Self.unique(old.dateRanges.map(\.id).filter { !newIDs.contains($0) })
    var problems: [Inconsistency] = []
    if new.mediaSequence < old.mediaSequence {
      problems.append(
        Inconsistency(
          kind: .mediaSequenceBack, mediaSequence: nil,
          message: "EXT-X-MEDIA-SEQUENCE went back from \(old.mediaSequence) to "
            + "\(new.mediaSequence)"))
    }
    if old.endList && !new.endList {
      problems.append(
        Inconsistency(
          kind: .endListRemoved, mediaSequence: nil, message: "EXT-X-ENDLIST disappeared"))
    }
    if old.targetDuration != new.targetDuration, let a = old.targetDuration,
      let b = new.targetDuration
    {
      problems.append(
        Inconsistency(
          kind: .targetDurationChanged, mediaSequence: nil,
          message: "EXT-X-TARGETDURATION changed from \(a) to \(b)"))
    }
    if let a = old.playlistType, a != new.playlistType {
      problems.append(
        Inconsistency(
          kind: .playlistTypeChanged, mediaSequence: nil,
          message: "EXT-X-PLAYLIST-TYPE changed from \(a.rawValue) to "
            + "\(new.playlistType?.rawValue ?? "none")"))
    }
    // Segments listed in both.
    let skipAhead = oldFirst > newFirst ? min(oldFirst - newFirst, UInt64(new.segments.count)) : 0
    for position in Int(skipAhead)..<new.segments.count {
      let msn = newFirst &+ UInt64(position)
      guard msn >= oldFirst, msn - oldFirst < oldCount else { break }
      problems += Self.compare(old.segments[Int(msn - oldFirst)], new.segments[position])
    }
    problems += Self.compareDateRanges(old, new)
    inconsistencies = problems
  }

  private static func compare(_ a: Segment, _ b: Segment) -> [Inconsistency] {
    var found: [Inconsistency] = []
    let msn = a.mediaSequence
    if a.uri != b.uri {
      found.append(
        Inconsistency(
          kind: .segmentChanged, mediaSequence: msn,
          message: "segment \(msn) changed URI from \(a.uri) to \(b.uri)"))
    }
    if a.duration != b.duration {
      found.append(
        Inconsistency(
          kind: .segmentChanged, mediaSequence: msn,
          message: "segment \(msn) changed duration from \(a.duration) to \(b.duration)"))
    }
    if a.discontinuitySequence != b.discontinuitySequence {
      found.append(
        Inconsistency(
          kind: .discontinuitySequenceChanged, mediaSequence: msn,
          message: "segment \(msn) changed discontinuity sequence from "
            + "\(a.discontinuitySequence) to \(b.discontinuitySequence)"))
    }
    if let x = a.programDateTime, let y = b.programDateTime, x != y {
      found.append(
        Inconsistency(
          kind: .segmentChanged, mediaSequence: msn,
          message: "segment \(msn) changed program date-time from \(x) to \(y)"))
    }
    return found
  }

  /// Each attribute of a new date range against the first value every old date range with its
  /// ID gives that name; one inconsistency per ID and name, the first in (new range, old range,
  /// attribute) order. Comparing every pair of same-ID ranges, each attribute looked up by a
  /// scan, was quadratic twice over (10,000 ranges of one ID took seconds).
  private static func compareDateRanges(_ old: MediaPlaylist, _ new: MediaPlaylist)
    -> [Inconsistency]
  {
    let earlier = FirstValues.byID(old.dateRanges)
    var found: [Inconsistency] = []
    var seen = Set<String>()
    for range in new.dateRanges {
      guard let values = earlier[range.id] else { continue }
      // Per name, the earliest (old range, attribute position) whose value differs.
      var hits: [(range: Int, position: Int, name: String, before: String, after: String)] = []
      var hitByName: [String: Int] = [:]
      for (position, attribute) in range.attributes.enumerated() {
        guard let known = values[attribute.name],
          let before = known.first(differentFrom: attribute.value),
          !seen.contains("\(range.id)\u{0}\(attribute.name)")
        else { continue }
        let hit = (before.range, position, attribute.name, before.value, attribute.value)
        if let index = hitByName[attribute.name] {
          if before.range < hits[index].range { hits[index] = hit }
        } else {
          hitByName[attribute.name] = hits.count
          hits.append(hit)
        }
      }
      for hit in hits.sorted(by: { ($0.range, $0.position) < ($1.range, $1.position) }) {
        seen.insert("\(range.id)\u{0}\(hit.name)")
        found.append(
          Inconsistency(
            kind: .dateRangeChanged, mediaSequence: nil,
            message: "date range \"\(range.id)\" changed \(hit.name) from \(hit.before) to "
              + "\(hit.after)"))
      }
    }
    return found
  }

  /// For one ID and attribute name, the first value the date ranges with that ID give it (each
  /// range's first attribute of the name) and the first value that differs from it, with the
  /// positions of their ranges. A value differs from the first or, if not, from the second.
  private struct FirstValues {
    var first: (value: String, range: Int)
    var second: (value: String, range: Int)?

    func first(differentFrom value: String) -> (value: String, range: Int)? {
      first.value != value ? first : second
    }

    static func byID(_ ranges: [DateRange]) -> [String: [String: FirstValues]] {
      var byID: [String: [String: FirstValues]] = [:]
      for (index, range) in ranges.enumerated() {
        var names = Set<String>()
        for attribute in range.attributes where names.insert(attribute.name).inserted {
          let entry = (attribute.value, index)
          if let known = byID[range.id]?[attribute.name] {
            if known.second == nil && known.first.value != attribute.value {
              byID[range.id]?[attribute.name]?.second = entry
            }
          } else {
            byID[range.id, default: [:]][attribute.name] = FirstValues(first: entry)
          }
        }
      }
      return byID
    }
  }

  private static func unique(_ ids: [String]) -> [String] {
    var seen = Set<String>()
    return ids.filter { seen.insert($0).inserted }
  }
}
