import FuzzSupport
import M3U8Commands
import ManifestCore
import SCTE35Commands
import SubtitleCommands
import ThumbnailCommands
import ToolSupport

/// The command-line tools in process: the first line of the input is a command line
/// (`m3u8-tool audit --format json`), the rest is standard input, also readable as the files `a`,
/// `b` and `ads.json`. Whatever the arguments and the input, a command returns 0, 1 or 2, and 2
/// comes with a message on standard error. Injection: every line on standard error is free of
/// control characters (they are escaped), and each line `m3u8-tool urls` prints is one URI and
/// at most one tab-separated byte range.
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
  for line in io.capturedError.split(separator: "\n") {
    FuzzCheck.require(
      !line.unicodeScalars.contains(where: TextEscaping.isEscaped),
      "\(name) \(arguments.joined(separator: " ")) wrote a control character to stderr: "
        + line.debugDescription)
  }
  if name == "m3u8-tool", arguments.first == "urls", !arguments.contains("--json") {
    for line in io.capturedOutput.split(separator: "\n") {
      let scalars = line.unicodeScalars
      FuzzCheck.require(
        scalars.filter({ $0 == "\t" }).count <= 1
          && !scalars.contains { $0 != "\t" && ($0.value < 0x20 || $0.value == 0x7F) }
          && !line.contains("\""),
        "a urls line holds more than a URI and a byte range: \(line.debugDescription)")
    }
  }
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
