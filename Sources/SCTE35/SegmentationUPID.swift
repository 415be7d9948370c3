import ManifestCore

/// A segmentation UPID: `segmentation_upid_type` and the `segmentation_upid()` bytes
/// (SCTE 35 §10.3.3.1, Table 21). The bytes are kept exactly as transmitted; the typed views
/// (`text`, `mid`, `mpu`, `eidr`…) read them.
public struct SegmentationUPID: Sendable, Hashable {
  /// `segmentation_upid_type`.
  public var type: UInt8
  /// `segmentation_upid()`, `segmentation_upid_length` bytes.
  public var bytes: [UInt8]

  /// A UPID of `type` holding `bytes`.
  public init(type: UInt8, bytes: [UInt8]) {
    self.type = type
    self.bytes = bytes
  }

  /// The name of the type in Table 21 (`Ad-ID`, `URI`, `MID`…).
  public var typeName: String { Self.typeName(type) }

  /// The name of a `segmentation_upid_type` in Table 21, or `Reserved`.
  public static func typeName(_ type: UInt8) -> String {
    switch type {
    case 0x00: "Not Used"
    case 0x01: "User Defined (deprecated)"
    case 0x02: "ISCI (deprecated)"
    case 0x03: "Ad-ID"
    case 0x04: "UMID"
    case 0x05: "ISAN (deprecated)"
    case 0x06: "ISAN"
    case 0x07: "TID"
    case 0x08: "TI"
    case 0x09: "ADI"
    case 0x0A: "EIDR"
    case 0x0B: "ATSC Content Identifier"
    case 0x0C: "MPU"
    case 0x0D: "MID"
    case 0x0E: "ADS Information"
    case 0x0F: "URI"
    case 0x10: "UUID"
    case 0x11: "SCR"
    default: "Reserved"
    }
  }

  /// The length Table 21 fixes for a type, or `nil` when it is variable.
  public static func requiredLength(_ type: UInt8) -> Int? {
    switch type {
    case 0x00: 0
    case 0x02, 0x05, 0x08: 8
    case 0x03, 0x06, 0x07, 0x0A: 12
    case 0x04: 32
    case 0x10: 16
    default: nil
    }
  }

  /// True for the types whose UPID is text: ISCI, Ad-ID, TID, ADI, ADS Information, URI, SCR.
  public static func isTextType(_ type: UInt8) -> Bool {
    switch type {
    case 0x02, 0x03, 0x07, 0x09, 0x0E, 0x0F, 0x11: true
    default: false
    }
  }

