import ManifestCore
import Testing

@testable import Subtitles

@Suite struct WebVTTReaderTests {
  private func read(_ text: String) throws(ParseError) -> SubtitleDocument {
    try WebVTTReader.read(text.bytes)
  }

  @Test func headerIdentifiersSettingsAndPayloadMarkup() throws {
    let document = try read(
      """
      WEBVTT - Episode 1
      Kind: captions
      Language: en

      intro
      00:01.000 --> 00:00:04.250 line:0 align:start region:top
      <v Roger Bingham>We are in New York City</v>
      &lt;music&gt;

      00:00:05.000 --> 00:00:06.000
      Second
      """)
    #expect(document.headerText == " - Episode 1")
    #expect(document.headerLines == ["Kind: captions", "Language: en"])
    #expect(document.language == "en")
    #expect(document.cues.count == 2)
    let first = document.cues[0]
    #expect(first.identifier == "intro")
    #expect(first.start == SubtitleTime(milliseconds: 1000))
    #expect(first.end == SubtitleTime(milliseconds: 4250))
    #expect(first.settings == "line:0 align:start region:top")
    #expect(first.region == "top")
    #expect(first.placement == CuePlacement(vertical: .top, horizontal: .start))
    #expect(first.line == 6)
    #expect(first.plainText == "We are in New York City\n<music>")
    #expect(
      first.text?.nodes == [
        .span(CueSpan(.voice("Roger Bingham"), children: [.text("We are in New York City")])),
        .lineBreak, .text("<music>"),
      ])
    #expect(document.cues[1].identifier == nil)
    #expect(document.cues[1].plainText == "Second")
  }

  @Test func signatureVariantsAndRejection() throws {
    #expect(try read("WEBVTT FILE\n\n00:00.000 --> 00:01.000\nx\n").headerText == " FILE")
    #expect(try read("\u{FEFF}WEBVTT\n").cues.isEmpty)
    #expect(try read("WEBVTT\t\n").headerText == "\t")
    #expect(throws: ParseError.self) { try read("WEBVTTX\n") }
    do {
      _ = try read("1\n00:00:01,000 --> 00:00:02,000\nHi\n")
      Issue.record("SRT read as WebVTT")
    } catch {
      #expect(error.code == "vtt.signature.missing")
      #expect(
        error.message
          == "not a WebVTT file: the first line must be 'WEBVTT' (optionally followed by a space "
          + "or tab and text)")
    }
  }

  @Test func timestampRulesFollowTheParser() throws {
    #expect(WebVTTTimestamp.parse("00:01.000") == SubtitleTime(milliseconds: 1000))
    #expect(WebVTTTimestamp.parse("1:00:00.000") == SubtitleTime(seconds: 3600))
    #expect(WebVTTTimestamp.parse("100:00:00.001") == SubtitleTime(milliseconds: 360_000_001))
    #expect(WebVTTTimestamp.parse("60:00.000") == nil)  // 60 is hours: needs ":ss"
    #expect(WebVTTTimestamp.parse("00:60.000") == nil)
    #expect(WebVTTTimestamp.parse("00:00:01.00") == nil)
    #expect(WebVTTTimestamp.parse("00:00:01.0000") == nil)
    #expect(WebVTTTimestamp.parse("00:00:01,000") == nil)
    #expect(WebVTTTimestamp.format(SubtitleTime(milliseconds: 360_000_001)) == "100:00:00.001")
  }

  @Test func blocksNotesStylesRegionsAndArrowRules() throws {
    let document = try read(
      """
      WEBVTT

      STYLE
      ::cue { color: yellow }

      REGION
      id:fred width:40%
      lines:3 regionanchor:0%,100%

      NOTE This file has
      two comment lines

      00:00.000 --> 00:01.000
      one
      00:00:02.000 --> 00:00:03.000
      two (no blank line: a new cue)

      bad timing
      00:00:0x.000 --> 00:00:04.000
      dropped

      NOTE tail
      """)
    #expect(document.styleSheets == ["::cue { color: yellow }"])
    #expect(document.regions.count == 1)
    #expect(document.regions[0].identifier == "fred")
    #expect(document.regions[0].value("lines") == "3")
    #expect(
      document.comments == [
        SubtitleComment(text: "This file has\ntwo comment lines", beforeCue: 0),
        SubtitleComment(text: "tail", beforeCue: 2),
      ])
    #expect(document.cues.map(\.plainText) == ["one", "two (no blank line: a new cue)"])
    #expect(document.cues[1].line == 15)
    #expect(
      document.diagnostics.map { $0.rendered(file: "x.vtt") } == [
        "x.vtt:19:1: warning: invalid cue timing line; the block is ignored [vtt.timing.invalid]"
      ])
  }

  @Test func styleAfterCueIsIgnoredWithWarning() throws {
    let document = try read("WEBVTT\n\n00:00.000 --> 00:01.000\na\n\nSTYLE\n::cue {}\n")
    #expect(document.styleSheets.isEmpty)
    #expect(
      document.diagnostics.map(\.message) == [
        "STYLE block after the first cue is ignored"
      ])
  }

  @Test func crlfAndCROnlyPayloadsBecomeNewlines() throws {
    let document = try read(
      "WEBVTT\r\n\r\n00:00.000 --> 00:01.000\r\na\r\nb\r\n\r\n00:02.000 --> 00:03.000\rc\rd\r")
    #expect(document.cues.map(\.plainText) == ["a\nb", "c\nd"])
  }

  @Test func markupNestingIsCappedSoHostileCuesCannotExhaustTheStack() throws {
    // 200,000 nested <b> overflowed the stack when the text was flattened; now start tags below
    // depth 100 are ignored, in WebVTT and in SRT alike.
    func depth(_ nodes: [CueNode]) -> Int {
      var deepest = 0
      var level = nodes
      while !level.isEmpty {
        deepest += 1
        level = level.flatMap { node -> [CueNode] in
          if case .span(let span) = node { return span.children }
          return []
        }
      }
      return deepest
    }
    let nested =
      String(repeating: "<b>", count: 5000) + "x" + String(repeating: "</b>", count: 5000)
    let vtt = try read("WEBVTT\n\n00:00.000 --> 00:01.000\n\(nested) y\n")
    let vttText = try #require(vtt.cues.first?.text)
    #expect(depth(vttText.nodes) == 101)
    #expect(vttText.plainText == "x y")
    let srt = try SRTReader.read(Array("1\n00:00:00,000 --> 00:00:01,000\n\(nested) y\n".utf8))
    let srtText = try #require(srt.cues.first?.text)
    #expect(depth(srtText.nodes) == 101)
    #expect(srtText.plainText == "x y")
  }

  @Test func timestampMapWrapsTimesNearTheInt64Limit() {
    // 102481911520608 s is 9223372036854720000 ticks of 90 kHz: adding the base PTS to that
    // overflowed Int64; the sum is taken modulo 2^33 instead.
    let map = WebVTTTimestampMap(mpegts: 8_589_934_591, local: .zero)
    #expect(
      map.presentationTimestamp(for: SubtitleTime(seconds: 102_481_911_520_608)) == 8_589_878_783)
    #expect(map.presentationTimestamp(for: SubtitleTime(seconds: -1)) == 8_589_844_591)
    // Unwrapping against any reference PTS: the nearest turn, or none when it is out of range
    // (Int64.min trapped on overflow; Int64.max looped a billion times first).
    let segment = WebVTTTimestampMap(mpegts: 900_000, local: .zero)
    let ten = SubtitleTime(seconds: 10)
    #expect(segment.mediaTime(for: .zero, nearPTS: .min) == ten)
    #expect(segment.mediaTime(for: .zero, nearPTS: .max) == ten)
    #expect(
      segment.mediaTime(for: .zero, nearPTS: 8_589_934_692)
        == SubtitleTime(numerator: 8_590_834_592, denominator: 90_000))
    #expect(segment.mediaTime(for: .zero, nearPTS: -4_294_067_296) == ten)
    #expect(
      segment.mediaTime(for: .zero, nearPTS: -4_294_067_297)
        == SubtitleTime(numerator: 900_000 - 8_589_934_592, denominator: 90_000))
  }

  @Test func hlsTimestampMapWithPTSWrap() throws {
    let document = try WebVTTReader.read(try Fixture.bytes("hls-segment-wrap.vtt"))
    let map = try #require(document.timestampMap)
    #expect(map.mpegts == 8_589_924_592)
    #expect(map.local == .zero)
    #expect(document.headerLines.isEmpty)
    let second = document.cues[1]
    // 2^33 - 10000 + 2.102 s × 90000 = 2^33 + 179180: wraps to 179180.
    #expect(map.presentationTimestamp(for: second.start) == 179_180)
    #expect(map.presentationTimestamp(for: document.cues[0].start) == 8_589_924_592)
    // Unwrapped against a reference PTS just before the wrap, the time keeps growing.
    let unwrapped = map.mediaTime(for: second.start, nearPTS: 8_589_900_000)
    #expect(unwrapped == SubtitleTime(numerator: 8_589_934_592 + 179_180, denominator: 90_000))
    // Against a reference after the wrap, the segment start maps just below zero.
    let early = map.mediaTime(for: .zero, nearPTS: 100)
    #expect(early == SubtitleTime(numerator: -10_000, denominator: 90_000))
    #expect(second.plainText == "The PTS wraps & we keep counting.")
    #expect(document.cues[0].plainText == "Previously on The Show…")
  }

  @Test func timestampMapOrderAndInvalidValues() throws {
    let map = WebVTTTimestampMap(headerValue: "LOCAL:00:00:10.000,MPEGTS:900000")
    #expect(map == WebVTTTimestampMap(mpegts: 900_000, local: SubtitleTime(seconds: 10)))
    #expect(WebVTTTimestampMap(headerValue: "MPEGTS:abc,LOCAL:00:00:00.000") == nil)
    let document = try read("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:1\n\n")
    #expect(document.timestampMap == nil)
    #expect(document.headerLines == ["X-TIMESTAMP-MAP=MPEGTS:1"])
    #expect(
      document.diagnostics.map(\.message) == [
        "invalid X-TIMESTAMP-MAP (expected MPEGTS:<ticks>,LOCAL:<timestamp>)"
      ])
  }

  @Test func utf16InputIsDecodedAndBadUTF8IsAnError() throws {
    var utf16le: [UInt8] = [0xFF, 0xFE]
    for unit in "WEBVTT\n\n00:00.000 --> 00:01.000\nÉté 🎬\n".utf16 {
      utf16le += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    #expect(try WebVTTReader.read(utf16le).cues.first?.plainText == "Été 🎬")
    var utf16be: [UInt8] = [0xFE, 0xFF]
    for unit in "WEBVTT\n\n00:00.000 --> 00:01.000\nÉté\n".utf16 {
      utf16be += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
    }
    #expect(try WebVTTReader.read(utf16be).cues.first?.plainText == "Été")
    let latin1: [UInt8] = Array("WEBVTT\n\n00:00.000 --> 00:01.000\n".utf8) + [0x45, 0x74, 0xE9]
    do {
      _ = try WebVTTReader.read(latin1, encoding: .unicode)
      Issue.record("Latin-1 accepted")
    } catch {
      #expect(
        error.rendered(file: "a.vtt")
          == "a.vtt:4:3: error: byte 0xE9 is not valid UTF-8; convert the file to UTF-8 "
          + "(for example: iconv -f WINDOWS-1252 -t UTF-8) [subtitle.encoding.not-utf8]")
    }
  }

  @Test func scannerGivesRawRangesForFastConsumers() throws {
    let text = "WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nsprites/a.jpg#xywh=0,0,160,90\n"
    var scanner = try WebVTTScanner(text.bytes)
    guard case .cue(let raw) = scanner.next() else {
      Issue.record("no cue")
      return
    }
    #expect(ASCII.string(scanner.bytes, raw.payload) == "sprites/a.jpg#xywh=0,0,160,90")
    #expect(raw.line == 3)
    #expect(raw.end == SubtitleTime(seconds: 5))
    #expect(raw.settings.isEmpty)
    #expect(scanner.next() == nil)
  }
}
