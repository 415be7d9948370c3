import ManifestCore

/// A thumbnail cue payload split into the image URL and its media fragment (W3C Media Fragments
/// URI 1.0 §4.1: `name=value` pairs separated by `&`, each percent-decoded; §4.2.2 `xywh`).
///
/// Works on an unsafe view of the track's bytes: it runs once per cue of tracks with tens of
/// thousands of cues.
struct ImageReference {
  /// The URL before the fragment, `\#` turned into `%23` (unless it starts the fragment).
  var url: String
  /// The last valid `xywh` dimension.
  var region: SpatialFragment? = nil
  /// The other fragment pairs, verbatim, joined by `&`.
  var otherFragment = ""
  /// The byte offset of the `xywh` pair that gave `region`.
  var regionOffset: Int? = nil
  /// Problems with the fragment, each with the byte offset it concerns and its code.
  var problems:
    [(offset: Int, severity: Severity, message: String, code: ThumbnailDiagnosticCode)] =
      []

  /// Splits the reference in `bytes[range]` (one line, blanks trimmed). A `url` equal to
  /// `previousURL` reuses that string (consecutive cues of a sprite track share their sheet).
  init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, previousURL: String? = nil) {
    var hash = ByteScan.first(0x23, in: bytes, range)
    var escaped = false
    var urlEnd = hash
    while hash < range.upperBound && hash > range.lowerBound && bytes[hash &- 1] == 0x5C {
      // Sprite scripts that build the payload in a shell (`echo "$sheet\#xywh=…"`) leave the
      // backslash in: before a media fragment dimension it is the separator, not the file name.
      if Self.startsFragment(bytes, (hash &+ 1)..<range.upperBound) {
        urlEnd = hash &- 1
        problems.append(
          (
            hash &- 1, .warning,
            "'\\#' before a media fragment is read as '#' (a shell escape left in by the "
              + "generator); players would keep the backslash in the URL",
            .escapedFragment
          ))
        break
      }
      escaped = true
      hash = ByteScan.first(0x23, in: bytes, (hash &+ 1)..<range.upperBound)
      urlEnd = hash
    }
    let urlRange = range.lowerBound..<urlEnd
    if escaped {
      url = Self.unescapingHashes(bytes, urlRange)
    } else if let previousURL, Self.equals(bytes, urlRange, previousURL) {
      url = previousURL
    } else {
      url = Self.string(bytes, urlRange)
    }
    guard hash < range.upperBound else { return }
    var pairStart = hash &+ 1
    while pairStart < range.upperBound {
      var pairEnd = pairStart
      while pairEnd < range.upperBound && bytes[pairEnd] != 0x26 { pairEnd &+= 1 }
      readPair(bytes, pairStart..<pairEnd)
      pairStart = pairEnd &+ 1
    }
  }

  private mutating func readPair(_ bytes: UnsafeBufferPointer<UInt8>, _ pair: Range<Int>) {
    guard !pair.isEmpty else { return }
    var equals = pair.lowerBound
    while equals < pair.upperBound && bytes[equals] != 0x3D { equals &+= 1 }
    let name = pair.lowerBound..<equals
    let isXYWH =
      Self.isXYWH(bytes, name)
      || (Self.contains(bytes, name, 0x25) && Self.isXYWH(Self.percentDecoded(bytes, name)))
    guard isXYWH else {
      if !otherFragment.isEmpty { otherFragment += "&" }
      otherFragment += Self.string(bytes, pair)
      return
    }
    guard equals < pair.upperBound else {
      problems.append((pair.lowerBound, .error, "xywh dimension without a value", .fragmentInvalid))
      return
    }
    let valueRange = (equals &+ 1)..<pair.upperBound
    let result: Result<SpatialFragment, SpatialFragment.ParseFailure>
    if Self.contains(bytes, valueRange, 0x25) {
      let decoded = Self.percentDecoded(bytes, valueRange)
      result = decoded.withUnsafeBufferPointer { SpatialFragment.parse($0, 0..<$0.count) }
    } else {
      result = SpatialFragment.parse(bytes, valueRange)
    }
    switch result {
    case .success(let fragment):
      region = fragment
      regionOffset = pair.lowerBound
    case .failure(let failure):
      problems.append((valueRange.lowerBound, .error, failure.description, .fragmentInvalid))
    }
  }

  /// True when `bytes[range]` starts with a Media Fragments dimension name and `=` (`xywh=`,
  /// `t=`, `track=`, `id=`; §4.1), as a fragment does and a file name seldom does.
  private static func startsFragment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Bool
  {
    var end = range.lowerBound
    while end < range.upperBound && end &- range.lowerBound < 6 && bytes[end] != 0x3D {
      end &+= 1
    }
    guard end < range.upperBound, bytes[end] == 0x3D else { return false }
    let name = range.lowerBound..<end
    return isXYWH(bytes, name) || equals(bytes, name, "t") || equals(bytes, name, "track")
      || equals(bytes, name, "id")
  }

  @inline(__always)
  private static func isXYWH(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    range.count == 4 && bytes[range.lowerBound] == 0x78 && bytes[range.lowerBound &+ 1] == 0x79
      && bytes[range.lowerBound &+ 2] == 0x77 && bytes[range.lowerBound &+ 3] == 0x68
  }

  private static func isXYWH(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { isXYWH($0, 0..<$0.count) }
  }

  private static func contains(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ byte: UInt8
  ) -> Bool {
    var i = range.lowerBound
    while i < range.upperBound {
      if bytes[i] == byte { return true }
      i &+= 1
    }
    return false
  }

  /// The bytes of `range` as a string (invalid UTF-8 repaired).
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// True when `bytes[range]` are the UTF-8 bytes of `text`.
  private static func equals(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: String
  ) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      guard utf8.count == range.count else { return false }
      var i = 0
      while i < utf8.count {
        if utf8[i] != bytes[range.lowerBound &+ i] { return false }
        i &+= 1
      }
      return true
    }
  }

  /// The bytes with every `\#` turned into `%23`.
  private static func unescapingHashes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> String
  {
    var out = [UInt8]()
    out.reserveCapacity(range.count + 4)
    var i = range.lowerBound
    while i < range.upperBound {
      if bytes[i] == 0x5C && i + 1 < range.upperBound && bytes[i + 1] == 0x23 {
        out += [0x25, 0x32, 0x33]
        i += 2
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// RFC 3986 §2.1 percent-decoding; a `%` not followed by two hex digits stays as it is.
  static func percentDecoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(range.count)
    var i = range.lowerBound
    while i < range.upperBound {
      if bytes[i] == 0x25, i + 2 < range.upperBound,
        let high = ASCII.hexValue(bytes[i + 1]), let low = ASCII.hexValue(bytes[i + 2])
      {
        out.append(high << 4 | low)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return out
  }
}
