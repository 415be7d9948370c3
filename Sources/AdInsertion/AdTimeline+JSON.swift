import ManifestCore
import SCTE35

extension AdTimeline {
  /// The `m3u8-tool ads --format json` document (docs/cli-contract.md):
  /// `{"breaks":[{id, dialect, start, duration, plannedDuration, startSegment, endSegment, open,
  /// programDateTime, scte35, beacons:[{event,url,offset}], …}]}`. `scte35` is exactly what
  /// `scte35-tool decode --json` prints for the break's cue.
  public var jsonValue: JSONValue {
    .object([("breaks", .array(breaks.map(\.jsonValue)))])
  }
}

extension AdBreak {
  /// One break of the `ads` JSON: the contract's fields, then `periodId`, `startedBeforeWindow`,
  /// `line` (of the opening tag), `dialects` (every dialect that marked it), `mediaSequence`
  /// (of its first segment), and for a break an HLS Interstitial marked, `interstitial`.
  public var jsonValue: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .string(id)),
      ("dialect", .string(dialect.rawValue)),
      ("start", .decimal(start)),
      ("duration", .decimal(duration)),
      ("plannedDuration", JSONValue(plannedDuration)),
      ("startSegment", .int(Int64(startSegment))),
      ("endSegment", JSONValue(endSegment)),
      ("open", .bool(open)),
      ("programDateTime", JSONValue(programDateTime?.description)),
      ("scte35", scte35.map(\.decoding.json) ?? .null),
      ("beacons", .array(beacons.map(\.jsonValue))),
      ("periodId", .string(periodId)),
      ("startedBeforeWindow", .bool(startedBeforeWindow)),
      ("line", .int(Int64(line))),
      ("dialects", .array(signals.map { .string($0.dialect.rawValue) })),
      ("mediaSequence", JSONValue(mediaSequence)),
    ]
    if let interstitial { fields.append(("interstitial", interstitial.jsonValue)) }
    return .object(fields)
  }
}

extension Interstitial {
  /// `{assetUri, assetList, resumeOffset, playoutLimit, snap, restrict, cue, timelineOccupies,
  /// timelineStyle, contentMayVary, skipControlOffset, skipControlDuration,
  /// skipControlLabelId}`, `null` (or `[]`) for what the tags did not declare.
  public var jsonValue: JSONValue {
    .object([
      ("assetUri", JSONValue(assetURI)),
      ("assetList", JSONValue(assetList)),
      ("resumeOffset", JSONValue(resumeOffset)),
      ("playoutLimit", JSONValue(playoutLimit)),
      ("snap", .array(snap.map(JSONValue.string))),
      ("restrict", .array(restrict.map(JSONValue.string))),
      ("cue", .array(cue.map(JSONValue.string))),
      ("timelineOccupies", JSONValue(timelineOccupies)),
      ("timelineStyle", JSONValue(timelineStyle)),
      ("contentMayVary", JSONValue(contentMayVary)),
      ("skipControlOffset", JSONValue(skipControlOffset)),
      ("skipControlDuration", JSONValue(skipControlDuration)),
      ("skipControlLabelId", JSONValue(skipControlLabelId)),
    ])
  }
}

extension Beacon {
  /// `{event, url, offset}`.
  public var jsonValue: JSONValue {
    .object([("event", JSONValue(event)), ("url", JSONValue(url)), ("offset", .decimal(offset))])
  }
}
