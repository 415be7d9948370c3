import ManifestCore

extension DownloadList {
  /// `urls --json`: `{"resources":[{uri, type, byteRange:{length,offset}|null, size, duration}],
  /// "totalDuration", "knownSize"}`; `size` is the byte range's length (`null` without one),
  /// `duration` the segment's EXTINF (`null` for other types).
  public var jsonValue: JSONValue {
    .object([
      (
        "resources",
        .array(
          resources.map { resource in
            .object([
              ("uri", .string(resource.uri)), ("type", .string(resource.kind.rawValue)),
              (
                "byteRange",
                resource.byteRange.map {
                  .object([("length", JSONValue($0.length)), ("offset", JSONValue($0.offset))])
                } ?? .null
              ),
              ("size", JSONValue(resource.byteRange?.length)),
              ("duration", JSONValue(resource.duration)),
            ])
          })
      ),
      ("totalDuration", .decimal(totalDuration)), ("knownSize", JSONValue(knownSize)),
    ])
  }
}
