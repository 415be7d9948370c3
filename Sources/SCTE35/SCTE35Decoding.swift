import ManifestCore

/// The outcome of decoding one SCTE-35 payload: the section (possibly partial), the CRC check,
/// warnings, and the error that stopped decoding, if any.
public struct SCTE35Decoding: Sendable, Hashable {
  /// The decoded section. On an error it holds what was decoded before the error (header,
  /// command and the descriptors before the failing one) when at least the command was read,
  /// else `nil`.
  public var section: SpliceInfoSection?
  /// `CRC_32` as transmitted, when the section was long enough to hold one.
  public var crc32: UInt32?
  /// True when `CRC_32` matches the CRC-32/MPEG-2 of the section.
  public var crcValid: Bool
  /// The warnings and the error, boxed, and absent in the common case of neither, so a result
  /// is cheap to copy and to drop.
  private var problems: Problems?

  /// Warnings and the error of a result (immutable; replaced when either changes).
  private final class Problems: Sendable {
    let warnings: [SCTE35Issue]
    let error: SCTE35Issue?
    let salvaged: SpliceDescriptor?

    init(_ warnings: [SCTE35Issue], _ error: SCTE35Issue?, _ salvaged: SpliceDescriptor? = nil) {
      self.warnings = warnings
      self.error = error
      self.salvaged = salvaged
    }
  }

  /// Creates a result.
  public init(
    section: SpliceInfoSection?, crc32: UInt32?, crcValid: Bool, warnings: [SCTE35Issue],
    error: SCTE35Issue?
  ) {
    self.section = section
    self.crc32 = crc32
    self.crcValid = crcValid
    problems = warnings.isEmpty && error == nil ? nil : Problems(warnings, error)
  }

  /// A result without warnings or error.
  init(section: SpliceInfoSection?, crc32: UInt32?, crcValid: Bool) {
    self.section = section
    self.crc32 = crc32
    self.crcValid = crcValid
    problems = nil
  }

  /// A result with `salvagedDescriptor`.
  init(
    section: SpliceInfoSection?, crc32: UInt32?, crcValid: Bool, warnings: [SCTE35Issue],
    error: SCTE35Issue?, salvaged: SpliceDescriptor?
  ) {
    self.init(
      section: section, crc32: crc32, crcValid: crcValid, warnings: warnings, error: error)
    if let salvaged { problems = Problems(warnings, error, salvaged) }
  }

  /// The descriptor whose `descriptor_length` claimed more bytes than the loop has left,
  /// decoded from the bytes that remain (as threefive and scte35-go decode it). It is not in
  /// `section.descriptors`: its length is wrong, so where it really ends is a guess; `error`
  /// names the length field.
  public var salvagedDescriptor: SpliceDescriptor? { problems?.salvaged }

  /// Problems decoding went on after: bad CRC, unknown descriptors, encrypted section, odd
  /// lengths.
  public var warnings: [SCTE35Issue] {
    get { problems?.warnings ?? [] }
    set {
      problems =
        newValue.isEmpty && error == nil && salvagedDescriptor == nil
        ? nil : Problems(newValue, error, salvagedDescriptor)
    }
  }

  /// The problem that stopped decoding.
  public var error: SCTE35Issue? {
    get { problems?.error }
    set {
      problems =
        warnings.isEmpty && newValue == nil && salvagedDescriptor == nil
        ? nil : Problems(warnings, newValue, salvagedDescriptor)
    }
  }

  /// True when the payload decoded without an error (warnings allowed).
  public var succeeded: Bool {
    if case .some = problems?.error { return false }
    if case .none = section { return false }
    return true
  }

  /// Warnings and the error, in order.
  public var issues: [SCTE35Issue] { warnings + (error.map { [$0] } ?? []) }

  public static func == (lhs: SCTE35Decoding, rhs: SCTE35Decoding) -> Bool {
    lhs.section == rhs.section && lhs.crc32 == rhs.crc32 && lhs.crcValid == rhs.crcValid
      && lhs.warnings == rhs.warnings && lhs.error == rhs.error
      && lhs.salvagedDescriptor == rhs.salvagedDescriptor
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(section)
    hasher.combine(crc32)
    hasher.combine(crcValid)
    hasher.combine(warnings)
    hasher.combine(error)
    hasher.combine(salvagedDescriptor)
  }
}

extension SpliceInfoSection {
  /// Decodes a payload given as text: base64 (standard or URL-safe, padding optional) or hex
  /// (`0x…`, or bare digits starting `FC`), surrounding and embedded whitespace ignored.
  public static func decode(_ text: String) -> SCTE35Decoding {
    let bytes = Array(text.utf8)
    return decode(text: bytes, 0..<bytes.count)
  }

