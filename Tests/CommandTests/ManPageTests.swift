import Foundation
import M3U8Commands
import SCTE35Commands
import SubtitleCommands
import Testing
import ThumbnailCommands
import ToolSupport

/// docs/man/TOOL.1 is what `Tool.manPage` generates from the command tables `--help` prints,
/// and the completion scripts cover every command. Regenerate the pages:
/// `MANIFESTKIT_RECORD_GOLDEN=1 swift test --filter ManPageTests`.
@Suite struct ManPageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized
  static let tools = [M3U8Tool.tool, SCTE35Tool.tool, SubtitleTool.tool, ThumbnailTool.tool]

  @Test(arguments: tools.map(\.name))
  func manPageIsCurrent(name: String) throws {
    let tool = try #require(Self.tools.first { $0.name == name })
    let url = Self.root.appendingPathComponent("docs/man/\(name).1")
    if ProcessInfo.processInfo.environment["MANIFESTKIT_RECORD_GOLDEN"] != nil {
      try tool.manPage.write(to: url, atomically: true, encoding: .utf8)
    }
    let actual = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    let want = tool.manPage.split(separator: "\n", omittingEmptySubsequences: false)
    let have = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let first =
      zip(want, have).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(want.count, have.count)
    #expect(
      actual == tool.manPage,
      """
      docs/man/\(name).1 is out of date at line \(first + 1):
      - \(first < have.count ? String(have[first]) : "(end of file)")
      + \(first < want.count ? String(want[first]) : "(end of file)")
      Regenerate: MANIFESTKIT_RECORD_GOLDEN=1 swift test --filter ManPageTests
      """)
  }

  /// Every command and every option of `--help` is in the page, as roff writes it.
  @Test(arguments: tools.map(\.name))
  func manPageNamesEveryCommandAndOption(name: String) throws {
    let tool = try #require(Self.tools.first { $0.name == name })
    let page = tool.manPage
    for command in tool.commands {
      #expect(page.contains(".SS \"\(command.name.replacingOccurrences(of: "-", with: "\\-"))\""))
      for option in command.options {
        #expect(page.contains("\\fB" + option.name.replacingOccurrences(of: "-", with: "\\-")))
      }
    }
  }

  /// No line of a page starts a request it did not mean: every line that starts with `.` or
  /// `'` is one of the man(7) macros the renderer writes.
  @Test(arguments: tools.map(\.name))
  func manPageUsesOnlyItsMacros(name: String) throws {
    let tool = try #require(Self.tools.first { $0.name == name })
    let macros: Set<String> = [
      ".\\\"", ".TH", ".SH", ".SS", ".TP", ".PP", ".B", ".I", ".IR", ".br", ".RS", ".RE", ".nf",
      ".fi",
    ]
    for line in tool.manPage.split(separator: "\n") where line.first == "." || line.first == "'" {
      let macro = String(line.prefix { $0 != " " })
      #expect(macros.contains(macro), "\(line)")
    }
  }

  /// groff reads each page without a warning (when groff is installed).
  @Test(arguments: tools.map(\.name))
  func groffReadsThePageWithoutWarnings(name: String) throws {
    let groff = "/usr/bin/groff"
    guard FileManager.default.isExecutableFile(atPath: groff) else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: groff)
    process.arguments = [
      "-man", "-ww", "-z", Self.root.appendingPathComponent("docs/man/\(name).1").path,
    ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text == "")
  }

  /// Each tool's bash script passes `bash -n` and names every command.
  @Test(arguments: tools.map(\.name))
  func bashCompletionParses(name: String) throws {
    let tool = try #require(Self.tools.first { $0.name == name })
    let io = ToolIO.memory()
    #expect(tool.run(["completions", "bash"], io: io) == 0)
    for command in tool.commands { #expect(io.capturedOutput.contains("'\(command.name)')")) }
    let bash = "/bin/bash"
    guard FileManager.default.isExecutableFile(atPath: bash) else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: bash)
    process.arguments = ["-n"]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(io.capturedOutput.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  /// zsh (`-n`) and fish (`--no-execute`) read each tool's script without a syntax error, when
  /// they are installed.
  @Test(arguments: tools.map(\.name))
  func zshAndFishCompletionsParse(name: String) throws {
    let tool = try #require(Self.tools.first { $0.name == name })
    for (shell, path, flag) in [
      ("zsh", "/usr/bin/zsh", "-n"), ("fish", "/usr/bin/fish", "--no-execute"),
    ] {
      guard FileManager.default.isExecutableFile(atPath: path) else { continue }
      let io = ToolIO.memory()
      #expect(tool.run(["completions", shell], io: io) == 0)
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(name)-\(ProcessInfo.processInfo.processIdentifier).\(shell)")
      try io.capturedOutput.write(to: file, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: file) }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = [flag, file.path]
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(shell)")
    }
  }
}
