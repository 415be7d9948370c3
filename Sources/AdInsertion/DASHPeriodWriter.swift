import DASH
import ManifestCore
import SCTE35

/// Writes ad breaks as DASH Periods (ISO/IEC 23009-1 §5.3.2) with their tracking beacons and
/// SCTE-35 cue in an EventStream (SCTE 214-1 §6.7.4), as SSAI packagers and player SDKs take
/// them:
///
/// ```xml
/// <Period id="SCTE35-4300" duration="PT30S" start="PT120S">
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
/// one Event (with `eventShape = .perBeacon`, each beacon has its own); Event ids count from 0 within each Period, and an Event after the start has a
/// `presentationTime` in milliseconds. The break's SCTE-35 cue goes in the Event at offset 0,
/// as `scte35:SpliceInfoSection` or, with `.xmlBinary`, as `scte35:Signal/scte35:Binary`.
/// An open break's Period has its planned duration, or none. The Periods are values of the
/// `DASH` model (`adPeriod`, `presentation`), written by it, so every value is escaped by
/// `XMLWriter`. The asset scheme and the beacon namespace are Vodafone's (VTV SSAI) by default;
/// set `assetIdentifier` and `beaconNamespace` for another player's.
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

  /// Vodafone's ad `AssetIdentifier`: `urn:com:vodafone:vtv:ssai:2019`, value `ad`.
  public static let vodafoneAssetIdentifier = Descriptor(
    schemeIdUri: "urn:com:vodafone:vtv:ssai:2019", value: "ad")
  /// Vodafone's beacon namespace: prefix `VTV-SSAI`, `urn:vodafone:vtv:ssai:event`.
  public static let vodafoneBeaconNamespace = XMLNamespace(
    prefix: "VTV-SSAI", uri: "urn:vodafone:vtv:ssai:event")

  /// How the cue is written.
  public var scheme: SCTE35Scheme
  /// The `AssetIdentifier` of every ad Period.
  public var assetIdentifier: Descriptor
  /// The namespace of the `beaconurls` element that holds an Event's `TrackingEvents`.
  public var beaconNamespace: XMLNamespace
  /// How beacons are put into Events (`.byOffset` unless set).
  public var eventShape: EventShape = .byOffset

  /// How a break's tracking beacons become EventStream Events.
  public enum EventShape: String, Sendable, Hashable, CaseIterable {
    /// Beacons firing at the same offset share one Event.
    case byOffset = "offset"
    /// One Event per beacon (ids from 0 per Period, in beacon order), the shape some players'
    /// metadata parsers expect: each Event holds one `Tracking` element.
    case perBeacon = "per-beacon"
  }

  /// A writer.
  public init(
    scheme: SCTE35Scheme = .xml, assetIdentifier: Descriptor = Self.vodafoneAssetIdentifier,
    beaconNamespace: XMLNamespace = Self.vodafoneBeaconNamespace
  ) {
    self.scheme = scheme
    self.assetIdentifier = assetIdentifier
    self.beaconNamespace = beaconNamespace
  }

  /// One `<Period>` element per break, in order, each a well-formed XML fragment declaring the
  /// namespaces it uses.
  public func periods(_ timeline: AdTimeline) -> [String] {
    timeline.breaks.map(period)
  }

  /// The `<Period>` element of one break.
  public func period(_ adBreak: AdBreak) -> String {
    period(adBreak, declareSCTE35: true).xml
  }

  /// The Period of one break, for an MPD that declares the `scte35` prefix on its root.
  public func adPeriod(_ adBreak: AdBreak) -> Period {
    period(adBreak, declareSCTE35: false)
  }

  /// A complete MPD (ISO/IEC 23009-1 §5.3.1): the content between breaks as Periods and the
  /// breaks as their ad Periods, in order. A content Period's id is stable across reloads of a
  /// live playlist (§5.3.2.1: Period@id stays the same in every MPD update), like a break's:
  /// `CONTENT_<media sequence>` of its first segment (the segment after the break before it),
  /// `CONTENT_D<discontinuity sequence>` for the one at the front of a live window, whose
  /// first segment changes as the window slides. A break that replaces content
  /// takes its place; an inserted one (`AdBreak.isInserted`, an HLS Interstitial with
  /// X-RESUME-OFFSET=0) is a Period of its duration at its start, and the content after it
  /// starts that much later. `static` with
  /// mediaPresentationDuration for a finished playlist, `dynamic` with availabilityStartTime
  /// (the first program date-time, else the epoch) for a live one.
  public func mpd(_ timeline: AdTimeline) -> String {
    presentation(timeline).xml + "\n"
  }

  /// The MPD `mpd(_:)` writes, as a value: add AdaptationSets to its content Periods (those
  /// without an `AssetIdentifier`) before writing it.
  public func presentation(_ timeline: AdTimeline) -> MPD {
    var mpd = MPD(
      type: timeline.isLive ? .dynamic : .static,
      minBufferTime: ExactDecimal(timeline.targetDuration ?? 2),
      namespaces: [XMLNamespace(prefix: "scte35", uri: SCTE35XML.namespace)])
    if timeline.isLive {
      mpd.availabilityStartTime = timeline.programDateTime?.description ?? "1970-01-01T00:00:00Z"
    } else {
      mpd.mediaPresentationDuration = timeline.duration
    }
    // `time` is content time; `inserted` the presentation time inserted breaks added before it.
    var time = ExactDecimal.zero
    var inserted = ExactDecimal.zero
    var ids = ContentPeriodIDs(timeline)
    for adBreak in timeline.breaks {
      if adBreak.start > time {
        var content = Period(duration: adBreak.start - time, start: time + inserted)
        content.id = ids.take()
        mpd.periods.append(content)
      }
      ids.follow(adBreak)
      var period = adPeriod(adBreak)
      period.start = adBreak.start + inserted
      mpd.periods.append(period)
      if adBreak.isInserted {
        time = max(time, adBreak.start)
        inserted += adBreak.duration
      } else {
        time = max(time, adBreak.open ? timeline.duration : adBreak.end)
      }
    }
    if time < timeline.duration {
      var content = Period(duration: timeline.duration - time, start: time + inserted)
      content.id = ids.take()
      mpd.periods.append(content)
    }
    if !timeline.isLive { mpd.mediaPresentationDuration = timeline.duration + inserted }
    return mpd
  }

  /// The break's Period; `declareSCTE35` declares the `scte35` prefix on the cue.
  func period(_ adBreak: AdBreak, declareSCTE35: Bool) -> Period {
    var period = Period(
      id: adBreak.periodId, duration: adBreak.open ? adBreak.plannedDuration : adBreak.duration,
      start: adBreak.start, assetIdentifier: assetIdentifier)
    if let stream = AlternativeMPDEvent.stream(adBreak) { period.eventStreams.append(stream) }
    let events = Self.events(adBreak, shape: eventShape)
    guard !events.isEmpty else { return period }
    let cue = adBreak.scte35
    let scheme = cue == nil ? SCTE35Scheme.xml : self.scheme
    var stream = EventStream(schemeIdUri: scheme.schemeIdUri, timescale: 1000)
    for (id, event) in events.enumerated() {
      var value = Event(id: String(id))
      if event.offset > .zero {
        value.presentationTime = ExactTime(event.offset).rounded(toUnitsPerSecond: 1000)
      }
      if id == 0, let cue {
        value.content.append(SCTE35EventCue(cue: cue, scheme: self.scheme, declare: declareSCTE35))
      }
      if !event.beacons.isEmpty {
        value.namespaces.append(beaconNamespace)
        let tracking = event.beacons.compactMap { beacon in
          beacon.url.map { url in
            MPDElement(
              "Tracking", attributes: beacon.event.map { [.init("event", $0)] } ?? [], text: url)
          }
        }
        value.content.append(
          MPDElement(
            beaconNamespace.prefix + ":beaconurls",
            children: [MPDElement("TrackingEvents", children: tracking)], inline: true))
      }
      stream.events.append(value)
    }
    period.eventStreams.append(stream)
    return period
  }

  /// The break's Events: its beacons grouped by offset (or one each), with an Event at offset 0
  /// for the cue.
  static func events(_ adBreak: AdBreak, shape: EventShape = .byOffset)
    -> [(offset: ExactDecimal, beacons: [Beacon])]
  {
    var events: [(offset: ExactDecimal, beacons: [Beacon])] = []
    for beacon in adBreak.beacons where beacon.url != nil {
      // Compared without a copy of the last event, which would make the append copy its list.
      if shape == .byOffset && events.last?.offset == beacon.offset {
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

/// The SCTE-35 cue of an ad Period's first Event, written by the SCTE35 module.
private struct SCTE35EventCue: MPDNode {
  var cue: MarkerCue
  var scheme: DASHPeriodWriter.SCTE35Scheme
  /// Declare the `scte35` prefix on the cue (a Period written on its own).
  var declare: Bool

  func write(into writer: inout XMLWriter) {
    let namespace = declare ? SCTE35XML.namespace : nil
    switch scheme {
    case .xml:
      cue.section?.writeXML(into: &writer, namespace: namespace)
    case .xmlBinary:
      // Decode → encode is byte for byte for every decodable section (SCTE35's guarantee).
      try? cue.section?.writeXMLBinary(into: &writer, namespace: namespace)
    }
  }
}
