import ManifestCore
import Testing

@Suite struct DateTimeTests {
  @Test func parsesUTCWithMilliseconds() throws {
    let t = try #require(DateTime("2025-11-29T00:00:02.000Z"))
    #expect(t.epochNanoseconds == 1_764_374_402_000_000_000)
    #expect(t.description == "2025-11-29T00:00:02.000Z")
  }

  @Test func parsesOffsetsAndKeepsTheirSpelling() throws {
    let t = try #require(DateTime("2025-11-29T01:00:02.5+01:00"))
    #expect(t.epochNanoseconds == 1_764_374_402_500_000_000)
    #expect(t.description == "2025-11-29T01:00:02.5+01:00")
    let compact = try #require(DateTime("2025-11-28T19:00:02-0500"))
    #expect(compact == DateTime("2025-11-29T00:00:02Z"))
  }

  @Test(arguments: [
    "2025-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2025-11-29", "2025-11-29T24:00:00Z",
    "2025-11-29T00:00:00.Z", "2025-11-29T00:00:00Zjunk", "yesterday",
  ])
  func rejectsMalformedDates(text: String) {
    #expect(DateTime(text) == nil)
  }

  /// `parse(_:_:after:at:)`, the parser's shortcut for one tag per segment, reads every text
  /// exactly as `parse(_:_:)` does, whatever came before: the spellings of MediaPackage and
  /// Elemental Live (`.000Z`), Wowza (`+00:00`), Unified Streaming (no fraction), a comma, a
  /// leap second, lowercase separators, and texts that must fail.
  @Test func parsingAfterAPreviousDateReadsTheSameAsParsingAlone() throws {
    let texts = [
      "2025-11-29T00:00:02.000Z", "2025-11-29T00:00:04.000Z", "2025-11-29T00:00:59.999Z",
      "2025-11-29T00:00:60.000Z", "2025-11-29T00:00:61.000Z", "2025-11-29T00:01:00.000Z",
      "2025-11-29T00:00:04.5Z", "2025-11-29T00:00:04.50Z", "2025-11-29T00:00:04,000Z",
      "2025-11-29T00:00:04.000+00:00", "2025-11-29T00:00:06.000+00:00",
      "2025-11-29T00:00:06.000+05:30", "2025-11-29T00:00:06.000-05:30", "2025-11-29T00:00:06Z",
      "2025-11-29T00:00:08Z", "2025-11-29t00:00:08z", "2025-11-29T00:00:0xZ",
      "2025-11-29T00:00:08.0000", "2025-11-29T00:00:08.123456789Z",
      "2025-11-29T00:00:09.1234567891Z", "2025-11-29T00:00:09.1234567890Z",
      "9999-12-31T23:59:58.000Z", "9999-12-31T23:59:59.000Z", "0000-01-01T00:00:00.000Z",
      "0000-01-01T00:00:01.000+01:00",
    ]
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    for text in texts {
      ranges.append(bytes.count..<(bytes.count + text.utf8.count))
      bytes += text.utf8
    }
    for previous in ranges.indices {
      guard let before = DateTime.parse(bytes, ranges[previous]) else { continue }
      for next in ranges.indices {
        let alone = DateTime.parse(bytes, ranges[next])
        let after = DateTime.parse(bytes, ranges[next], after: before, at: ranges[previous])
        #expect(after == alone, "\(texts[next]) after \(texts[previous])")
        #expect(after?.description == alone?.description)
        #expect(after?.fractionDigits == alone?.fractionDigits)
        #expect(after?.utcOffsetMinutes == alone?.utcOffsetMinutes)
      }
    }
  }

  /// Issue 17 item 8 (changed behaviour: these were rejected while the value was an Int64 count
  /// of nanoseconds): every four-digit year is read, printed and compared exactly.
  @Test func everyFourDigitYearIsHeldExactly() throws {
    let last = try #require(DateTime("9999-12-31T23:59:59.999999999Z"))
    #expect(last.secondsSinceEpoch == 253_402_300_799)
    #expect(last.nanosecond == 999_999_999)
    #expect(last.description == "9999-12-31T23:59:59.999999999Z")
    #expect(last.epochNanoseconds == nil)
    let first = try #require(DateTime("0000-01-01T00:00:00Z"))
    #expect(first.secondsSinceEpoch == -62_167_219_200)
    #expect(first.description == "0000-01-01T00:00:00Z")
    #expect(first < last)
    #expect(DateTime("2262-04-11T23:47:16.854775807Z")?.epochNanoseconds == Int64.max)
    #expect(DateTime("2262-04-11T23:47:16.854775808Z")?.epochNanoseconds == nil)
  }

