import ManifestCore

/// The stable codes of the HLS module's diagnostics and parse errors (docs/diagnostic-codes.md
/// is generated from `catalog`). A code names one problem; the message names the values.
public enum HLSDiagnosticCode: String, Sendable, Hashable, CaseIterable {
  case inputEmpty = "hls.input.empty"
  case inputTooLarge = "hls.input.too-large"
  case inputBinary = "hls.input.binary"
  case extm3uMissing = "hls.extm3u.missing"
  case extm3uRepeated = "hls.extm3u.repeated"
  case versionRepeated = "hls.version.repeated"
  case targetDurationMissing = "hls.target-duration.missing"
  case mediaSequenceLate = "hls.media-sequence.late"
  case discontinuitySequenceLate = "hls.discontinuity-sequence.late"
  case sequenceTooLarge = "hls.sequence.too-large"
  case playlistTypeInvalid = "hls.playlist-type.invalid"
  case tagInteger = "hls.tag.integer"
  case tagWrongPlaylistKind = "hls.tag.wrong-playlist-kind"
  case attributeListMissing = "hls.attribute.list-missing"
  case attributeSyntax = "hls.attribute.syntax"
  case attributeDuplicate = "hls.attribute.duplicate"
  case attributeMissing = "hls.attribute.missing"
  case attributeUnquoted = "hls.attribute.unquoted"
  case attributeInteger = "hls.attribute.integer"
  case attributeDecimal = "hls.attribute.decimal"
  case attributeNegative = "hls.attribute.negative"
  case attributeYesNo = "hls.attribute.yes-no"
  case attributeEnumerated = "hls.attribute.enumerated"
  case attributeResolution = "hls.attribute.resolution"
  case attributeHexadecimal = "hls.attribute.hexadecimal"
  case variableUndefined = "hls.variable.undefined"
  case defineNoName = "hls.define.no-name"
  case defineInvalidName = "hls.define.invalid-name"
  case defineDuplicate = "hls.define.duplicate"
  case defineImportUndefined = "hls.define.import-undefined"
  case defineQueryParamMissing = "hls.define.queryparam-missing"
  case skipLate = "hls.skip.late"
  case extinfDurationMissing = "hls.extinf.duration-missing"
  case extinfDuration = "hls.extinf.duration"
  case extinfRepeated = "hls.extinf.repeated"
  case extinfWithoutURI = "hls.extinf.no-uri"
  case segmentWithoutExtinf = "hls.segment.no-extinf"
  case programDateTimeSyntax = "hls.program-date-time.syntax"
  case byteRangeSyntax = "hls.byterange.syntax"
  case byteRangeNoPrevious = "hls.byterange.no-previous"
  case byteRangeOverflow = "hls.byterange.overflow"
  case bitrateSyntax = "hls.bitrate.syntax"
  case keyURIMissing = "hls.key.uri-missing"
  case keyNoneWithURI = "hls.key.none-with-uri"
  case sessionKeyNoneWithURI = "hls.session-key.none-with-uri"
  case sessionKeyMethodNone = "hls.session-key.method-none"
  case dateRangeIDMissing = "hls.daterange.id-missing"
  case dateRangeStartDateMissing = "hls.daterange.start-date-missing"
  case dateRangeDateTime = "hls.daterange.date-time"
  case dateRangeNegativeDuration = "hls.daterange.negative-duration"
  case dateRangeEndBeforeStart = "hls.daterange.end-before-start"
  case dateRangeEndOnNextWithoutClass = "hls.daterange.end-on-next-without-class"
  case dateRangeSCTE35Hexadecimal = "hls.daterange.scte35-hexadecimal"
  case variantBandwidthMissing = "hls.variant.bandwidth-missing"
  case streamInfWithoutURI = "hls.stream-inf.no-uri"
  case uriWithoutStreamInf = "hls.uri.no-stream-inf"
  case groupUndefined = "hls.group.undefined"
  case mediaClosedCaptionsURI = "hls.media.closed-captions-uri"
  case mediaDefaultWithoutAutoselect = "hls.media.default-without-autoselect"
  case sessionDataValueOrURI = "hls.session-data.value-or-uri"
  case drmKeyID = "hls.drm.key-id"
  case drmIV = "hls.drm.iv"
  case drmDataURI = "hls.drm.data-uri"
  case drmPSSH = "hls.drm.pssh"
  case drmPlayReady = "hls.drm.playready"
  case drmWidevine = "hls.drm.widevine"
  case drmSystemMismatch = "hls.drm.system-mismatch"
  case followUnreadable = "hls.follow.unreadable"
  case followUnparsable = "hls.follow.unparsable"
  case followNotMedia = "hls.follow.not-media"
  case localPathCollision = "hls.local-path.collision"
  case localPathEscape = "hls.local-path.escape"
  case localPathName = "hls.local-path.name"

