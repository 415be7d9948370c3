/// A tag the typed model does not cover, written as given: an ad-marker tag
/// (`EXT-X-CUE-OUT:30`, `EXT-OATCLS-SCTE35:…`) or a packager's own `EXT-…` tag. Its name is
/// `EXT` followed by `[A-Z0-9-]`, and it is not a tag with a typed value (EXT-X-KEY is written
/// from an `EncryptionKey`); its value holds no control character but TAB.
public struct CustomTag: Sendable, Hashable {
  /// The tag name without `#` (`EXT-X-CUE-OUT`).
  public var name: String
  /// The text after `:`, or `nil` for a tag without a value.
  public var value: String?
  /// The segment the tag precedes (its index in the playlist's segments; the segment count
  /// places it after the last segment). Header tags of a builder ignore it.
  public var segmentIndex: Int

  /// Creates a tag.
  public init(name: String, value: String? = nil, segmentIndex: Int = 0) {
    self.name = name
    self.value = value
    self.segmentIndex = segmentIndex
  }

  /// A tag whose value is an attribute list, rendered (and checked) as the writer renders
  /// attribute lists: `#EXT-X-ASSET:CAID=0x1234,NAME="ad"`.
  public init(name: String, attributes: AttributeList, segmentIndex: Int = 0)
    throws(PlaylistWriteError)
  {
    var writer = PlaylistWriter()
    for (i, attribute) in attributes.enumerated() {
      if i > 0 { writer.bytes.append(0x2C) }
      try writer.write(attribute: attribute.name, .extra(attribute), tag: name)
    }
    self.init(name: name, value: writer.text, segmentIndex: segmentIndex)
  }

  /// The tag as it would be written, without the line end: `#EXT-X-CUE-OUT:30`.
  public var text: String { "#" + name + (value.map { ":" + $0 } ?? "") }
}