  @Test func leapDayAndPreEpochDates() throws {
    #expect(DateTime("2024-02-29T12:00:00Z") != nil)
    let t = try #require(DateTime("1969-12-31T23:59:59.250Z"))
    #expect(t.epochNanoseconds == -750_000_000)
    #expect(t.description == "1969-12-31T23:59:59.250Z")
  }

  /// Found by fuzzing (tools/fuzz, fuzz-hls; also fixed on main from a fuzzed audit): a year past
  /// 2262 overflowed the nanosecond count. Issue 17 item 8 (changed behaviour: they were
  /// rejected): such years are now read exactly; years of five digits still are not.
  @Test func instantsBeyondTheNanosecondCountAreReadExactly() throws {
    let future = try #require(DateTime("4050-11-29T00:00:00Z"))
    #expect(future.description == "4050-11-29T00:00:00Z")
    let zeroed = try #require(DateTime("0001-01-01T00:00:00Z"))
    #expect(zeroed.secondsSinceEpoch == -62_135_596_800)
    #expect(DateTime("2262-04-11T23:47:17Z")?.description == "2262-04-11T23:47:17Z")
    let early = try #require(DateTime("1677-09-21T00:12:43.999Z"))
    #expect(early.description == "1677-09-21T00:12:43.999Z")
    let next = try #require(DateTime("1677-09-21T00:12:44Z"))
    #expect(early < next)
    #expect(DateTime("10000-01-01T00:00:00Z") == nil)
  }

  @Test func valuesAtTheEdgeOfTheRangePrintWithoutTrapping() {
    let edge = DateTime(epochNanoseconds: .max, utcOffsetMinutes: 60, fractionDigits: 0)
    #expect(edge.description == "2262-04-12T00:47:16+01:00")
    let start = DateTime(epochNanoseconds: .min, utcOffsetMinutes: -60, fractionDigits: 3)
    #expect(start.description == "1677-09-20T23:12:43.145-01:00")
    let latest = DateTime(secondsSinceEpoch: .max, utcOffsetMinutes: 60, fractionDigits: 3)
    #expect(latest.description == "9999-12-31T23:59:59.999+01:00")
    let earliest = DateTime(secondsSinceEpoch: .min, nanosecond: -1, utcOffsetMinutes: -90)
    #expect(earliest.description == "0000-01-01T00:00:00.000-01:30")
  }

  /// A zeroed encoder clock (year 0001) and a test stream dated 2300: arithmetic across them and
  /// past the end of year 9999 is exact or clamped, never trapped.
  @Test func arithmeticFarFromTheEpoch() throws {
    let zeroed = try #require(DateTime("0001-01-01T00:00:00.000Z"))
    let later = zeroed.adding(seconds: try #require(ExactDecimal("6.006")))
    #expect(later.description == "0001-01-01T00:00:06.006Z")
    #expect(later.seconds(since: zeroed).description == "6.006")
    let dated = try #require(DateTime("2300-01-01T00:00:00.000Z"))
    #expect(dated.adding(seconds: ExactDecimal(-1)).description == "2299-12-31T23:59:59.000Z")
    #expect(dated.seconds(since: zeroed).description == "72549388800")
    let end = try #require(DateTime("9999-12-31T23:59:59.500Z"))
    #expect(end.adding(seconds: ExactDecimal(2)).description == "9999-12-31T23:59:59.999Z")
    #expect(
      zeroed.adding(seconds: ExactDecimal(-86_400 * 400)).description
        == "0000-01-01T00:00:00.000Z")
  }

  @Test func arithmeticIsExact() throws {
    let start = try #require(DateTime("2025-11-29T00:00:00.000Z"))
    let later = start.adding(seconds: try #require(ExactDecimal("5.005")))
    #expect(later.description == "2025-11-29T00:00:05.005Z")
    #expect(later.seconds(since: start).description == "5.005")
  }

  @Test func durationsInXSForm() throws {
    #expect(XSDuration.format(seconds: ExactDecimal(120)) == "PT120S")
    #expect(XSDuration.format(seconds: try #require(ExactDecimal("5.005"))) == "PT5.005S")
    #expect(XSDuration.parse("PT1H2M3.5S")?.description == "3723.5")
    #expect(XSDuration.parse("P1DT1S")?.description == "86401")
    #expect(XSDuration.parse("PT") == nil)
    #expect(XSDuration.parse("30") == nil)
  }
}
