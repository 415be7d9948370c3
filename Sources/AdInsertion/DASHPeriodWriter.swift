import ManifestCore
import SCTE35

/// Writes ad breaks as DASH Periods (ISO/IEC 23009-1 §5.3.2) with their tracking beacons and
/// SCTE-35 cue in an EventStream (SCTE 214-1 §6.7.4), as SSAI packagers and player SDKs take
/// them:
///
/// ```xml
/// <Period id="AD_0" duration="PT30S" start="PT120S">
///   <AssetIdentifier schemeIdUri="urn:com:vodafone:vtv:ssai:2019" value="ad"/>
///   <EventStream schemeIdUri="urn:scte:scte35:2013:xml" timescale="1000">
///     <Event id="0" xmlns:VTV-SSAI="urn:vodafone:vtv:ssai:event">
///       <VTV-SSAI:beaconurls><TrackingEvents><Tracking event="start">https://…</Tracking>
///       </TrackingEvents></VTV-SSAI:beaconurls>   (on one line)
///     </Event>
///   </EventStream>
/// </Period>
/// ```
///
/// Times are the shortest exact decimals (`PT5.005S`). Beacons firing at the same offset share
/// one Event; Event ids count from 0 within each Period, and an Event after the start has a
/// `presentationTime` in milliseconds. The break's SCTE-35 cue goes in the Event at offset 0,
/// as `scte35:SpliceInfoSection` or, with `.xmlBinary`, as `scte35:Signal/scte35:Binary`.
/// An open break's Period has its planned duration, or none. Every value is escaped by
/// `XMLWriter`.
public struct DASHPeriodWriter: Sendable, Hashable {
  /// How the SCTE-35 cue is written.
  public enum SCTE35Scheme: String, Sendable, Hashable, CaseIterable {
    /// `urn:scte:scte35:2013:xml`: the cue as `scte35:SpliceInfoSection`.
    case xml
    /// `urn:scte:scte35:2014:xml+bin`: the cue's bytes in `scte35:Signal/scte35:Binary`.
    case xmlBinary = "xml+bin"

    /// The EventStream `schemeIdUri`.
    public var schemeIdUri: String {
      self == .xml ? SCTE35XML.xmlScheme : SCTE35XML.xmlBinaryScheme
    }
  }

  /// The Period's `AssetIdentifier@schemeIdUri`.
  public static let assetScheme = "urn:com:vodafone:vtv:ssai:2019"
  /// The namespace of the `VTV-SSAI:beaconurls` element.
  public static let beaconNamespace = "urn:vodafone:vtv:ssai:event"

  /// How the cue is written.
  public var scheme: SCTE35Scheme

  /// A writer.
  public init(scheme: SCTE35Scheme = .xml) { self.scheme = scheme }

  /// One `<Period>` element per break, in order, each a well-formed XML fragment declaring the
  /// namespaces it uses.
  public func periods(_ timeline: AdTimeline) -> [String] {
    timeline.breaks.map(period)
  }

  /// The `<Period>` element of one break.
  public func period(_ adBreak: AdBreak) -> String {
    var writer = XMLWriter()
    write(adBreak, into: &writer, declareSCTE35: true)
    return writer.output
  }

  /// A complete MPD (ISO/IEC 23009-1 §5.3.1): the content between breaks as Periods
  /// `CONTENT_<n>` and the breaks as their ad Periods, in order. `static` with
  /// mediaPresentationDuration for a finished playlist, `dynamic` with availabilityStartTime
  /// (the first program date-time, else the epoch) for a live one.
  public func mpd(_ timeline: AdTimeline) -> String {
    var writer = XMLWriter(declaration: true)
    var attributes = [
      ("xmlns", "urn:mpeg:dash:schema:mpd:2011"), ("xmlns:scte35", SCTE35XML.namespace),
      ("profiles", "urn:mpeg:dash:profile:isoff-live:2011"),
      ("type", timeline.isLive ? "dynamic" : "static"),
    ]
    if timeline.isLive {
      let start = timeline.programDateTime?.description ?? "1970-01-01T00:00:00Z"
      attributes.append(("availabilityStartTime", start))
    } else {
      attributes.append(
        ("mediaPresentationDuration", XSDuration.format(seconds: timeline.duration)))
    }
    let buffer = ExactDecimal(timeline.targetDuration ?? 2)
    attributes.append(("minBufferTime", XSDuration.format(seconds: buffer)))
    writer.open("MPD", attributes)
    var time = ExactDecimal.zero
    var content = 0
    for adBreak in timeline.breaks {
      if adBreak.start > time {
        contentPeriod(&content, from: time, to: adBreak.start, into: &writer)
      }
      write(adBreak, into: &writer, declareSCTE35: false)
      time = max(time, adBreak.open ? timeline.duration : adBreak.end)
    }
    if time < timeline.duration {
      contentPeriod(&content, from: time, to: timeline.duration, into: &writer)
    }
    writer.closeAll()
    return writer.output + "\n"
  }

