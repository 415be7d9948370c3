import ManifestCore

/// The EXT-X-MEDIA rendition a followed media playlist belongs to (RFC 8216bis §4.4.6.1), so
/// that its events name it: `AUDIO` group `aac` `English`.
public struct LiveRendition: Sendable, Hashable {
  /// TYPE: `AUDIO`, `VIDEO` or `SUBTITLES`.
  public var type: String
  /// GROUP-ID.
  public var groupID: String
  /// NAME.
  public var name: String
  /// LANGUAGE, or `nil`.
  public var language: String?

  /// A rendition with these attributes.
  public init(type: String, groupID: String, name: String, language: String? = nil) {
    self.type = type
    self.groupID = groupID
    self.name = name
    self.language = language
  }

  /// `AUDIO aac/English`, as the text form of an event shows it.
  var label: String { "\(type) \(groupID)/\(name)" }

  /// `{"type","group","name","language"?}`.
  var jsonValue: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("type", .string(type)), ("group", .string(groupID)), ("name", .string(name)),
    ]
    if let language { fields.append(("language", .string(language))) }
    return .object(fields)
  }
}
