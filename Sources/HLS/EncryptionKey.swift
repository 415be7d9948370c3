import ManifestCore

/// How media segments are encrypted (RFC 8216bis §4.4.4.4 METHOD).
public enum EncryptionMethod: Sendable, Hashable, CustomStringConvertible {
  /// `NONE`: segments are not encrypted; ends every key in force.
  case none
  /// `AES-128`: whole segments, AES-128 CBC with PKCS7 padding.
  case aes128
  /// `SAMPLE-AES`: elementary-stream samples (CBCS for fMP4).
  case sampleAES
  /// `SAMPLE-AES-CTR`: fMP4 CENC (`cenc` scheme).
  case sampleAESCTR
  /// Any other spelling, kept as written.
  case other(String)

  /// Reads a METHOD value.
  public init(_ text: String) {
    switch text {
    case "NONE": self = .none
    case "AES-128": self = .aes128
    case "SAMPLE-AES": self = .sampleAES
    case "SAMPLE-AES-CTR": self = .sampleAESCTR
    default: self = .other(text)
    }
  }

  /// The spelling in a playlist.
  public var description: String {
    switch self {
    case .none: "NONE"
    case .aes128: "AES-128"
    case .sampleAES: "SAMPLE-AES"
    case .sampleAESCTR: "SAMPLE-AES-CTR"
    case .other(let text): text
    }
  }
}

/// An EXT-X-KEY (RFC 8216bis §4.4.4.4) or EXT-X-SESSION-KEY (§4.4.6.5). URIs and other quoted
/// values are given after `{$name}` substitution.
public struct EncryptionKey: Sendable, Hashable {
  /// METHOD.
  public var method: EncryptionMethod
  /// URI (absent for METHOD=NONE).
  public var uri: String?
  /// IV as written (`0x…`), or `nil`.
  public var iv: String?
  /// KEYFORMAT as written, or `nil` (meaning `identity`).
  public var keyFormat: String?
  /// KEYFORMATVERSIONS as written, or `nil`.
  public var keyFormatVersions: String?
  /// KEYID (a common extension giving the key identifier in hex), or `nil`.
  public var keyID: String?
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int

  /// Creates a key.
  public init(
    method: EncryptionMethod, uri: String? = nil, iv: String? = nil, keyFormat: String? = nil,
    keyFormatVersions: String? = nil, keyID: String? = nil, line: Int = 0
  ) {
    self.method = method
    self.uri = uri
    self.iv = iv
    self.keyFormat = keyFormat
    self.keyFormatVersions = keyFormatVersions
    self.keyID = keyID
    self.line = line
  }

  /// KEYFORMAT, or `identity` when absent (§4.4.4.4).
  public var effectiveKeyFormat: String { keyFormat ?? "identity" }

  /// The IV's bytes (16 for AES), or `nil` when absent or not hex.
  public var ivBytes: [UInt8]? { iv.flatMap { try? Hex.decode($0.utf8) } }
}
