import Testing

extension HostileInputTests {
  /// Finding 8: paths that were quadratic in a count the input controls. Each size here would
  /// take minutes on a quadratic path and takes a few seconds at most in a debug build on a linear one.
  @Suite struct QuadraticPaths {
    /// The line that sums up the diagnostics of one kind past `warnings-per-kind`.
    nonisolated(unsafe) static let summary =
      #/^<stdin>: warning: \d+ more warnings like this \[ttml.imsc.layout\]$/#

    @Test("8: audit with 10,000 EXT-X-DATERANGE tags of one ID")
    func sameIDDateRanges() throws {
      let input = Array(Hostile.sameIDDateRanges(count: 10_000).utf8)
      let result = try run("m3u8-tool", ["audit"], stdin: .bytes(input))
      expectExit(result, 1, rssBelow: 512)
      #expect(result.stdoutCount < 16 << 20)
    }

    @Test(
      "8: one tag with 10,000 copies of an X- attribute",
      arguments: [["audit"], ["dump", "--json"]])
    func duplicateClientAttributes(command: [String]) throws {
      let input = Array(Hostile.duplicateClientAttributes(count: 10_000).utf8)
      let result = try run("m3u8-tool", command, stdin: .bytes(input))
      expectExit(result, command == ["audit"] ? 1 : 0, rssBelow: 512)
    }

    @Test("8: audit of a multivariant playlist with 10,000 rendition groups")
    func renditionGroups() throws {
      let input = Array(Hostile.renditionGroups(count: 10_000).utf8)
      let result = try run("m3u8-tool", ["audit"], stdin: .bytes(input))
      expectExit(result, 0, rssBelow: 512)
      #expect(result.stdoutCount == 0, "\(result.out.prefix(400))")
    }

    @Test(
      "8: 5,000 SCTE35-OUT ranges that are never closed",
      arguments: [["audit"], ["ads", "--format", "json"]])
    func unclosedSCTE35Outs(command: [String]) throws {
      let input = Array(Hostile.unclosedSCTE35Outs(count: 5_000).utf8)
      let result = try run("m3u8-tool", command, stdin: .bytes(input))
      expectExit(result, command == ["audit"] ? 1 : 0, rssBelow: 512)
    }

    @Test(
      "8: one ad break with 20,000 tracking beacons",
      arguments: [["audit"], ["ads", "--format", "json"]])
    func beaconsInOneBreak(command: [String]) throws {
      let input = Array(Hostile.beaconsInOneBreak(count: 20_000).utf8)
      let result = try run("m3u8-tool", command, stdin: .bytes(input))
      expectExit(result, 0, rssBelow: 512)
      if command != ["audit"], result.status == 0 {
        let breaks = JSON.array("breaks", in: result.stdout)
        #expect(breaks.count == 1)
        #expect((breaks.first?["beacons"] as? [Any])?.count == 20_000)
      }
    }

    @Test(
      "8: IMSC image conversion with 5,000 overlapping regions caps its warnings per kind",
      arguments: [1000, 10])
    func overlappingImageRegions(limit: Int) throws {
      let input = Array(Hostile.overlappingImageRegions(count: 5_000).utf8)
      let result = try run(
        "subtitle-tool", ["convert", "--to", "ttml", "--limit", "warnings-per-kind=\(limit)"],
        stdin: .bytes(input))
      expectExit(result, 0, rssBelow: 512)
      let lines = Text.lines(result.err)
      let overlaps = lines.filter { $0.contains("overlapping regions") }
      let summaries = lines.filter { $0.prefixMatch(of: Self.summary) != nil }
      if limit < 100 {
        #expect(overlaps.count == limit, "\(result.summary)")
        #expect(summaries.count == 1, "\(result.summary)")
      } else {
        #expect(overlaps.count <= limit, "\(result.summary)")
      }
      #expect(lines.count <= 2 * (limit + 1), "\(result.summary)")
      expectWellFormedDiagnostics(result)
    }

    @Test("8: an XML element with 200,000 attributes stops at the attribute limit")
    func xmlAttributes() throws {
      let input = Array(Hostile.xmlElementWithAttributes(count: 200_000).utf8)
      let result = try run("subtitle-tool", ["dump", "--json"], stdin: .bytes(input))
      expectExit(result, 2, rssBelow: 256)
      #expect(
        result.firstErrLine.hasSuffix(
          "error: an element has more than 1000 attributes (limit xml-attributes=1000) "
            + "[limit.xml-attributes]"), "\(result.summary)")
      #expect(result.firstErrLine.hasPrefix("<stdin>:1:"), "\(result.summary)")
    }
  }
}
