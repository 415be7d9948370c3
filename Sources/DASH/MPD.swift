import ManifestCore

/// A media presentation description (ISO/IEC 23009-1 §5.3.1), the part of it ManifestKit
/// writes: the presentation type and times, and its Periods. One MPD can carry ad Periods
/// (AdInsertion's `DASHPeriodWriter`) and an image AdaptationSet (Thumbnails'
/// `DASHImageAdaptationSet`) together.
public struct MPD: Sendable {
  /// `@type` (§5.3.1.2).
  public enum PresentationType: String, Sendable, Hashable {
    /// A presentation whose Periods are all known (video on demand).
    case `static`
    /// A live presentation.
    case dynamic
  }

  /// The attributes after the namespaces, in writing order (attribute order carries no meaning
  /// in XML, but producers that compare with a reference file want theirs kept).
  public enum Attribute: Sendable, Hashable, CaseIterable {
    case profiles, type, availabilityStartTime, publishTime, mediaPresentationDuration
    case minimumUpdatePeriod, minBufferTime, timeShiftBufferDepth
  }

  /// `@type`.
  public var type: PresentationType
  /// `@profiles`.
  public var profiles: String
  /// `@availabilityStartTime` as an xs:dateTime, written when given (dynamic MPDs).
  public var availabilityStartTime: String?
  /// `@publishTime` as an xs:dateTime, written when given (dynamic MPDs, §5.3.1.2).
  public var publishTime: String?
  /// `@minimumUpdatePeriod` in seconds, written when given (dynamic MPDs).
  public var minimumUpdatePeriod: ExactDecimal?
  /// `@timeShiftBufferDepth` in seconds, written when given (dynamic MPDs).
  public var timeShiftBufferDepth: ExactDecimal?
  /// `@mediaPresentationDuration` in seconds, written when given.
  public var mediaPresentationDuration: ExactDecimal?
  /// `@minBufferTime` in seconds.
  public var minBufferTime: ExactDecimal
  /// Namespaces declared on the root beside the MPD namespace (`scte35`).
  public var namespaces: [XMLNamespace]
  /// The Periods, in order.
  public var periods: [Period]
  /// The order the attributes are written in (schema order by default; those left out are not
  /// written).
  public var attributeOrder: [Attribute] = Attribute.allCases

  /// The MPD namespace, `urn:mpeg:dash:schema:mpd:2011`.
  public static let namespace = "urn:mpeg:dash:schema:mpd:2011"
  /// The ISO base media file format live profile, `urn:mpeg:dash:profile:isoff-live:2011`.
  public static let liveProfile = "urn:mpeg:dash:profile:isoff-live:2011"

  /// Creates an MPD.
  public init(
    type: PresentationType = .static, profiles: String = MPD.liveProfile,
    availabilityStartTime: String? = nil, mediaPresentationDuration: ExactDecimal? = nil,
    minBufferTime: ExactDecimal = ExactDecimal(2), namespaces: [XMLNamespace] = [],
    periods: [Period] = []
  ) {
    self.type = type
    self.profiles = profiles
    self.availabilityStartTime = availabilityStartTime
    self.mediaPresentationDuration = mediaPresentationDuration
    self.minBufferTime = minBufferTime
    self.namespaces = namespaces
    self.periods = periods
  }

  /// Writes `MPD`: `xmlns`, the other namespaces, the attributes in `attributeOrder` (the
  /// durations as xs:duration, shortest exact), then the Periods.
  public func write(into writer: inout XMLWriter) {
    var attributes = [("xmlns", Self.namespace)] + namespaces.map(\.attribute)
    for attribute in attributeOrder {
      switch attribute {
      case .profiles: attributes.append(("profiles", profiles))
      case .type: attributes.append(("type", type.rawValue))
      case .availabilityStartTime:
        if let availabilityStartTime {
          attributes.append(("availabilityStartTime", availabilityStartTime))
        }
      case .publishTime:
        if let publishTime { attributes.append(("publishTime", publishTime)) }
      case .minimumUpdatePeriod:
        if let minimumUpdatePeriod {
          attributes.append(
            ("minimumUpdatePeriod", XSDuration.format(seconds: minimumUpdatePeriod)))
        }
      case .timeShiftBufferDepth:
        if let timeShiftBufferDepth {
          attributes.append(
            ("timeShiftBufferDepth", XSDuration.format(seconds: timeShiftBufferDepth)))
        }
      case .mediaPresentationDuration:
        if let mediaPresentationDuration {
          attributes.append(
            ("mediaPresentationDuration", XSDuration.format(seconds: mediaPresentationDuration)))
        }
      case .minBufferTime:
        attributes.append(("minBufferTime", XSDuration.format(seconds: minBufferTime)))
      }
    }
    writer.open("MPD", attributes)
    for period in periods { period.write(into: &writer) }
    writer.close()
  }

  /// The whole document as text, starting with `<?xml version="1.0" encoding="UTF-8"?>`.
  public var xml: String {
    var writer = XMLWriter(declaration: true)
    write(into: &writer)
    return writer.output
  }
}
