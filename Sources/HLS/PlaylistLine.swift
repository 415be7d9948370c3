import ManifestCore

/// One line of a playlist as it was read: what it is, where it is, and which segment it belongs
/// to. The text stays in the playlist's bytes (`PlaylistSource.text(of:)`), so keeping every line
/// costs no `String`s.
public struct PlaylistLine: Sendable, Hashable {
  /// What a line holds (RFC 8216bis §4.1).
  public enum Kind: UInt8, Sendable, Hashable {
    /// An empty line, or one of blanks only.
    case blank
    /// A line starting with `#` but not `#EXT`.
    case comment
    /// A line starting with `#EXT`: a known tag (`tag` names it) or an unknown one.
    case tag
    /// Any other line: a URI (a segment, or a variant stream after EXT-X-STREAM-INF).
    case uri
  }

  private var storedStart: UInt32
  private var storedEnd: UInt32
  private var storedNumber: UInt32
  private var storedSegment: Int32
  private var storedValueStart: UInt32
  private var storedKind: Kind
  private var storedTag: TagName
  private var storedTerminator: LineTerminator

  package init(
    kind: Kind, tag: TagName, number: Int, range: Range<Int>, valueStart: Int,
    terminator: LineTerminator, segmentIndex: Int
  ) {
    storedKind = kind
    storedTag = tag
    storedNumber = UInt32(truncatingIfNeeded: number)
    storedStart = UInt32(truncatingIfNeeded: range.lowerBound)
    storedEnd = UInt32(truncatingIfNeeded: range.upperBound)
    storedValueStart = UInt32(truncatingIfNeeded: valueStart)
    storedTerminator = terminator
    storedSegment = Int32(truncatingIfNeeded: segmentIndex)
  }

  /// What the line holds.
  public var kind: Kind { storedKind }
  /// The known tag on a `.tag` line; `.unknown` for unknown tags and for other kinds of line.
  public var tag: TagName { storedTag }
  /// 1-based line number in the source.
  public var number: Int { Int(storedNumber) }
  /// Byte range of the line in `PlaylistSource.bytes`, terminator excluded, trailing blanks
  /// included.
  public var range: Range<Int> { Int(storedStart)..<Int(storedEnd) }
  /// For a tag, where its value starts (after the `:`; the end of the name when there is no
  /// value); for a URI line, where the URI starts (after leading blanks); for other lines, the
  /// line start.
  public var valueStart: Int { Int(storedValueStart) }
  /// How the line ended.
  public var terminator: LineTerminator { storedTerminator }
  /// The 0-based index of the media segment this line belongs to: tags before a segment's URI
  /// and the URI itself carry that segment's index; lines after the last URI carry the segment
  /// count (they precede the next segment). Header lines carry 0. Always 0 in a multivariant
  /// playlist.
  public var segmentIndex: Int { Int(storedSegment) }

  /// True for a tag line whose name is not one ManifestKit knows.
  public var isUnknownTag: Bool { storedKind == .tag && storedTag == .unknown }

  /// The location of the first byte of the line.
  public var location: SourceLocation {
    SourceLocation(line: number, column: 1, offset: Int(storedStart))
  }

  /// The location of the byte at `offset` on this line.
  public func location(at offset: Int) -> SourceLocation {
    SourceLocation(line: number, column: offset - Int(storedStart) + 1, offset: offset)
  }
}
