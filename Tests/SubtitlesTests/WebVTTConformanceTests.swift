import ManifestCore
import Testing

@testable import Subtitles

/// Cases where a corpus run against the W3C WebVTT parsing rules (§6.1–§6.3) found us
/// disagreeing with the spec; each fixture is the smallest file showing the case.
@Suite struct WebVTTConformanceTests {
  private func settings(_ text: String) -> WebVTTCueSettings { WebVTTCueSettings(text) }

  /// §6.1: the parser replaces U+0000 with U+FFFD; the file was rejected as UTF-16 before.
  @Test func nulCharactersReadAsReplacementCharacters() throws {
    let input: [UInt8] =
      Array("WEBVTT\n\n".utf8) + [0x00] + Array(" id\n00:01.000 --> 00:02.000 align:end ".utf8)
      + [0x00] + Array("\nA".utf8) + [0x00] + Array("B\n".utf8)
    let document = try WebVTTReader.read(input)
    #expect(document.cues.count == 1)
    let cue = try #require(document.cues.first)
    #expect(cue.identifier == "\u{FFFD} id")
    #expect(cue.plainText == "A\u{FFFD}B")
    #expect(cue.settings == "align:end \u{FFFD}")
    #expect(settings(cue.settings ?? "").align == "end")
    #expect(settings(cue.settings ?? "").ignored == ["\u{FFFD}"])
  }

  /// A NUL in the first two bytes still means UTF-16 without a byte-order mark.
  @Test func leadingNulIsStillAnEncodingError() {
    let utf16: [UInt8] = [0x57, 0x00, 0x45, 0x00, 0x42, 0x00]
    let error = #expect(throws: ParseError.self) {
      try WebVTTReader.read(utf16, encoding: .unicode)
    }
    #expect(error?.code == "subtitle.encoding.not-utf8")
    #expect(error?.location == SourceLocation(line: 1, column: 2, offset: 1))
  }

  /// §6.3 `line`: any real number (fractions, more digits than an `Int` holds, `-0`).
  @Test func lineNumbersAreRealNumbers() {
    for value in ["1.5", "-0", "18446744073709552000", "10000000000000000000000000000000000"] {
      #expect(settings("line:\(value)").line == value)
    }
    #expect(settings("line:1.5").placement == CuePlacement(vertical: .top))
    #expect(settings("line:-2.5").placement == CuePlacement())
  }

  /// §6.3 `line`: malformed numbers and percentages leave the line at its default.
  @Test func malformedLineValuesAreIgnored() {
    for value in ["5.", ".5", "1..5", "-", "1-", "--1", "+1", "1e2", "0x10", "-0%", "101%", "1%%"] {
      let parsed = settings("line:\(value)")
      #expect(parsed.line == nil, "line:\(value)")
      #expect(parsed.ignored == ["line:\(value)"])
    }
  }

  /// §6.3: an unknown line or position alignment is ignored, the number is still applied.
  @Test func unknownAlignmentAfterCommaKeepsTheNumber() {
    #expect(settings("line:100%,middle").line == "100%,middle")
    #expect(settings("line:100%,middle").placement == CuePlacement())
    #expect(settings("position:1%,middle").position == "1%,middle")
    #expect(settings("position:1%,").position == "1%,")
    #expect(settings("position:101%,center").position == nil)
  }

  /// §6.3 "parse a percentage string": digits, an optional fraction with digits on both sides of
  /// the full stop, 0…100; Swift's `Double` syntax (exponents, hex, `inf`) is not accepted.
  @Test func percentagesFollowTheWebVTTGrammar() {
    #expect(settings("size:1.5%").size == "1.5%")
    #expect(settings("size:00%").size == "00%")
    #expect(settings("size:100.0%").size == "100.0%")
    for value in ["1e1%", "0x10%", ".5%", "5.%", "+5%", "inf%", "nan%", "100.5%", "%"] {
      #expect(settings("size:\(value)").size == nil, "size:\(value)")
      #expect(settings("position:\(value)").position == nil, "position:\(value)")
    }
  }

  /// §6.3 `align`: `middle` was renamed `center`; it is now an unknown value, so an earlier
  /// valid `align` stays.
  @Test func alignMiddleIsNotAValue() {
    let parsed = settings("align:end align:middle")
    #expect(parsed.align == "end")
    #expect(parsed.ignored == ["align:middle"])
  }

  /// §6.3: settings are split on ASCII whitespace, form feed included.
  @Test func formFeedSeparatesSettings() {
    let parsed = settings("align:end\u{0C}size:50%")
    #expect(parsed.align == "end")
    #expect(parsed.size == "50%")
  }
}
