import ManifestCore
import Testing
import ToolSupport

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct LimitOptionTests {
  /// A command that reads its input and prints its size and the limits it was given.
  private let tool = Tool(
    name: "demo-tool", summary: "a demo", version: "9.9",
    commands: [
      CommandSpec(name: "size", summary: "print the input's size") { args, io in
        do {
          let document = try io.read(args.positionals.first)
          io.writeLine("\(document.bytes.count) \(io.limits.playlists) \(io.limits.xmlAttributes)")
          return ExitStatus.success
        } catch {
          io.errorLine("\(error)")
          return ExitStatus.failure
        }
      }
    ])

  @Test func sizesTakeBinarySuffixes() {
    #expect(Limits.parseValue("4096") == 4096)
    #expect(Limits.parseValue("64K") == 65_536)
    #expect(Limits.parseValue("16m") == 16_777_216)
    #expect(Limits.parseValue("1G") == 1_073_741_824)
    #expect(Limits.parseValue("0") == 0)
    for bad in [
      "", "K", "-1", "1.5M", "1T", " 1", "+4", "99999999999999999999", "9223372036854775807G",
    ] {
      #expect(Limits.parseValue(bad) == nil, "\(bad)")
    }
  }

  @Test func defaultsAreTheDocumentedOnes() {
    let limits = Limits.standard
    #expect(limits.inputBytes == 1 << 30)
    #expect(limits.playlists == 1000)
    #expect(limits.followedBytes == 1 << 30)
    #expect(limits.defineValueBytes == 1 << 20)
    #expect(limits.defineTotalBytes == 64 << 20)
    #expect(limits.imageTiles == 1_000_000)
    #expect(limits.keysInForce == 32)
    #expect(limits.xmlAttributes == 1000)
    #expect(limits.warningsPerKind == 1000)
    #expect(Limits.names.allSatisfy { limits[$0] != nil })
    #expect(limits["nope"] == nil)
  }

  @Test func everyCommandTakesTheLimitOptions() {
    let io = ToolIO.memory(stdin: "12345")
    let status = tool.run(
      ["size", "--limit", "playlists=20", "--limit=xml-attributes=2K", "--max-input-bytes", "5"],
      io: io)
    #expect(status == 0)
    #expect(io.capturedOutput == "5 20 2048\n")
  }

  @Test func inputOverTheLimitIsRefusedWithItsCode() {
    let io = ToolIO.memory(stdin: "123456")
    #expect(tool.run(["size", "--max-input-bytes", "5"], io: io) == 2)
    #expect(
      io.capturedError
        == "<stdin>:1:1: error: cannot read: larger than 5 bytes (--max-input-bytes) "
        + "[limit.input-bytes]\n")
  }

  @Test func badLimitOptionsAreUsageErrors() {
    let cases: [([String], String)] = [
      (
        ["--limit", "frames=3"],
        "unknown limit 'frames' (one of: input-bytes, playlists, "
          + "followed-bytes, define-value-bytes, define-total-bytes, image-tiles, keys-in-force, "
          + "xml-attributes, "
          + "warnings-per-kind) [cli.option]"
      ),
      (["--limit", "playlists"], "option '--limit' needs NAME=N, got 'playlists' [cli.option]"),
      (
        ["--max-input-bytes", "1.5G"],
        "option '--max-input-bytes' needs a size such as 4096, 64K, 16M or 1G, got '1.5G' "
          + "[cli.option]"
      ),
    ]
    for (arguments, message) in cases {
      let io = ToolIO.memory()
      #expect(tool.run(["size"] + arguments, io: io) == 2)
      #expect(
        io.capturedError
          == "demo-tool size: error: \(message)\nRun 'demo-tool size --help' for usage.\n")
    }
  }

  @Test func endlessDeviceInputStopsAtTheLimit() {
    let io = ToolIO.process()
    io.limits.inputBytes = 100_000
    #expect(throws: InputReadError.tooLarge(path: "/dev/zero", limit: 100_000)) {
      try io.read("/dev/zero")
    }
  }

  @Test func aSparseFileLargerThanTheLimitIsRefusedWithoutReadingIt() throws {
    let path = "/tmp/manifestkit-sparse-\(getpid()).m3u8"
    let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
    try #require(fd >= 0)
    defer { unlink(path) }
    // 50 GB of holes: reading it would take minutes and all the memory there is.
    #expect(ftruncate(fd, 50_000_000_000) == 0)
    close(fd)
    let io = ToolIO.process()
    #expect(throws: InputReadError.tooLarge(path: path, limit: 1 << 30)) { try io.read(path) }
    #expect(throws: InputReadError.tooLarge(path: path, limit: 1 << 30)) {
      try io.readNamedFile(path)
    }
  }
}
