import Testing
import ToolSupport

@Suite struct ToolTests {
  private let tool = Tool(
    name: "demo-tool", summary: "a demo", version: "9.9",
    commands: [
      CommandSpec(
        name: "echo", summary: "print operands",
        options: [.flag("--upper", "upper-case"), .option("--sep", "TEXT", "separator")]
      ) { args, io in
        let sep = args.value("--sep") ?? " "
        let text = args.positionals.joined(separator: sep)
        io.writeLine(args.flag("--upper") ? text.uppercased() : text)
        return ExitStatus.success
      }
    ])

  @Test func runsACommandWithFlagsOptionsAndOperands() {
    let io = ToolIO.memory()
    #expect(tool.run(["echo", "--upper", "--sep=,", "a", "-", "--", "--b"], io: io) == 0)
    #expect(io.capturedOutput == "A,-,--B\n")
  }

  @Test func unknownOptionIsAUsageErrorWithStatus2() {
    let io = ToolIO.memory()
    #expect(tool.run(["echo", "--nope"], io: io) == 2)
    #expect(
      io.capturedError == """
        demo-tool echo: error: unknown option '--nope' [cli.option]
        Run 'demo-tool echo --help' for usage.

        """)
  }

  @Test func unknownCommandAndMissingValue() {
    let io = ToolIO.memory()
    #expect(tool.run(["frob"], io: io) == 2)
    #expect(
      io.capturedError.hasPrefix("demo-tool: error: unknown command 'frob' [cli.command.unknown]\n")
    )
    let io2 = ToolIO.memory()
    #expect(tool.run(["echo", "--sep"], io: io2) == 2)
    #expect(
      io2.capturedError.hasPrefix(
        "demo-tool echo: error: option '--sep' needs a value (TEXT) [cli.option]\n"))
  }

  @Test func memoryInputGivenAsBytesReachesTheCommandUnchanged() throws {
    let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x00, 0xFF]
    let io = ToolIO.memory(stdinBytes: latin1, files: ["b.bin": [0xFE, 0xFF]])
    #expect(try io.read(nil).bytes == latin1)
    #expect(try io.read("-").name == "<stdin>")
    let file = try io.read("b.bin")
    #expect(file.name == "b.bin")
    #expect(file.bytes == [0xFE, 0xFF])
  }

  @Test func namedFilesAreReadOnlyWhenRegular() throws {
    let io = ToolIO.memory(stdinBytes: [0x41], files: ["in-memory.m3u8": [0x42]])
    #expect(try io.readNamedFile("in-memory.m3u8").bytes == [0x42])
    #expect(try io.readNamedFile(#filePath).bytes.starts(with: Array("import Testing".utf8)))
    #expect(throws: InputReadError(path: "/dev/zero", reason: "is not a regular file")) {
      try io.readNamedFile("/dev/zero")
    }
    #expect(throws: InputReadError(path: "-", reason: "No such file or directory")) {
      try io.readNamedFile("-")
    }
  }

  @Test func helpAndVersion() {
    let io = ToolIO.memory()
    #expect(tool.run(["--version"], io: io) == 0)
    #expect(io.capturedOutput == "demo-tool 9.9\n")
    let help = ToolIO.memory()
    #expect(tool.run(["echo", "--help"], io: help) == 0)
    #expect(
      help.capturedOutput == """
        usage: demo-tool echo [OPTIONS] [FILE]

        print operands

        options:
          --upper              upper-case
          --sep TEXT           separator
          --max-input-bytes N  refuse an input larger than N bytes (default 1G)
          --limit NAME=N       change another bound (see docs/limits.md)
          --header HEADER      send this header (Name: value) with every HTTP request
          --timeout SECONDS    give up on an HTTP request after SECONDS (default 10)
          --retries N          try an HTTP request N more times on 5xx, timeouts and connection errors
          --max-bytes N        stop an HTTP transfer past N bytes (default 256M)
          --help               this help

        """)
  }

  @Test func readsStdinForDashAndReportsUnreadableFiles() throws {
    let io = ToolIO.memory(stdin: "#EXTM3U\n")
    let doc = try io.read("-")
    #expect(doc.name == "<stdin>")
    #expect(doc.bytes == Array("#EXTM3U\n".utf8))
    #expect(
      throws: InputReadError(path: "/nonexistent/x.m3u8", reason: "No such file or directory")
    ) {
      try io.read("/nonexistent/x.m3u8")
    }
  }

  @Test func numericOptionsAreValidated() throws {
    let args = try ParsedArguments(
      scanning: ["--n", "12", "--x", "-1.5"],
      options: [.option("--n", "N", ""), .option("--x", "X", "")])
    #expect(try args.integer("--n") == 12)
    #expect(try args.number("--x") == -1.5)
    let bad = try ParsedArguments(scanning: ["--n", "twelve"], options: [.option("--n", "N", "")])
    #expect(throws: UsageError("option '--n' needs a whole number, got 'twelve'", code: .option)) {
      try bad.integer("--n")
    }
  }
}
