import HLS
import ManifestCore

extension MediaSplicer {
  /// The output playlist, or `nil` after an error: the content's lines as they were read, with
  /// each break written in its place by the HLS writer (the pod, slate and the rest of a
  /// replaced break, then the state the next content segment needs: discontinuity, keys, map,
  /// bitrate, date-time; the markers and beacons). The replaced segments and the markers of the
  /// breaks the stitch replaces go; the version and target duration are raised where the ads
  /// need it, EXT-X-INDEPENDENT-SEGMENTS goes when an ad is not; URIs are named from the output
  /// only when it is somewhere else (URI lines and the URI of EXT-X-KEY, EXT-X-MAP, EXT-X-PART
  /// and EXT-X-PRELOAD-HINT; nothing else of a line changes).
  mutating func spliceLines(_ points: [SplicePoint], independentAds: Bool) -> [UInt8]? {
    let spans = resolve(points)
    guard !diagnostics.contains(where: { $0.severity == .error }) else { return nil }
    let lines = content.source.lines
    let list = content.segments
    let count = list.count
    var removed = [Bool](repeating: false, count: lines.count)
    for line in droppedMarkerLines(spans) where line < lines.count { removed[line] = true }
    let end = count > 0 ? list[count - 1].uriLine + 1 : lines.count
    // Byte ranges that followed the segment before a break, now stated with their offset.
    var ranges: [Int: ByteRange] = [:]
    var runs: [(at: Int, bytes: [UInt8])] = []
    var added: [Segment] = []
    for span in spans {
      let before = span.first > 0 ? segment(span.first - 1) : nil
      var layout = Layout(before: before)
      place(span, into: &layout)
      var next: Segment? = nil
      if span.end < count {
        var s = segment(span.end)
        if layout.discontinue {
          s.discontinuity = true
          if s.programDateTime != nil { s.hasOwnProgramDateTime = true }
        }
        if s.bitrate == nil { s.bitrate = layout.bitrate }
        // The run states them again.
        for i in s.lines
        where i != s.uriLine && lines[i].kind == .tag && Self.restated.contains(lines[i].tag) {
          removed[i] = true
        }
        if let range = s.byteRange, !range.offsetWasExplicit,
          let line = s.lines.first(where: { lines[$0].kind == .tag && lines[$0].tag == .byteRange })
        {
          ranges[line] = range
        }
        next = s
      }
      let around = (before.map { [$0] } ?? []) + layout.out + (next.map { [$0] } ?? [])
      let owners =
        (before.map { _ in [nil] } ?? []) + layout.owners + (next.map { _ in [nil] } ?? [])
      guard checkMaps(around, owners: owners) else { return nil }
      if span.end > span.first {
        for i in list[span.first].lines.lowerBound...list[span.end - 1].uriLine
        where !Self.keptOfReplaced(lines[i]) {
          removed[i] = true
        }
      }
      var context = before.map { SegmentContext(after: $0) } ?? SegmentContext()
      var writer = PlaylistWriter()
      do {
        try writer.write(
          run: layout.out, dateRanges: layout.dateRanges,
          tags: Self.ordered(layout.closing, [], layout.opening), before: next, after: &context)
      } catch {
        return unwritable(error)
      }
      let at = span.first < count ? list[span.first].lines.lowerBound : end
      runs.append((at, BeaconOrder.completingBeforeDiscontinuities(writer.bytes)))
      added += layout.out
    }
    return write(
      runs: runs, removed: removed, ranges: ranges, added: added, independentAds: independentAds)
  }

  /// Tags a content segment after a break has stated by the run before it.
  private static let restated: Set<TagName> = [
    .discontinuity, .key, .map, .bitrate, .programDateTime,
  ]

  /// What stays of a replaced segment's lines: comments, unknown tags and date ranges (the
  /// markers of the break are dropped by line).
  private static func keptOfReplaced(_ line: PlaylistLine) -> Bool {
    line.kind == .comment || line.isUnknownTag || line.tag.isAdMarker || line.tag == .dateRange
  }

  private mutating func unwritable(_ error: PlaylistWriteError) -> [UInt8]? {
    diagnostics.append(
      StitchDiagnostic(
        .error, "the output cannot be written: \(error.message)", code: .outputUnwritable,
        file: file))
    return nil
  }

