import ManifestCore

extension Thumbnail {
  /// The thumbnail as `thumbnail-tool dump --json` prints it (docs/cli-contract.md):
  /// `{start, end, url, x, y, width, height, unit}`, times in seconds, the rectangle `null`
  /// for a whole image, `unit` `"pixel"` or `"percent"` (or `null`).
  public var jsonValue: JSONValue {
    [
      "start": .decimal(start.decimal), "end": .decimal(end.decimal), "url": .string(url),
      "x": JSONValue(region?.x), "y": JSONValue(region?.y), "width": JSONValue(region?.width),
      "height": JSONValue(region?.height), "unit": JSONValue(region?.unit.rawValue),
    ]
  }
}

extension ThumbnailTrack {
  /// `{"thumbnails":[…]}`, each as `Thumbnail.jsonValue`.
  public var jsonValue: JSONValue {
    ["thumbnails": .array(thumbnails.map(\.jsonValue))]
  }
}
