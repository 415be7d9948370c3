import ManifestCore
import SCTE35

/// Byte-level helpers for building broken payloads from good ones.
enum TestBytes {
  /// The bytes of a base64 payload.
  static func of(_ base64: String) -> [UInt8] {
    (try? Base64.decode(Array(base64.utf8))) ?? []
  }

  /// `bytes` with its last four bytes replaced by the CRC-32/MPEG-2 of the rest.
  static func withCRC(_ bytes: [UInt8]) -> [UInt8] {
    var out = Array(bytes.dropLast(4))
    let crc = CRC32MPEG2.checksum(out)
    out += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    return out
  }

  /// `bytes` with `byte` at `index`, CRC recomputed.
  static func patched(_ bytes: [UInt8], _ index: Int, _ byte: UInt8) -> [UInt8] {
    var out = bytes
    out[index] = byte
    return withCRC(out)
  }

  /// The message of the error of decoding `bytes`.
  static func error(_ bytes: [UInt8]) -> String? {
    SpliceInfoSection.decode(bytes: bytes).error?.message
  }

  /// The messages of the warnings of decoding `bytes`.
  static func warnings(_ bytes: [UInt8]) -> [String] {
    SpliceInfoSection.decode(bytes: bytes).warnings.map(\.message)
  }
}