  /// The severities the code is reported at and what it means.
  public var info: DiagnosticCodeInfo {
    let (severities, summary) = Self.describe(self)
    return DiagnosticCodeInfo(rawValue, severities, summary)
  }

  /// Every code of the module: these, then the typed writer's refusals (`PlaylistWriteError`).
  public static var catalog: [DiagnosticCodeInfo] {
    allCases.map(\.info) + PlaylistWriteError.Code.allCases.map(\.info)
  }

  private static func describe(_ code: Self) -> ([Severity], String) {
    switch code {
    case .inputEmpty: ([.error], "The input has no bytes.")
    case .inputTooLarge: ([.error], "The input is 2 GiB or more.")
    case .inputBinary: ([.error], "The first line is not #EXTM3U and the input has a NUL byte.")
    case .extm3uMissing: ([.error], "The first line is not #EXTM3U (RFC 8216bis §4.4.1.1).")
    case .extm3uRepeated: ([.warning], "#EXTM3U appears again after the first line.")
    case .versionRepeated: ([.error], "EXT-X-VERSION appears more than once (§4.4.1.2).")
    case .targetDurationMissing:
      ([.error], "A media playlist has no EXT-X-TARGETDURATION (§4.4.3.1).")
    case .mediaSequenceLate:
      ([.error], "EXT-X-MEDIA-SEQUENCE comes after the first segment (§4.4.3.2).")
    case .discontinuitySequenceLate:
      ([.error], "EXT-X-DISCONTINUITY-SEQUENCE comes after the first segment (§4.4.3.3).")
    case .sequenceTooLarge:
      (
        [.error],
        "A segment's media or discontinuity sequence number passes 2^64 − 1 (it wraps to 0),"
          + " or SKIPPED-SEGMENTS is beyond 2^53 (read as 0)."
      )
    case .playlistTypeInvalid: ([.error], "EXT-X-PLAYLIST-TYPE is neither EVENT nor VOD.")
    case .tagInteger: ([.error], "A tag whose value is a decimal-integer has another value.")
    case .tagWrongPlaylistKind:
      ([.warning], "A media-playlist tag in a multivariant playlist, or the other way round.")
    case .attributeListMissing: ([.error], "A tag that needs an attribute list has none.")
    case .attributeSyntax: ([.error], "The attribute list is malformed (§4.2).")
    case .attributeDuplicate: ([.error], "An attribute name appears twice in one list (§4.2).")
    case .attributeMissing: ([.error], "A required attribute is absent.")
    case .attributeUnquoted: ([.warning], "A quoted-string attribute is written unquoted.")
    case .attributeInteger: ([.error], "A decimal-integer attribute has another value.")
    case .attributeDecimal: ([.error], "A decimal-floating-point attribute has another value.")
    case .attributeNegative: ([.error], "A non-negative decimal attribute is negative.")
    case .attributeYesNo: ([.error], "A YES/NO attribute has another value.")
    case .attributeEnumerated: ([.error], "An enumerated-string attribute has no allowed value.")
    case .attributeResolution: ([.error], "A decimal-resolution attribute is not WIDTHxHEIGHT.")
    case .attributeHexadecimal:
      ([.error], "A hexadecimal-sequence attribute is not 0x followed by hex digits.")
    case .variableUndefined: ([.error], "A {$name} reference no EXT-X-DEFINE declares (§4.3).")
    case .defineNoName: ([.error], "EXT-X-DEFINE has none of NAME, IMPORT and QUERYPARAM.")
    case .defineInvalidName: ([.error], "An EXT-X-DEFINE name is not of [a-zA-Z0-9_-].")
    case .defineDuplicate: ([.error], "A variable is defined twice.")
    case .defineImportUndefined:
      ([.error], "EXT-X-DEFINE IMPORT names a variable the parent playlist does not define.")
    case .defineQueryParamMissing:
      ([.error], "EXT-X-DEFINE QUERYPARAM names a parameter the playlist URL does not have.")
    case .skipLate: ([.error], "EXT-X-SKIP comes after the first segment.")
    case .extinfDurationMissing: ([.error], "EXTINF has no duration.")
    case .extinfDuration: ([.error], "The EXTINF duration is not a non-negative decimal.")
    case .extinfRepeated: ([.warning], "An EXTINF without a URI line before the next EXTINF.")
    case .extinfWithoutURI: ([.error], "The last EXTINF is not followed by a URI line.")
    case .segmentWithoutExtinf: ([.error], "A media segment URI has no EXTINF (§4.4.4.1).")
    case .programDateTimeSyntax:
      ([.error], "EXT-X-PROGRAM-DATE-TIME is not an ISO 8601 date-time.")
    case .byteRangeSyntax: ([.error], "A byte range is not LENGTH[@OFFSET].")
    case .byteRangeNoPrevious:
      ([.error], "A byte range without offset follows no range of the same resource.")
    case .byteRangeOverflow: ([.error], "A byte range ends past the largest byte offset.")
    case .bitrateSyntax: ([.error], "EXT-X-BITRATE is not a decimal integer.")
    case .keyURIMissing: ([.error], "EXT-X-KEY or EXT-X-SESSION-KEY without URI.")
    case .keyNoneWithURI: ([.error], "EXT-X-KEY with METHOD=NONE has a URI or IV.")
    case .sessionKeyNoneWithURI: ([.error], "EXT-X-SESSION-KEY with METHOD=NONE has a URI or IV.")
    case .sessionKeyMethodNone: ([.error], "EXT-X-SESSION-KEY has METHOD=NONE (§4.4.6.5).")
    case .dateRangeIDMissing: ([.error], "EXT-X-DATERANGE has no ID.")
    case .dateRangeStartDateMissing:
      ([.error], "EXT-X-DATERANGE has no START-DATE and no earlier tag of its ID gave one.")
    case .dateRangeDateTime: ([.error], "A DATERANGE date attribute is not an ISO 8601 date-time.")
    case .dateRangeNegativeDuration: ([.error], "DATERANGE DURATION or PLANNED-DURATION < 0.")
    case .dateRangeEndBeforeStart: ([.error], "DATERANGE END-DATE is before its START-DATE.")
    case .dateRangeEndOnNextWithoutClass: ([.error], "DATERANGE END-ON-NEXT=YES without CLASS.")
    case .dateRangeSCTE35Hexadecimal:
      ([.error], "A DATERANGE SCTE35-CMD/OUT/IN is not a hexadecimal sequence.")
    case .variantBandwidthMissing:
      ([.error], "EXT-X-STREAM-INF or EXT-X-I-FRAME-STREAM-INF without BANDWIDTH.")
    case .streamInfWithoutURI: ([.error], "EXT-X-STREAM-INF is not followed by a URI line.")
    case .uriWithoutStreamInf:
      ([.warning], "A URI line in a multivariant playlist follows no EXT-X-STREAM-INF.")
    case .groupUndefined: ([.error], "A variant names a rendition group no EXT-X-MEDIA defines.")
    case .mediaClosedCaptionsURI: ([.error], "EXT-X-MEDIA TYPE=CLOSED-CAPTIONS has a URI.")
    case .mediaDefaultWithoutAutoselect:
      ([.error], "EXT-X-MEDIA DEFAULT=YES without AUTOSELECT=YES.")
    case .sessionDataValueOrURI: ([.error], "EXT-X-SESSION-DATA without exactly one of VALUE, URI.")
    case .drmKeyID: ([.warning], "KEYID is not a 128-bit hex value.")
    case .drmIV: ([.warning], "IV is not a hexadecimal value of at most 128 bits.")
    case .drmDataURI: ([.warning], "A key's data: URI cannot be decoded (RFC 2397).")
    case .drmPSSH: ([.warning], "A key's pssh box is malformed (ISO/IEC 23001-7 §8.1).")
    case .drmPlayReady: ([.warning], "A PlayReady Object is malformed.")
    case .drmWidevine: ([.warning], "The Widevine data of a pssh box is malformed.")
    case .drmSystemMismatch: ([.warning], "KEYFORMAT and the pssh box's SystemID disagree.")
    case .followUnreadable: ([.warning], "A playlist a multivariant playlist names cannot be read.")
    case .followUnparsable:
      ([.warning], "A playlist a multivariant playlist names cannot be parsed.")
    case .followNotMedia: ([.warning], "A variant's URI names a multivariant playlist.")
    case .localPathCollision: ([.error], "Two URIs would be downloaded to the same local file.")
    case .localPathEscape: ([.error], "A URI's local path would lie outside the download root.")
    case .localPathName: ([.error], "A URI gives no usable local file name.")
    }
  }
}

extension PlaylistWriteError.Code {
  /// The severity and meaning of a writer refusal (thrown, so always an error).
  public var info: DiagnosticCodeInfo {
    let summary =
      switch self {
      case .controlCharacter: "A value to write holds a CR, LF or other control character."
      case .quoteInQuotedString: "A quoted-string value to write holds a '\"'."
      case .enumeratedValue: "An enumerated-string value to write is outside its grammar."
      case .hexadecimalValue: "A hexadecimal-sequence to write is not 0x followed by hex digits."
      case .negativeNumber: "A negative number where the attribute takes a non-negative one."
      case .attributeName: "An attribute name to write is outside [A-Z0-9-]."
      case .tagName: "A custom tag name is not EXT… of [A-Z0-9-], or names a typed tag."
      case .uriLine: "A URI line to write is empty, starts with #, or has blanks at its ends."
      case .unrepresentable: "State a playlist cannot express (two keys of one KEYFORMAT…)."
      }
    return DiagnosticCodeInfo(rawValue, [.error], summary)
  }
}
