import FuzzSupport
import M3U8Commands
import SCTE35Commands
import SubtitleCommands
import ThumbnailCommands
import ToolSupport

/// The command-line tools in process: the first line of the input is a command line
/// (`m3u8-tool audit --format json`), the rest is standard input, also readable as the files `a`,
/// `b` and `ads.json`. Whatever the arguments and the input, a command returns 0, 1 or 2, and 2
/// comes with a message on standard error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTools(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = fuzzInput(data, size)
  let newline = input.firstIndex(of: 0x0A) ?? input.count
  let words = String(decoding: input[..<newline], as: UTF8.self)
    .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
  guard let name = words.first, let tool = tools[name] else { return 0 }
  let arguments = words.dropFirst().filter(isSafe)
  let body = newline < input.count ? Array(input[(newline + 1)...]) : []
  let io = ToolIO.memory(stdinBytes: body, files: ["a": body, "b": body, "ads.json": body])
  let status = tool.run(Array(arguments), io: io)
  FuzzCheck.require(
    [0, 1, 2].contains(status), "\(name) \(arguments.joined(separator: " ")) exited \(status)")
  FuzzCheck.require(
    status != 2 || !io.capturedError.isEmpty,
    "\(name) \(arguments.joined(separator: " ")) exited 2 without saying why")
  return 0
}

private let tools: [String: Tool] = [
  "m3u8-tool": M3U8Tool.tool, "scte35-tool": SCTE35Tool.tool,
  "subtitle-tool": SubtitleTool.tool, "thumbnail-tool": ThumbnailTool.tool,
]

/// Arguments that cannot make a command read outside the in-memory files: no paths (URLs are
/// fine), and no `--follow`, which reads the playlists a multivariant playlist names.
private func isSafe(_ argument: String) -> Bool {
  guard argument != "--follow" else { return false }
  return !argument.contains("/") || argument.contains("://")
}