  private func contentPeriod(
    _ number: inout Int, from start: ExactDecimal, to end: ExactDecimal,
    into writer: inout XMLWriter
  ) {
    writer.empty(
      "Period",
      [
        ("id", "CONTENT_\(number)"), ("duration", XSDuration.format(seconds: end - start)),
        ("start", XSDuration.format(seconds: start)),
      ])
    number += 1
  }

  /// Writes the break's Period; `declareSCTE35` declares the `scte35` prefix on the cue.
  func write(_ adBreak: AdBreak, into writer: inout XMLWriter, declareSCTE35: Bool) {
    var attributes = [("id", adBreak.periodId)]
    if let duration = adBreak.open ? adBreak.plannedDuration : adBreak.duration {
      attributes.append(("duration", XSDuration.format(seconds: duration)))
    }
    attributes.append(("start", XSDuration.format(seconds: adBreak.start)))
    writer.open("Period", attributes)
    writer.empty("AssetIdentifier", [("schemeIdUri", Self.assetScheme), ("value", "ad")])
    let events = Self.events(adBreak)
    if !events.isEmpty {
      let cue = adBreak.scte35
      let scheme = cue == nil ? SCTE35Scheme.xml : self.scheme
      writer.open("EventStream", [("schemeIdUri", scheme.schemeIdUri), ("timescale", "1000")])
      for (id, event) in events.enumerated() {
        var eventAttributes = [("id", String(id))]
        if event.offset > .zero {
          let milliseconds = event.offset.rescaled(to: 3).significand
          eventAttributes.append(("presentationTime", String(milliseconds)))
        }
        if !event.beacons.isEmpty {
          eventAttributes.append(("xmlns:VTV-SSAI", Self.beaconNamespace))
        }
        writer.open("Event", eventAttributes)
        if id == 0, let cue { writeCue(cue, into: &writer, declare: declareSCTE35) }
        if !event.beacons.isEmpty {
          writer.open("VTV-SSAI:beaconurls", inline: true)
          writer.open("TrackingEvents")
          for beacon in event.beacons {
            guard let url = beacon.url else { continue }
            writer.element("Tracking", beacon.event.map { [("event", $0)] } ?? [], text: url)
          }
          writer.close()
          writer.close()
        }
        writer.close()
      }
      writer.close()
    }
    writer.close()
  }

  private func writeCue(_ cue: MarkerCue, into writer: inout XMLWriter, declare: Bool) {
    let namespace = declare ? SCTE35XML.namespace : nil
    switch scheme {
    case .xml:
      cue.section?.writeXML(into: &writer, namespace: namespace)
    case .xmlBinary:
      // Decode → encode is byte for byte for every decodable section (SCTE35's guarantee).
      try? cue.section?.writeXMLBinary(into: &writer, namespace: namespace)
    }
  }

  /// The break's Events: its beacons grouped by offset, with an Event at offset 0 for the cue.
  static func events(_ adBreak: AdBreak) -> [(offset: ExactDecimal, beacons: [Beacon])] {
    var events: [(offset: ExactDecimal, beacons: [Beacon])] = []
    for beacon in adBreak.beacons where beacon.url != nil {
      // Compared without a copy of the last event, which would make the append copy its list.
      if events.last?.offset == beacon.offset {
        events[events.count - 1].beacons.append(beacon)
      } else {
        events.append((beacon.offset, [beacon]))
      }
    }
    if adBreak.scte35 != nil && events.first?.offset != .zero {
      events.insert((.zero, []), at: 0)
    }
    return events
  }
}
