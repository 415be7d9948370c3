import ManifestCore

/// An `AdaptationSet` (ISO/IEC 23009-1 §5.3.3): interchangeable Representations of one
/// content type, addressed here by one `SegmentTemplate`.
public struct AdaptationSet: Sendable, Hashable {
  /// `@id` (an unsigned integer), written when given.
  public var id: Int?
  /// `@contentType` (`image`, `video`…).
  public var contentType: String?
  /// `@mimeType`.
  public var mimeType: String?
  /// The segment template the Representations share.
  public var segmentTemplate: SegmentTemplate?
  /// The Representations.
  public var representations: [Representation]

  /// Creates an adaptation set.
  public init(
    id: Int? = nil, contentType: String? = nil, mimeType: String? = nil,
    segmentTemplate: SegmentTemplate? = nil, representations: [Representation] = []
  ) {
    self.id = id
    self.contentType = contentType
    self.mimeType = mimeType
    self.segmentTemplate = segmentTemplate
    self.representations = representations
  }

  /// Writes the `AdaptationSet` element.
  public func write(into writer: inout XMLWriter) {
    var attributes: [(String, String)] = []
    if let id { attributes.append(("id", String(id))) }
    if let contentType { attributes.append(("contentType", contentType)) }
    if let mimeType { attributes.append(("mimeType", mimeType)) }
    writer.open("AdaptationSet", attributes)
    segmentTemplate?.write(into: &writer)
    for representation in representations { representation.write(into: &writer) }
    writer.close()
  }

  /// The element as text.
  public var xml: String {
    var writer = XMLWriter()
    write(into: &writer)
    return writer.output
  }
}

/// A `SegmentTemplate` (ISO/IEC 23009-1 §5.3.9.4): segment URLs from `$Number$` and a fixed
/// segment duration of `duration / timescale` seconds.
public struct SegmentTemplate: Sendable, Hashable {
  /// `@media`, the URL template (`$` already escaped as `$$`).
  public var media: String
  /// `@timescale`.
  public var timescale: Int64
  /// `@presentationTimeOffset` in timescale ticks (§5.3.9.2: the media time at the Period's
  /// start), written when given.
  public var presentationTimeOffset: Int64?
  /// `@duration` in timescale ticks.
  public var duration: Int64
  /// `@startNumber`.
  public var startNumber: Int

  /// Creates a template.
  public init(
    media: String, timescale: Int64, presentationTimeOffset: Int64? = nil, duration: Int64,
    startNumber: Int = 1
  ) {
    self.media = media
    self.timescale = timescale
    self.presentationTimeOffset = presentationTimeOffset
    self.duration = duration
    self.startNumber = startNumber
  }

  /// Writes the `SegmentTemplate` element.
  public func write(into writer: inout XMLWriter) {
    var attributes = [("media", media), ("timescale", String(timescale))]
    if let presentationTimeOffset {
      attributes.append(("presentationTimeOffset", String(presentationTimeOffset)))
    }
    attributes += [("duration", String(duration)), ("startNumber", String(startNumber))]
    writer.empty("SegmentTemplate", attributes)
  }
}

/// A `Representation` (ISO/IEC 23009-1 §5.3.5) with its essential properties (§5.8.4.8).
public struct Representation: Sendable, Hashable {
  /// `@id`.
  public var id: String
  /// `@bandwidth` in bits per second.
  public var bandwidth: Int
  /// `@width` in pixels, written when given.
  public var width: Int?
  /// `@height` in pixels, written when given.
  public var height: Int?
  /// `EssentialProperty` descriptors.
  public var essentialProperties: [Descriptor]

  /// Creates a representation.
  public init(
    id: String, bandwidth: Int, width: Int? = nil, height: Int? = nil,
    essentialProperties: [Descriptor] = []
  ) {
    self.id = id
    self.bandwidth = bandwidth
    self.width = width
    self.height = height
    self.essentialProperties = essentialProperties
  }

  /// Writes the `Representation` element.
  public func write(into writer: inout XMLWriter) {
    var attributes = [("id", id), ("bandwidth", String(bandwidth))]
    if let width { attributes.append(("width", String(width))) }
    if let height { attributes.append(("height", String(height))) }
    if essentialProperties.isEmpty {
      writer.empty("Representation", attributes)
      return
    }
    writer.open("Representation", attributes)
    for property in essentialProperties {
      writer.empty("EssentialProperty", property.attributes)
    }
    writer.close()
  }
}
