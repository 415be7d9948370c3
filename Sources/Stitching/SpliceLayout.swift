import HLS
import ManifestCore

/// The output segments of one rendition as they are laid out, with the tags the stitch adds
/// (placed by output segment index) and where each content segment went.
struct Layout {
  /// The content's segments (URIs named from the output).
  let segments: [Segment]
  /// The output's segments.
  var out: [Segment] = []
  /// Who each output segment belongs to (`nil`: the content), for diagnostics.
  var owners: [String?] = []
  /// For each content segment (and the segment count), the output index its tags go before.
  var index: [Int]
  /// Tags that close what comes before their segment (complete beacons, CUE-IN).
  var closing: [CustomTag] = []
  /// Tags that open what starts at their segment (CUE-OUT, AD_LENGTH, events).
  var opening: [CustomTag] = []
  /// Date ranges the stitch adds.
  var dateRanges: [DateRange] = []
  /// The output index of the current break's first segment.
  var breakStart = 0
  /// The next output segment starts after a discontinuity.
  private(set) var discontinue = false
  /// The bitrate in force (an ad without EXT-X-BITRATE keeps it: HLS cannot unset it).
  private(set) var bitrate: Int? = nil
  /// For a layout of one break only: the content segment before it, or `nil`.
  let before: Segment?

  init(segments: [Segment], extra: Int = 0) {
    self.init(segments: segments, before: nil, extra: extra)
  }

  /// The layout of one break after `before` (`nil`: at the playlist's start).
  init(before: Segment?) {
    self.init(segments: [], before: before, extra: 0)
    bitrate = before?.bitrate
  }

  private init(segments: [Segment], before: Segment?, extra: Int) {
    self.segments = segments
    self.before = before
    index = Array(repeating: 0, count: segments.count + 1)
    out.reserveCapacity(segments.count + extra)
    owners.reserveCapacity(segments.count + extra)
  }

  /// Appends content segments `range`.
  mutating func content(_ range: Range<Int>) {
    for i in range {
      index[i] = out.count
      var segment = segments[i]
      if discontinue {
        segment.discontinuity = true
        if segment.programDateTime != nil { segment.hasOwnProgramDateTime = true }
        discontinue = false
      }
      append(segment, owner: nil)
    }
    index[segments.count] = out.count
  }

  private mutating func append(_ segment: Segment, owner: String?) {
    var s = segment
    if s.bitrate == nil { s.bitrate = bitrate }
    bitrate = s.bitrate
    out.append(s)
    owners.append(owner)
  }

  /// Starts a break at the next output segment.
  mutating func startBreak() { breakStart = out.count }

  /// Appends one ad's (or the slate's) segments after a discontinuity, each taking the
  /// wall-clock time `clock` runs to, with its beacon tags.
  mutating func ad(
    _ segments: [Segment], beacons: [(Int, CustomTag)], clock: inout DateTime?, owner: String
  ) {
    let first = out.count
    for (i, segment) in segments.enumerated() {
      var s = segment
      s.discontinuity = (i == 0 && (first > 0 || before != nil)) || segment.discontinuity
      if s.gap, let last = out.last ?? before {
        // A gap is not fetched: it keeps the state in force (HLS cannot end a map).
        s.map = last.map
        s.keys = last.keys
      }
      s.programDateTime = clock
      s.hasOwnProgramDateTime = clock != nil && (s.discontinuity || out.isEmpty)
      clock = clock?.adding(seconds: segment.duration)
      append(s, owner: owner)
    }
    for (offset, var tag) in beacons {
      tag.segmentIndex = first + offset
      if offset < segments.count { opening.append(tag) } else { closing.append(tag) }
    }
    discontinue = true
  }

  /// Ends the break: its markers around it, then the rest of the replaced content.
  mutating func endBreak(
    marker: (open: [CustomTag], close: [CustomTag], range: DateRange?), resumeWith rest: [Segment]
  ) {
    // The opening markers go before the break's first AD_LENGTH.
    let firstOpening = opening.firstIndex { $0.segmentIndex >= breakStart } ?? opening.count
    opening.insert(
      contentsOf: marker.open.map { tag in
        var t = tag
        t.segmentIndex = breakStart
        return t
      }, at: firstOpening)
    for var tag in marker.close {
      tag.segmentIndex = out.count
      closing.append(tag)
    }
    if var range = marker.range {
      range.segmentIndex = breakStart
      dateRanges.append(range)
    }
    for var segment in rest {
      segment.discontinuity = discontinue || segment.discontinuity
      if segment.programDateTime != nil && discontinue { segment.hasOwnProgramDateTime = true }
      discontinue = false
      append(segment, owner: nil)
    }
  }
}
