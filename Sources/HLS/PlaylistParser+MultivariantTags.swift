import ManifestCore

/// Multivariant playlist tags (RFC 8216bis §4.4.6) and EXT-X-IMAGE-STREAM-INF.
extension PlaylistParser {
  mutating func multivariantTag(_ tag: TagName, _ index: Int, _ value: Range<Int>?) {
    switch tag {
    case .streamInf, .iFrameStreamInf, .imageStreamInf: variant(tag, index, value)
    case .media: media(index, value)
    case .sessionData: sessionDataTag(index, value)
    case .sessionKey:
      if let key = decodeKey(.sessionKey, index, value) { sessionKeys.append(key) }
    case .contentSteering: contentSteeringTag(index, value)
    default: break
    }
  }

  private mutating func variant(_ tag: TagName, _ index: Int, _ value: Range<Int>?) {
    if pendingVariant != nil, let line = pendingVariant?.line {
      error(.streamInfWithoutURI, "EXT-X-STREAM-INF is not followed by a URI line", line: line)
      pendingVariant = nil
    }
    guard scanAttributes(tag, index, value) else { return }
    let kind: VariantStream.Kind =
      tag == .streamInf ? .media : tag == .iFrameStreamInf ? .iFrame : .image
    var v = VariantStream(
      kind: kind, uri: "", bandwidth: 0, attributes: attributeList(index), line: index)
    var sawBandwidth = false
    for t in tokens {
      if named(t, "BANDWIDTH") {
        sawBandwidth = true
        v.bandwidth = integer(t, tag, index) ?? wholeBitsPerSecond(t) ?? 0
      } else if named(t, "AVERAGE-BANDWIDTH") {
        v.averageBandwidth = integer(t, tag, index)
      } else if named(t, "SCORE") {
        v.score = decimal(t, tag, index)
      } else if named(t, "CODECS") {
        v.codecs = quoted(t, tag, index)
      } else if named(t, "SUPPLEMENTAL-CODECS") {
        v.supplementalCodecs = quoted(t, tag, index)
      } else if named(t, "RESOLUTION") {
        v.resolution = resolution(t, tag, index)
      } else if named(t, "FRAME-RATE") {
        v.frameRate = decimal(t, tag, index)
      } else if named(t, "HDCP-LEVEL") {
        v.hdcpLevel = enumerated(t, tag, index, ["TYPE-0", "TYPE-1", "NONE"])
      } else if named(t, "ALLOWED-CPC") {
        v.allowedCPC = quoted(t, tag, index)
      } else if named(t, "VIDEO-RANGE") {
        v.videoRange = enumerated(t, tag, index, ["SDR", "HLG", "PQ"])
      } else if named(t, "REQ-VIDEO-LAYOUT") {
        v.requiredVideoLayout = quoted(t, tag, index)
      } else if named(t, "STABLE-VARIANT-ID") {
        v.stableVariantID = quoted(t, tag, index)
      } else if named(t, "AUDIO") {
        v.audio = quoted(t, tag, index)
      } else if named(t, "VIDEO") {
        v.video = quoted(t, tag, index)
      } else if named(t, "SUBTITLES") {
        v.subtitles = quoted(t, tag, index)
      } else if named(t, "CLOSED-CAPTIONS") {
        v.closedCaptions =
          !t.quoted && ASCII.equals(bytes, t.value, "NONE") ? "NONE" : quoted(t, tag, index)
      } else if named(t, "PATHWAY-ID") {
        v.pathwayID = quoted(t, tag, index)
      } else if named(t, "URI") {
        v.uri = quoted(t, tag, index)
      }
    }
    if !sawBandwidth { missing("BANDWIDTH", tag, index, code: .variantBandwidthMissing) }
    if tag == .streamInf {
      pendingVariant = v
    } else {
      if token("URI") == nil { missing("URI", tag, index) }
      variants.append(v)
    }
  }

  private mutating func media(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.media, index, value) else { return }
    let tag = TagName.media
    var r = Rendition(
      type: "", groupID: "", name: "", isDefault: false, autoselect: false, forced: false,
      attributes: attributeList(index), line: index)
    for t in tokens {
      if named(t, "TYPE") {
        r.type = enumerated(t, tag, index, ["AUDIO", "VIDEO", "SUBTITLES", "CLOSED-CAPTIONS"])
      } else if named(t, "GROUP-ID") {
        r.groupID = quoted(t, tag, index)
      } else if named(t, "NAME") {
        r.name = quoted(t, tag, index)
      } else if named(t, "LANGUAGE") {
        r.language = quoted(t, tag, index)
      } else if named(t, "ASSOC-LANGUAGE") {
        r.associatedLanguage = quoted(t, tag, index)
      } else if named(t, "STABLE-RENDITION-ID") {
        r.stableRenditionID = quoted(t, tag, index)
      } else if named(t, "DEFAULT") {
        r.isDefault = yesNo(t, tag, index)
      } else if named(t, "AUTOSELECT") {
        r.autoselect = yesNo(t, tag, index)
      } else if named(t, "FORCED") {
        r.forced = yesNo(t, tag, index)
      } else if named(t, "INSTREAM-ID") {
        r.instreamID = quoted(t, tag, index)
      } else if named(t, "BIT-DEPTH") {
        r.bitDepth = integer(t, tag, index)
      } else if named(t, "SAMPLE-RATE") {
        r.sampleRate = integer(t, tag, index)
      } else if named(t, "CHARACTERISTICS") {
        r.characteristics = quoted(t, tag, index)
      } else if named(t, "CHANNELS") {
        r.channels = quoted(t, tag, index)
      } else if named(t, "URI") {
        r.uri = quoted(t, tag, index)
      }
    }
    for name in ["TYPE", "GROUP-ID", "NAME"] where !r.attributes.contains(name) {
      missing(name, tag, index)
    }
    if r.type == "CLOSED-CAPTIONS" {
      if r.uri != nil {
        error(
          .mediaClosedCaptionsURI, "EXT-X-MEDIA: TYPE=CLOSED-CAPTIONS must not have a URI",
          line: index)
      }
      if r.instreamID == nil { missing("INSTREAM-ID", tag, index) }
    }
    if r.isDefault && r.attributes.contains("AUTOSELECT") && !r.autoselect {
      error(
        .mediaDefaultWithoutAutoselect, "EXT-X-MEDIA: DEFAULT=YES requires AUTOSELECT=YES",
        line: index)
    }
    renditions.append(r)
  }

  private mutating func sessionDataTag(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.sessionData, index, value) else { return }
    let tag = TagName.sessionData
    guard let id = token("DATA-ID") else { return missing("DATA-ID", tag, index) }
    let data = SessionData(
      dataID: quoted(id, tag, index), value: token("VALUE").map { quoted($0, tag, index) },
      uri: token("URI").map { quoted($0, tag, index) },
      format: token("FORMAT").map { enumerated($0, tag, index, ["JSON", "RAW"]) },
      language: token("LANGUAGE").map { quoted($0, tag, index) }, line: index)
    if (data.value == nil) == (data.uri == nil) {
      error(
        .sessionDataValueOrURI, "EXT-X-SESSION-DATA needs exactly one of VALUE or URI", line: index)
    }
    sessionData.append(data)
  }

  private mutating func contentSteeringTag(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.contentSteering, index, value) else { return }
    let tag = TagName.contentSteering
    guard let uri = token("SERVER-URI") else { return missing("SERVER-URI", tag, index) }
    contentSteering = ContentSteering(
      serverURI: quoted(uri, tag, index),
      pathwayID: token("PATHWAY-ID").map { quoted($0, tag, index) }, line: index)
  }
}
