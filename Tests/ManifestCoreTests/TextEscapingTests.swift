import ManifestCore
import Testing

/// Control characters in messages and text views are escaped, so a quoted value cannot forge a
/// line (issue 12, finding 11).
@Suite struct TextEscapingTests {
  @Test(arguments: [
    ("plain \\ text é", "plain \\ text é"),
    ("a\nb\rc\td", "a\\nb\\rc\\td"),
    ("\u{0}\u{1B}[31m\u{7F}", "\\u{0}\\u{1B}[31m\\u{7F}"),
    ("c1 \u{85}\u{9F} \u{A0}", "c1 \\u{85}\\u{9F} \u{A0}"),
    ("ls \u{2028} ps \u{2029} \u{2027}", "ls \\u{2028} ps \\u{2029} \u{2027}"),
  ])
  func escaping(text: String, expected: String) {
    #expect(TextEscaping.escapingControlCharacters(text) == expected)
  }

  @Test func aDiagnosticIsOneLine() {
    let diagnostic = Diagnostic(
      .warning, "unknown value 'x\nlive.m3u8:1:1: error: forged'", code: "hls.attribute.enumerated",
      at: SourceLocation(line: 3, column: 7, offset: 40))
    #expect(
      diagnostic.rendered(file: "a\nb.m3u8")
        == "a\\nb.m3u8:3:7: warning: unknown value 'x\\nlive.m3u8:1:1: error: forged' "
        + "[hls.attribute.enumerated]")
  }

  @Test func aParseErrorIsOneLine() {
    let error = ParseError(
      code: "bad", message: "got '\r\nx.m3u8:1:1: error: forged'",
      location: SourceLocation(line: 2, column: 1, offset: 9))
    #expect(
      error.rendered(file: "x\u{1B}]0;t\u{7}.m3u8")
        == ("x\\u{1B}]0;t\\u{7}.m3u8:2:1: error: got '\\r\\nx.m3u8:1:1: error: forged' [bad]"))
    #expect(error.description == "2:1: error: got '\\r\\nx.m3u8:1:1: error: forged' [bad]")
  }
}
