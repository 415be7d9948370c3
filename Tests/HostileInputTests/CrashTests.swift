import Testing

extension HostileInputTests {
  /// Findings 1 and 2: inputs that ended a tool by a signal.
  @Suite struct Crashes {
    /// The refusal of an input larger than `limit` bytes read from `path`.
    static func tooLarge(_ path: String, _ limit: Int) -> String {
      "\(path):1:1: error: cannot read: larger than \(limit) bytes (--max-input-bytes) "
        + "[limit.input-bytes]"
    }

    /// 30,000 levels overflowed the stack of a debug build (60,000 that of a release build).
    @Test("1: a TTML style chain of 30,000 references is resolved without a stack overflow")
    func ttmlStyleChain() throws {
      let input = Array(Hostile.ttmlStyleChain(count: 30_000).utf8)
      let dump = try run("subtitle-tool", ["dump", "--json"], stdin: .bytes(input))
      expectExit(dump, 0, rssBelow: 512)
      #expect(dump.err == "")
      let cues = JSON.array("cues", in: dump.stdout)
      #expect(cues.count == 1)
      #expect(cues.first?["style"] as? String == "s29999")
      let converted = try run("subtitle-tool", ["convert", "--to", "vtt"], stdin: .bytes(input))
      expectExit(converted, 0, rssBelow: 512)
      #expect(converted.out == "WEBVTT\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000\nx\n\n")
    }

    @Test(
      "2: /dev/zero on standard input stops at --max-input-bytes",
      arguments: [
        ("m3u8-tool", ["info"]), ("scte35-tool", ["decode"]),
        ("subtitle-tool", ["dump", "--json"]),
        ("thumbnail-tool", ["dump"]),
      ])
    func devZeroOnStdin(tool: String, command: [String]) throws {
      let result = try run(tool, command + ["--max-input-bytes", "1M"], stdin: .devZero)
      expectExit(result, 2, rssBelow: 256)
      #expect(result.firstErrLine == Self.tooLarge("<stdin>", 1 << 20))
    }

    @Test(
      "2: a pipe that never closes stops at --max-input-bytes",
      arguments: [
        ("m3u8-tool", ["info"], "#EXTINF:10,\na.ts\n"),
        ("scte35-tool", ["decode"], "/DAlAAAAAAAAAP/wFAUAAAPpf+/+ACsVIP4AKTLgA+kAAAAA9oZCug==\n"),
        ("subtitle-tool", ["dump", "--json"], "00:00:01,000 --> 00:00:02,000\nx\n\n"),
      ])
    func endlessPipe(tool: String, command: [String], line: String) throws {
      let chunk = Array(String(repeating: line, count: (1 << 16) / line.utf8.count).utf8)
      let result = try run(
        tool, command + ["--limit", "input-bytes=1M"], stdin: .endlessPipe(chunk: chunk))
      expectExit(result, 2, rssBelow: 512)
      #expect(
        Text.lines(result.err).contains(Self.tooLarge("<stdin>", 1 << 20)), "\(result.summary)")
    }

    @Test(
      "2: a sparse 50 GB file is refused before it is read",
      arguments: [
        ("m3u8-tool", ["info"]), ("subtitle-tool", ["dump", "--json"]),
        ("thumbnail-tool", ["dump"]), ("scte35-tool", ["encode"]),
      ])
    func sparseFile(tool: String, command: [String]) throws {
      let scratch = try Scratch()
      let big = try scratch.sparse("big.m3u8", size: 50 << 30)
      let result = try run(tool, command + [big], timeout: 20)
      expectExit(result, 2, rssBelow: 128)
      #expect(result.firstErrLine == Self.tooLarge(big, 1 << 30))
    }

    @Test(
      "2: a sparse 50 GB file named by a variant under --follow is refused",
      arguments: [
        (["keys", "--follow"], Int32(2)), (["audit", "--follow"], Int32(2)),
        (["urls"], Int32(2)),
      ])
    func sparseFileUnderFollow(command: [String], status: Int32) throws {
      let scratch = try Scratch()
      try scratch.write("ok.m3u8", Hostile.mediaPlaylist(segments: 3))
      _ = try scratch.sparse("big.m3u8", size: 50 << 30)
      let master = try scratch.write(
        "master.m3u8", Hostile.multivariantPlaylist(variants: 2) { ["ok.m3u8", "big.m3u8"][$0] })
      let result = try run("m3u8-tool", command + [master], timeout: 20)
      expectExit(result, status, rssBelow: 128)
      let refusal = Text.lines(result.err).filter { $0.hasSuffix("[limit.input-bytes]") }
      #expect(refusal.count == 1, "\(result.summary)")
      #expect(refusal.first?.hasPrefix(master + ":") == true, "\(result.summary)")
      expectWellFormedDiagnostics(result)
    }
  }
}