  /// The UPID as text, for the text types when the bytes are valid UTF-8.
  public var text: String? {
    guard Self.isTextType(type) else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The nested UPIDs of a MID() (type 0x0D), or `nil` for another type or a MID whose
  /// nested lengths do not add up.
  public var mid: [SegmentationUPID]? {
    guard type == 0x0D else { return nil }
    return Self.parseMID(bytes)
  }

  /// The parts of an MPU() (type 0x0C): `format_identifier` and `private_data`, or `nil` for
  /// another type or fewer than four bytes.
  public var mpu: (formatIdentifier: UInt32, privateData: [UInt8])? {
    guard type == 0x0C, bytes.count >= 4 else { return nil }
    let identifier =
      UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
    return (identifier, Array(bytes[4...]))
  }

  /// The ATSC content identifier (type 0x0B, ATSC A/57B), or `nil` for another type or fewer
  /// than four bytes.
  public var atsc: ATSCContentIdentifier? {
    guard type == 0x0B, bytes.count >= 4 else { return nil }
    let word =
      UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8
      | UInt32(bytes[3])
    return ATSCContentIdentifier(
      tsid: UInt16(word >> 16), reserved: UInt8(word >> 14 & 3), endOfDay: UInt8(word >> 9 & 0x1F),
      uniqueFor: UInt16(word & 0x1FF), contentId: Array(bytes[4...]))
  }

  /// The canonical EIDR (type 0x0A, 12 bytes): `10.5240/7791-8534-2C23-9030-8610-5`, with its
  /// ISO 7064 Mod 37,36 check character.
  public var eidr: String? {
    guard type == 0x0A, bytes.count == 12 else { return nil }
    let prefix = Int(bytes[0]) << 8 | Int(bytes[1])
    let suffix = Hex.encode(bytes[2...], uppercase: true)
    var groups: [Substring] = []
    var index = suffix.startIndex
    while index < suffix.endIndex {
      let next = suffix.index(index, offsetBy: 4)
      groups.append(suffix[index..<next])
      index = next
    }
    return "10.\(prefix)/" + groups.joined(separator: "-") + "-" + Self.eidrCheck(suffix)
  }

  /// The UUID (type 0x10, 16 bytes) in its 8-4-4-4-12 lowercase form.
  public var uuid: String? {
    guard type == 0x10, bytes.count == 16 else { return nil }
    let hex = Array(Hex.encode(bytes).utf8)
    var out = [UInt8]()
    for (i, c) in hex.enumerated() {
      if i == 8 || i == 12 || i == 16 || i == 20 { out.append(0x2D) }
      out.append(c)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The airing id of a TI UPID (type 0x08, 8 bytes).
  public var airingId: UInt64? {
    guard type == 0x08, bytes.count == 8 else { return nil }
    return bytes.reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// The UPID as one line of text: the text, EIDR or UUID form when the type has one, the
  /// nested UPIDs of a MID separated by `; `, else `0x` and hex digits.
  public var displayValue: String {
    if let text { return text }
    if let eidr { return eidr }
    if let uuid { return uuid }
    if let mid { return mid.map { "\($0.typeName): \($0.displayValue)" }.joined(separator: "; ") }
    if let mpu {
      return "\(FourCC.display(mpu.formatIdentifier)) 0x\(Hex.encode(mpu.privateData))"
    }
    return bytes.isEmpty ? "" : "0x" + Hex.encode(bytes)
  }

  /// Parses the nested `segmentation_upid_type`, `segmentation_upid_length`,
  /// `segmentation_upid()` triples of a MID.
  static func parseMID(_ bytes: [UInt8]) -> [SegmentationUPID]? {
    var result: [SegmentationUPID] = []
    var i = 0
    while i < bytes.count {
      guard i + 2 <= bytes.count else { return nil }
      let length = Int(bytes[i + 1])
      guard i + 2 + length <= bytes.count else { return nil }
      result.append(SegmentationUPID(type: bytes[i], bytes: Array(bytes[i + 2..<i + 2 + length])))
      i += 2 + length
    }
    return result
  }

  /// The ISO 7064 Mod 37,36 check character of EIDR suffix hex digits.
  static func eidrCheck(_ digits: String) -> String {
    var product = 36
    for c in digits.utf8 {
      let value = Int(ASCII.hexValue(c) ?? 0)
      var sum = (product + value) % 36
      if sum == 0 { sum = 36 }
      product = sum * 2 % 37
    }
    let check = (37 - product) % 36
    let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return String(alphabet[check])
  }
}

/// The ATSC content identifier of a type 0x0B UPID (ATSC A/57B §6).
public struct ATSCContentIdentifier: Sendable, Hashable {
  /// `TSID`: the transport stream id.
  public var tsid: UInt16
  /// The 2 reserved bits.
  public var reserved: UInt8
  /// `end_of_day` (hour, 0–23).
  public var endOfDay: UInt8
  /// `unique_for` (days, 9 bits).
  public var uniqueFor: UInt16
  /// `content_id`.
  public var contentId: [UInt8]

  /// An ATSC content identifier.
  public init(
    tsid: UInt16, reserved: UInt8 = 3, endOfDay: UInt8, uniqueFor: UInt16, contentId: [UInt8]
  ) {
    self.tsid = tsid
    self.reserved = reserved
    self.endOfDay = endOfDay
    self.uniqueFor = uniqueFor
    self.contentId = contentId
  }

  /// The UPID bytes.
  public var bytes: [UInt8] {
    let word =
      UInt32(tsid) << 16 | UInt32(reserved & 3) << 14 | UInt32(endOfDay & 0x1F) << 9
      | UInt32(uniqueFor & 0x1FF)
    return [
      UInt8(word >> 24), UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF),
    ]
      + contentId
  }
}

/// Four-character codes (identifiers such as "CUEI" and MPU format identifiers).
enum FourCC {
  /// The code as four printable ASCII characters, or `nil` when it is not.
  static func text(_ value: UInt32) -> String? {
    let bytes = [
      UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
      UInt8(value & 0xFF),
    ]
    guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The code as text when printable, else `0x` and eight hex digits.
  static func display(_ value: UInt32) -> String {
    text(value) ?? "0x"
      + Hex.encode([
        UInt8(value >> 24), UInt8(value >> 16 & 0xFF),
        UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
      ])
  }

  /// The value of a four-character text, or `nil` when it is not four ASCII characters.
  static func value(_ text: String) -> UInt32? {
    let bytes = Array(text.utf8)
    guard bytes.count == 4, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    return bytes.reduce(0) { $0 << 8 | UInt32($1) }
  }
}
