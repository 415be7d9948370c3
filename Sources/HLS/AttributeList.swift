/// An attribute list (RFC 8216bis §4.2) exactly as written: every attribute in source order,
/// duplicates included, with its spelling and whether its value was quoted. Edits keep the other
/// attributes untouched, so a re-rendered line differs only where it was changed.
public struct AttributeList: Sendable, Hashable, RandomAccessCollection {
  /// One `NAME=VALUE`.
  public struct Attribute: Sendable, Hashable {
    /// The name as written (`BANDWIDTH`).
    public var name: String
    /// The value as written, without the quotes of a quoted string and before any `{$name}`
    /// substitution.
    public var value: String
    /// True when the value is a quoted string.
    public var isQuoted: Bool
    /// 1-based UTF-8 column of the name on its line (0 for attributes added by an edit).
    public var column: Int

    /// Creates an attribute.
    public init(name: String, value: String, isQuoted: Bool, column: Int = 0) {
      self.name = name
      self.value = value
      self.isQuoted = isQuoted
      self.column = column
    }

    /// `NAME=VALUE` or `NAME="VALUE"`. A quoted string cannot hold `"`, CR or LF (RFC 8216bis
    /// §4.2): they are written `%22`, `%0D`, `%0A`, so the value stays one attribute.
    public var rendered: String {
      guard isQuoted else { return "\(name)=\(value)" }
      guard value.utf8.contains(where: { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
        return "\(name)=\"\(value)\""
      }
      var escaped = ""
      for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": escaped += "%22"
        case "\n": escaped += "%0A"
        case "\r": escaped += "%0D"
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      return "\(name)=\"\(escaped)\""
    }
  }

  /// The attributes in order.
  public var attributes: [Attribute]

  /// Creates a list.
  public init(_ attributes: [Attribute] = []) { self.attributes = attributes }

  /// Parses an attribute list; returns `nil` on a syntax error.
  public init?(parsing text: String) {
    var bytes = Array(text.utf8)
    guard
      let list = bytes.withUnsafeMutableBufferPointer({ buffer in
        AttributeList(scanning: UnsafeBufferPointer(buffer), 0..<buffer.count, lineStart: 0)
      })
    else { return nil }
    self = list
  }

  /// Scans `bytes[range]`; `nil` on a syntax error. Columns are counted from `lineStart`.
  package init?(scanning bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lineStart: Int) {
    var scanner = AttributeScanner(bytes, range)
    var list: [Attribute] = []
    while let token = scanner.next() {
      list.append(
        Attribute(
          name: String(decoding: UnsafeBufferPointer(rebasing: bytes[token.name]), as: UTF8.self),
          value: String(
            decoding: UnsafeBufferPointer(rebasing: bytes[token.value]), as: UTF8.self),
          isQuoted: token.quoted, column: token.name.lowerBound - lineStart + 1))
    }
    guard scanner.error == nil else { return nil }
    attributes = list
  }

  public var startIndex: Int { attributes.startIndex }
  public var endIndex: Int { attributes.endIndex }
  public subscript(position: Int) -> Attribute { attributes[position] }

  /// The value of the first attribute called `name`, or `nil`.
  public subscript(name: String) -> String? { attributes.first { $0.name == name }?.value }

  /// True when an attribute called `name` is present.
  public func contains(_ name: String) -> Bool { attributes.contains { $0.name == name } }

  /// Names that occur more than once, in order of their second occurrence.
  public var duplicateNames: [String] {
    var seen = Set<String>()
    var repeated = Set<String>()
    var duplicates: [String] = []
    for attribute in attributes where !seen.insert(attribute.name).inserted {
      if repeated.insert(attribute.name).inserted { duplicates.append(attribute.name) }
    }
    return duplicates
  }

  /// Sets `name` to `value`: the first attribute of that name is changed in place (keeping its
  /// position), or a new one is appended.
  public mutating func set(_ name: String, to value: String, quoted: Bool) {
    if let i = attributes.firstIndex(where: { $0.name == name }) {
      attributes[i].value = value
      attributes[i].isQuoted = quoted
    } else {
      attributes.append(Attribute(name: name, value: value, isQuoted: quoted))
    }
  }

  /// Removes every attribute called `name`.
  public mutating func remove(_ name: String) { attributes.removeAll { $0.name == name } }

  /// The list as written in a playlist: `A=1,B="x"`.
  public var rendered: String { attributes.map(\.rendered).joined(separator: ",") }

  /// The list with the names in `order` first, in that order, then the others as they were
  /// (the canonical form's attribute order).
  public func ordered(by order: [String]) -> AttributeList {
    var rank: [String: Int] = [:]
    for (i, name) in order.enumerated() { rank[name] = i }
    let sorted = attributes.enumerated().sorted { a, b in
      let ra = rank[a.element.name] ?? order.count
      let rb = rank[b.element.name] ?? order.count
      return ra != rb ? ra < rb : a.offset < b.offset
    }
    return AttributeList(sorted.map(\.element))
  }
}
