import ManifestCore

/// One ad-marker tag as the timeline read it: its role in the break, where it is, and the values
/// it declared exactly as written, so an audit can point at the line and quote the text (a
/// `PT30S` duration stays `PT30S` here even though no number could be read from it).
public struct AdMarker: Sendable, Equatable {
  /// What the tag does for its break.
  public enum Role: String, Sendable, Hashable {
    /// Opens the break (CUE-OUT, SpliceOut, SCTE35-OUT, CUE-OUT=YES, AD_LENGTH, …).
    case out
    /// Continues an open break (CUE-OUT-CONT, EXT-X-CUE-CONT, CUE-OUT=CONT).
    case cont
    /// Closes the break (CUE-IN, SpliceIn, SCTE35-IN, CUE-IN=YES).
    case `in`
    /// A tracking beacon (`EXT-X-BEACON:EVENT=…`).
    case beacon
    /// Extra data for the break's opening or closing (EXT-OATCLS-SCTE35 beside a CUE-OUT or
    /// CUE-IN, EXT-X-ASSET).
    case data
  }

  /// The dialect the tag belongs to.
  public var dialect: AdMarkerDialect
  /// What the tag does.
  public var role: Role
  /// The tag name without `#` (`EXT-X-CUE-OUT-CONT`).
  public var tag: String
  /// The whole line as written (terminator excluded).
  public var text: String
  /// Where the line starts (1-based line, column 1, byte offset).
  public var location: SourceLocation
  /// The 0-based position of the segment the tag precedes (the segment count for tags after the
  /// last segment).
  public var segmentIndex: Int
  /// The identifier the tag carries (`ID=`, DATERANGE ID), as written.
  public var id: String?
  /// The declared break duration as written (`30.000`, `PT30S`), or `nil`.
  public var declaredDuration: String?
  /// The elapsed time a continuation declares, as written (`8.308` in `8.308/30`,
  /// `ElapsedTime=`, `AVAIL-DUR-ELAPSED=`), or `nil`.
  public var elapsed: String?
  /// The SCTE-35 payload the tag carries, or `nil`.
  public var scte35: MarkerCue?
  /// Any other attributes of the tag, in order as written (`CAID`, `TIME`, `SignalID`, …).
  public var attributes: [MarkerAttribute]

  /// Creates a marker.
  public init(
    dialect: AdMarkerDialect, role: Role, tag: String, text: String, location: SourceLocation,
    segmentIndex: Int, id: String? = nil, declaredDuration: String? = nil, elapsed: String? = nil,
    scte35: MarkerCue? = nil, attributes: [MarkerAttribute] = []
  ) {
    self.dialect = dialect
    self.role = role
    self.tag = tag
    self.text = text
    self.location = location
    self.segmentIndex = segmentIndex
    self.id = id
    self.declaredDuration = declaredDuration
    self.elapsed = elapsed
    self.scte35 = scte35
    self.attributes = attributes
  }

  /// The 1-based line number.
  public var line: Int { location.line }

  /// The declared duration read as seconds, or `nil` when absent or not a plain decimal.
  public var declaredSeconds: ExactDecimal? { declaredDuration.flatMap(MarkerNumber.seconds) }

  /// The elapsed time read as seconds, or `nil` when absent or not a plain decimal.
  public var elapsedSeconds: ExactDecimal? { elapsed.flatMap(MarkerNumber.seconds) }

  /// The value of the first attribute called `name` (ASCII case-insensitive), or `nil`.
  public func attribute(_ name: String) -> String? {
    attributes.first { $0.name.caseInsensitiveEquals(name) }?.value
  }
}

/// One `NAME=VALUE` of an ad-marker tag, as written (quotes removed).
public struct MarkerAttribute: Sendable, Hashable {
  /// The name as written.
  public var name: String
  /// The value as written, without surrounding quotes.
  public var value: String

  /// Creates an attribute.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// Reading the numbers ad markers declare.
enum MarkerNumber {
  /// A non-negative decimal number of seconds (`30`, `30.000`, `5.005`), blanks around it
  /// ignored; `nil` for anything else (`PT30S`, `-1`, ``, `30s`).
  static func seconds(_ text: String) -> ExactDecimal? {
    let bytes = Array(text.utf8)
    let range = ASCII.trimmed(bytes, 0..<bytes.count)
    guard let first = range.first, bytes[first] != 0x2D, bytes[first] != 0x2B,
      let value = ExactDecimal.parse(bytes, range)
    else { return nil }
    return value
  }
}

extension String {
  /// ASCII case-insensitive equality.
  func caseInsensitiveEquals(_ other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    var a = self
    var b = other
    return a.withUTF8 { x in
      b.withUTF8 { y in
        for k in 0..<x.count where x[k] != y[k] {
          let lx = x[k] >= 0x41 && x[k] <= 0x5A ? x[k] | 0x20 : x[k]
          let ly = y[k] >= 0x41 && y[k] <= 0x5A ? y[k] | 0x20 : y[k]
          if lx != ly { return false }
        }
        return true
      }
    }
  }
}
