import ManifestCore

/// A CENC Protection System Specific Header box, `pssh` (ISO/IEC 23001-7 §8.1), as Widevine and
/// PlayReady key tags carry it base64-encoded in a `data:` URI.
public struct PSSHBox: Sendable, Hashable {
  /// Why bytes are not a `pssh` box.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line for a human, naming the sizes involved.
    public var message: String

    public var description: String { message }

    /// The stable code, `hls.drm.pssh` (docs/diagnostic-codes.md).
    public var code: String { HLSDiagnosticCode.drmPSSH.rawValue }
  }

  /// The FullBox version: 0, or 1 with a KID list.
  public var version: UInt8
  /// The FullBox flags (0 in every published version).
  public var flags: UInt32
  /// The SystemID as a lower-case UUID (`edef8ba9-79d6-4ace-a3c8-27dcd51d21ed`).
  public var systemID: String
  /// The KIDs of a version 1 box as 32 lower-case hex digits each (empty for version 0).
  public var keyIDs: [String]
  /// The system-specific Data (a Widevine protobuf, a PlayReady Object, …).
  public var data: [UInt8]

  /// Parses exactly one box: 32-bit or 64-bit (`size == 1`) box size, `size == 0` meaning "to
  /// the end"; bytes after the box are an error.
  public init(parsing bytes: [UInt8]) throws(ParseError) {
    var reader = BoxReader(bytes: bytes)
    guard bytes.count >= 8 else {
      throw ParseError(message: "pssh box: \(bytes.count) bytes, shorter than a box header")
    }
    var size = Int(reader.uint32())
    let type = String(decoding: bytes[4..<8], as: UTF8.self)
    guard type == "pssh" else {
      throw ParseError(message: "box type is '\(type)', not 'pssh'")
    }
    reader.offset = 8
    if size == 1 {
      guard bytes.count >= 16 else {
        throw ParseError(message: "pssh box: \(bytes.count) bytes, too short for its 64-bit size")
      }
      let large = UInt64(reader.uint32()) << 32 | UInt64(reader.uint32())
      size = large > UInt64(Int.max) ? Int.max : Int(large)
    } else if size == 0 {
      size = bytes.count
    }
    guard size == bytes.count else {
      throw ParseError(message: "pssh box size is \(size) bytes but \(bytes.count) were given")
    }
    guard reader.remaining >= 24 else {
      throw ParseError(
        message: "pssh box: \(size) bytes, too short for version, flags and SystemID")
    }
    let versionAndFlags = reader.uint32()
    version = UInt8(versionAndFlags >> 24)
    flags = versionAndFlags & 0x00FF_FFFF
    systemID = NormalizedHex.uuid(reader.take(16)) ?? ""
    keyIDs = []
    if version > 0 {
      guard reader.remaining >= 4 else {
        throw ParseError(message: "pssh box version \(version) ends before KID_count")
      }
      let count = Int(reader.uint32())
      guard count <= reader.remaining / 16 else {
        throw ParseError(
          message: "pssh box KID_count \(count) needs \(count * 16) bytes, \(reader.remaining) left"
        )
      }
      for _ in 0..<count { keyIDs.append(Hex.encode(reader.take(16))) }
    }
    guard reader.remaining >= 4 else {
      throw ParseError(message: "pssh box ends before DataSize")
    }
    let dataSize = Int(reader.uint32())
    guard dataSize == reader.remaining else {
      throw ParseError(
        message: "pssh box DataSize is \(dataSize) bytes but \(reader.remaining) remain")
    }
    data = Array(reader.take(dataSize))
  }

  /// The DRM system the SystemID names, or `.unknown`.
  public var drmSystem: DRMSystem { DRMSystem(systemID: systemID) ?? .unknown }

  /// The size of Data in bytes (the box's DataSize field).
  public var dataSize: Int { data.count }
}

/// Big-endian reads from a byte array, for box parsing; callers check `remaining` first.
struct BoxReader {
  let bytes: [UInt8]
  var offset = 0

  var remaining: Int { bytes.count - offset }

  mutating func uint32() -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      value = value << 8 | UInt32(bytes[offset])
      offset += 1
    }
    return value
  }

  mutating func take(_ count: Int) -> ArraySlice<UInt8> {
    defer { offset += count }
    return bytes[offset..<(offset + count)]
  }
}
