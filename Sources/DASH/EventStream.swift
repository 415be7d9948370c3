import ManifestCore

/// An `EventStream` of a Period (ISO/IEC 23009-1 §5.10.2): timed events of one scheme, such as
/// SCTE-35 cues (SCTE 214-1 §6.7.4) and tracking beacons.
public struct EventStream: Sendable {
  /// `@schemeIdUri`.
  public var schemeIdUri: String
  /// `@timescale` (ticks per second of the Events' times), written when given.
  public var timescale: Int64?
  /// The events, in order.
  public var events: [Event]

  /// Creates an event stream.
  public init(schemeIdUri: String, timescale: Int64? = nil, events: [Event] = []) {
    self.schemeIdUri = schemeIdUri
    self.timescale = timescale
    self.events = events
  }

  /// Writes the `EventStream` element.
  public func write(into writer: inout XMLWriter) {
    var attributes = [("schemeIdUri", schemeIdUri)]
    if let timescale { attributes.append(("timescale", String(timescale))) }
    writer.open("EventStream", attributes)
    for event in events { event.write(into: &writer) }
    writer.close()
  }
}

/// One `Event` of an EventStream (ISO/IEC 23009-1 §5.10.2.3): an id, a presentation time and
/// duration in the stream's timescale, namespace declarations its content needs, and the content.
public struct Event: Sendable {
  /// `@id`.
  public var id: String?
  /// `@presentationTime` in timescale ticks; `nil` (time 0) is not written.
  public var presentationTime: Int64?
  /// `@duration` in timescale ticks, written when given.
  public var duration: Int64?
  /// Namespaces declared on the Event (`xmlns:VTV-SSAI=…`), after its attributes.
  public var namespaces: [XMLNamespace]
  /// The payload, in order.
  public var content: [any MPDNode]

  /// Creates an event.
  public init(
    id: String? = nil, presentationTime: Int64? = nil, duration: Int64? = nil,
    namespaces: [XMLNamespace] = [], content: [any MPDNode] = []
  ) {
    self.id = id
    self.presentationTime = presentationTime
    self.duration = duration
    self.namespaces = namespaces
    self.content = content
  }

  /// Writes the `Event` element.
  public func write(into writer: inout XMLWriter) {
    var attributes: [(String, String)] = []
    if let id { attributes.append(("id", id)) }
    if let presentationTime { attributes.append(("presentationTime", String(presentationTime))) }
    if let duration { attributes.append(("duration", String(duration))) }
    attributes += namespaces.map(\.attribute)
    writer.open("Event", attributes)
    for node in content { node.write(into: &writer) }
    writer.close()
  }
}
