import ManifestCore

/// The JSON forms of the model, in the shapes of docs/cli-contract.md (`m3u8-tool dump --json`),
/// written straight from the parsed playlist into a `JSONWriter`: one segment at a time, so the
/// document never exists as a tree.
extension Playlist {
  /// Writes the whole playlist as one JSON document.
  public func writeJSON(to writer: inout JSONWriter) {
    switch self {
    case .media(let p): p.writeJSON(to: &writer)
    case .multivariant(let p): p.writeJSON(to: &writer)
    }
  }

  /// The whole playlist as UTF-8 JSON, compact or indented by two spaces per level.
  public func json(pretty: Bool = false) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty)
    writeJSON(to: &writer)
    return writer.bytes
  }
}

extension MediaPlaylist {
  /// Writes the media playlist as JSON (`kind: "media"`).
  public func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("kind", "media")
    w.member("version", version)
    w.member("targetDuration", targetDuration)
    w.member("mediaSequence", mediaSequence)
    w.member("discontinuitySequence", discontinuitySequence)
    w.member("playlistType", playlistType?.rawValue)
    w.member("endList", endList)
    w.member("iFramesOnly", iFramesOnly)
    w.member("imagesOnly", imagesOnly)
    w.member("independentSegments", independentSegments)
    w.member("segmentCount", segments.count)
    w.member("totalDuration", totalDuration)
    w.key("segments")
    w.beginArray()
    var repeated = RepeatedSegmentJSON()
    for segment in segments { segment.writeJSON(to: &w, repeated: &repeated) }
    w.endArray()
    w.member("pendingParts", each: pendingParts) { w, part in part.writeJSON(to: &w) }
    w.member("dateRanges", each: dateRanges) { w, range in range.writeJSON(to: &w) }
    w.member("partInf", ifPresent: partInformation) { w, partInformation in
      w.beginObject()
      w.member("partTarget", partInformation.partTarget)
      w.endObject()
    }
    w.member("serverControl", ifPresent: serverControl) { w, serverControl in
      serverControl.writeJSON(to: &w)
    }
    w.member("preloadHints", each: preloadHints) { w, hint in hint.writeJSON(to: &w) }
    w.member("renditionReports", each: renditionReports) { w, report in report.writeJSON(to: &w) }
    w.member("skip", ifPresent: skip) { w, skip in
      w.beginObject()
      w.member("skippedSegments", skip.skippedSegments)
      w.member("recentlyRemovedDateRanges", each: skip.recentlyRemovedDateRanges) { w, id in
        w.string(id)
      }
      w.endObject()
    }
    w.member("start", ifPresent: start) { w, start in start.writeJSON(to: &w) }
    w.member("defines", each: definitions) { w, definition in definition.writeJSON(to: &w) }
    w.endObject()
  }
}

extension MultivariantPlaylist {
  /// Writes the multivariant playlist as JSON (`kind: "multivariant"`).
  public func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("kind", "multivariant")
    w.member("version", version)
    w.member("independentSegments", independentSegments)
    w.member("start", ifPresent: start) { w, start in start.writeJSON(to: &w) }
    w.member("defines", each: definitions) { w, definition in definition.writeJSON(to: &w) }
    w.key("variants")
    writeVariants(of: .media, to: &w)
    w.key("iFrameVariants")
    writeVariants(of: .iFrame, to: &w)
    w.key("imageVariants")
    writeVariants(of: .image, to: &w)
    w.member("media", each: renditions) { w, rendition in rendition.writeJSON(to: &w) }
    w.key("sessionData")
    w.beginArray()
    for data in sessionData {
      w.beginObject()
      w.member("dataId", data.dataID)
      w.member("value", data.value)
      w.member("uri", data.uri)
      w.member("language", data.language)
      w.endObject()
    }
    w.endArray()
    w.member("sessionKeys", each: sessionKeys) { w, key in key.writeJSON(to: &w) }
    w.member("contentSteering", ifPresent: contentSteering) { w, contentSteering in
      w.beginObject()
      w.member("serverUri", contentSteering.serverURI)
      w.member("pathwayId", contentSteering.pathwayID)
      w.endObject()
    }
    w.endObject()
  }

  private func writeVariants(of kind: VariantStream.Kind, to w: inout JSONWriter) {
    w.beginArray()
    for variant in allVariants where variant.kind == kind { variant.writeJSON(to: &w) }
    w.endArray()
  }
}

/// The keys and map of the last segment written and their text: consecutive segments mostly
/// share them, so their JSON is copied instead of written anew.
struct RepeatedSegmentJSON {
  var keys: [EncryptionKey] = []
  var keysText: JSONFragment?
  var map: MediaInitializationSection?
  var mapText: JSONFragment?
}

