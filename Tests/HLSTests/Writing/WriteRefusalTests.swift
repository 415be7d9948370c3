import HLS
import ManifestCore
import Testing

/// Values that would change the structure of what is written are refused with a typed error,
/// and nothing is written.
@Suite struct WriteRefusalTests {
  /// Writes `body` into a writer holding one line already; the error it throws, after checking
  /// the writer still holds only that line.
  func refusal(_ body: (inout PlaylistWriter) throws(PlaylistWriteError) -> Void)
    -> PlaylistWriteError?
  {
    var writer = PlaylistWriter()
    do throws(PlaylistWriteError) {
      try writer.write(CustomTag(name: "EXT-X-PACKAGER", value: "start"))
      try body(&writer)
    } catch {
      #expect(writer.text == "#EXT-X-PACKAGER:start\n")
      return error
    }
    return nil
  }

  @Test func aLineFeedInAQuotedStringIsRefused() {
    let error = refusal { w throws(PlaylistWriteError) in
      try w.write(EncryptionKey(method: .aes128, uri: "https://k.example.com/1\n#EXT-X-ENDLIST"))
    }
    #expect(
      error
        == PlaylistWriteError(
          .controlCharacter, tag: "EXT-X-KEY", attribute: "URI",
          value: "https://k.example.com/1\n#EXT-X-ENDLIST"))
    #expect(
      error?.description
        == #"EXT-X-KEY URI "https://k.example.com/1\n#EXT-X-ENDLIST": holds a control character [hls.write.control-character]"#
    )
  }

  @Test func aCarriageReturnInADateRangeClientAttributeIsRefused() {
    let range = DateRange(
      id: "ad", startDate: DateTime(epochNanoseconds: 0),
      attributes: AttributeList([.init(name: "X-COM-NOTE", value: "a\rb", isQuoted: true)]))
    #expect(
      refusal { w throws(PlaylistWriteError) in try w.write(range) }
        == PlaylistWriteError(
          .controlCharacter, tag: "EXT-X-DATERANGE", attribute: "X-COM-NOTE", value: "a\rb"))
  }

  @Test func aQuoteInAQuotedStringIsRefused() {
    let error = refusal { w throws(PlaylistWriteError) in
      try w.write(SessionData(dataID: "com.example.title", value: #"Big "Buck""#))
    }
    #expect(
      error
        == PlaylistWriteError(
          .quoteInQuotedString, tag: "EXT-X-SESSION-DATA", attribute: "VALUE",
          value: #"Big "Buck""#))
    #expect(
      error?.description
        == #"EXT-X-SESSION-DATA VALUE "Big \"Buck\"": a quoted string cannot hold '"' [hls.write.quote-in-quoted-string]"#
    )
  }

  @Test func aTabIsKeptInAQuotedString() throws {
    var writer = PlaylistWriter()
    try writer.write(SessionData(dataID: "com.example.note", value: "a\tb"))
    #expect(writer.text == "#EXT-X-SESSION-DATA:DATA-ID=\"com.example.note\",VALUE=\"a\tb\"\n")
  }

  @Test func enumeratedValuesOutsideTheirGrammarAreRefused() {
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(EncryptionKey(method: .other("AES 128"), uri: "k"))
      }
        == PlaylistWriteError(
          .enumeratedValue, tag: "EXT-X-KEY", attribute: "METHOD", value: "AES 128"))
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(Rendition(type: "audio,x", groupID: "a", name: "A"))
      }
        == PlaylistWriteError(
          .enumeratedValue, tag: "EXT-X-MEDIA", attribute: "TYPE", value: "audio,x"))
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(Rendition(type: "AUDIO\n", groupID: "a", name: "A"))
      }
        == PlaylistWriteError(
          .controlCharacter, tag: "EXT-X-MEDIA", attribute: "TYPE", value: "AUDIO\n"))
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(PreloadHint(type: "SEGMENT", uri: "s.m4s"))
      }
        == PlaylistWriteError(
          .enumeratedValue, tag: "EXT-X-PRELOAD-HINT", attribute: "TYPE", value: "SEGMENT"))
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(VariantStream(uri: "v.m3u8", bandwidth: 1, videoRange: "HDR10"))
      }
        == PlaylistWriteError(
          .enumeratedValue, tag: "EXT-X-STREAM-INF", attribute: "VIDEO-RANGE", value: "HDR10"))
    let error = refusal { w throws(PlaylistWriteError) in
      try w.write(EncryptionKey(method: .other("AES 128"), uri: "k"))
    }
    #expect(
      error?.description
        == #"EXT-X-KEY METHOD "AES 128": not a value this enumerated string takes [hls.write.enumerated-value]"#
    )
  }

  @Test func uriLinesThatWouldReadAsSomethingElseAreRefused() {
    for uri in ["#EXT-X-ENDLIST", "", " a.ts", "a.ts "] {
      #expect(
        refusal { w throws(PlaylistWriteError) in try w.write(uri: uri) }
          == PlaylistWriteError(.uriLine, tag: "URI line", value: uri))
    }
    #expect(
      refusal { w throws(PlaylistWriteError) in try w.write(uri: "a.ts\n#EXT-X-ENDLIST") }
        == PlaylistWriteError(.controlCharacter, tag: "URI line", value: "a.ts\n#EXT-X-ENDLIST"))
    #expect(
      refusal { w throws(PlaylistWriteError) in try w.write(uri: "a\t.ts") }
        == PlaylistWriteError(.controlCharacter, tag: "URI line", value: "a\t.ts"))
    #expect(
      PlaylistWriteError(.uriLine, tag: "URI line", value: "#x").description
        == ##"URI line "#x": a URI line must not be empty, start with '#', have blanks at its ends or hold control characters [hls.write.uri-line]"##
    )
  }

  @Test func attributeNamesOutsideTheGrammarAreRefused() {
    let variant = VariantStream(
      uri: "v.m3u8", bandwidth: 1,
      attributes: AttributeList([.init(name: "x-lower", value: "1", isQuoted: false)]))
    #expect(
      refusal { w throws(PlaylistWriteError) in try w.write(variant) }
        == PlaylistWriteError(
          .attributeName, tag: "EXT-X-STREAM-INF", attribute: "x-lower", value: "x-lower"))
    let comma = VariantStream(
      uri: "v.m3u8", bandwidth: 1,
      attributes: AttributeList([.init(name: "X-A", value: "1,B=2", isQuoted: false)]))
    #expect(
      refusal { w throws(PlaylistWriteError) in try w.write(comma) }
        == PlaylistWriteError(
          .enumeratedValue, tag: "EXT-X-STREAM-INF", attribute: "X-A", value: "1,B=2"))
  }

  @Test func aVariantWithABadURILineWritesNeitherLine() {
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(VariantStream(uri: "#EXT-X-ENDLIST", bandwidth: 1))
      } == PlaylistWriteError(.uriLine, tag: "URI line", value: "#EXT-X-ENDLIST"))
  }

  @Test func hexadecimalSequencesAndNumbersAreChecked() {
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(EncryptionKey(method: .aes128, uri: "k", iv: "0xZZ"))
      } == PlaylistWriteError(.hexadecimalValue, tag: "EXT-X-KEY", attribute: "IV", value: "0xZZ"))
    #expect(
      refusal { w throws(PlaylistWriteError) in
        // LAST-MSN is a UInt64 since issue 17 item 8: LAST-PART stands in for a negative value.
        try w.write(RenditionReport(uri: "r.m3u8", lastMediaSequence: 1, lastPart: -1))
      }
        == PlaylistWriteError(
          .negativeNumber, tag: "EXT-X-RENDITION-REPORT", attribute: "LAST-PART", value: "-1"))
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(PartialSegment(uri: "p.m4s", duration: ExactDecimal(-1)))
      }
        == PlaylistWriteError(
          .negativeNumber, tag: "EXT-X-PART", attribute: "DURATION", value: "-1"))
  }

  @Test func customTagsAreChecked() {
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(CustomTag(name: "EXT-X-KEY", value: "METHOD=NONE"))
      }
        == PlaylistWriteError(.tagName, tag: "EXT-X-KEY", value: "EXT-X-KEY"))
    #expect(
      refusal { w throws(PlaylistWriteError) in try w.write(CustomTag(name: "X-NOTE")) }
        == PlaylistWriteError(.tagName, tag: "X-NOTE", value: "X-NOTE"))
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(CustomTag(name: "EXT-X-CUE-OUT", value: "30\n#EXT-X-ENDLIST"))
      }
        == PlaylistWriteError(.controlCharacter, tag: "EXT-X-CUE-OUT", value: "30\n#EXT-X-ENDLIST"))
  }

  @Test func customTagAttributeListsAreRenderedAndChecked() throws {
    let asset = try CustomTag(
      name: "EXT-X-ASSET",
      attributes: AttributeList([
        .init(name: "CAID", value: "0x1234", isQuoted: false),
        .init(name: "NAME", value: "ad one", isQuoted: true),
      ]))
    #expect(asset.text == #"#EXT-X-ASSET:CAID=0x1234,NAME="ad one""#)
    #expect(
      throws: PlaylistWriteError(
        .quoteInQuotedString, tag: "EXT-X-ASSET", attribute: "NAME", value: #"a"b"#)
    ) {
      try CustomTag(
        name: "EXT-X-ASSET",
        attributes: AttributeList([.init(name: "NAME", value: #"a"b"#, isQuoted: true)]))
    }
  }

  @Test func aSkippedDateRangeIDWithATabIsRefused() {
    #expect(
      refusal { w throws(PlaylistWriteError) in
        try w.write(SkipInformation(skippedSegments: 3, recentlyRemovedDateRanges: ["a\tb"]))
      }
        == PlaylistWriteError(
          .controlCharacter, tag: "EXT-X-SKIP", attribute: "RECENTLY-REMOVED-DATERANGES",
          value: "a\tb"))
  }

  @Test func aRefusedSegmentLeavesThePlaylistUnwritten() {
    var playlist = MediaPlaylistBuilder()
    playlist.append(Segment(uri: "a.ts", duration: ExactDecimal(4)))
    playlist.append(Segment(uri: "b.ts", duration: ExactDecimal(4), title: "x\ny"))
    var writer = PlaylistWriter()
    #expect(throws: PlaylistWriteError(.controlCharacter, tag: "EXTINF", value: "x\ny")) {
      try writer.write(playlist)
    }
    #expect(writer.bytes == [])
  }

  @Test func stateAPlaylistCannotExpressIsRefused() {
    var playlist = MediaPlaylistBuilder()
    playlist.append(
      Segment(
        uri: "a.m4s", duration: ExactDecimal(4), map: MediaInitializationSection(uri: "i.mp4")))
    playlist.append(Segment(uri: "b.m4s", duration: ExactDecimal(4)))
    #expect(
      throws: PlaylistWriteError(.unrepresentable, tag: "EXT-X-MAP", value: "no map after i.mp4")
    ) {
      try PlaylistWriter.write(playlist)
    }
    var twoKeys = MediaPlaylistBuilder()
    twoKeys.append(
      Segment(
        uri: "a.ts", duration: ExactDecimal(4),
        keys: [
          EncryptionKey(method: .aes128, uri: "k1"), EncryptionKey(method: .aes128, uri: "k2"),
        ]))
    #expect(
      throws: PlaylistWriteError(
        .unrepresentable, tag: "EXT-X-KEY", attribute: "KEYFORMAT", value: "identity")
    ) {
      try PlaylistWriter.write(twoKeys)
    }
  }

  /// The writer looks for control characters eight bytes at a time: one at any position of a
  /// segment URI (an origin's signed path) or EXTINF title of 1 to 24 bytes is found, TAB is
  /// refused in the URI but kept in the title, and the bytes around the control range (space,
  /// `~`, UTF-8 of "é") pass.
  @Test func aControlCharacterAnywhereInAURIOrTitleIsFound() throws {
    for length in 1...24 {
      for position in 0..<length {
        for control: UInt8 in [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F] {
          var bytes = [UInt8](repeating: 0x61, count: length)
          bytes[position] = control
          let text = String(decoding: bytes, as: UTF8.self)
          var playlist = MediaPlaylistBuilder(targetDuration: 6)
          playlist.append(Segment(uri: text, duration: ExactDecimal(6)))
          #expect(
            throws: PlaylistWriteError(.controlCharacter, tag: "URI line", value: text)
          ) {
            try PlaylistWriter.write(playlist)
          }
          var titled = MediaPlaylistBuilder(targetDuration: 6)
          titled.append(Segment(uri: "s.ts", duration: ExactDecimal(6), title: text))
          if control == 0x09 {
            #expect(
              try PlaylistWriter.write(titled)
                == Array(
                  "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:6,\(text)\ns.ts\n"
                    .utf8))
          } else {
            #expect(
              throws: PlaylistWriteError(.controlCharacter, tag: "EXTINF", value: text)
            ) {
              try PlaylistWriter.write(titled)
            }
          }
        }
      }
      let plain = String(repeating: "a ~é", count: length)
      var playlist = MediaPlaylistBuilder(targetDuration: 6)
      playlist.append(Segment(uri: "x" + plain + "x", duration: ExactDecimal(6), title: plain))
      #expect(
        try PlaylistWriter.write(playlist)
          == Array(
            "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:6,\(plain)\nx\(plain)x\n"
              .utf8))
    }
  }

  @Test func everyCodeIsStable() {
    #expect(
      PlaylistWriteError.Code.allCases.map(\.rawValue) == [
        "hls.write.control-character", "hls.write.quote-in-quoted-string",
        "hls.write.enumerated-value", "hls.write.hexadecimal-value", "hls.write.negative-number",
        "hls.write.attribute-name", "hls.write.tag-name", "hls.write.uri-line",
        "hls.write.unrepresentable",
      ])
  }
}
