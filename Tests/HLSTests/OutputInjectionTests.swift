import HLS
import ManifestCore
import Testing

/// Values from a playlist or a caller never change the structure of what the HLS writers write:
/// resolution percent-encodes, the canonical form keeps what it does not understand, and line
/// edits stay one line (issue 12, finding 10).
@Suite struct OutputInjectionTests {
  private let base = "https://h/d/x.m3u8"

  @Test func resolvingPercentEncodesAQuoteInAnUnquotedURI() throws {
    let playlist = try Playlist.parse(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-KEY:METHOD=AES-128,URI=k"
      #EXT-X-MAP:URI=m"
      #EXTINF:6,
      s.ts

      """)
    let resolved = try playlist.resolvingURIs(against: base)
    #expect(
      String(decoding: resolved.bytes, as: UTF8.self) == """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-KEY:METHOD=AES-128,URI="https://h/d/k%22"
        #EXT-X-MAP:URI="https://h/d/m%22"
        #EXTINF:6,
        https://h/d/s.ts

        """)
    let media = try #require(resolved.media)
    #expect(media.segments.first?.keys.first?.uri == "https://h/d/k%22")
    #expect(media.segments.first?.map?.uri == "https://h/d/m%22")
    #expect(resolved.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
  }

  @Test func resolvingPercentEncodesControlCharactersOfTheBase() throws {
    let source = try Playlist.parse("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na\tb.ts\n")
      .source
    let out = source.applying(source.resolvingURIEdits(against: "https://h/\u{0}d\n/x.m3u8"))
    #expect(
      String(decoding: out, as: UTF8.self)
        == "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nhttps://h/%00d%0A/a%09b.ts\n")
  }

  @Test func rewritingKeepsAURILineThatStartsWithAHashAURILine() throws {
    let source = try Playlist.parse("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n").source
    let edits = source.rewritingURIs { $0.attribute == nil ? "#frag" : nil }
    #expect(edits == [.replace(line: 3, text: " #frag")])
    #expect(source.rewritingURIs { _ in "" } == [])
  }

  @Test(arguments: [
    ("abc\"", "https://h/d/abc%22"),
    ("a b ", "https://h/d/a b%20"),
    (" a", "https://h/d/ a"),
    ("\u{7F}\u{1B}[31m", "https://h/d/%7F%1B[31m"),
    ("{$v}%41é", "https://h/d/{$v}%41é"),
  ])
  func percentEncoding(reference: String, expected: String) {
    #expect(
      PercentEncoding.encodingUnsafeBytes(URIResolver.resolve(reference, against: base))
        == expected)
  }

  @Test func percentEncodingEncodesEndSpaces() {
    #expect(PercentEncoding.encodingUnsafeBytes("  a b  ") == "%20%20a b%20%20")
    #expect(PercentEncoding.encodingUnsafeBytes("   ") == "%20%20%20")
    #expect(PercentEncoding.encodingUnsafeBytes("plain") == "plain")
  }

  @Test func canonicalFormKeepsARejectedDuration() throws {
    let playlist = try Playlist.parse(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF: 6,\na.ts\n#EXTINF:-1,\nb.ts\n"
        + "#EXTINF:6.50 ,t\nc.ts\n")
    let canonical = CanonicalWriter.write(playlist.source)
    #expect(
      String(decoding: canonical, as: UTF8.self)
        == "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF: 6,\na.ts\n#EXTINF:-1,\nb.ts\n"
        + "#EXTINF:6.5,t\nc.ts\n")
    let errors = { (p: Playlist) in p.diagnostics.filter { $0.severity == .error }.map(\.message) }
    #expect(
      errors(try Playlist.parse(canonical)) == [
        "EXTINF duration must be a non-negative decimal number, got ' 6'",
        "EXTINF duration must be a non-negative decimal number, got '-1'",
      ])
    #expect(errors(try Playlist.parse(canonical)) == errors(playlist))
  }

  @Test func canonicalFormKeepsTheCaseOfVariableNames() throws {
    let playlist = try Playlist.parse(
      """
      #EXTM3U
      #EXT-X-DEFINE:NAME="two",VALUE="2"
      #EXT-X-TARGETDURATION:6
      #EXT-X-KEY:URI="k{$two}",IV=0x{$two},METHOD=AES-128
      #EXT-X-KEY:METHOD=AES-128,URI="k",IV=0xab
      #EXTINF:6,
      s{$two}.ts

      """)
    #expect(
      String(decoding: CanonicalWriter.write(playlist.source), as: UTF8.self) == """
        #EXTM3U
        #EXT-X-DEFINE:NAME="two",VALUE="2"
        #EXT-X-TARGETDURATION:6
        #EXT-X-KEY:METHOD=AES-128,URI="k{$two}",IV=0x{$two}
        #EXT-X-KEY:METHOD=AES-128,URI="k",IV=0xAB
        #EXTINF:6,
        s{$two}.ts

        """)
  }

  @Test func canonicalFormKeepsRejectedNumbersRejected() throws {
    let playlist = try Playlist.parse(
      """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=5.0,RESOLUTION=+2x3,FRAME-RATE=+30,AVERAGE-BANDWIDTH=-0
      a.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=+5,AVERAGE-BANDWIDTH=07,RESOLUTION=02x03,FRAME-RATE=29.970
      b.m3u8
      #EXT-X-START:TIME-OFFSET=-5.000

      """)
    let canonical = CanonicalWriter.write(playlist.source)
    #expect(
      String(decoding: canonical, as: UTF8.self) == """
        #EXTM3U
        #EXT-X-STREAM-INF:BANDWIDTH=5.0,AVERAGE-BANDWIDTH=-0,RESOLUTION=+2x3,FRAME-RATE=+30
        a.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=+5,AVERAGE-BANDWIDTH=7,RESOLUTION=2x3,FRAME-RATE=29.97
        b.m3u8
        #EXT-X-START:TIME-OFFSET=-5.0

        """)
    let messages = { (p: Playlist) in p.diagnostics.filter { $0.severity == .error }.map(\.message)
    }
    #expect(
      messages(try Playlist.parse(canonical)) == [
        "EXT-X-STREAM-INF: BANDWIDTH must be a decimal integer, got '5.0'",
        "EXT-X-STREAM-INF: AVERAGE-BANDWIDTH must be a decimal integer, got '-0'",
        "EXT-X-STREAM-INF: RESOLUTION must be a resolution WIDTHxHEIGHT, got '+2x3'",
        "EXT-X-STREAM-INF: BANDWIDTH must be a decimal integer, got '+5'",
      ])
    #expect(messages(playlist).count == 4)
  }

  /// fuzz-hls: a tag name that is not UTF-8 came out with each byte as U+FFFD (three bytes).
  @Test func canonicalFormCopiesBytesItDoesNotRewrite() throws {
    let input: [UInt8] =
      Array("#EXTM3U\n#EXT".utf8) + [0xFF, 0xFE] + Array("-X-FOO:a".utf8) + [0xFF]
      + Array("\n#EXT-X-KEY:URI=\"k".utf8) + [0xFF] + Array("\",METHOD=AES-128\n".utf8)
    let playlist = try Playlist.parse(input)
    #expect(CanonicalWriter.write(playlist.source) == input)
  }

  @Test func canonicalFormDoesNotQuoteAByteRangeHoldingAQuote() throws {
    let playlist = try Playlist.parse(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MAP:BYTERANGE=1\"2,URI=\"m\"\n"
        + "#EXT-X-MAP:URI=\"m\",BYTERANGE=10@0\n#EXTINF:6,\na.ts\n")
    #expect(
      String(decoding: CanonicalWriter.write(playlist.source), as: UTF8.self)
        == "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MAP:URI=\"m\",BYTERANGE=1\"2\n"
        + "#EXT-X-MAP:URI=\"m\",BYTERANGE=\"10@0\"\n#EXTINF:6,\na.ts\n")
  }

  @Test func aLineEditNeverAddsALine() throws {
    let source = try Playlist.parse("#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n").source
    let out = source.applying([
      .replace(line: 1, text: "#EXT-X-TARGETDURATION:6\n#EXT-X-ENDLIST"),
      .insert(before: 2, lines: ["a\r\nb"]),
    ])
    #expect(
      String(decoding: out, as: UTF8.self)
        == "#EXTM3U\r\n#EXT-X-TARGETDURATION:6%0A#EXT-X-ENDLIST\r\na%0D%0Ab\r\n")
  }

  @Test func aQuotedAttributeValueStaysOneAttribute() throws {
    var list = try #require(AttributeList(parsing: "A=1"))
    list.set("URI", to: "a\",B=\"x\nc\r", quoted: true)
    #expect(list.rendered == "A=1,URI=\"a%22,B=%22x%0Ac%0D\"")
    #expect(AttributeList(parsing: list.rendered)?.map(\.name) == ["A", "URI"])
  }

  // MARK: Property

  /// What a writer must keep of each line: its kind, its tag, and the names of its attributes
  /// (sorted: the canonical form reorders them), or that they did not parse.
  private struct LineShape: Hashable, CustomStringConvertible {
    var kind: PlaylistLine.Kind
    var tag: String?
    var attributes: [String]?
    var description: String { "\(kind) \(tag ?? "") \(attributes?.description ?? "-")" }
  }

  private func shape(_ playlist: Playlist, droppingBlanks: Bool) -> [LineShape] {
    let source = playlist.source
    return source.lines.compactMap { line in
      if droppingBlanks && line.kind == .blank { return nil }
      let attributes =
        [TagName.key, .map, .dateRange, .define].contains(line.tag)
        ? source.attributes(of: line).map { $0.map(\.name).sorted() } : nil
      return LineShape(
        kind: line.kind, tag: line.kind == .tag ? source.tagName(of: line) : nil,
        attributes: attributes)
    }
  }

  private func errors(_ playlist: Playlist) -> Int {
    playlist.diagnostics.filter { $0.severity == .error }.count
  }

  private func segmentCount(_ playlist: Playlist) -> Int {
    playlist.media?.segments.count ?? playlist.multivariant?.allVariants.count ?? -1
  }

  /// A value built from bytes that break line-based and attribute syntax.
  private func hostile(_ rng: inout PropertyTests.SplitMix) -> String {
    let alphabet = ["\r", "\n", "\t", "\"", ",", "\u{0}", " ", "#", "a", "/", "%", "=", "{$v}"]
    return (0..<Int.random(in: 1...6, using: &rng)).map { _ in
      alphabet.randomElement(using: &rng) ?? "a"
    }.joined()
  }

  /// A number in a spelling the parser may reject (`+5`, `-0`, `5.`, `.5`, `1x2`).
  private func number(_ rng: inout PropertyTests.SplitMix) -> String {
    let alphabet = ["+", "-", ".", "0", "5", "x", "e", "{$v}"]
    return (0..<Int.random(in: 1...4, using: &rng)).map { _ in
      alphabet.randomElement(using: &rng) ?? "5"
    }.joined()
  }

  /// Generated playlists with hostile bytes in URIs, quoted and unquoted values and numbers: the
  /// canonical form and the resolved playlist read back with the same lines, tags, attribute
  /// names, segments and number of errors.
  @Test(arguments: 0..<200)
  func hostileValuesDoNotChangeTheStructure(seed: Int) throws {
    var rng = PropertyTests.SplitMix(state: UInt64(seed))
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-DEFINE:NAME=\"v\",VALUE=\"x\"\n"
    for _ in 0..<Int.random(in: 1...8, using: &rng) {
      switch Int.random(in: 0..<7, using: &rng) {
      case 0: text += "#EXT-X-KEY:METHOD=AES-128,URI=\"\(hostile(&rng))\",IV=0x1f\n"
      case 1: text += "#EXT-X-MAP:URI=\(hostile(&rng)),BYTERANGE=\(hostile(&rng))\n"
      case 2:
        text +=
          "#EXT-X-DATERANGE:ID=\"\(hostile(&rng))\",START-DATE=\"2024-01-01T00:00:00Z\","
          + "X-ASSET-URI=\(hostile(&rng))\n"
      case 3: text += "#EXTINF:\(hostile(&rng)),\(hostile(&rng))\n"
      case 4: text += "#EXT-X-KEY:IV=0x\(hostile(&rng)),METHOD=AES-128,URI=\"k\"\n"
      case 5:
        text +=
          "#EXT-X-DATERANGE:ID=\"d\",START-DATE=\"2024-01-01T00:00:00Z\",DURATION=\(number(&rng))\n"
          + "#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"p\",BYTERANGE-START=\(number(&rng))\n"
      default: break
      }
      text += "#EXTINF:6,\n\(hostile(&rng))\n"
    }
    let playlist = try Playlist.parse(text)

    let canonical = try Playlist.parse(CanonicalWriter.write(playlist.source))
    #expect(
      shape(canonical, droppingBlanks: true) == shape(playlist, droppingBlanks: true),
      "canonical form of \(text.debugDescription)")
    #expect(segmentCount(canonical) == segmentCount(playlist))
    #expect(errors(canonical) == errors(playlist), "errors in \(text.debugDescription)")

    let resolved = try playlist.resolvingURIs(against: "https://h/d\"/x.m3u8?q=\t")
    #expect(
      shape(resolved, droppingBlanks: false) == shape(playlist, droppingBlanks: false),
      "resolved form of \(text.debugDescription)")
    #expect(segmentCount(resolved) == segmentCount(playlist))
    #expect(errors(resolved) == errors(playlist), "errors in \(text.debugDescription)")
  }
}
