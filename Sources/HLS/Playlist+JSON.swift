import ManifestCore

/// The JSON forms of the model, in the shapes of docs/cli-contract.md (`m3u8-tool dump --json`).
extension Playlist {
  /// The whole playlist as JSON.
  public var jsonValue: JSONValue {
    switch self {
    case .media(let p): p.jsonValue
    case .multivariant(let p): p.jsonValue
    }
  }
}

extension MediaPlaylist {
  /// The media playlist as JSON (`kind: "media"`).
  public var jsonValue: JSONValue {
    .object([
      ("kind", "media"), ("version", JSONValue(version)),
      ("targetDuration", JSONValue(targetDuration)), ("mediaSequence", JSONValue(mediaSequence)),
      ("discontinuitySequence", JSONValue(discontinuitySequence)),
      ("playlistType", JSONValue(playlistType?.rawValue)), ("endList", .bool(endList)),
      ("iFramesOnly", .bool(iFramesOnly)), ("imagesOnly", .bool(imagesOnly)),
      ("independentSegments", .bool(independentSegments)),
      ("segmentCount", JSONValue(segments.count)), ("totalDuration", .decimal(totalDuration)),
      ("segments", .array(segments.map(\.jsonValue))),
      ("pendingParts", .array(pendingParts.map(\.jsonValue))),
      ("dateRanges", .array(dateRanges.map(\.jsonValue))),
      (
        "partInf",
        partInformation.map { .object([("partTarget", .decimal($0.partTarget))]) } ?? .null
      ),
      ("serverControl", serverControl.map(\.jsonValue) ?? .null),
      ("preloadHints", .array(preloadHints.map(\.jsonValue))),
      ("renditionReports", .array(renditionReports.map(\.jsonValue))),
      (
        "skip",
        skip.map {
          .object([
            ("skippedSegments", JSONValue($0.skippedSegments)),
            ("recentlyRemovedDateRanges", .array($0.recentlyRemovedDateRanges.map { .string($0) })),
          ])
        } ?? .null
      ),
      ("start", start.map(\.jsonValue) ?? .null),
      ("defines", .array(definitions.map(\.jsonValue))),
    ])
  }
}

extension MultivariantPlaylist {
  /// The multivariant playlist as JSON (`kind: "multivariant"`).
  public var jsonValue: JSONValue {
    .object([
      ("kind", "multivariant"), ("version", JSONValue(version)),
      ("independentSegments", .bool(independentSegments)),
      ("start", start.map(\.jsonValue) ?? .null),
      ("defines", .array(definitions.map(\.jsonValue))),
      ("variants", .array(variants.map(\.jsonValue))),
      ("iFrameVariants", .array(iFrameVariants.map(\.jsonValue))),
      ("imageVariants", .array(imageVariants.map(\.jsonValue))),
      ("media", .array(renditions.map(\.jsonValue))),
      (
        "sessionData",
        .array(
          sessionData.map {
            .object([
              ("dataId", .string($0.dataID)), ("value", JSONValue($0.value)),
              ("uri", JSONValue($0.uri)), ("language", JSONValue($0.language)),
            ])
          })
      ),
      ("sessionKeys", .array(sessionKeys.map(\.jsonValue))),
      (
        "contentSteering",
        contentSteering.map {
          .object([("serverUri", .string($0.serverURI)), ("pathwayId", JSONValue($0.pathwayID))])
        } ?? .null
      ),
    ])
  }
}

extension Segment {
  /// The segment as JSON.
  public var jsonValue: JSONValue {
    .object([
      ("uri", .string(uri)), ("duration", .decimal(duration)), ("title", JSONValue(title)),
      ("mediaSequence", JSONValue(mediaSequence)), ("startTime", .decimal(startTime)),
      ("discontinuity", .bool(discontinuity)),
      ("discontinuitySequence", JSONValue(discontinuitySequence)),
      ("programDateTime", JSONValue(programDateTime?.description)),
      ("byteRange", byteRange.jsonValue), ("keys", .array(keys.map(\.jsonValue))),
      (
        "map",
        map.map { .object([("uri", .string($0.uri)), ("byteRange", $0.byteRange.jsonValue)]) }
          ?? .null
      ),
      ("gap", .bool(gap)), ("bitrate", JSONValue(bitrate)),
      ("parts", .array(parts.map(\.jsonValue))),
      (
        "tiles",
        tiles.map {
          .object([
            ("resolution", $0.resolution.jsonValue), ("columns", JSONValue($0.columns)),
            ("rows", JSONValue($0.rows)), ("duration", JSONValue($0.duration)),
          ])
        } ?? .null
      ),
    ])
  }
}

extension PartialSegment {
  /// The partial segment as JSON.
  public var jsonValue: JSONValue {
    .object([
      ("uri", .string(uri)), ("duration", .decimal(duration)), ("independent", .bool(independent)),
      ("byteRange", byteRange.jsonValue), ("gap", .bool(gap)),
    ])
  }
}

