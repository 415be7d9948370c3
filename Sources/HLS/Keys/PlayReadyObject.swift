import ManifestCore

/// A PlayReady Object (PlayReady Header Specification §2): the Data of a PlayReady `pssh` box,
/// and what `com.microsoft.playready` key tags carry base64-encoded in a
/// `data:text/plain;charset=UTF-16;base64,…` URI.
public struct PlayReadyObject: Sendable, Hashable {
  /// Why bytes are not a PlayReady Object.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line for a human, naming the sizes involved.
    public var message: String

    public var description: String { message }

    /// The stable code, `hls.drm.playready` (docs/diagnostic-codes.md).
    public var code: String { HLSDiagnosticCode.drmPlayReady.rawValue }
  }

  /// The PlayReady Header (record type 1), the `<WRMHEADER>` XML decoded from UTF-16LE, or
  /// `nil` when the object has no such record.
  public var header: String?
  /// The header's `version` attribute (`4.0.0.0` … `4.3.0.0`), or `nil`.
  public var headerVersion: String?
  /// Every KID in the header (`<KID>` text in 4.0, `VALUE` attributes from 4.1 on), converted
  /// from PlayReady's little-endian GUID layout to the CENC (UUID) byte order, as 32 lower-case
  /// hex digits: the value KEYID and `pssh` KIDs give for the same key.
  public var keyIDs: [String]
  /// `<LA_URL>`, the license acquisition URL, with XML character references decoded; or `nil`.
  public var licenseURL: String?

  /// Parses a PlayReady Object: a little-endian length that must match the bytes given, a
  /// record count, and that many records of type, length and value.
  public init(parsing bytes: [UInt8]) throws(ParseError) {
    guard bytes.count >= 6 else {
      throw ParseError(message: "PlayReady Object: \(bytes.count) bytes, shorter than its header")
    }
    let length = Int(Self.le16(bytes, 0)) | Int(Self.le16(bytes, 2)) << 16
    guard length == bytes.count else {
      throw ParseError(
        message: "PlayReady Object length is \(length) bytes but \(bytes.count) were given")
    }
    let count = Int(Self.le16(bytes, 4))
    var offset = 6
    header = nil
    for index in 0..<count {
      guard bytes.count - offset >= 4 else {
        throw ParseError(message: "PlayReady Object ends inside record \(index + 1) of \(count)")
      }
      let type = Self.le16(bytes, offset)
      let size = Int(Self.le16(bytes, offset + 2))
      offset += 4
      guard bytes.count - offset >= size else {
        throw ParseError(
          message: "PlayReady Object record \(index + 1) needs \(size) bytes, "
            + "\(bytes.count - offset) left")
      }
      if type == 1, header == nil {
        header = decodeUTF16(Array(bytes[offset..<(offset + size)]), bigEndian: false)
      }
      offset += size
    }
    let xml = Array((header ?? "").utf8)
    headerVersion = Self.attribute("version", inTag: "<WRMHEADER", xml).first
    var kids = Self.attribute("VALUE", inTag: "<KID", xml)
    kids += Self.elementText("KID", xml)
    keyIDs = kids.compactMap(Self.cencKeyID)
    licenseURL = Self.elementText("LA_URL", xml).first.map(Self.unescaped)
  }

  private static func le16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  /// A base64 PlayReady KID (little-endian GUID) as a CENC key ID in hex, or `nil`.
  private static func cencKeyID(_ base64: String) -> String? {
    guard let guid = try? Base64.decode(base64.utf8), guid.count == 16 else { return nil }
    let swapped = guid[0..<4].reversed() + guid[4..<6].reversed() + guid[6..<8].reversed()
    return Hex.encode(swapped + guid[8..<16])
  }

  /// The values of `name="…"` in every tag starting with `tag` (followed by a blank or `/`).
  private static func attribute(_ name: String, inTag tag: String, _ xml: [UInt8]) -> [String] {
    var values: [String] = []
    let open = Array(tag.utf8)
    var from = 0
    while let start = xml.firstRange(of: open, from: from) {
      from = start.upperBound
      guard from < xml.count, xml[from] == 0x20 || xml[from] == 0x2F || xml[from] == 0x09
      else { continue }
      guard let end = xml[from...].firstIndex(of: 0x3E) else { break }
      let tagText = Array(xml[from..<end])
      if let value = attributeValue(name, in: tagText) { values.append(value) }
    }
    return values
  }

  private static func attributeValue(_ name: String, in tag: [UInt8]) -> String? {
    let key = Array((name + "=").utf8)
    var from = 0
    while let found = tag.firstRange(of: key, from: from) {
      from = found.upperBound
      let before = found.lowerBound == 0 ? 0x20 : tag[found.lowerBound - 1]
      guard ASCII.isBlank(before) || before == 0x0A || before == 0x0D, from < tag.count,
        tag[from] == 0x22 || tag[from] == 0x27
      else { continue }
      let quote = tag[from]
      guard let close = tag[(from + 1)...].firstIndex(of: quote) else { return nil }
      return String(decoding: tag[(from + 1)..<close], as: UTF8.self)
    }
    return nil
  }

  /// The text of every `<name>…</name>` element (without attributes on the start tag).
  private static func elementText(_ name: String, _ xml: [UInt8]) -> [String] {
    let open = Array("<\(name)>".utf8)
    let close = Array("</\(name)>".utf8)
    var texts: [String] = []
    var from = 0
    while let start = xml.firstRange(of: open, from: from),
      let end = xml.firstRange(of: close, from: start.upperBound)
    {
      texts.append(String(decoding: xml[start.upperBound..<end.lowerBound], as: UTF8.self))
      from = end.upperBound
    }
    return texts
  }

  /// XML text with the predefined entities and numeric character references decoded.
  private static func unescaped(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var out = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      guard let semi = rest[amp...].firstIndex(of: ";") else { break }
      let name = rest[rest.index(after: amp)..<semi]
      let scalar: Unicode.Scalar? =
        switch name {
        case "amp": "&"
        case "lt": "<"
        case "gt": ">"
        case "quot": "\""
        case "apos": "'"
        default:
          name.hasPrefix("#x")
            ? UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            : name.hasPrefix("#") ? UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init) : nil
        }
      if let scalar {
        out.unicodeScalars.append(scalar)
      } else {
        out += rest[amp...semi]
      }
      rest = rest[rest.index(after: semi)...]
    }
    return out + rest
  }
}

extension Array where Element == UInt8 {
  /// The first range at or after `from` where `pattern` occurs, or `nil`.
  func firstRange(of pattern: [UInt8], from: Int) -> Range<Int>? {
    guard !pattern.isEmpty, count >= pattern.count, from <= count - pattern.count else {
      return nil
    }
    var i = from
    while i <= count - pattern.count {
      if self[i] == pattern[0] && self[i..<(i + pattern.count)].elementsEqual(pattern) {
        return i..<(i + pattern.count)
      }
      i += 1
    }
    return nil
  }
}
