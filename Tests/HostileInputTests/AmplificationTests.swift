import Foundation
import Testing

extension HostileInputTests {
  /// Findings 3 to 7: small inputs that took huge time or memory.
  @Suite struct Amplification {
    /// Whether some line of `result`'s standard error is a located error ending with the limit
    /// error's tail for `name` at `value`.
    static func refusal(_ result: ChildProcess.Result, _ name: String, _ value: Int) -> Bool {
      Text.lines(result.err).contains {
        $0.prefixMatch(of: Diagnostics.located) != nil
          && $0.hasSuffix("(limit \(name)=\(value)) [limit.\(name)]")
      }
    }

    @Test("3: TTML styles referring to the previous one 4 times are resolved once each")
    func ttmlStyleFanOut() throws {
      let input = Array(Hostile.ttmlStyleFanOut(count: 40).utf8)
      for command in [["dump", "--json"], ["convert", "--to", "ttml"]] {
        let result = try run("subtitle-tool", command, stdin: .bytes(input))
        expectExit(result, 0, rssBelow: 256)
        #expect(result.err == "")
      }
    }

    @Test("4: attribute defaults in an internal DTD subset are refused")
    func ttmlAttributeDefaults() throws {
      let input = Array(
        Hostile.ttmlAttributeDefaults(attributes: 40, valueBytes: 1000, elements: 4000).utf8)
      for command in [["dump", "--json"], ["convert", "--to", "ttml"]] {
        let result = try run("subtitle-tool", command, stdin: .bytes(input))
        expectExit(result, 2, rssBelow: 256)
        #expect(result.stdoutCount == 0)
        #expect(
          result.firstErrLine
            == "<stdin>:4:1: error: attribute defaults in a DTD are not allowed (<!ATTLIST span a0 "
            + "…> gives a default value): they would add the attribute to every such element of "
            + "untrusted XML [xml.attribute-default]", "\(result.summary)")
        expectWellFormedDiagnostics(result)
      }
    }

    @Test(
      "5: an image playlist of 1,000 sheets of 100x100 tiles stops at the tile limit",
      arguments: [["from-hls"], ["dump", "--json"], ["validate"]])
    func imageTiles(command: [String]) throws {
      let input = Array(Hostile.imagePlaylist(sheets: 1000, columns: 100, rows: 100).utf8)
      let result = try run("thumbnail-tool", command, stdin: .bytes(input))
      expectExit(result, 2, rssBelow: 256)
      #expect(result.stdoutCount < 1 << 20)
      #expect(Self.refusal(result, "image-tiles", 1_000_000), "\(result.summary)")
    }

    @Test("5: --limit image-tiles moves the tile limit")
    func imageTilesLimitOption() throws {
      let input = Array(Hostile.imagePlaylist(sheets: 2, columns: 10, rows: 10).utf8)
      let under = try run(
        "thumbnail-tool", ["from-hls", "--limit", "image-tiles=199"], stdin: .bytes(input))
      expectExit(under, 2)
      #expect(Self.refusal(under, "image-tiles", 199), "\(under.summary)")
      let exact = try run(
        "thumbnail-tool", ["from-hls", "--limit", "image-tiles=200"], stdin: .bytes(input))
      expectExit(exact, 0)
      #expect(Text.lines(exact.out).filter { $0.contains(" --> ") }.count == 200)
    }

    /// Read and gone through 1,000 times, the 200 KB playlist took minutes in a debug build (the
    /// issue's 2 MB took 59 s and 14.6 GB in a release build).
    @Test(
      "6: 1,000 variants naming one playlist read it once",
      arguments: [["urls"], ["keys", "--follow"], ["audit", "--follow"]])
    func followOneFileManyTimes(command: [String]) throws {
      let scratch = try Scratch()
      try scratch.write("big.m3u8", Hostile.mediaPlaylist(segments: 7000))
      let master = try scratch.write(
        "master.m3u8", Hostile.multivariantPlaylist(variants: 1000) { "big.m3u8?v=\($0)" })
      let result = try run("m3u8-tool", command + [master])
      expectExit(result, 0, rssBelow: 512)
      expectWellFormedDiagnostics(result)
    }

