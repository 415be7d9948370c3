import Foundation
import ManifestCore

/// A JSON Schema validator of the keywords the SARIF 2.1.0 schema (draft-04) and the schemas of
/// docs/schemas (draft 2020-12) use: `$ref` into `#/definitions` or `#/$defs`, `type`, `enum`,
/// `const`, `properties`, `additionalProperties`, `required`, `items`, `minItems`,
/// `uniqueItems`, `minimum`, `maximum`, `pattern`, `format` (`uri`, `uri-reference`,
/// `date-time`), `anyOf`, `oneOf`. Annotations (`description`, `default`, `title`, `id`, `$id`,
/// `$schema`) are skipped; any other keyword is an error, so a schema using one this does not
/// know cannot pass unchecked.
public struct JSONSchemaCheck: Sendable {
  /// The schema document.
  public let root: JSONValue

  /// A check against `root`.
  public init(root: JSONValue) { self.root = root }

  /// The schema at `path`, relative to the repository.
  public static func file(_ path: String) throws -> JSONSchemaCheck {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../" + path)
    return JSONSchemaCheck(root: try JSONValue.parse(Array(try Data(contentsOf: url))))
  }

  /// Every violation, as `JSON-pointer: what`.
  public func errors(_ value: JSONValue) -> [String] {
    var errors: [String] = []
    check(value, root, "", &errors)
    return errors
  }

  private static let annotations: Set<String> = [
    "description", "default", "title", "id", "$id", "$schema", "definitions", "$defs",
  ]

  private func check(
    _ value: JSONValue, _ schema: JSONValue, _ path: String, _ errors: inout [String]
  ) {
    guard case .object(let keywords) = schema else {
      errors.append("\(path): schema is not an object")
      return
    }
    if let ref = schema["$ref"]?.stringValue {
      let target = ["definitions", "$defs"].lazy.compactMap { container -> JSONValue? in
        let prefix = "#/\(container)/"
        guard ref.hasPrefix(prefix) else { return nil }
        return root[container]?[String(ref.dropFirst(prefix.count))]
      }.first
      guard let target else {
        errors.append("\(path): unresolved $ref \(ref)")
        return
      }
      check(value, target, path, &errors)
      return
    }
    for (keyword, argument) in keywords {
      switch keyword {
      case _ where Self.annotations.contains(keyword): continue
      case "type":
        let names = argument.arrayValue?.compactMap(\.stringValue) ?? [argument.stringValue ?? ""]
        if !names.contains(where: { Self.hasType(value, $0) }) {
          errors.append("\(path): not of type \(names.joined(separator: "|"))")
        }
      case "const":
        if value != argument { errors.append("\(path): not the constant") }
      case "enum":
        if !(argument.arrayValue ?? []).contains(value) { errors.append("\(path): not in enum") }
      case "properties":
        guard case .object(let members) = value, case .object(let properties) = argument
        else { continue }
        for (name, member) in members {
          if let sub = properties.first(where: { $0.0 == name })?.1 {
            check(member, sub, path + "/" + name, &errors)
          }
        }
      case "additionalProperties":
        guard case .object(let members) = value else { continue }
        let known = Set(schema["properties"]?.objectKeys ?? [])
        for (name, member) in members where !known.contains(name) {
          if case .bool(let allowed) = argument {
            if !allowed { errors.append("\(path): unexpected property \(name)") }
          } else {
            check(member, argument, path + "/" + name, &errors)
          }
        }
      case "required":
        guard case .object = value else { continue }
        let present = Set(value.objectKeys)
        for name in argument.arrayValue?.compactMap(\.stringValue) ?? []
        where !present.contains(name) {
          errors.append("\(path): missing required \(name)")
        }
      case "items":
        guard case .array(let items) = value else { continue }
        for (n, item) in items.enumerated() { check(item, argument, path + "/\(n)", &errors) }
      case "minItems":
        if case .array(let items) = value, let n = argument.numberValue, Double(items.count) < n {
          errors.append("\(path): fewer than \(n) items")
        }
      case "uniqueItems":
        guard case .array(let items) = value, argument == .bool(true) else { continue }
        for i in items.indices where items[(i + 1)...].contains(items[i]) {
          errors.append("\(path): item \(i) is repeated")
        }
      case "minimum", "maximum":
        guard let number = value.numberValue, let bound = argument.numberValue else { continue }
        if keyword == "minimum" ? number < bound : number > bound {
          errors.append("\(path): \(number) beyond \(keyword) \(bound)")
        }
      case "pattern":
        guard let text = value.stringValue else { continue }
        guard let pattern = argument.stringValue, let regex = try? Regex(pattern) else {
          errors.append("\(path): unusable pattern")
          continue
        }
        if (try? regex.firstMatch(in: text)) == nil {
          errors.append("\(path): '\(text)' does not match \(pattern)")
        }
      case "format":
        guard let text = value.stringValue else { continue }
        if !Self.hasFormat(text, argument.stringValue ?? "") {
          errors.append("\(path): '\(text)' is not a \(argument.stringValue ?? "?")")
        }
      case "anyOf", "oneOf":
        let passing = (argument.arrayValue ?? []).filter { sub in
          var local: [String] = []
          check(value, sub, path, &local)
          return local.isEmpty
        }.count
        if keyword == "anyOf" ? passing == 0 : passing != 1 {
          errors.append("\(path): \(passing) of the \(keyword) schemas match")
        }
      default:
        errors.append("\(path): unsupported keyword \(keyword)")
      }
    }
  }

  private static func hasType(_ value: JSONValue, _ type: String) -> Bool {
    switch (type, value) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool),
      ("null", .null), ("integer", .int), ("number", .int), ("number", .double),
      ("number", .decimal), ("integer", .unsigned), ("number", .unsigned):
      true
    case ("integer", .decimal(let d)): d.normalized.description.allSatisfy { $0 != "." }
    default: false
    }
  }

  /// `uri`: an absolute URI (a scheme, RFC 3986 §3.1); `uri-reference`: only characters a URI
  /// may hold (RFC 3986 §2), `%` followed by two hex digits; `date-time`: RFC 3339.
  private static func hasFormat(_ text: String, _ format: String) -> Bool {
    let allowed = Set(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")
    let bytes = Array(text.utf8)
    let isHex: (UInt8) -> Bool = { (0x30...0x39).contains($0) || (0x41...0x46).contains($0 & 0xDF) }
    let escapesValid = bytes.indices.allSatisfy { i in
      bytes[i] != 0x25
        || (i + 2 < bytes.count && isHex(bytes[i + 1]) && isHex(bytes[i + 2]))
    }
    let reference = text.allSatisfy { allowed.contains($0) } && escapesValid
    switch format {
    case "uri": return reference && (try? /^[A-Za-z][A-Za-z0-9+.\-]*:/.firstMatch(in: text)) != nil
    case "uri-reference": return reference
    case "date-time":
      return (try? /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.wholeMatch(in: text))
        != nil
    default: return false
    }
  }
}

extension JSONValue {
  fileprivate var arrayValue: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }

  fileprivate var objectKeys: [String] {
    if case .object(let members) = self { return members.map(\.0) }
    return []
  }

  fileprivate var numberValue: Double? {
    switch self {
    case .int(let n): Double(n)
    case .unsigned(let n): Double(n)
    case .double(let d): d
    case .decimal(let d): d.doubleValue
    default: nil
    }
  }
}
