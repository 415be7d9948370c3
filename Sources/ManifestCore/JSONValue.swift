/// A JSON document whose objects keep their key order, so output is stable and reads in the
/// order the contract lists fields.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  /// A whole number above `Int64.max` (sequence numbers reach 2^64 − 1, RFC 8216bis §4.2
  /// decimal-integer), written exactly.
  case unsigned(UInt64)
  case double(Double)
  /// An exact decimal, written with its shortest exact spelling (`5.005`, `30`).
  case decimal(ExactDecimal)
  case string(String)
  case array([JSONValue])
  /// Members in the order they are written.
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.unsigned(let a), .unsigned(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default:
      if let a = lhs.numberValue, let b = rhs.numberValue { a == b } else { false }
    }
  }

  /// A string, or `null` for `nil`.
  public init(_ value: String?) { self = value.map { .string($0) } ?? .null }
  /// An integer, or `null` for `nil`.
  public init(_ value: Int?) { self = value.map { .int(Int64($0)) } ?? .null }
  /// An integer, or `null` for `nil`.
  public init(_ value: Int64?) { self = value.map { .int($0) } ?? .null }
  /// An integer, or `null` for `nil`.
  public init(_ value: UInt64?) {
    self = value.map { $0 <= UInt64(Int64.max) ? .int(Int64($0)) : .unsigned($0) } ?? .null
  }
  /// A decimal, or `null` for `nil`.
  public init(_ value: ExactDecimal?) { self = value.map { .decimal($0) } ?? .null }
  /// A boolean, or `null` for `nil`.
  public init(_ value: Bool?) { self = value.map { .bool($0) } ?? .null }
  /// A number, or `null` for `nil` and non-finite values.
  public init(_ value: Double?) {
    self = value.flatMap { $0.isFinite ? .double($0) : nil } ?? .null
  }

  /// The member named `key` of an object (the first one, when repeated).
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The string, for `.string`.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The boolean, for `.bool`.
  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The elements, for `.array`.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The members, for `.object`.
  public var objectValue: [(String, JSONValue)]? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// True for `.null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The value of a number that is a whole number within `Int64`.
  public var intValue: Int64? {
    switch self {
    case .int(let i): return i
    case .unsigned(let u): return u <= UInt64(Int64.max) ? Int64(u) : nil
    case .decimal(let d):
      let n = d.normalized
      return n.scale == 0 ? n.significand : nil
    case .double(let x):
      return x.rounded() == x && abs(x) < 9.2e18 ? Int64(x) : nil
    default: return nil
    }
  }

  /// The value of a number that is a whole number from 0 to 2^64 − 1 (a sequence number).
  public var unsignedValue: UInt64? {
    switch self {
    case .unsigned(let u): return u
    default: return intValue.flatMap { $0 >= 0 ? UInt64($0) : nil }
    }
  }

  /// The value of any number as an exact decimal (doubles rounded to 9 fraction digits).
  public var decimalValue: ExactDecimal? {
    switch self {
    case .int(let i): ExactDecimal(significand: i, scale: 0)
    case .unsigned(let u):
      u <= UInt64(Int64.max) ? ExactDecimal(significand: Int64(u), scale: 0) : nil
    case .decimal(let d): d
    case .double(let x): ExactDecimal(x)
    default: nil
    }
  }

  /// The value of any number as a `Double`.
  public var doubleValue: Double? {
    switch self {
    case .int(let i): Double(i)
    case .unsigned(let u): Double(u)
    case .decimal(let d): d.doubleValue
    case .double(let x): x
    default: nil
    }
  }

  private var numberValue: ExactDecimal? { decimalValue }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int64) { self = .int(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(nilLiteral: ()) { self = .null }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}
