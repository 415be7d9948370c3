import HLS
import ManifestCore

/// Rules on EXT-X-KEY and EXT-X-SESSION-KEY (RFC 8216bis §4.4.4.4, §4.4.6.5, §5.2).
enum KeyRules {
  static let missingURI = AuditRule(
    id: "keys.missing-uri", severity: .error, scope: .any,
    summary: "A key whose METHOD is not NONE has no URI.",
    rationale: "URI is REQUIRED unless METHOD is NONE; without it the segments cannot be "
      + "decrypted.",
    reference: "RFC 8216bis §4.4.4.4")
  static let noneWithAttributes = AuditRule(
    id: "keys.none-with-attributes", severity: .error, scope: .media,
    summary: "EXT-X-KEY:METHOD=NONE has other attributes (URI, IV, KEYFORMAT, …).",
    rationale: "With METHOD=NONE other attributes MUST NOT be present; players disagree on "
      + "whether the segments are encrypted.",
    reference: "RFC 8216bis §4.4.4.4")
  static let ivWrongSize = AuditRule(
    id: "keys.iv-wrong-size", severity: .error, scope: .any,
    summary: "An IV is not 128 bits (32 hexadecimal digits after 0x).",
    rationale: "The IV is a 128-bit integer for AES; players pad, truncate or reject other "
      + "sizes, and decryption fails.",
    reference: "RFC 8216bis §4.4.4.4, §5.2")
  static let ivNotAllowed = AuditRule(
    id: "keys.iv-not-allowed", severity: .error, scope: .any,
    summary: "An IV on a METHOD that forbids one (SAMPLE-AES-CTR, AES-256-GCM).",
    rationale: "These methods carry the IV in the media; the IV attribute MUST NOT be present.",
    reference: "RFC 8216bis §4.4.4.4")
  static let methodKeyFormatMismatch = AuditRule(
    id: "keys.method-keyformat-mismatch", severity: .error, scope: .any,
    summary: "A METHOD and KEYFORMAT that cannot work together: a DRM KEYFORMAT (FairPlay, "
      + "Widevine, PlayReady) with METHOD=AES-128, or an skd:// (FairPlay) URI with the "
      + "identity KEYFORMAT.",
    rationale: "DRM systems do not deliver raw AES-128 keys, and an identity key is fetched from "
      + "its URI, which skd:// is not; playback fails at the key request.",
    reference: "RFC 8216bis §4.4.4.4, §5")
  static let keyFormatVersionsInvalid = AuditRule(
    id: "keys.keyformatversions-invalid", severity: .error, scope: .any,
    summary: "KEYFORMATVERSIONS is not positive integers separated by '/'.",
    rationale: "Clients match versions they support against this list; a malformed list "
      + "matches nothing.",
    reference: "RFC 8216bis §4.4.4.4")
  static let mapWithoutIV = AuditRule(
    id: "keys.map-without-iv", severity: .error, scope: .media,
    summary: "An EXT-X-MAP encrypted with METHOD=AES-128 whose key has no IV.",
    rationale: "The IV is REQUIRED for an encrypted initialization section, which has no media "
      + "sequence number to derive one from.",
    reference: "RFC 8216bis §4.4.4.5")
  static let duplicateSessionKey = AuditRule(
    id: "keys.duplicate-session-key", severity: .error, scope: .multivariant,
    summary: "Two EXT-X-SESSION-KEY tags with the same METHOD, URI, IV, KEYFORMAT and "
      + "KEYFORMATVERSIONS.",
    rationale: "A multivariant playlist MUST NOT repeat a session key.",
    reference: "RFC 8216bis §4.4.6.5")

  static let rules = [
    missingURI, noneWithAttributes, ivWrongSize, ivNotAllowed, methodKeyFormatMismatch,
    keyFormatVersionsInvalid, mapWithoutIV, duplicateSessionKey,
  ]

  /// KEYFORMAT values of DRM systems (FairPlay, Widevine, PlayReady).
  static let drmKeyFormats: [String: String] = [
    "com.apple.streamingkeydelivery": "FairPlay",
    "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed": "Widevine",
    "com.microsoft.playready": "PlayReady",
    "urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95": "PlayReady",
  ]

  static func check(_ playlist: Playlist, _ context: inout AuditContext) {
    guard context.anyOn(rules) else { return }
    switch playlist {
    case .media(let media):
      for key in media.keys { checkKey(key, tag: "EXT-X-KEY", &context) }
      checkMaps(media, &context)
    case .multivariant(let multivariant):
      var seen: [EncryptionKey: EncryptionKey] = [:]
      for key in multivariant.sessionKeys {
        checkKey(key, tag: "EXT-X-SESSION-KEY", &context)
        var identity = key
        identity.line = 0
        if let first = seen[identity] {
          context.report(
            duplicateSessionKey,
            "EXT-X-SESSION-KEY repeats line \(context.number(first.line)) (same METHOD, URI, IV, "
              + "KEYFORMAT and KEYFORMATVERSIONS)", line: key.line)
        } else {
          seen[identity] = key
        }
      }
    }
  }

