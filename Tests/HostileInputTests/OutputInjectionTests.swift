import Testing

extension HostileInputTests {
  /// Findings 9 to 12: values in an input that changed the structure of what a tool writes.
  @Suite struct OutputInjection {
    static let subtitleInputs: [(String, String)] = [
      ("ttml", Hostile.ttmlWithLineBreaksInValues), ("vtt", Hostile.webVTTWithEscapedMarkup),
      ("srt", Hostile.srtWithArrowsAndMarkup),
    ]

    @Test(
      "9: converting a subtitle document and reading it back gives the same cues and times",
      arguments: ["ttml", "vtt", "srt"], ["srt", "vtt", "ttml"])
    func subtitleRoundTrip(from: String, to: String) throws {
      let input = try #require(Self.subtitleInputs.first { $0.0 == from }).1
      let original = try #require(try CueTimes.read(Array(input.utf8)))
      #expect(original.times.count == 2)
      let converted = try run(
        "subtitle-tool", ["convert", "--from", from, "--to", to], stdin: .bytes(Array(input.utf8)))
      expectExit(converted, 0)
      let readBack = try CueTimes.read(converted.stdout)
      #expect(readBack == original, "\(converted.out.debugDescription)")
    }

    @Test(
      "10: resolve and canonical form keep a \" out of quoted attributes",
      arguments: [
        ["resolve", "--base", "https://h/d/"], ["format", "--canonical"],
      ])
    func quoteInUnquotedValues(command: [String]) throws {
      let input = Array(Hostile.quoteInUnquotedValues.utf8)
      let result = try run("m3u8-tool", command, stdin: .bytes(input))
      expectExit(result, 0)
      #expect(Text.tags(result.out).count == Text.tags(Hostile.quoteInUnquotedValues).count)
      let before = try run("m3u8-tool", ["dump", "--json"], stdin: .bytes(input))
      let after = try run("m3u8-tool", ["dump", "--json"], stdin: .bytes(result.stdout))
      expectExit(after, 0)
      #expect(Text.lines(after.err).count <= Text.lines(before.err).count, "\(after.err)")
      let segment = try #require(JSON.array("segments", in: after.stdout).first)
      #expect((segment["keys"] as? [Any])?.count == 1)
      #expect(segment["map"] is [String: Any])
      #expect(JSON.array("dateRanges", in: after.stdout).count == 1)
      #expect(!result.out.contains("\"\""), "\(result.out)")
    }

    @Test("10: canonical form keeps variable references as written")
    func variablesInCanonicalForm() throws {
      let input = Array(Hostile.variablesInNormalizedValues.utf8)
      let result = try run("m3u8-tool", ["format", "--canonical"], stdin: .bytes(input))
      expectExit(result, 0)
      #expect(result.out.contains("IV=0x{$iv}"), "\(result.out)")
      #expect(result.out.contains("URI=\"k{$two}\""), "\(result.out)")
      #expect(result.out.contains("\na{$two}.ts\n"), "\(result.out)")
    }

    @Test("10: canonical form keeps a rejected EXTINF rejected")
    func rejectedDurationsInCanonicalForm() throws {
      let input = Array(Hostile.rejectedDurations.utf8)
      let canonical = try run("m3u8-tool", ["format", "--canonical"], stdin: .bytes(input))
      expectExit(canonical, 0)
      let errors = { (r: ChildProcess.Result) in
        Text.lines(r.err).filter { $0.contains(": error: EXTINF duration") }.count
      }
      let before = try run("m3u8-tool", ["info"], stdin: .bytes(input))
      let after = try run("m3u8-tool", ["info"], stdin: .bytes(canonical.stdout))
      #expect(errors(before) == 6, "\(before.err)")
      #expect(errors(after) == errors(before), "\(canonical.out)\n\(after.err)")
    }

