import ManifestCore

/// The media segment tags that change per-segment state (RFC 8216bis §4.4.4).
extension PlaylistParser {
  mutating func byteRange(_ index: Int, _ value: Range<Int>?) {
    guard let value, let (length, offset) = byteRangeValue(value) else {
      error(
        .byteRangeSyntax,
        "EXT-X-BYTERANGE must be LENGTH[@OFFSET], got '\(value.map(text) ?? "")'", line: index,
        offset: value?.lowerBound)
      return
    }
    pending.byteLength = length
    pending.byteOffset = offset
    pending.byteRangeLine = index
  }

  mutating func key(_ index: Int, _ value: Range<Int>?) {
    guard let key = decodeKey(.key, index, value) else { return }
    keys.append(key)
    if key.method == .none {
      currentKeys.removeAll()
    } else if let same = currentKeys.firstIndex(where: {
      $0.effectiveKeyFormat == key.effectiveKeyFormat
    }) {
      currentKeys[same] = key
    } else {
      guard currentKeys.count < options.limits.keysInForce else {
        limitError =
          limitError
          ?? Limits.exceeded(
            "keys-in-force", value: options.limits.keysInForce,
            "EXT-X-KEY KEYFORMAT '\(key.effectiveKeyFormat)' would be key \(currentKeys.count + 1) "
              + "in force at once", at: lines[index].location)
        return
      }
      currentKeys.append(key)
    }
    keySets.append(currentKeys)
    currentKeySet = currentKeys.isEmpty ? -1 : Int32(keySets.count - 1)
  }

  /// Decodes EXT-X-KEY or EXT-X-SESSION-KEY (§4.4.4.4, §4.4.6.5).
  mutating func decodeKey(_ tag: TagName, _ index: Int, _ value: Range<Int>?) -> EncryptionKey? {
    guard scanAttributes(tag, index, value) else { return nil }
    var key = EncryptionKey(method: .none, line: index)
    var sawMethod = false
    for t in tokens {
      if named(t, "METHOD") {
        sawMethod = true
        key.method = EncryptionMethod(
          enumerated(t, tag, index, ["NONE", "AES-128", "SAMPLE-AES", "SAMPLE-AES-CTR"]))
      } else if named(t, "URI") {
        key.uri = quoted(t, tag, index)
      } else if named(t, "IV") {
        key.iv = hexadecimal(t, tag, index)
      } else if named(t, "KEYFORMAT") {
        key.keyFormat = quoted(t, tag, index)
      } else if named(t, "KEYFORMATVERSIONS") {
        key.keyFormatVersions = quoted(t, tag, index)
      } else if named(t, "KEYID") {
        key.keyID = raw(t)
      }
    }
    if !sawMethod {
      missing("METHOD", tag, index)
      return nil
    }
    if key.method == .none {
      if key.uri != nil || key.iv != nil {
        error(
          tag == .sessionKey ? .sessionKeyNoneWithURI : .keyNoneWithURI,
          "\(tag.spelling): METHOD=NONE must not have URI or IV", line: index)
      }
      if tag == .sessionKey {
        error(.sessionKeyMethodNone, "EXT-X-SESSION-KEY: METHOD must not be NONE", line: index)
      }
    } else if key.uri == nil {
      missing("URI", tag, index, code: .keyURIMissing)
    }
    return key
  }

  mutating func map(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.map, index, value) else { return }
    var uri: String? = nil
    var range: ByteRange? = nil
    for t in tokens {
      if named(t, "URI") {
        uri = quoted(t, .map, index)
      } else if named(t, "BYTERANGE") {
        // An unquoted range (written by some packagers) is an error but still the range.
        let parsed = byteRangeValue(t.value)
        if let (length, offset) = parsed {
          range = ByteRange(
            length: Int(length), offset: Int(max(offset, 0)), offsetWasExplicit: offset >= 0)
        }
        if !t.quoted || parsed == nil {
          error(
            .byteRangeSyntax,
            "EXT-X-MAP: BYTERANGE must be a quoted \"LENGTH[@OFFSET]\", got '\(text(t.value))'",
            line: index, offset: t.value.lowerBound)
        }
      }
    }
    guard let uri else {
      missing("URI", .map, index)
      return
    }
    maps.append(MediaInitializationSection(uri: uri, byteRange: range, line: index))
    currentMap = Int32(maps.count - 1)
  }

  mutating func bitrateTag(_ index: Int, _ value: Range<Int>?) {
    guard let value, let v = ASCII.parseUnsigned(bytes, value), v <= UInt64(Int32.max) else {
      error(
        .bitrateSyntax,
        "EXT-X-BITRATE must be a decimal integer (kbit/s), got '\(value.map(text) ?? "")'",
        line: index, offset: value?.lowerBound)
      return
    }
    bitrate = Int32(v)
  }

  mutating func tilesTag(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.tiles, index, value) else { return }
    var size: Resolution? = nil
    var layout: Resolution? = nil
    var duration: ExactDecimal? = nil
    for t in tokens {
      if named(t, "RESOLUTION") {
        size = resolution(t, .tiles, index)
      } else if named(t, "LAYOUT") {
        layout = resolution(t, .tiles, index)
      } else if named(t, "DURATION") {
        duration = decimal(t, .tiles, index)
      }
    }
    guard let size, let layout else {
      missing(size == nil ? "RESOLUTION" : "LAYOUT", .tiles, index)
      return
    }
    tiles.append(
      ImageTiles(
        resolution: size, columns: layout.width, rows: layout.height, duration: duration,
        line: index))
    currentTiles = Int32(tiles.count - 1)
  }

  mutating func part(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.part, index, value) else { return }
    var uri: Range<Int>? = nil
    var uriToken: AttributeToken? = nil
    var duration: ExactDecimal? = nil
    var independent = false
    var gap = false
    var range: ByteRange? = nil
    for t in tokens {
      if named(t, "URI") {
        uri = t.value
        uriToken = t
      } else if named(t, "DURATION") {
        duration = decimal(t, .part, index)
      } else if named(t, "INDEPENDENT") {
        independent = yesNo(t, .part, index)
      } else if named(t, "GAP") {
        gap = yesNo(t, .part, index)
      } else if named(t, "BYTERANGE") {
        // An unquoted range (written by some packagers) is an error but still the range.
        let parsed = byteRangeValue(t.value)
        if !t.quoted || parsed == nil {
          error(
            .byteRangeSyntax,
            "EXT-X-PART: BYTERANGE must be a quoted \"LENGTH[@OFFSET]\", got '\(text(t.value))'",
            line: index, offset: t.value.lowerBound)
        }
        guard let (length, offset) = parsed else { continue }
        range = ByteRange(length: Int(length), offset: Int(offset), offsetWasExplicit: offset >= 0)
      }
    }
    guard let uri, let uriToken, let duration else {
      missing(uri == nil ? "URI" : "DURATION", .part, index)
      return
    }
    if var r = range, !r.offsetWasExplicit {
      if let previousPartURI, previousPartByteRangeEnd >= 0, sameBytes(previousPartURI, uri) {
        r.offset = previousPartByteRangeEnd
      } else {
        error(
          .byteRangeNoPrevious,
          "EXT-X-PART: BYTERANGE has no offset and the previous part is not a range of the same "
            + "resource", line: index)
        r.offset = 0
      }
      range = r
    }
    previousPartURI = uri
    previousPartByteRangeEnd = range?.end ?? -1
    parts.append(
      PartialSegment(
        uri: quoted(uriToken, .part, index), duration: duration, independent: independent,
        byteRange: range, gap: gap, line: index))
  }
}
