import ManifestCore
import Testing

@Suite struct LineScannerTests {
  private func lines(_ text: String) -> [(String, LineTerminator, Int)] {
    let bytes = Array(text.utf8)
    return LineScanner(bytes).map { (ASCII.string(bytes, $0.range), $0.terminator, $0.number) }
  }

  @Test func splitsLFCRLFAndCROnlyEndingsMixedInOneInput() {
    let result = lines("#EXTM3U\r\n#EXT-X-VERSION:3\nseg.ts\rlast")
    #expect(result.map(\.0) == ["#EXTM3U", "#EXT-X-VERSION:3", "seg.ts", "last"])
    #expect(result.map(\.1) == [.crlf, .lf, .cr, .none])
    #expect(result.map(\.2) == [1, 2, 3, 4])
  }

  @Test func finalNewlineGivesNoEmptyLastLineButBlankLinesAreKept() {
    let result = lines("a\n\n\nb\n")
    #expect(result.map(\.0) == ["a", "", "", "b"])
    #expect(result.last?.1 == .lf)
  }

  @Test func skipsUTF8ByteOrderMarkAndReportsIt() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("#EXTM3U\n".utf8)
    var scanner = LineScanner(bytes)
    #expect(scanner.hasByteOrderMark)
    let first = scanner.next()
    #expect(first?.start == 3)
    #expect(first?.startLocation == SourceLocation(line: 1, column: 1, offset: 3))
  }

  @Test func emptyInputHasNoLines() {
    #expect(lines("").isEmpty)
  }

  @Test func crlfAtVeryEndAndLoneCR() {
    #expect(lines("x\r\n").map(\.1) == [.crlf])
    #expect(lines("\r").map(\.0) == [""])
    #expect(lines("\r").map(\.1) == [.cr])
  }

  @Test func concatenatingLinesAndTerminatorsRebuildsInputByteForByte() {
    let inputs = ["a\r\nb\rc\n\n", "no newline", "\n\r\n\r", "x\ry\r\nz"]
    for input in inputs {
      let bytes = Array(input.utf8)
      var rebuilt = [UInt8]()
      for line in LineScanner(bytes) {
        rebuilt += bytes[line.range]
        rebuilt += line.terminator.bytes
      }
      #expect(rebuilt == bytes, "input \(input.debugDescription)")
    }
  }
}
