import ManifestCore
import StrictXML

/// A check of an MPD against the structure of ISO/IEC 23009-1's schema (DASH-MPD.xsd, the
/// MPEGGroup/DASHSchema copy): the children of every DASH element in the schema's sequence
/// order and within their maxOccurs, the required attributes, and the lexical forms of the
/// typed attributes written (xs:duration, xs:dateTime, xs:unsignedInt, xs:unsignedLong,
/// FrameRateType, SingleRFC7233RangeType). Elements of other namespaces (`xs:any
/// namespace="##other"`: SCTE-35 cues, beacons) are not looked into. Returns the problems,
/// each naming the element's path; none for a conforming MPD.
package enum MPDStructureCheck {
  static let namespace = "urn:mpeg:dash:schema:mpd:2011"

  /// The sequences of the types the writer uses, each child with its maxOccurs (nil: unbounded).
  static let representationBase: [(String, Int?)] = [
    ("FramePacking", nil), ("AudioChannelConfiguration", nil), ("ContentProtection", nil),
    ("EssentialProperty", nil), ("SupplementalProperty", nil), ("InbandEventStream", nil),
    ("Switching", nil), ("RandomAccess", nil), ("GroupLabel", nil), ("Label", nil),
    ("ProducerReferenceTime", nil), ("ContentPopularityRate", nil),
  ]
  static let sequences: [String: [(String, Int?)]] = [
    "MPD": [
      ("ProgramInformation", nil), ("BaseURL", nil), ("Location", nil),
      ("ServiceDescription", nil), ("InitializationSet", nil), ("InitializationGroup", nil),
      ("InitializationPresentation", nil), ("Period", nil), ("Metrics", nil),
      ("EssentialProperty", nil), ("SupplementalProperty", nil), ("UTCTiming", nil),
      ("LeapSecondInformation", 1),
    ],
    "Period": [
      ("BaseURL", nil), ("SegmentBase", 1), ("SegmentList", 1), ("SegmentTemplate", 1),
      ("AssetIdentifier", 1), ("EventStream", nil), ("ServiceDescription", nil),
      ("AdaptationSet", nil), ("Subset", nil), ("SupplementalProperty", nil),
      ("EmptyAdaptationSet", nil), ("GroupLabel", nil), ("Preselection", nil),
    ],
    "AdaptationSet": representationBase + [
      ("Accessibility", nil), ("Role", nil), ("Rating", nil), ("Viewpoint", nil),
      ("ContentComponent", nil), ("BaseURL", nil), ("SegmentBase", 1), ("SegmentList", 1),
      ("SegmentTemplate", 1), ("Representation", nil),
    ],
    "Representation": representationBase + [
      ("BaseURL", nil), ("SubRepresentation", nil), ("SegmentBase", 1), ("SegmentList", 1),
      ("SegmentTemplate", 1),
    ],
    // SegmentListType: SegmentBaseType's, then MultipleSegmentBaseType's, then its own.
    "SegmentList": [
      ("Initialization", 1), ("RepresentationIndex", 1), ("FailoverContent", 1),
      ("SegmentTimeline", 1), ("BitstreamSwitching", 1), ("SegmentURL", nil),
    ],
    "SegmentTemplate": [
      ("Initialization", 1), ("RepresentationIndex", 1), ("FailoverContent", 1),
      ("SegmentTimeline", 1), ("BitstreamSwitching", 1),
    ],
    "SegmentTimeline": [("S", nil)],
    "EventStream": [("Event", nil)],
    "Initialization": [], "SegmentURL": [], "S": [], "AssetIdentifier": [],
    "EssentialProperty": [], "SupplementalProperty": [],
  ]
  static let required: [String: [String]] = [
    "MPD": ["profiles", "minBufferTime"], "Representation": ["id", "bandwidth"], "S": ["d"],
    "EventStream": ["schemeIdUri"], "AssetIdentifier": ["schemeIdUri"],
    "EssentialProperty": ["schemeIdUri"], "SupplementalProperty": ["schemeIdUri"],
  ]
  static let durations: Set<String> = [
    "mediaPresentationDuration", "minimumUpdatePeriod", "minBufferTime",
    "timeShiftBufferDepth", "suggestedPresentationDelay", "maxSegmentDuration", "start",
    "duration@Period",
  ]
  static let unsignedInts: Set<String> = [
    "timescale", "bandwidth", "width", "height", "id@AdaptationSet", "id@Event", "startNumber",
    "duration@SegmentList", "duration@SegmentTemplate",
  ]
  static let unsignedLongs: Set<String> = [
    "presentationTimeOffset", "t", "d", "presentationTime", "duration@Event",
  ]

  // xs:duration (XML Schema 1.1 part 2 §3.3.6): at least one field, T only before time fields.
  nonisolated(unsafe) static let duration =
    /-?P(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?/
  // xs:dateTime (§3.3.7), with an optional zone.
  nonisolated(unsafe) static let dateTime =
    /-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?/
  nonisolated(unsafe) static let frameRate = /[0-9]+(?:\/[1-9][0-9]*)?/
  nonisolated(unsafe) static let range = /[0-9]*(?:-[0-9]*)?/
  nonisolated(unsafe) static let digits = /[0-9]+/

  /// The problems of `text`, an MPD document.
  package static func problems(_ text: String) -> [String] {
    let root: XMLTreeElement
    do {
      root = try StrictXMLReader.read(Array(text.utf8))
    } catch {
      return ["not well-formed: \(error.message)"]
    }
    guard root.name.localName == "MPD", root.name.namespace == namespace else {
      return ["the root is \(root.name) in '\(root.name.namespace)', not MPD in \(namespace)"]
    }
    var problems: [String] = []
    switch root.attribute("type") ?? "static" {
    case "static":
      if root.attribute("mediaPresentationDuration") == nil {
        problems.append("MPD: a static MPD without mediaPresentationDuration")
      }
    case "dynamic":
      if root.attribute("availabilityStartTime") == nil {
        problems.append("MPD: a dynamic MPD without availabilityStartTime")
      }
    case let other: problems.append("MPD: @type '\(other)' is neither static nor dynamic")
    }
    if root.elements(named: "Period").isEmpty { problems.append("MPD: no Period") }
    check(root, path: "MPD", into: &problems)
    return problems
  }

  private static func check(_ element: XMLTreeElement, path: String, into problems: inout [String])
  {
    let name = element.name.localName
    for attribute in required[name] ?? [] where element.attribute(attribute) == nil {
      problems.append("\(path): no @\(attribute)")
    }
    for attribute in element.attributes where attribute.name.prefix == nil {
      let local = attribute.name.localName
      let keyed = local + "@" + name
      let value = attribute.value
      func expect(_ pattern: Regex<Substring>, _ type: String) {
        if (try? pattern.wholeMatch(in: value)) == nil {
          problems.append("\(path): @\(local) '\(value)' is not \(type)")
        }
      }
      if durations.contains(local) && name == "MPD" || durations.contains(keyed)
        || (local == "start" && name == "Period")
      {
        expect(duration, "an xs:duration")
      } else if ["availabilityStartTime", "publishTime", "availabilityEndTime"].contains(local) {
        expect(dateTime, "an xs:dateTime")
      } else if unsignedInts.contains(local) && local != "id" && local != "duration"
        || unsignedInts.contains(keyed)
      {
        if (try? digits.wholeMatch(in: value)) == nil || UInt32(value) == nil {
          problems.append("\(path): @\(local) '\(value)' is not an xs:unsignedInt")
        }
      } else if unsignedLongs.contains(local) && local != "duration"
        || unsignedLongs.contains(keyed)
      {
        if (try? digits.wholeMatch(in: value)) == nil || UInt64(value) == nil {
          problems.append("\(path): @\(local) '\(value)' is not an xs:unsignedLong")
        }
      } else if local == "frameRate" {
        expect(frameRate, "a FrameRateType")
      } else if local == "range" || local == "mediaRange" || local == "indexRange" {
        expect(range, "a SingleRFC7233RangeType")
      }
    }
    guard let sequence = sequences[name] else { return }
    var position = 0
    var count = 0
    for child in element.elements where child.name.namespace == namespace {
      let childName = child.name.localName
      guard let index = sequence.firstIndex(where: { $0.0 == childName }) else {
        problems.append("\(path): \(childName) is not a child of \(name)")
        continue
      }
      if index < position {
        problems.append("\(path): \(childName) after \(sequence[position].0)")
      } else if index == position {
        count += 1
      } else {
        position = index
        count = 1
      }
      if let most = sequence[index].1, index == position, count > most {
        problems.append("\(path): more than \(most) \(childName)")
      }
      let label = child.attribute("id").map { "\(childName)[\($0)]" } ?? childName
      check(child, path: path + "/" + label, into: &problems)
    }
  }
}