  private static func checkKey(_ key: EncryptionKey, tag: String, _ context: inout AuditContext) {
    let line = key.line
    let method = key.method.description
    if key.method == .none {
      if tag == "EXT-X-KEY",
        let attributes = context.source.attributes(of: context.source.lines[line])
      {
        let others = attributes.map(\.name).filter { $0 != "METHOD" }
        if !others.isEmpty {
          context.report(
            noneWithAttributes,
            "EXT-X-KEY:METHOD=NONE has \(others.joined(separator: ", ")); it must have no other "
              + "attributes", line: line, column: context.column(of: others[0], line: line))
        }
      }
      return
    }
    if key.uri == nil {
      context.report(missingURI, "\(tag):METHOD=\(method) has no URI", line: line)
    }
    if let iv = key.iv {
      let digits = iv.utf8.dropFirst(2)
      let isHex = iv.utf8.count > 2 && digits.allSatisfy { ASCII.hexValue($0) != nil }
      if key.method == .sampleAESCTR || method == "AES-256-GCM" {
        context.report(
          ivNotAllowed, "\(tag):METHOD=\(method) must not have an IV (got \(iv))", line: line,
          column: context.column(of: "IV", line: line))
      } else if isHex && digits.count != 32 {
        context.report(
          ivWrongSize,
          "IV \(iv) has \(digits.count) hexadecimal digits (\(digits.count * 4) bits); AES needs "
            + "32 (128 bits)", line: line, column: context.column(of: "IV", line: line))
      }
    }
    let format = key.effectiveKeyFormat
    if key.method == .aes128, let system = drmKeyFormats[format] {
      context.report(
        methodKeyFormatMismatch,
        "\(tag):METHOD=AES-128 with the \(system) KEYFORMAT \"\(format)\": DRM systems protect "
          + "SAMPLE-AES or SAMPLE-AES-CTR media, not AES-128", line: line,
        column: context.column(of: "KEYFORMAT", line: line))
    } else if format == "identity", let uri = key.uri, uri.lowercased().hasPrefix("skd://") {
      context.report(
        methodKeyFormatMismatch,
        "\(tag) URI \(uri) is a FairPlay key, but KEYFORMAT is identity (use "
          + "\"com.apple.streamingkeydelivery\")", line: line,
        column: context.column(of: "URI", line: line))
    }
    if let versions = key.keyFormatVersions, !validVersions(versions) {
      context.report(
        keyFormatVersionsInvalid,
        "KEYFORMATVERSIONS \"\(versions)\" is not positive integers separated by '/'", line: line,
        column: context.column(of: "KEYFORMATVERSIONS", line: line))
    }
  }

  /// `1`, `1/2/5`: positive decimal integers separated by `/`.
  private static func validVersions(_ text: String) -> Bool {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    return parts.allSatisfy { part in
      !part.isEmpty && part.utf8.allSatisfy(ASCII.isDigit) && part.contains { $0 != "0" }
    }
  }

  /// Keys in force at each EXT-X-MAP, in line order.
  private static func checkMaps(_ media: MediaPlaylist, _ context: inout AuditContext) {
    guard context.isOn(mapWithoutIV), !media.maps.isEmpty, !media.keys.isEmpty else { return }
    var keys = media.keys[...]
    var inForce: [String: EncryptionKey] = [:]
    // The AES-128 keys without IV put in force, latest last; one replaced since is dropped when
    // it comes to the top. Searching every key in force per map was quadratic (thousands of
    // KEYFORMATs and maps), and reported whichever the dictionary gave first.
    var withoutIV: [EncryptionKey] = []
    for map in media.maps {
      while let key = keys.first, key.line < map.line {
        keys.removeFirst()
        if key.method == .none {
          inForce.removeAll()
          withoutIV.removeAll()
        } else {
          inForce[key.effectiveKeyFormat] = key
          if key.method == .aes128 && key.iv == nil { withoutIV.append(key) }
        }
      }
      while let last = withoutIV.last, inForce[last.effectiveKeyFormat]?.line != last.line {
        withoutIV.removeLast()
      }
      if let key = withoutIV.last {
        context.report(
          mapWithoutIV,
          "EXT-X-MAP '\(map.uri)' is encrypted with METHOD=AES-128 (key on line "
            + "\(context.number(key.line))) that has no IV", line: map.line)
      }
    }
  }
}