extension Optional where Wrapped == ByteRange {
  /// `{length, offset}` or `null`.
  var jsonValue: JSONValue {
    guard let r = self else { return .null }
    return .object([("length", JSONValue(r.length)), ("offset", JSONValue(r.offset))])
  }
}

extension Resolution {
  /// `{width, height}`.
  public var jsonValue: JSONValue {
    .object([("width", JSONValue(width)), ("height", JSONValue(height))])
  }
}

extension EncryptionKey {
  /// The contract's `Key`: `{method, uri, iv, keyFormat, keyFormatVersions, keyId}`.
  public var jsonValue: JSONValue {
    .object([
      ("method", .string(method.description)), ("uri", JSONValue(uri)), ("iv", JSONValue(iv)),
      ("keyFormat", JSONValue(keyFormat)), ("keyFormatVersions", JSONValue(keyFormatVersions)),
      ("keyId", JSONValue(keyID)),
    ])
  }
}

extension DateRange {
  /// The date range as JSON; `attributes` holds the `X-` client attributes.
  public var jsonValue: JSONValue {
    .object([
      ("id", .string(id)), ("class", JSONValue(classIdentifier)),
      ("startDate", JSONValue(startDate?.description)),
      ("endDate", JSONValue(endDate?.description)), ("duration", JSONValue(duration)),
      ("plannedDuration", JSONValue(plannedDuration)), ("scte35Cmd", JSONValue(scte35Command)),
      ("scte35Out", JSONValue(scte35Out)), ("scte35In", JSONValue(scte35In)),
      ("endOnNext", .bool(endOnNext)), ("cue", JSONValue(cue)),
      ("attributes", .object(clientAttributes.map { ($0.name, .string($0.value)) })),
    ])
  }
}

extension ServerControl {
  /// The server control as JSON.
  public var jsonValue: JSONValue {
    .object([
      ("canBlockReload", .bool(canBlockReload)), ("canSkipUntil", JSONValue(canSkipUntil)),
      ("canSkipDateRanges", .bool(canSkipDateRanges)), ("holdBack", JSONValue(holdBack)),
      ("partHoldBack", JSONValue(partHoldBack)),
    ])
  }
}

extension PreloadHint {
  /// The hint as JSON.
  public var jsonValue: JSONValue {
    .object([
      ("type", .string(type)), ("uri", .string(uri)),
      ("byteRangeStart", JSONValue(byteRangeStart)),
      ("byteRangeLength", JSONValue(byteRangeLength)),
    ])
  }
}

extension RenditionReport {
  /// The report as JSON.
  public var jsonValue: JSONValue {
    .object([
      ("uri", .string(uri)), ("lastMsn", JSONValue(lastMediaSequence)),
      ("lastPart", JSONValue(lastPart)),
    ])
  }
}

extension StartPoint {
  /// The start point as JSON.
  public var jsonValue: JSONValue {
    .object([("timeOffset", .decimal(timeOffset)), ("precise", .bool(precise))])
  }
}

extension VariableDefinition {
  /// The definition as JSON: `{name, source: "value"|"import"|"queryparam", value}`.
  public var jsonValue: JSONValue {
    let kind =
      switch source {
      case .value: "value"
      case .imported: "import"
      case .queryParameter: "queryparam"
      }
    return .object([
      ("name", .string(name)), ("source", .string(kind)), ("value", JSONValue(value)),
    ])
  }
}

extension VariantStream {
  /// The variant as JSON.
  public var jsonValue: JSONValue {
    .object([
      ("uri", .string(uri)), ("bandwidth", JSONValue(bandwidth)),
      ("averageBandwidth", JSONValue(averageBandwidth)), ("codecs", JSONValue(codecs)),
      ("resolution", resolution?.jsonValue ?? .null), ("frameRate", JSONValue(frameRate)),
      ("hdcpLevel", JSONValue(hdcpLevel)), ("videoRange", JSONValue(videoRange)),
      ("audio", JSONValue(audio)), ("video", JSONValue(video)),
      ("subtitles", JSONValue(subtitles)), ("closedCaptions", JSONValue(closedCaptions)),
      ("pathwayId", JSONValue(pathwayID)), ("stableVariantId", JSONValue(stableVariantID)),
      ("score", JSONValue(score)), ("supplementalCodecs", JSONValue(supplementalCodecs)),
    ])
  }
}

extension Rendition {
  /// The rendition as JSON.
  public var jsonValue: JSONValue {
    .object([
      ("type", .string(type)), ("groupId", .string(groupID)), ("name", .string(name)),
      ("language", JSONValue(language)), ("assocLanguage", JSONValue(associatedLanguage)),
      ("default", .bool(isDefault)), ("autoselect", .bool(autoselect)),
      ("forced", .bool(forced)), ("instreamId", JSONValue(instreamID)),
      ("characteristics", JSONValue(characteristics)), ("channels", JSONValue(channels)),
      ("uri", JSONValue(uri)),
    ])
  }
}
