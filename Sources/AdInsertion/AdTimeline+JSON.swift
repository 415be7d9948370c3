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
  /// `line` (of the opening tag), `dialects` (every dialect that marked it) and
  /// `mediaSequence` (of its first segment).
  public var jsonValue: JSONValue {
    .object([
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
      ("mediaSequence", .int(Int64(mediaSequence))),
    ])
  }
}

extension Beacon {
  /// `{event, url, offset}`.
  public var jsonValue: JSONValue {
    .object([("event", JSONValue(event)), ("url", JSONValue(url)), ("offset", .decimal(offset))])
  }
}