extension Segment {
  /// Writes the segment as JSON.
  func writeJSON(to w: inout JSONWriter, repeated: inout RepeatedSegmentJSON) {
    w.beginObject()
    w.member("uri", uri)
    w.member("duration", duration)
    w.member("title", title)
    w.member("mediaSequence", mediaSequence)
    w.member("startTime", startTime)
    w.member("discontinuity", discontinuity)
    w.member("discontinuitySequence", discontinuitySequence)
    w.member("programDateTime", programDateTime)
    w.key("byteRange")
    byteRange.writeJSON(to: &w)
    w.key("keys")
    if let text = repeated.keysText, keys == repeated.keys, w.write(text) {
    } else {
      repeated.keys = keys
      repeated.keysText = w.recording { w in
        w.beginArray()
        for key in keys { key.writeJSON(to: &w) }
        w.endArray()
      }
    }
    w.member("map", ifPresent: map) { w, map in
      if let text = repeated.mapText, map == repeated.map, w.write(text) {
      } else {
        repeated.map = map
        repeated.mapText = w.recording { w in
          w.beginObject()
          w.member("uri", map.uri)
          w.key("byteRange")
          map.byteRange.writeJSON(to: &w)
          w.endObject()
        }
      }
    }
    w.member("gap", gap)
    w.member("bitrate", bitrate)
    w.member("parts", each: parts) { w, part in part.writeJSON(to: &w) }
    w.member("tiles", ifPresent: tiles) { w, tiles in
      w.beginObject()
      w.member("resolution", tiles.resolution.jsonValue)
      w.member("columns", tiles.columns)
      w.member("rows", tiles.rows)
      w.member("duration", tiles.duration)
      w.endObject()
    }
    w.endObject()
  }
}

extension PartialSegment {
  /// Writes the partial segment as JSON.
  func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("uri", uri)
    w.member("duration", duration)
    w.member("independent", independent)
    w.key("byteRange")
    byteRange.writeJSON(to: &w)
    w.member("gap", gap)
    w.endObject()
  }
}

extension Optional where Wrapped == ByteRange {
  /// `{length, offset}` or `null`.
  func writeJSON(to w: inout JSONWriter) {
    guard let r = self else { return w.null() }
    w.beginObject()
    w.member("length", r.length)
    w.member("offset", r.offset)
    w.endObject()
  }
}

extension Resolution {
  /// `{width, height}`.
  public var jsonValue: JSONValue {
    .object([("width", JSONValue(width)), ("height", JSONValue(height))])
  }
}

extension EncryptionKey {
  /// Writes the contract's `Key`: `{method, uri, iv, keyFormat, keyFormatVersions, keyId}`.
  func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("method", method.description)
    w.member("uri", uri)
    w.member("iv", iv)
    w.member("keyFormat", keyFormat)
    w.member("keyFormatVersions", keyFormatVersions)
    w.member("keyId", keyID)
    w.endObject()
  }
}

extension DateRange {
  /// Writes the date range as JSON; `attributes` holds the `X-` client attributes.
  func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("id", id)
    w.member("class", classIdentifier)
    w.member("startDate", startDate)
    w.member("endDate", endDate)
    w.member("duration", duration)
    w.member("plannedDuration", plannedDuration)
    w.member("scte35Cmd", scte35Command)
    w.member("scte35Out", scte35Out)
    w.member("scte35In", scte35In)
    w.member("endOnNext", endOnNext)
    w.member("cue", cue)
    w.key("attributes")
    w.beginObject()
    for attribute in clientAttributes {
      w.key(escaping: attribute.name)
      w.string(attribute.value)
    }
    w.endObject()
    w.endObject()
  }
}

extension ServerControl {
  /// Writes the server control as JSON.
  func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("canBlockReload", canBlockReload)
    w.member("canSkipUntil", canSkipUntil)
    w.member("canSkipDateRanges", canSkipDateRanges)
    w.member("holdBack", holdBack)
    w.member("partHoldBack", partHoldBack)
    w.endObject()
  }
}

extension PreloadHint {
  /// Writes the hint as JSON.
  func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("type", type)
    w.member("uri", uri)
    w.member("byteRangeStart", byteRangeStart)
    w.member("byteRangeLength", byteRangeLength)
    w.endObject()
  }
}

extension RenditionReport {
  /// Writes the report as JSON.
  func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("uri", uri)
    w.member("lastMsn", lastMediaSequence)
    w.member("lastPart", lastPart)
    w.endObject()
  }
}

extension StartPoint {
  /// Writes the start point as JSON.
  func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("timeOffset", timeOffset)
    w.member("precise", precise)
    w.endObject()
  }
}

extension VariableDefinition {
  /// Writes the definition as JSON: `{name, source: "value"|"import"|"queryparam", value}`.
  func writeJSON(to w: inout JSONWriter) {
    let kind: String =
      switch source {
      case .value: "value"
      case .imported: "import"
      case .queryParameter: "queryparam"
      }
    w.beginObject()
    w.member("name", name)
    w.member("source", kind)
    w.member("value", value)
    w.endObject()
  }
}

extension VariantStream {
  /// Writes the variant as JSON.
  func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("uri", uri)
    w.member("bandwidth", bandwidth)
    w.member("averageBandwidth", averageBandwidth)
    w.member("codecs", codecs)
    w.member("resolution", resolution?.jsonValue ?? .null)
    w.member("frameRate", frameRate)
    w.member("hdcpLevel", hdcpLevel)
    w.member("videoRange", videoRange)
    w.member("audio", audio)
    w.member("video", video)
    w.member("subtitles", subtitles)
    w.member("closedCaptions", closedCaptions)
    w.member("pathwayId", pathwayID)
    w.member("stableVariantId", stableVariantID)
    w.member("score", score)
    w.member("supplementalCodecs", supplementalCodecs)
    w.endObject()
  }
}

extension Rendition {
  /// Writes the rendition as JSON.
  func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.member("type", type)
    w.member("groupId", groupID)
    w.member("name", name)
    w.member("language", language)
    w.member("assocLanguage", associatedLanguage)
    w.member("default", isDefault)
    w.member("autoselect", autoselect)
    w.member("forced", forced)
    w.member("instreamId", instreamID)
    w.member("characteristics", characteristics)
    w.member("channels", channels)
    w.member("uri", uri)
    w.endObject()
  }
}
