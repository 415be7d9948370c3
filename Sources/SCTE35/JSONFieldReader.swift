import ManifestCore

/// Reads the members of one JSON object of the SCTE-35 JSON form, naming the JSON path in its
/// errors and refusing members it does not know (a misspelt name would otherwise be dropped
/// silently).
struct JSONFieldReader {
  let members: [(String, JSONValue)]
  let path: String
  private var known: Set<String> = []

  /// A reader of `value`, which must be an object.
  init(_ value: JSONValue, path: String) throws(SCTE35Issue) {
    guard case .object(let members) = value else {
      throw Self.issue(path.isEmpty ? "document" : path, "is not a JSON object")
    }
    self.members = members
    self.path = path
  }

  static func issue(_ path: String, _ reason: String) -> SCTE35Issue {
    SCTE35Issue(.error, code: "bad-json", field: path, offset: -1, reason: reason)
  }

  func issue(_ key: String, _ reason: String) -> SCTE35Issue {
    Self.issue(name(key), reason)
  }

  /// The path of a member.
  func name(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

  /// The member `key`, or `nil` when absent or `null`; marks it known.
  mutating func value(_ key: String) -> JSONValue? {
    known.insert(key)
    guard let value = members.first(where: { $0.0 == key })?.1, !value.isNull else { return nil }
    return value
  }

  /// Marks members the JSON form carries but encoding computes (lengths, names, seconds).
  mutating func ignore(_ keys: String...) {
    known.formUnion(keys)
  }

  /// Fails on a member no read asked for.
  func finish() throws(SCTE35Issue) {
    if let unknown = members.first(where: { !known.contains($0.0) }) {
      throw issue(unknown.0, "is not a member of this object")
    }
  }

  /// A whole number of at most `bits` bits; `fallback` when absent (required when `nil`).
  mutating func uint(_ key: String, bits: Int, _ fallback: UInt64? = nil) throws(SCTE35Issue)
    -> UInt64
  {
    guard let value = value(key) else {
      guard let fallback else { throw issue(key, "is missing") }
      return fallback
    }
    return try Self.uint(value, bits: bits, path: name(key))
  }

  static func uint(_ value: JSONValue, bits: Int, path: String) throws(SCTE35Issue) -> UInt64 {
    guard let number = value.intValue else { throw issue(path, "is not a whole number") }
    guard number >= 0, bits >= 63 || number < Int64(1) << Int64(bits) else {
      throw issue(path, "\(number) does not fit in \(bits) bits")
    }
    return UInt64(number)
  }

  /// A 90 kHz value given in ticks as `key`, or in seconds as `keySeconds`.
  mutating func ticks(_ key: String, bits: Int) throws(SCTE35Issue) -> UInt64? {
    let secondsKey = key + "Seconds"
    let seconds = value(secondsKey)
    if value(key) != nil { return try uint(key, bits: bits) }
    guard let seconds else { return nil }
    guard let decimal = seconds.decimalValue, let ticks = PTS.ticks(seconds: decimal),
      bits >= 64 || ticks < 1 << UInt64(bits)
    else { throw issue(secondsKey, "is not a time that fits in \(bits) bits of 90 kHz ticks") }
    return ticks
  }

  /// A boolean; `fallback` when absent.
  mutating func bool(_ key: String, _ fallback: Bool) throws(SCTE35Issue) -> Bool {
    guard let value = value(key) else { return fallback }
    guard let flag = value.boolValue else { throw issue(key, "is not true or false") }
    return flag
  }

  /// A string, or `nil` when absent.
  mutating func string(_ key: String) throws(SCTE35Issue) -> String? {
    guard let value = value(key) else { return nil }
    guard let text = value.stringValue else { throw issue(key, "is not a string") }
    return text
  }

  /// Bytes written as hex (`0x…` or bare); empty when absent.
  mutating func hex(_ key: String) throws(SCTE35Issue) -> [UInt8] {
    guard let text = try string(key) else { return [] }
    return try Self.hex(text, path: name(key))
  }

  static func hex(_ text: String, path: String) throws(SCTE35Issue) -> [UInt8] {
    do {
      return try Hex.decode(Array(text.utf8))
    } catch {
      throw issue(path, "is not hex: \(error.reason) at offset \(error.offset)")
    }
  }

  /// The elements of an array, or `nil` when absent.
  mutating func array(_ key: String) throws(SCTE35Issue) -> [JSONValue]? {
    guard let value = value(key) else { return nil }
    guard let elements = value.arrayValue else { throw issue(key, "is not an array") }
    return elements
  }

  /// The objects of an array member, each read by `read` with its own reader (whose unknown
  /// members are errors too), or `nil` when the member is absent.
  mutating func objects<T>(
    _ key: String, _ read: (inout JSONFieldReader) throws(SCTE35Issue) -> T
  ) throws(SCTE35Issue) -> [T]? {
    guard let list = try array(key) else { return nil }
    let path = name(key)
    var result: [T] = []
    for (i, element) in list.enumerated() {
      var reader = try JSONFieldReader(element, path: "\(path)[\(i)]")
      result.append(try read(&reader))
      try reader.finish()
    }
    return result
  }

  /// A 32-bit identifier given as a number, as four characters (`CUEI`) or as `0x…` hex.
  mutating func identifier(_ key: String) throws(SCTE35Issue) -> UInt32? {
    guard let value = value(key) else { return nil }
    if let number = value.intValue {
      return UInt32(try Self.uint(.int(number), bits: 32, path: name(key)))
    }
    if let text = value.stringValue {
      if let code = FourCC.value(text) { return code }
      let bytes = try Self.hex(text, path: name(key))
      if bytes.count == 4 { return bytes.reduce(0) { $0 << 8 | UInt32($1) } }
    }
    throw issue(key, "is not a 32-bit identifier (a number, four characters or 0x and 8 digits)")
  }
}
