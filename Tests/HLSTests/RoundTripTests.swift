import HLS
import ManifestCore
import Testing

@Suite struct RoundTripTests {
  @Test(arguments: Samples.names)
  func everySampleWritesBackByteForByte(name: String) throws {
    let bytes = try Samples.bytes(name)
    let playlist = try Playlist.parse(bytes)
    #expect(playlist.bytes == bytes)
    #expect(playlist.source.applying([]) == bytes)
    #expect(
      playlist.source.lines.count == bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        .count - 1)
  }

  @Test(arguments: [
    "#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n\r\n#EXTINF:6.000,\r\na.ts\r\n",
    "#EXTM3U\r#EXT-X-TARGETDURATION:6\r#EXTINF:6,\ra.ts\r",
    "\u{FEFF}#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts",
    "#EXTM3U  \n#EXT-X-TARGETDURATION:6 \t\n\n\n#EXTINF:6.0,  title  \na.ts   \n# comment\n",
    "#EXTM3U\n#EXT-X-STREAM-INF:CODECS=\"avc1.4d401f\" , BANDWIDTH=0001000,RESOLUTION=640X360\nv.m3u8\n#EXT-X-FUTURE-TAG:X=1\n",
  ])
  func lineEndsBlanksAndSpellingSurviveEdits(text: String) throws {
    let bytes = Array(text.utf8)
    let playlist = try Playlist.parse(bytes)
    #expect(playlist.bytes == bytes)
    // Replacing a line with its own text changes nothing.
    let edits = playlist.source.lines.indices.map {
      LineEdit.replace(line: $0, text: playlist.source.text(of: playlist.source.lines[$0]))
    }
    #expect(playlist.source.applying(edits) == bytes)
  }

  @Test func lineKindsNumbersAndSegmentIndices() throws {
    let text =
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n\n# a comment\n#EXT-X-CUE-OUT:30\n#EXTINF:6,\na.ts\n#EXT-X-CUE-IN\n#EXT-X-NEW-THING:1\n#EXTINF:6,\nb.ts\n#EXT-X-ENDLIST"
    let p = try Playlist.media(text)
    let lines = p.source.lines
    #expect(
      lines.map(\.kind) == [
        .tag, .tag, .blank, .comment, .tag, .tag, .uri, .tag, .tag, .tag, .uri, .tag,
      ])
    #expect(
      lines.map(\.tag) == [
        .extm3u, .targetDuration, .unknown, .unknown, .cueOut, .inf, .unknown, .cueIn, .unknown,
        .inf, .unknown, .endList,
      ])
    #expect(lines.map(\.segmentIndex) == [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2])
    #expect(lines.map(\.number) == Array(1...12))
    #expect(lines[8].isUnknownTag)
    #expect(p.source.tagName(of: lines[8]) == "EXT-X-NEW-THING")
    #expect(p.source.tagValue(of: lines[4]) == "30")
    #expect(p.source.tagValue(of: lines[7]) == nil)
    #expect(lines[11].terminator == .none)
    #expect(lines[4].tag.isAdMarker)
    #expect(p.segments[1].lines == 7..<11)
  }

  @Test func attributeListsKeepOrderDuplicatesAndQuoting() throws {
    let p = try Playlist.multivariant(
      "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,CODECS=\"a,b\",BANDWIDTH=2,X-ENUM=yes\nv.m3u8\n")
    let list = try #require(p.source.attributes(of: p.source.lines[1]))
    #expect(list.map(\.name) == ["BANDWIDTH", "CODECS", "BANDWIDTH", "X-ENUM"])
    #expect(list.map(\.isQuoted) == [false, true, false, false])
    #expect(list.map(\.column) == [19, 31, 44, 56])
    #expect(list["BANDWIDTH"] == "1")
    #expect(list.duplicateNames == ["BANDWIDTH"])
    #expect(list.rendered == "BANDWIDTH=1,CODECS=\"a,b\",BANDWIDTH=2,X-ENUM=yes")
    #expect(
      rendered(p.diagnostics) == [
        "2:44: error: EXT-X-STREAM-INF: duplicate attribute BANDWIDTH"
      ])
  }
}
