import ManifestCore
import Subtitles
import TTML
import Testing

/// SRT and WebVTT files in the encodings real producers save them in (issue 17 item 1).
@Suite struct LegacyEncodingTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// Subtitle Edit saving "Western European (1252)", as old DVD rippers (SubRip, VobSub OCR)
  /// wrote every European file: CRLF, curly quotes and an ellipsis from 0x80–0x9F.
  @Test func windows1252FromSubtitleEditFallsBackWithOneWarning() throws {
    let input =
      bytes("1\r\n00:00:01,000 --> 00:00:02,500\r\nCaf") + [0xE9]
      + bytes(" ") + [0x93] + bytes("cr") + [0xE8] + bytes("me") + [0x94] + bytes(" ") + [0x85]
      + bytes("\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nNa") + [0xEF, 0x76, 0x65]
      + bytes(" ") + [0x80] + bytes("\r\n")
    let document = try SRTReader.read(input)
    #expect(document.cues.map(\.plainText) == ["Café “crème” …", "Naïve €"])
    #expect(document.cues.map(\.start) == [SubtitleTime(seconds: 1), SubtitleTime(seconds: 3)])
    #expect(document.diagnostics.count == 1)
    let warning = try #require(document.diagnostics.first)
    #expect(
      warning.rendered(file: "a.srt")
        == "a.srt:3:4: warning: byte 0xE9 is not valid UTF-8, so the file is read as "
        + "Windows-1252 (name its encoding if it is another) [subtitle.encoding.fallback]")
  }

  /// The WHATWG windows-1252 decoder maps the five bytes Windows leaves undefined to the C1
  /// controls of the same number; every other byte of 0x80–0x9F to its Windows character.
  @Test func windows1252HighTableFollowsWHATWG() throws {
    let input = bytes("1\n00:00:01,000 --> 00:00:02,000\n") + (0x80...0x9F).map { UInt8($0) }
    let text = try #require(try SRTReader.read(input).cues.first?.plainText)
    #expect(
      text.unicodeScalars.map(\.value) == [
        0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160,
        0x2039, 0x152, 0x8D, 0x17D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013,
        0x2014, 0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0x9D, 0x17E, 0x178,
      ])
  }

  /// A Chinese fansub group's bilingual SRT saved as GBK (Aegisub export, CRLF): read by name.
  @Test func gbkFansubSRTByName() throws {
    let input =
      bytes("1\r\n00:00:01,000 --> 00:00:03,000\r\n")
      + [0xC4, 0xE3, 0xBA, 0xC3, 0xA3, 0xAC, 0xCA, 0xC0, 0xBD, 0xE7]
      + bytes("\r\nHello, world\r\n\r\n2\r\n00:00:04,000 --> 00:00:05,000\r\n")
      + [0xD7, 0xD6, 0xC4, 0xBB, 0xD7, 0xE9] + bytes("\r\n")
    let document = try SRTReader.read(input, encoding: .named("GBK"))
    #expect(document.cues.map(\.plainText) == ["你好，世界\nHello, world", "字幕组"])
    #expect(document.diagnostics.isEmpty)
    #expect(try SubtitleDocument.read(input, encoding: .named("GB2312")).cues.count == 2)
  }

  /// Big5 from a Taiwanese subtitle site, Shift_JIS from a Japanese fansub (Windows CP932).
  @Test func big5AndShiftJISByName() throws {
    let big5 = bytes("1\n00:00:01,000 --> 00:00:02,000\n") + [0xB9, 0x71, 0xBC, 0x76, 0xA6, 0x72]
    #expect(try SRTReader.read(big5, encoding: .named("BIG5")).cues.first?.plainText == "電影字")
    let sjis =
      bytes("1\r\n00:00:01,000 --> 00:00:02,000\r\n")
      + [0x81, 0x75, 0x82, 0xA0, 0x82, 0xE8, 0x82, 0xAA, 0x82, 0xC6, 0x82, 0xA4, 0x81, 0x76]
      + bytes("\r\n")
    #expect(
      try SRTReader.read(sjis, encoding: .named("SHIFT_JIS")).cues.first?.plainText == "「ありがとう」")
    #expect(try SRTReader.read(sjis, encoding: .named("CP932")).cues.first?.plainText == "「ありがとう」")
  }

  /// A byte invalid in the named encoding is an error at its line and byte; an unknown name
  /// and iconv options are errors too.
  @Test func invalidBytesAndUnknownNamesAreErrors() {
    let input = bytes("1\n00:00:01,000 --> 00:00:02,000\n") + [0xC4, 0xE3, 0x81, 0x30]
    let error = #expect(throws: ParseError.self) {
      try SRTReader.read(input, encoding: .named("GBK"))
    }
    #expect(
      error?.rendered(file: "a.srt")
        == "a.srt:3:2: error: byte 0x81 is not valid GBK [subtitle.encoding.invalid]")
    #expect(error?.location.offset == 34)
    let cut = #expect(throws: ParseError.self) {
      try SRTReader.read(bytes("1\n") + [0xC4], encoding: .named("GBK"))
    }
    #expect(cut?.message == "the input ends inside a GBK character")
    for name in ["NO-SUCH-ENCODING", "UTF-8//IGNORE", ""] {
      let unknown = #expect(throws: ParseError.self) {
        try SRTReader.read(input, encoding: .named(name))
      }
      #expect(unknown?.code == "subtitle.encoding.unknown")
      #expect(!TextDecoding.isKnownEncoding(name))
    }
    #expect(TextDecoding.isKnownEncoding("WINDOWS-1252"))
  }

  /// Windows Notepad's "Unicode" (UTF-16LE with a byte-order mark, CRLF), and UTF-16 written
  /// without one by converters that take the platform byte order.
  @Test func utf16WithAndWithoutByteOrderMark() throws {
    let text = "1\r\n00:00:01,000 --> 00:00:02,000\r\nÉté 🎬\r\n"
    let le = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let be = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    for input in [[0xFF, 0xFE] + le, le, be] {
      let document = try SubtitleDocument.read(input)
      #expect(document.format == .srt)
      #expect(document.cues.map(\.plainText) == ["Été 🎬"])
      #expect(document.diagnostics.isEmpty)
    }
  }

  /// UTF-32 with a byte-order mark (LE: FF FE 00 00, which starts like the UTF-16LE mark; BE:
  /// 00 00 FE FF), as iconv -t UTF-32 and Python's 'utf-32' codec write it, and without one.
  @Test func utf32WithAndWithoutByteOrderMark() throws {
    let text = "WEBVTT\n\n00:01.000 --> 00:02.000\nÉté 🎬\n"
    let le = text.unicodeScalars.flatMap { scalar in
      (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> ($0 * 8)) }
    }
    let be = text.unicodeScalars.flatMap { scalar in
      (0..<4).reversed().map { UInt8(truncatingIfNeeded: scalar.value >> ($0 * 8)) }
    }
    for input in [[0xFF, 0xFE, 0, 0] + le, [0, 0, 0xFE, 0xFF] + be, le, be] {
      let document = try SubtitleDocument.read(input)
      #expect(document.format == .webVTT)
      #expect(document.cues.map(\.plainText) == ["Été 🎬"])
    }
    let bad = #expect(throws: ParseError.self) {
      try WebVTTReader.read([0xFF, 0xFE, 0, 0] + le + [0, 0xD8, 0, 0])
    }
    #expect(bad?.message == "0x0000D800 is not a Unicode scalar value")
    #expect(bad?.code == "subtitle.encoding.not-utf32")
  }

  /// WebVTT is UTF-8 only (W3C WebVTT §4.1); a Latin-1 file is still read, with the warning.
  @Test func webVTTFallbackWarnsToo() throws {
    let input = bytes("WEBVTT\n\n00:00.000 --> 00:01.000\n") + [0x45, 0x74, 0xE9]
    let document = try WebVTTReader.read(input)
    #expect(document.cues.first?.plainText == "Eté")
    #expect(document.diagnostics.map(\.code) == ["subtitle.encoding.fallback"])
    #expect(document.diagnostics.first?.location == SourceLocation(line: 4, column: 3, offset: 34))
  }

  /// TTML names its encoding in the XML declaration: an encoding named for it is an error.
  @Test func ttmlKeepsItsDeclaredEncoding() {
    let ttml = bytes(#"<?xml version="1.0"?><tt xmlns="http://www.w3.org/ns/ttml"/>"#)
    let error = #expect(throws: ParseError.self) {
      try SubtitleDocument.read(ttml, encoding: .named("LATIN1"))
    }
    #expect(error?.code == "subtitle.encoding.xml")
  }
}
