import Audit
import HLS
import ManifestCore
import SchemaTestSupport
import Testing

/// Values from a playlist (and file names) carrying `<`, `&`, `"`, `'`, `]]>`, line breaks and
/// control characters stay text in the HTML, SVG, SARIF and JUnit reports: each output parses
/// back, its structure is that of the same report without them, and the values read back as
/// written (control characters as their visible escapes in the markup formats).
@Suite struct HostileReportTests {
  static let hostileURI = #"<script>alert("x&y")</script>']]>&amp;\#u{1B}[31m\#u{7F}.ts"#

  /// A playlist repeating one segment URI (spec.duplicate-segment quotes it), a DATERANGE ad
  /// break whose ID carries markup, and a beacon URL with markup: the way a stitcher echoes
  /// ad-server values into a playlist.
  static func playlist(uri: String, id: String) -> String {
    """
    #EXTM3U
    #EXT-X-TARGETDURATION:6
    #EXT-X-PROGRAM-DATE-TIME:2026-12-01T10:00:00.000Z
    #EXTINF:6.000,
    \(uri)
    #EXT-X-DATERANGE:ID="\(id)",START-DATE="2026-12-01T10:00:06.000Z",DURATION=6.0,SCTE35-OUT=0xFC
    #EXTINF:6.000,
    \(uri)
    #EXT-X-ENDLIST

    """
  }

  static let extra = Finding(
    rule: "spec.syntax", severity: .error, message: "two\nlines\r\u{85}\u{2028}\u{0}]]><b x='1'>",
    location: SourceLocation(line: 2, column: 1, offset: 8))

  func reports(uri: String, id: String, file: String) throws -> (AuditReport, AuditedPlaylist) {
    let (report, audited) = try ReportFixture.audited(Self.playlist(uri: uri, id: id), name: file)
    var entries = report.entries
    entries[0].findings.append(Self.extra)
    return (AuditReport(entries: entries), audited)
  }

  func outputs(uri: String, id: String, file: String) throws -> [String: String] {
    let (report, audited) = try reports(uri: uri, id: id, file: file)
    let charts = report.timelineCharts([[audited]])
    return [
      "html": report.html(charts: charts), "svg": charts[0].svgDocument,
      "junit": report.junit(failOn: .info),
      "sarif": report.sarif(playlists: [audited], toolVersion: "0.1.0").jsonString(pretty: true),
    ]
  }

  static let hostileFile = "evil\n<b>&\"'.m3u8"
  static let hostileID = #"ad"/><script>x</script>"#

  @Test func markupKeepsItsStructure() throws {
    let hostile = try outputs(uri: Self.hostileURI, id: "ad&lt;", file: Self.hostileFile)
    let benign = try outputs(uri: "segment.ts", id: "ad-1", file: "plain.m3u8")
    for format in ["html", "svg", "junit"] {
      let h = try MarkupCheck.parse(hostile[format] ?? "")
      let b = try MarkupCheck.parse(benign[format] ?? "")
      #expect(MarkupCheck.structure(h) == MarkupCheck.structure(b), "\(format)")
      #expect(!MarkupCheck.structure(h).contains("<script"), "\(format)")
    }
  }

  @Test func valuesReadBackAsWrittenInHTMLAndSVG() throws {
    let out = try outputs(uri: Self.hostileURI, id: "ad&lt;", file: Self.hostileFile)
    let visible = TextEscaping.escapingControlCharacters(Self.hostileURI)
    #expect(visible == #"<script>alert("x&y")</script>']]>&amp;\u{1B}[31m\u{7F}.ts"#)
    for format in ["html", "svg"] {
      let events = try MarkupCheck.parse(out[format] ?? "")
      let titles = MarkupCheck.texts(of: "title", in: events)
      #expect(titles.contains { $0.hasSuffix("(6 s, line 5): " + visible) }, "\(format)")
      #expect(titles.contains { $0.hasPrefix("ad&lt;: ") }, "\(format)")
      #expect(
        titles.contains(
          #"line 2: error: two\nlines\r\u{85}\u{2028}\u{0}]]><b x='1'> [spec.syntax]"#),
        "\(format)")
    }
    let html = try MarkupCheck.parse(out["html"] ?? "")
    #expect(MarkupCheck.texts(of: "code", in: html).contains(#"evil\n<b>&"'.m3u8"#))
    #expect(MarkupCheck.texts(of: "figcaption", in: html) == [#"evil\n<b>&"'.m3u8"#])
  }

  @Test func sarifCarriesTheValuesExactly() throws {
    let (report, audited) = try reports(
      uri: Self.hostileURI, id: Self.hostileID, file: Self.hostileFile)
    let text = report.sarif(playlists: [audited], toolVersion: "0.1.0").jsonString(pretty: true)
    let log = try JSONValue.parse(text)
    #expect(try SARIFReportTests.schema.get().errors(log) == [])
    guard case .array(let runs)? = log["runs"], case .array(let results)? = runs.first?["results"]
    else {
      Issue.record("no results")
      return
    }
    let messages = results.compactMap { $0["message"]?["text"]?.stringValue }
    #expect(messages == report.findings.map(\.message))
    #expect(messages.contains { $0.contains(Self.hostileURI) })
    #expect(messages.last == Self.extra.message)
    let uri = results.first?["locations"].flatMap {
      if case .array(let all) = $0 {
        return all.first?["physicalLocation"]?["artifactLocation"]?["uri"]
      }
      return nil
    }
    #expect(uri == .string("evil%0A%3Cb%3E%26%22%27.m3u8"))
    // The raw text has no control character: JSON escapes them.
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func junitCarriesTheFindingsAsEscapedText() throws {
    let (report, _) = try reports(uri: Self.hostileURI, id: Self.hostileID, file: Self.hostileFile)
    let events = try MarkupCheck.parse(report.junit(failOn: .info))
    let failures = MarkupCheck.texts(of: "failure", in: events).joined(separator: "\n")
    #expect(failures.contains(TextEscaping.escapingControlCharacters(Self.hostileURI)))
    #expect(failures.contains(#"two\nlines\r\u{85}\u{2028}\u{0}]]><b x='1'>"#))
    #expect(
      events.contains {
        if case .start("testsuite", let a) = $0 { a["name"] == Self.hostileFile } else { false }
      })
  }
}