    @Test("10: a %0A in --base's query reaching QUERYPARAM adds no resource line")
    func queryParamFromBase() throws {
      let input = Array(Hostile.queryParamSegments.utf8)
      let result = try run(
        "m3u8-tool", ["urls", "--base", "https://h/p.m3u8?v=x%0Aforged.ts%09bytes=0-1%0D"],
        stdin: .bytes(input))
      expectExit(result, 0)
      let lines = Text.lines(result.out)
      #expect(lines.count == 2, "\(result.out.debugDescription)")
      #expect(!Text.hasControlCharacter(result.out), "\(result.out.debugDescription)")
      #expect(lines.allSatisfy { $0.hasPrefix("https://h/") })
    }

    @Test(
      "10: a TAB in a URI forges no byte-range column",
      arguments: [
        ["urls"], ["resolve", "--base", "https://h/d/"],
      ])
    func tabInURI(command: [String]) throws {
      let input = Array(Hostile.tabInSegmentURI.utf8)
      let result = try run("m3u8-tool", command, stdin: .bytes(input))
      expectExit(result, 0)
      #expect(!result.out.contains("\t"), "\(result.out.debugDescription)")
      #expect(result.out.contains("a.ts%09bytes=0-99"), "\(result.out.debugDescription)")
    }

    @Test(
      "10: a newline in --base or --template is refused",
      arguments: [
        ("m3u8-tool", ["resolve", "--base", "https://h/\n#EXT-X-ENDLIST\n"], "--base"),
        ("m3u8-tool", ["urls", "--base", "https://h/\r\nforged.ts"], "--base"),
        (
          "thumbnail-tool",
          [
            "generate", "--template", "s\n#EXT-X-ENDLIST\n~index~.jpg", "--columns", "2", "--rows",
            "2",
            "--interval", "5", "--width", "160", "--height", "90", "--duration", "60",
            "--format", "hls",
          ], "--template"
        ),
      ])
    func newlineInArguments(tool: String, command: [String], option: String) throws {
      let stdin =
        tool == "m3u8-tool"
        ? Hostile.relativeMediaPlaylist : Hostile.imagePlaylist(sheets: 1, columns: 2, rows: 2)
      let result = try run(tool, command, stdin: .bytes(Array(stdin.utf8)))
      expectExit(result, 2)
      #expect(result.stdoutCount == 0)
      #expect(result.errLines.count == 2, "\(result.summary)")
      #expect(result.errLines.last == "Run '\(tool) \(command[0]) --help' for usage.")
      #expect(
        result.firstErrLine.hasPrefix(
          "\(tool) \(command[0]): error: \(option) must not hold control characters"),
        "\(result.summary)")
    }

    @Test(
      "10: a newline in thumbnail-tool --base is percent-encoded",
      arguments: [["from-hls"], ["dump"], ["lookup", "--time", "30"]])
    func newlineInThumbnailBase(command: [String]) throws {
      let input = Array(Hostile.imagePlaylist(sheets: 1, columns: 2, rows: 2).utf8)
      let result = try run(
        "thumbnail-tool", command + ["--base", "https://h/\r\nforged.jpg\n\n"],
        stdin: .bytes(input))
      expectExit(result, 0)
      #expect(!Text.hasControlCharacter(result.out), "\(result.out.debugDescription)")
      #expect(!Text.lines(result.out).contains { $0.hasPrefix("forged") }, "\(result.out)")
      if command[0] != "lookup" {
        let readBack = try run("thumbnail-tool", ["dump", "--json"], stdin: .bytes(result.stdout))
        expectExit(readBack, 0)
        #expect(JSON.array("thumbnails", in: readBack.stdout).count == 4, "\(result.out)")
      } else {
        #expect(Text.lines(result.out).count == 1, "\(result.out)")
      }
    }

