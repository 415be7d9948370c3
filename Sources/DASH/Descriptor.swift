/// A DASH descriptor (ISO/IEC 23009-1 §5.8.2 `DescriptorType`): `schemeIdUri` and an optional
/// `value`, as `AssetIdentifier` (§5.8.4.10) and `EssentialProperty` (§5.8.4.8) carry it.
public struct Descriptor: Sendable, Hashable {
  /// `@schemeIdUri`.
  public var schemeIdUri: String
  /// `@value`.
  public var value: String?

  /// Creates a descriptor.
  public init(schemeIdUri: String, value: String? = nil) {
    self.schemeIdUri = schemeIdUri
    self.value = value
  }

  /// The attributes, `schemeIdUri` then `value`.
  var attributes: [(String, String)] {
    var pairs = [("schemeIdUri", schemeIdUri)]
    if let value { pairs.append(("value", value)) }
    return pairs
  }
}