  /// Decodes the payload text in `text[range]` (see `decode(_:)`); offsets of text errors are
  /// relative to `range.lowerBound`.
  public static func decode(text: [UInt8], _ range: Range<Int>) -> SCTE35Decoding {
    let trimmed = PayloadText.trimmed(text, range)
    guard !trimmed.isEmpty else {
      return failure(.error("empty", "payload", 0, "no base64 or hex text"))
    }
    let lead = trimmed.lowerBound - range.lowerBound
    if PayloadText.isHex(text, trimmed) {
      do {
        return decode(bytes: try Hex.decode(text[trimmed]))
      } catch {
        return failure(.error("bad-hex", "payload", lead + error.offset, error.reason))
      }
    }
    // Base64 decodes into a temporary (stack) buffer that the section is read from directly;
    // the result is assigned rather than returned through the closures, which saves a copy.
    let capacity = Base64.decodedCapacity(forTextCount: trimmed.count)
    var result = SCTE35Decoding.empty
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { output in
      text.withUnsafeBufferPointer { all in
        let input = UnsafeBufferPointer(rebasing: all[trimmed])
        do throws(Base64.DecodingError) {
          let count = try Base64.decode(input, into: output)
          result = SectionDecoder.decode(UnsafeBufferPointer(rebasing: output[0..<count]))
        } catch {
          result = failure(.error("bad-base64", "payload", lead + error.offset, error.reason))
        }
      }
    }
    return result
  }

  /// Decodes a section from its bytes.
  public static func decode(bytes: [UInt8]) -> SCTE35Decoding {
    var result = SCTE35Decoding.empty
    bytes.withUnsafeBufferPointer { result = SectionDecoder.decode($0) }
    return result
  }

  /// Decodes base64 or hex text, throwing the error that stops decoding (warnings, such as a
  /// bad CRC, are ignored: use `decode(_:)` to see them).
  public init(_ text: String) throws(SCTE35Issue) {
    self = try Self.decode(text).unwrapped()
  }

  /// Decodes section bytes, throwing the error that stops decoding.
  public init(bytes: [UInt8]) throws(SCTE35Issue) {
    self = try Self.decode(bytes: bytes).unwrapped()
  }

  private static func failure(_ issue: SCTE35Issue) -> SCTE35Decoding {
    SCTE35Decoding(section: nil, crc32: nil, crcValid: false, warnings: [], error: issue)
  }
}

extension SCTE35Decoding {
  /// A placeholder result, overwritten by decoding.
  static var empty: SCTE35Decoding {
    SCTE35Decoding(section: nil, crc32: nil, crcValid: false)
  }

  /// The section, or the error.
  func unwrapped() throws(SCTE35Issue) -> SpliceInfoSection {
    if let error { throw error }
    guard let section else {
      throw .error("truncated", "splice_info_section", 0, "nothing could be decoded")
    }
    return section
  }
}

/// The text forms of a payload: base64 or hex (SCTE 35 cues in HLS tags, RFC 8216bis
/// §4.4.5.1 hexadecimal-sequences).
public enum SCTE35Payload {
  /// How a payload is written.
  public enum Encoding: Sendable, Hashable {
    /// Base64, standard or URL-safe.
    case base64
    /// Hex digits with `0x`/`0X`, or bare ones starting `FC`.
    case hex
  }

  /// How the payload text in `text[range]` is written (surrounding whitespace ignored), or `nil`
  /// when it is empty. Hex is `0x…`/`0X…`, or bare hex digits starting `FC` (a section's
  /// table_id; base64 of one starts `/A`–`/D`); anything else is taken for base64.
  public static func encoding(of text: [UInt8], _ range: Range<Int>) -> Encoding? {
    let trimmed = PayloadText.trimmed(text, range)
    guard !trimmed.isEmpty else { return nil }
    return PayloadText.isHex(text, trimmed) ? .hex : .base64
  }

  /// The section bytes of a base64 or hex payload text, or the issue naming the offending
  /// character.
  public static func bytes(_ text: String) throws(SCTE35Issue) -> [UInt8] {
    let bytes = Array(text.utf8)
    let trimmed = PayloadText.trimmed(bytes, 0..<bytes.count)
    guard !trimmed.isEmpty else { throw .error("empty", "payload", 0, "no base64 or hex text") }
    if PayloadText.isHex(bytes, trimmed) {
      do {
        return try Hex.decode(bytes[trimmed])
      } catch {
        throw .error("bad-hex", "payload", trimmed.lowerBound + error.offset, error.reason)
      }
    }
    do {
      return try Base64.decode(bytes[trimmed])
    } catch {
      throw .error("bad-base64", "payload", trimmed.lowerBound + error.offset, error.reason)
    }
  }
}

/// Recognising the text form of a payload.
enum PayloadText {
  /// `range` without ASCII whitespace at either end.
  static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper && isSpace(bytes[lower]) { lower += 1 }
    while upper > lower && isSpace(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

  /// True for `0x…`/`0X…` text, and for bare hex digits starting `FC`.
  static func isHex(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    guard range.count >= 2 else { return false }
    let first = bytes[range.lowerBound]
    let second = bytes[range.lowerBound + 1]
    if first == 0x30 && (second == 0x78 || second == 0x58) { return true }
    guard first | 0x20 == 0x66, second | 0x20 == 0x63 else { return false }
    for i in range where !isSpace(bytes[i]) && ASCII.hexValue(bytes[i]) == nil { return false }
    return true
  }
}
