import ManifestCore
import SCTE35
import ToolSupport

/// `scte35-tool encode [--hex] [FILE]` (docs/cli-contract.md): the JSON form back to payloads.
enum EncodeCommand {
  static let spec = CommandSpec(
    name: "encode",
    summary: "encode the JSON form of decode --json back to base64 (or hex) payloads",
    discussion: """
      FILE (or standard input) holds one JSON document, an array of them, or JSON Lines (one
      document per line, as decode writes for standard input). Each section is written on its
      own line. Lengths and CRC_32 are computed; members encoding computes (lengths, names,
      seconds next to 90 kHz values) may be left out, and a 90 kHz value may be given in
      seconds instead (breakDuration.durationSeconds). Exit status 2 when a document is not a
      section.
      """,
    options: [
      .flag(
        "--hex", "write 0x and upper-case hex digits (DATERANGE SCTE35-OUT form) instead of base64")
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ io: ToolIO) -> Int32 {
    guard arguments.positionals.count <= 1 else {
      return SCTE35Tool.tool.usageError("expected one FILE", command: spec, io: io)
    }
    let input: InputDocument
    do {
      input = try io.read(arguments.positionals.first)
    } catch {
      io.errorLine(error.description)
      return ExitStatus.failure
    }
    let hex = arguments.flag("--hex")
    var failed = false
    // One JSON document (or an array of them), else JSON Lines, each line in order.
    if let whole = try? JSONValue.parse(input.bytes) {
      for document in whole.arrayValue ?? [whole] {
        failed = !encode(document, at: .start, hex: hex, file: input.name, io: io) || failed
      }
      return failed ? ExitStatus.failure : ExitStatus.success
    }
    for line in LineScanner(input.bytes) {
      let trimmed = ASCII.trimmed(input.bytes, line.range)
      guard !trimmed.isEmpty else { continue }
      do {
        let document = try JSONValue.parse(Array(input.bytes[trimmed]))
        let start = line.location(at: trimmed.lowerBound)
        failed = !encode(document, at: start, hex: hex, file: input.name, io: io) || failed
      } catch {
        let location = line.location(at: trimmed.lowerBound + error.offset)
        io.report(
          ParseError(code: "scte35.bad-json", message: error.description, location: location),
          file: input.name)
        failed = true
      }
    }
    return failed ? ExitStatus.failure : ExitStatus.success
  }

  /// Writes the payload of one document; reports its error and returns false when it is not a
  /// section.
  private static func encode(
    _ document: JSONValue, at start: SourceLocation, hex: Bool, file: String, io: ToolIO
  ) -> Bool {
    do {
      let section = try SpliceInfoSection(json: document)
      io.writeLine(hex ? try section.hexEncoded() : try section.base64Encoded())
      return true
    } catch {
      io.report(error.parseError(at: start), file: file)
      return false
    }
  }
}
