import ManifestCore

/// A `Period` (ISO/IEC 23009-1 §5.3.2): an id, its start and duration, an `AssetIdentifier`
/// (§5.8.4.10, which ad Periods carry), EventStreams and AdaptationSets.
public struct Period: Sendable {
  /// The attributes, in writing order.
  public enum Attribute: Sendable, Hashable, CaseIterable {
    case id, duration, start
  }

  /// `@id`.
  public var id: String?
  /// `@duration` in seconds, written when given.
  public var duration: ExactDecimal?
  /// `@start` in seconds, written when given.
  public var start: ExactDecimal?
  /// The `AssetIdentifier`.
  public var assetIdentifier: Descriptor?
  /// The EventStreams, in order.
  public var eventStreams: [EventStream]
  /// The AdaptationSets, in order.
  public var adaptationSets: [AdaptationSet]
  /// Namespaces declared on the Period (for a Period written as a fragment on its own).
  public var namespaces: [XMLNamespace]
  /// The order `id`, `duration` and `start` are written in (that order by default, as
  /// SSAI packagers write ad Periods; those left out are not written).
  public var attributeOrder: [Attribute] = Attribute.allCases

  /// Creates a period.
  public init(
    id: String? = nil, duration: ExactDecimal? = nil, start: ExactDecimal? = nil,
    assetIdentifier: Descriptor? = nil, eventStreams: [EventStream] = [],
    adaptationSets: [AdaptationSet] = [], namespaces: [XMLNamespace] = []
  ) {
    self.id = id
    self.duration = duration
    self.start = start
    self.assetIdentifier = assetIdentifier
    self.eventStreams = eventStreams
    self.adaptationSets = adaptationSets
    self.namespaces = namespaces
  }

  /// Writes the `Period` element: the attributes in `attributeOrder` (xs:duration, shortest
  /// exact), then the children in schema order; a Period without children is an empty element.
  public func write(into writer: inout XMLWriter) {
    var attributes: [(String, String)] = []
    for attribute in attributeOrder {
      switch attribute {
      case .id: if let id { attributes.append(("id", id)) }
      case .duration:
        if let duration { attributes.append(("duration", XSDuration.format(seconds: duration))) }
      case .start: if let start { attributes.append(("start", XSDuration.format(seconds: start))) }
      }
    }
    attributes += namespaces.map(\.attribute)
    guard assetIdentifier != nil || !eventStreams.isEmpty || !adaptationSets.isEmpty else {
      writer.empty("Period", attributes)
      return
    }
    writer.open("Period", attributes)
    if let assetIdentifier { writer.empty("AssetIdentifier", assetIdentifier.attributes) }
    for stream in eventStreams { stream.write(into: &writer) }
    for set in adaptationSets { set.write(into: &writer) }
    writer.close()
  }

  /// The element as text (a fragment).
  public var xml: String {
    var writer = XMLWriter()
    write(into: &writer)
    return writer.output
  }
}
