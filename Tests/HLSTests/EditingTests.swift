import HLS
import ManifestCore
import Testing

@Suite struct EditingTests {
  @Test func removingAVariantTouchesOnlyItsLines() throws {
    let bytes = try Samples.bytes("multivariant.m3u8")
    let playlist = try Playlist.parse(bytes)
    let p = try #require(playlist.multivariant)
    let dropped = p.variants[3]
    let uriLine = try #require(dropped.uriLine)
    let edited = try playlist.applying([.remove(line: dropped.line), .remove(line: uriLine)])
    let text = String(decoding: edited.bytes, as: UTF8.self)
    let original = String(decoding: bytes, as: UTF8.self)
    let removed = original.split(separator: "\n", omittingEmptySubsequences: false)[dropped.line]
    #expect(text == original.replacingOccurrences(of: removed + "\nh5/prog_index.m3u8\n", with: ""))
    #expect(edited.multivariant?.variants.count == 3)
  }

  @Test func rewritingURIsRerendersOnlyTheChangedAttribute() throws {
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x0000000000000000000000000000000A
      #EXT-X-MAP:URI="init.mp4",BYTERANGE="720@0"
      #EXTINF:6.000,
      seg1.m4s\r
      #EXTINF:6.000,
      https://cdn.example.com/seg2.m4s

      """
    let playlist = try Playlist.parse(text)
    let edits = playlist.source.rewritingURIs { reference in
      reference.value.hasPrefix("https:") ? nil : "https://cdn.example.com/" + reference.value
    }
    let rewritten = try playlist.applying(edits)
    #expect(
      String(decoding: rewritten.bytes, as: UTF8.self) == """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-KEY:METHOD=AES-128,URI="https://cdn.example.com/key.bin",IV=0x0000000000000000000000000000000A
        #EXT-X-MAP:URI="https://cdn.example.com/init.mp4",BYTERANGE="720@0"
        #EXTINF:6.000,
        https://cdn.example.com/seg1.m4s\r
        #EXTINF:6.000,
        https://cdn.example.com/seg2.m4s

        """)
    #expect(playlist.source.uriReferences.map(\.attribute) == ["URI", "URI", nil, nil])
  }

  @Test func insertingAfterALastLineWithoutNewlineEndsItFirst() throws {
    let playlist = try Playlist.parse("#EXTM3U\r\n#EXT-X-TARGETDURATION:2\r\n#EXTINF:2,\r\na.ts")
    let edited = playlist.source.applying([.insert(before: 4, lines: ["#EXT-X-ENDLIST"])])
    #expect(
      String(decoding: edited, as: UTF8.self)
        == "#EXTM3U\r\n#EXT-X-TARGETDURATION:2\r\n#EXTINF:2,\r\na.ts\r\n#EXT-X-ENDLIST\r\n")
  }

  @Test func canonicalFormOrdersAttributesAndNormalisesSpelling() throws {
    let text =
      "\u{FEFF}#EXTM3U  \r\n#EXT-X-VERSION:07\r\n\r\n"
      + "#EXT-X-STREAM-INF:RESOLUTION=1280X720,CODECS=\"avc1.4d401f\", BANDWIDTH=2500000,"
      + "FRAME-RATE=29.970,X-CUSTOM=1\r\nv.m3u8 \r\n"
      + "#EXT-X-SESSION-KEY:KEYFORMAT=\"identity\",URI=\"k\",METHOD=AES-128,IV=0xabcdef\r\n"
      + "# kept comment\r\n#EXT-X-UNKNOWN:whatever  \r\n"
    let playlist = try Playlist.parse(text)
    let canonical = String(decoding: CanonicalWriter.write(playlist.source), as: UTF8.self)
    #expect(
      canonical == """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-STREAM-INF:BANDWIDTH=2500000,CODECS="avc1.4d401f",RESOLUTION=1280x720,FRAME-RATE=29.97,X-CUSTOM=1
        v.m3u8
        #EXT-X-SESSION-KEY:METHOD=AES-128,URI="k",IV=0xABCDEF,KEYFORMAT="identity"
        # kept comment
        #EXT-X-UNKNOWN:whatever

        """)
    let again = try Playlist.parse(canonical)
    #expect(CanonicalWriter.write(again.source) == Array(canonical.utf8))
  }

  @Test func canonicalEXTINFWritesShortestExactDurations() throws {
    let playlist = try Playlist.parse(
      "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.010000,Title, with comma\na.ts\n#EXTINF:4.000,\nb.ts\n"
    )
    #expect(
      String(decoding: CanonicalWriter.write(playlist.source), as: UTF8.self) == """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXTINF:10.01,Title, with comma
        a.ts
        #EXTINF:4,
        b.ts

        """)
  }
}

@Suite struct TypedEditTests {
  @Test func editingATypedValuesAttributesRewritesOnlyThatLine() throws {
    let bytes = try Samples.bytes("multivariant.m3u8")
    let playlist = try Playlist.parse(bytes)
    let variant = try #require(playlist.multivariant?.variants.first)
    var attributes = variant.attributes
    attributes.set("BANDWIDTH", to: "2200000", quoted: false)
    attributes.remove("PATHWAY-ID")
    let edited = try playlist.applying([
      .replaceTag(line: variant.line, name: "EXT-X-STREAM-INF", attributes: attributes)
    ])
    let changed = try #require(edited.multivariant?.variants.first)
    #expect(changed.bandwidth == 2_200_000)
    #expect(changed.pathwayID == nil)
    #expect(
      edited.source.text(of: edited.source.lines[variant.line]) == """
        #EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=2168183,BANDWIDTH=2200000,CODECS="avc1.640020,mp4a.40.2",\
        RESOLUTION=960x540,FRAME-RATE=60.000,CLOSED-CAPTIONS="cc",AUDIO="aac-stereo",SUBTITLES="subs"
        """)
    let before = playlist.source.lines.indices.filter { $0 != variant.line }
    #expect(
      before.allSatisfy {
        playlist.source.text(of: playlist.source.lines[$0])
          == edited.source.text(of: edited.source.lines[$0])
      })
  }
}