    @Test(
      "6: following stops at the playlist limit",
      arguments: [["urls"], ["keys", "--follow"], ["audit", "--follow"]])
    func followedPlaylistLimit(command: [String]) throws {
      let scratch = try Scratch()
      for i in 0..<20 { try scratch.write("m\(i).m3u8", Hostile.mediaPlaylist(segments: 2)) }
      let master = try scratch.write(
        "master.m3u8", Hostile.multivariantPlaylist(variants: 20) { "m\($0).m3u8" })
      let result = try run("m3u8-tool", command + ["--limit", "playlists=10", master])
      expectExit(result, 2, rssBelow: 256)
      #expect(Self.refusal(result, "playlists", 10), "\(result.summary)")
      expectWellFormedDiagnostics(result)
    }

    @Test(
      "6: following stops at the followed-bytes limit",
      arguments: [["urls"], ["keys", "--follow"], ["audit", "--follow"]])
    func followedBytesLimit(command: [String]) throws {
      let scratch = try Scratch()
      for i in 0..<20 { try scratch.write("m\(i).m3u8", Hostile.mediaPlaylist(segments: 20)) }
      let master = try scratch.write(
        "master.m3u8", Hostile.multivariantPlaylist(variants: 20) { "m\($0).m3u8" })
      let result = try run("m3u8-tool", command + ["--limit", "followed-bytes=2K", master])
      expectExit(result, 2, rssBelow: 256)
      #expect(Self.refusal(result, "followed-bytes", 2048), "\(result.summary)")
      expectWellFormedDiagnostics(result)
    }

    @Test(
      "7: a 100 KB EXT-X-DEFINE value used 20,000 times stops at define-total-bytes",
      arguments: [["dump", "--json"], ["urls"], ["info"]])
    func defineTotalBytes(command: [String]) throws {
      let input = Array(Hostile.defineUsedManyTimes(valueBytes: 100_000, uses: 20_000).utf8)
      let result = try run("m3u8-tool", command, stdin: .bytes(input))
      expectExit(result, 2, rssBelow: 256)
      #expect(result.stdoutCount < 1 << 20)
      #expect(Self.refusal(result, "define-total-bytes", 64 << 20), "\(result.summary)")
    }

    @Test(
      "7: one value that substitution makes longer than 1 MiB stops at define-value-bytes",
      arguments: [["dump", "--json"], ["urls"], ["keys"]])
    func defineValueBytes(command: [String]) throws {
      let input = Array(Hostile.defineRepeatedInOneValue(valueBytes: 100_000, uses: 11).utf8)
      let result = try run("m3u8-tool", command, stdin: .bytes(input))
      expectExit(result, 2, rssBelow: 256)
      #expect(Self.refusal(result, "define-value-bytes", 1 << 20), "\(result.summary)")
    }

    @Test(
      "billion laughs and XXE as a --vast or --vmap file stop at the DOCTYPE",
      arguments: [["--vast"], ["--vmap"]])
    func vastEntities(option: [String]) throws {
      let scratch = try Scratch()
      let content = try scratch.write("index.m3u8", Hostile.mediaPlaylist(segments: 4))
      let inputs = [
        ("laughs.xml", Hostile.vastBillionLaughs(levels: 9)),
        ("xxe.xml", Hostile.vastExternalEntity),
      ]
      for (name, text) in inputs {
        let file = try scratch.write(name, text)
        let out = scratch.path + "/out"
        let result = try run(
          "m3u8-tool", ["stitch"] + option + [file, "--output-dir", out, content])
        expectExit(result, 2, rssBelow: 64)
        #expect(result.stdoutCount == 0)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(
          result.firstErrLine
            == "\(file):2:1: error: DOCTYPE declarations are not allowed: DTDs, entity "
            + "declarations and external entities are disabled for untrusted XML [xml.doctype]",
          "\(result.summary)")
        expectWellFormedDiagnostics(result)
      }
    }
  }
}