    @Test(
      "11: a line break in a value forges no diagnostic line",
      arguments: [
        ("subtitle-tool", ["validate"], Hostile.ttmlForgingDiagnostics, Int32(1)),
        ("subtitle-tool", ["dump", "--json"], Hostile.ttmlForgingDiagnostics, Int32(0)),
        ("scte35-tool", ["encode"], Hostile.scte35JSONForgingDiagnostics, Int32(2)),
      ])
    func forgedDiagnostics(tool: String, command: [String], input: String, status: Int32) throws {
      let result = try run(tool, command, stdin: .bytes(Array(input.utf8)))
      expectExit(result, status)
      #expect(!result.err.isEmpty)
      expectWellFormedDiagnostics(result)
    }

    @Test("11: a line break in a SCTE-35 string forges no field of decode --text")
    func forgedTextFields() throws {
      let encoded = try run(
        "scte35-tool", ["encode"], stdin: .bytes(Array(Hostile.scte35JSONWithForgedTextFields.utf8))
      )
      expectExit(encoded, 0)
      let payload = try #require(Text.lines(encoded.out).first)
      let result = try run("scte35-tool", ["decode", "--text", payload])
      expectExit(result, 0)
      let lines = Text.lines(result.out)
      #expect(!Text.hasControlCharacter(result.out), "\(result.out.debugDescription)")
      #expect(lines.filter { $0.hasPrefix("crc32:") }.count == 1, "\(result.out)")
      #expect(lines.filter { $0.hasPrefix("tier:") }.count == 1, "\(result.out)")
      let field = #/^( {2})*(- )?[A-Za-z0-9_]+:( |$)/#
      #expect(lines.filter { $0.prefixMatch(of: field) == nil } == [])
    }

    @Test(
      "11: libxml2's own messages come out as FILE:LINE:COL diagnostics",
      arguments: [
        Hostile.ttmlWithInvalidUTF8, Array(Hostile.ttmlWithUnknownEncoding.utf8),
        Hostile.ttmlWithUnconvertibleBytes, Hostile.ucs4WithUnconvertibleBytes,
      ])
    func libxml2Messages(input: [UInt8]) throws {
      let scratch = try Scratch()
      let file = try scratch.write("in.ttml", input)
      let result = try run("subtitle-tool", ["dump", "--json", file])
      expectExit(result, 2)
      #expect(result.stdoutCount == 0)
      #expect(result.errLines.count == 1, "\(result.summary)")
      #expect(result.firstErrLine.hasPrefix(file + ":"), "\(result.summary)")
      expectWellFormedDiagnostics(result)
    }

    @Test("12: shifting past 2^63 ms is an error, not cues that end before they start")
    func shiftOverflow() throws {
      let input = Array("1\n00:00:01,000 --> 00:00:02,000\nx\n\n".utf8)
      for by in ["9223372036854776", "9300000000000000"] {
        let result = try run("subtitle-tool", ["shift", "--by", by], stdin: .bytes(input))
        expectExit(result, 2)
        #expect(result.stdoutCount == 0, "\(result.out)")
        #expect(result.errLines.count == 1, "\(result.summary)")
      }
    }

    @Test("12: a WebVTT file with two BOMs is not read as SRT")
    func twoByteOrderMarks() throws {
      let input =
        [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]
        + Array("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nx\n".utf8)
      let result = try run("subtitle-tool", ["convert", "--to", "srt"], stdin: .bytes(input))
      expectExit(result, 2)
      #expect(result.stdoutCount == 0, "\(result.out)")
      #expect(result.firstErrLine.hasPrefix("<stdin>:1:"), "\(result.summary)")
    }

    @Test(
      "12: a file that is only a BOM is not an empty document",
      arguments: [
        ["dump", "--json"], ["convert", "--to", "vtt"], ["validate"],
      ])
    func onlyAByteOrderMark(command: [String]) throws {
      let result = try run("subtitle-tool", command, stdin: .bytes([0xEF, 0xBB, 0xBF]))
      expectExit(result, 2)
      #expect(result.stdoutCount == 0, "\(result.out)")
      #expect(result.firstErrLine.hasPrefix("<stdin>:1:1: error: "), "\(result.summary)")
    }
  }
}
