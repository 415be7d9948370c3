import ManifestCore

/// An `AdaptationSet` (ISO/IEC 23009-1 §5.3.3): interchangeable Representations of one
/// content type, addressed by one `SegmentTemplate` or by each Representation's `SegmentList`.
public struct AdaptationSet: Sendable, Hashable {
  /// `@id` (an unsigned integer), written when given.
  public var id: Int?
  /// `@lang` (an RFC 5646 language tag), written when given.
  public var lang: String?
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
    segmentTemplate: SegmentTemplate? = nil, representations: [Representation] = [],
    lang: String? = nil
  ) {
    self.id = id
    self.lang = lang
    self.contentType = contentType
    self.mimeType = mimeType
    self.segmentTemplate = segmentTemplate
    self.representations = representations
  }

  /// Writes the `AdaptationSet` element.
  public func write(into writer: inout XMLWriter) {
    var attributes: [(String, String)] = []
    if let id { attributes.append(("id", String(id))) }
    if let lang { attributes.append(("lang", lang)) }
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

/// A `Representation` (ISO/IEC 23009-1 §5.3.5) with its essential properties (§5.8.4.8) and,
/// when it lists its own segments, its `SegmentList` (§5.3.9.3).
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
  /// `@frameRate` (`FrameRateType`: `25`, `30000/1001`), written when given.
  public var frameRate: String?
  /// `@mimeType` (`video/mp4`), written when given.
  public var mimeType: String?
  /// `@codecs` (RFC 6381), written when given.
  public var codecs: String?
  /// The segments, written after the descriptors.
  public var segmentList: SegmentList?

  /// Creates a representation.
  public init(
    id: String, bandwidth: Int, width: Int? = nil, height: Int? = nil,
    essentialProperties: [Descriptor] = [], frameRate: String? = nil, mimeType: String? = nil,
    codecs: String? = nil, segmentList: SegmentList? = nil
  ) {
    self.id = id
    self.bandwidth = bandwidth
    self.width = width
    self.height = height
    self.essentialProperties = essentialProperties
    self.frameRate = frameRate
    self.mimeType = mimeType
    self.codecs = codecs
    self.segmentList = segmentList
  }

  /// Writes the `Representation` element.
  public func write(into writer: inout XMLWriter) {
    var attributes = [("id", id), ("bandwidth", String(bandwidth))]
    if let width { attributes.append(("width", String(width))) }
    if let height { attributes.append(("height", String(height))) }
    if let frameRate { attributes.append(("frameRate", frameRate)) }
    if let mimeType { attributes.append(("mimeType", mimeType)) }
    if let codecs { attributes.append(("codecs", codecs)) }
    if essentialProperties.isEmpty && segmentList == nil {
      writer.empty("Representation", attributes)
      return
    }
    writer.open("Representation", attributes)
    for property in essentialProperties {
      writer.empty("EssentialProperty", property.attributes)
    }
    segmentList?.write(into: &writer)
    writer.close()
  }
}
