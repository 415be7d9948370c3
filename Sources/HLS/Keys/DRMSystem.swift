/// The content protection system a key tag signals, decided from its METHOD and KEYFORMAT
/// (RFC 8216bis §4.4.4.4, Apple "Using content protection systems with HLS") and, for the
/// systems that also appear in CENC `pssh` boxes, from the DASH-IF system ID.
public enum DRMSystem: String, Sendable, Hashable, CaseIterable {
  /// Apple FairPlay Streaming: KEYFORMAT `com.apple.streamingkeydelivery`, `skd://` URIs.
  case fairPlay = "FairPlay"
  /// Google Widevine: KEYFORMAT `urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed` (or the legacy
  /// `com.widevine`).
  case widevine = "Widevine"
  /// Microsoft PlayReady: KEYFORMAT `com.microsoft.playready` or
  /// `urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95`.
  case playReady = "PlayReady"
  /// W3C Clear Key: KEYFORMAT `org.w3.clearkey`, or the DASH-IF Clear Key
  /// (`e2719d58-…`) or W3C common (`1077efec-…`) system IDs.
  case clearKey = "ClearKey"
  /// NAGRA PRM (DASH-IF "Nagra MediaAccess PRM 3.0"): KEYFORMAT
  /// `urn:uuid:adb41c24-2dbf-4a6d-958b-4457c0d27b95`.
  case nagra = "Nagra"
  /// Another system of the DASH-IF registry (Marlin, Verimatrix VCAS, Irdeto, ChinaDRM…),
  /// named by a KEYFORMAT `urn:uuid:…`; `DRMSystemRegistry.name(ofSystemID:)` names it.
  case registered = "registered"
  /// KEYFORMAT `identity` with METHOD=AES-128: a key file fetched from the URI.
  case aes128 = "AES-128"
  /// KEYFORMAT `identity` with METHOD=SAMPLE-AES (CBCS for fMP4).
  case sampleAES = "SAMPLE-AES"
  /// KEYFORMAT `identity` with METHOD=SAMPLE-AES-CTR (CENC `cenc` scheme).
  case sampleAESCTR = "SAMPLE-AES-CTR"
  /// METHOD=NONE: the segments that follow are not encrypted.
  case none = "none"
  /// A KEYFORMAT or METHOD this table does not know.
  case unknown = "unknown"

  /// The system a key tag signals. METHOD=NONE is `.none` whatever else is written; a known
  /// KEYFORMAT decides next (whatever the METHOD, since older Widevine playlists wrote
  /// `SAMPLE-AES-CENC`); an `skd:` URI without KEYFORMAT is FairPlay (older FairPlay playlists
  /// omit it); otherwise `identity` (or no KEYFORMAT) maps the METHOD to `.aes128`,
  /// `.sampleAES` or `.sampleAESCTR`. KEYFORMAT is compared without regard to ASCII case.
  public static func identify(method: String, keyFormat: String?, uri: String? = nil) -> DRMSystem {
    if method == "NONE" { return .none }
    if let keyFormat, keyFormat.lowercased() != "identity" {
      if let system = keyFormats[keyFormat.lowercased()] { return system }
      let registered = DRMSystemRegistry.systemID(ofKeyFormat: keyFormat).flatMap {
        DRMSystemRegistry.name(ofSystemID: $0)
      }
      return registered == nil ? .unknown : .registered
    }
    if keyFormat == nil, let uri, uri.lowercased().hasPrefix("skd:") { return .fairPlay }
    switch method {
    case "AES-128": return .aes128
    case "SAMPLE-AES": return .sampleAES
    case "SAMPLE-AES-CTR": return .sampleAESCTR
    default: return .unknown
    }
  }

  /// The system a CENC `pssh` system ID names (ISO/IEC 23001-7 §8.1; DASH-IF registry), or
  /// `nil`; another registered ID is `.registered`. `systemID` is the canonical UUID form, in
  /// any case.
  public init?(systemID: String) {
    if let system = Self.systemIDs[systemID.lowercased()] {
      self = system
    } else if DRMSystemRegistry.name(ofSystemID: systemID) != nil {
      self = .registered
    } else {
      return nil
    }
  }

  /// The DASH-IF system ID of a DRM system, in canonical lower-case UUID form (`nil` for the
  /// HLS-only methods). Clear Key gives the DASH-IF Clear Key ID `e2719d58-…`.
  public var systemID: String? {
    switch self {
    case .fairPlay: "94ce86fb-07ff-4f43-adb8-93d2fa968ca2"
    case .widevine: "edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"
    case .playReady: "9a04f079-9840-4286-ab92-e65be0885f95"
    case .clearKey: "e2719d58-a985-b3c9-781a-b030af78d30e"
    case .nagra: "adb41c24-2dbf-4a6d-958b-4457c0d27b95"
    case .registered, .aes128, .sampleAES, .sampleAESCTR, .none, .unknown: nil
    }
  }

  /// True for the license-based systems (FairPlay, Widevine, PlayReady, Clear Key, NAGRA and
  /// the other registered ones).
  public var isDRM: Bool { systemID != nil || self == .registered }

  private static let commonSystemID = "1077efec-c0b2-4d02-ace3-3c1e52e2fb4b"

  private static let systemIDs: [String: DRMSystem] = {
    var table: [String: DRMSystem] = [commonSystemID: .clearKey]
    for system in allCases { if let id = system.systemID { table[id] = system } }
    return table
  }()

  private static let keyFormats: [String: DRMSystem] = {
    var table: [String: DRMSystem] = [
      "com.apple.streamingkeydelivery": .fairPlay,
      "com.widevine": .widevine,
      "com.microsoft.playready": .playReady,
      "org.w3.clearkey": .clearKey,
    ]
    for (id, system) in systemIDs { table["urn:uuid:" + id] = system }
    return table
  }()
}