  /// The content's lines with the runs inserted, the `removed` lines left out, the `ranges`
  /// lines stated with their offsets, the header's
  /// version, target duration and independent-segments fitted to the `added` segments, and the
  /// URIs named from the output.
  private mutating func write(
    runs: [(at: Int, bytes: [UInt8])], removed: [Bool], ranges: [Int: ByteRange], added: [Segment],
    independentAds: Bool
  ) -> [UInt8]? {
    let source = content.source
    let bytes = source.bytes
    let lines = source.lines
    let list = content.segments
    let header = list.isEmpty ? lines.count : list[0].lines.lowerBound
    let needed = MediaPlaylistBuilder(iFramesOnly: content.iFramesOnly, segments: added)
      .minimumVersion
    let version = max(content.version ?? 1, needed)
    let target = max(
      content.targetDuration ?? 1,
      added.lazy.map { Int($0.duration.roundedToInteger) }.max() ?? 1)
    let prefix = Array((rebase.prefix ?? "").utf8)
    let hasPrefix = rebase.prefix != nil
    let rewriting = rebase.prefix != ""
    // A prefix a URI line can start with: written before a URI as read, it is a URI line
    // (`PlaylistWriter.write(uriLine:_:)` checks nothing more when the URI is plain).
    let plainPrefix =
      prefix.first.map { $0 != 0x23 && !ASCII.isBlank($0) } == true
      && !prefix.contains { $0 < 0x20 || $0 == 0x7F }
    let grown = prefix.count * (list.count + content.pendingParts.count + 8)
    var w = PlaylistWriter(
      capacity: bytes.count + grown + runs.reduce(0) { $0 + $1.bytes.count } + 4096)
    let refused = bytes.withUnsafeBufferPointer { src in
      prefix.withUnsafeBufferPointer { prefix -> PlaylistWriteError? in
        /// The bytes `range` of the content, without a slice of them.
        func read(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
          UnsafeBufferPointer(rebasing: src[range])
        }
        w.append(lines: read(0..<(lines.first?.range.lowerBound ?? src.count)))
        /// The start of the lines not yet copied.
        var copyFrom = lines.first?.range.lowerBound ?? src.count
        func lineEnd(_ i: Int) -> Int {
          i + 1 < lines.count ? lines[i + 1].range.lowerBound : src.count
        }
        let hasRanges = !ranges.isEmpty
        let versionAdded = content.version == nil && version > 1
        var r = 0
        /// The line the next run goes before.
        var nextRun = runs.first?.at ?? Int.max
        do throws(PlaylistWriteError) {
          for i in 0...lines.count {
            if i == nextRun {
              let start = i < lines.count ? lines[i].range.lowerBound : src.count
              w.append(lines: read(copyFrom..<start))
              copyFrom = start
              // After a last line without a line end.
              if let last = w.bytes.last, last != 0x0A && last != 0x0D { w.append(lines: [0x0A]) }
              while r < runs.count && runs[r].at == i {
                w.append(lines: runs[r].bytes[...])
                r += 1
              }
              nextRun = r < runs.count ? runs[r].at : Int.max
            }
            guard i < lines.count else { break }
            let line = lines[i]
            var special = removed[i] || hasRanges && ranges[i] != nil
            if i < header && line.kind == .tag {
              switch line.tag {
              case .version: special = special || version != content.version
              case .targetDuration: special = special || target != content.targetDuration
              case .independentSegments: special = special || !independentAds
              default: break
              }
            }
            if rewriting && !special {
              switch line.kind {
              case .uri: special = true
              case .tag:
                switch line.tag {
                case .key, .map, .part, .preloadHint: special = true
                default: break
                }
              default: break
              }
            }
            guard special else {
              if i == 0 && versionAdded {
                w.append(lines: read(copyFrom..<lineEnd(0)))
                copyFrom = lineEnd(0)
                try w.write(number: version, of: .version)
              }
              continue
            }
            let start = line.range.lowerBound
            w.append(lines: read(copyFrom..<start))
            copyFrom = lineEnd(i)
            guard !removed[i] else { continue }
            if line.kind == .uri {
              var uriEnd = line.range.upperBound
              while uriEnd > line.valueStart && ASCII.isBlank(src[uriEnd - 1]) { uriEnd -= 1 }
              let uri = read(line.valueStart..<uriEnd)
              var control = false
              if hasPrefix, Self.isPlainName(uri) || Self.takesPrefix(uri, control: &control) {
                if plainPrefix && !control && line.terminator == .lf
                  && line.valueStart == start && uriEnd == line.range.upperBound
                {
                  // The prefix, then the URI and its line end copied with the lines after it.
                  w.append(lines: prefix)
                  copyFrom = start
                } else {
                  try w.write(uriLine: prefix, uri)
                }
              } else {
                try w.write(uri: rebase.rewrite(list.uri(at: line.segmentIndex)))
              }
            } else if hasRanges, let range = ranges[i] {
              try w.write(explicit: range)
            } else if i < header && line.kind == .tag && line.tag == .version {
              try w.write(number: version, of: .version)
            } else if i < header && line.kind == .tag && line.tag == .targetDuration {
              try w.write(number: target, of: .targetDuration)
            } else if i < header && line.kind == .tag && line.tag == .independentSegments {
              continue
            } else if var attributes = source.attributes(of: line), let uri = attributes["URI"],
              case let rewritten = rebase.rewrite(uri), rewritten != uri
            {
              attributes.set("URI", to: rewritten, quoted: true)
              try w.write(tag: source.tagName(of: line) ?? "", attributes: attributes)
            } else {
              w.append(lines: read(start..<lineEnd(i)))
            }
          }
        } catch {
          return error
        }
        w.append(lines: read(copyFrom..<src.count))
        return nil
      }
    }
    if let refused { return unwritable(refused) }
    return w.bytes
  }

