import ManifestCore

extension SpliceInfoSection {
  /// A human view of the section, one field per line, nested fields indented (what
  /// `scte35-tool decode --text` prints): the JSON form with each value's seconds or name in
  /// parentheses after it and absent fields left out.
  public var text: String { SCTE35TextView.render(json()) }
}

extension SCTE35Decoding {
  /// The human view of the decoded section with the transmitted CRC (see
  /// `SpliceInfoSection.text`), or the empty string when nothing was decoded.
  public var text: String { section == nil ? "" : SCTE35TextView.render(json) }
}

/// Renders the JSON form as indented `name: value` lines, one line per value.
enum SCTE35TextView {
  /// Members shown in parentheses after another member instead of on their own line.
  private static let annotations: [String: String] = [
    "sapType": "sapTypeName", "spliceCommandType": "spliceCommandName",
    "spliceDescriptorTag": "name", "identifier": "identifierText",
    "deviceRestrictions": "deviceRestrictionsName", "segmentationTypeId": "segmentationMessage",
    "segmentationUpidType": "segmentationUpidTypeName", "formatIdentifier": "formatIdentifierText",
  ]

  static func render(_ value: JSONValue) -> String {
    var lines: [String] = []
    if case .object(let members) = value { object(members, indent: "", into: &lines) }
    return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
  }

  private static func object(
    _ members: [(String, JSONValue)], indent: String, into lines: inout [String]
  ) {
    let byName = Dictionary(members, uniquingKeysWith: { first, _ in first })
    let hidden = Set(annotations.values).union(members.map(\.0).filter { $0.hasSuffix("Seconds") })
      .union(["crcValid"])
    for (key, value) in members where !hidden.contains(key) || byName[annotationOwner(key)] == nil {
      var notes: [String] = []
      if let seconds = byName[key + "Seconds"], let s = scalar(seconds) { notes.append("\(s) s") }
      if let name = annotations[key].flatMap({ byName[$0] }), let n = scalar(name) {
        notes.append(n)
      }
      if key == "crc32", let valid = byName["crcValid"]?.boolValue {
        notes.append(valid ? "valid" : "INVALID")
      }
      let suffix = notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
      switch value {
      case .null: continue
      case .object(let inner):
        if inner.isEmpty { continue }
        lines.append("\(indent)\(key):")
        object(inner, indent: indent + "  ", into: &lines)
      case .array(let elements):
        if elements.isEmpty { continue }
        lines.append("\(indent)\(key):")
        for element in elements {
          guard case .object(let inner) = element else {
            lines.append("\(indent)  - \(scalar(element) ?? "")")
            continue
          }
          var nested: [String] = []
          object(inner, indent: indent + "    ", into: &nested)
          if let first = nested.first {
            nested[0] = indent + "  - " + first.dropFirst(indent.count + 4)
          }
          lines += nested
        }
      default:
        guard let s = scalar(value), !s.isEmpty else { continue }
        lines.append("\(indent)\(key): \(s)\(suffix)")
      }
    }
  }

  /// The member a hidden member annotates (`sapTypeName` → `sapType`), or the key itself.
  private static func annotationOwner(_ key: String) -> String {
    if key.hasSuffix("Seconds") { return String(key.dropLast(7)) }
    if key == "crcValid" { return "crc32" }
    return annotations.first { $0.value == key }?.key ?? key
  }

  /// A scalar as shown: strings (UPIDs, descriptor text) with their control characters escaped
  /// (`TextEscaping`), so a value cannot forge a line of the view.
  private static func scalar(_ value: JSONValue) -> String? {
    switch value {
    case .string(let s): TextEscaping.escapingControlCharacters(s)
    case .bool(let b): b ? "true" : "false"
    case .null, .array, .object: nil
    default: String(decoding: value.serialized(), as: UTF8.self)
    }
  }
}