  /// True for a URI of 8 bytes or more without `/`, `?`, `#`, `:`, `\`, `{` or a control
  /// character (a segment file name, most URIs): it takes the bare prefix (`takesPrefix`: one
  /// path segment, not `.` or `..`) and has no control character. Eight bytes at a time, each
  /// word tested for a byte below 0x20 and for each of the others (the word tests of
  /// `PlaylistWriter.hasControl`).
  private static func isPlainName(_ uri: UnsafeBufferPointer<UInt8>) -> Bool {
    guard uri.count >= 8, let base = uri.baseAddress else { return false }
    let ones: UInt64 = 0x0101_0101_0101_0101
    /// The word at `i` has one of those bytes.
    func flagged(at i: Int) -> Bool {
      let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
      /// High bits at the bytes of `w` equal to `byte` (and maybe above one).
      func equal(_ byte: UInt64) -> UInt64 {
        let x = w ^ (ones &* byte)
        return (x &- ones) & ~x
      }
      let below = (w &- ones &* 0x20) & ~w
      let found =
        below | equal(0x7F) | equal(0x2F) | equal(0x3F) | equal(0x23) | equal(0x3A)
        | equal(0x5C) | equal(0x7B)
      return found & (ones &* 0x80) != 0
    }
    var i = 0
    while i + 8 < uri.count {
      if flagged(at: i) { return false }
      i += 8
    }
    return !flagged(at: uri.count - 8)
  }

  /// True when the URI `uri` (as read) is named from the output by the bound prefix alone: a
  /// plain path (`URIRebaser.Bound.isPlain`) without a variable reference, in one pass
  /// (letters, digits, `-` and `_`, most of a segment name, take one test each); `control` is
  /// set when it holds a control character.
  private static func takesPrefix(_ uri: UnsafeBufferPointer<UInt8>, control: inout Bool)
    -> Bool
  {
    var length = 0  // of the current path segment
    var dots = 0  // how many of its bytes are '.'
    var path = true  // before any query or fragment
    for b in uri {
      if (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 || b == 0x2D || b == 0x5F {
        if path { length += 1 }
        continue
      }
      if b == 0x7B { return false }
      if b < 0x20 || b == 0x7F { control = true }
      guard path else { continue }
      switch b {
      case 0x3F, 0x23: path = false
      case 0x3A, 0x5C: return false
      case 0x2F:
        if length == 0 || dots == length && dots <= 2 { return false }
        length = 0
        dots = 0
      default:
        length += 1
        if b == 0x2E { dots += 1 }
      }
    }
    return length > 0 && !(dots == length && dots <= 2)
  }
}
