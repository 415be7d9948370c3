import ManifestCore
import SCTE35
import ToolSupport

/// `scte35-tool decode [--json|--xml|--xml-bin|--text] [PAYLOAD|-]` (docs/cli-contract.md).
enum DecodeCommand {
  /// The output forms.
  enum Form {
    case json, text, xml, xmlBinary
  }

  static let spec = CommandSpec(
    name: "decode",
    summary: "decode a base64 or hex splice_info_section (one per line on standard input)",
    operands: "[PAYLOAD|-]",
    discussion: """
      PAYLOAD is base64 (standard or URL-safe, padding optional) or hex (0x… or bare, starting
      FC). Without PAYLOAD, or with -, standard input holds one payload per line and the JSON
      output is JSON Lines, one line per non-blank input line; a line that does not decode
      gives {"error":{…}} there and an error on standard error.
      Warnings (bad CRC_32, unknown descriptors, encrypted sections) go to standard error;
      exit status 2 when any payload could not be decoded.
      """,
    options: [
      .flag("--json", "the JSON form (default): SCTE 35 element names in camelCase"),
      .flag("--xml", "the SCTE 35 XML form, scte35:SpliceInfoSection (urn:scte:scte35:2013:xml)"),
      .flag(
        "--xml-bin", "the xml+bin form, scte35:Signal/scte35:Binary (urn:scte:scte35:2014:xml+bin)"),
      .flag("--text", "a human view, one field per line"),
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ io: ToolIO) -> Int32 {
    let chosen: [(String, Form)] = [
      ("--json", .json), ("--xml", .xml), ("--xml-bin", .xmlBinary), ("--text", .text),
    ].filter { arguments.flag($0.0) }
    guard chosen.count <= 1 else {
      return SCTE35Tool.tool.usageError(
        "choose one of --json, --xml, --xml-bin, --text", command: spec, io: io)
    }
    guard arguments.positionals.count <= 1 else {
      return SCTE35Tool.tool.usageError("expected one PAYLOAD", command: spec, io: io)
    }
    let form = chosen.first?.1 ?? .json
    if let payload = arguments.positionals.first, payload != "-" {
      let bytes = Array(payload.utf8)
      let ok = decodeOne(
        bytes, 0..<bytes.count, line: 1, name: "<argument>", form: form, lines: false, io: io)
      return ok ? ExitStatus.success : ExitStatus.failure
    }
    let input: InputDocument
    do {
      input = try io.read(nil)
    } catch {
      io.errorLine(error.description)
      return ExitStatus.failure
    }
    var failed = false
    for line in LineScanner(input.bytes) {
      let trimmed = ASCII.trimmed(input.bytes, line.range)
      if trimmed.isEmpty { continue }
      let ok = decodeOne(
        input.bytes, line.range, line: line.number, name: input.name, form: form, lines: true,
        io: io, lineStart: line.start)
      failed = failed || !ok
    }
    return failed ? ExitStatus.failure : ExitStatus.success
  }

  /// Decodes one payload and writes its form; returns false when it did not decode.
  private static func decodeOne(
    _ bytes: [UInt8], _ range: Range<Int>, line: Int, name: String, form: Form, lines: Bool,
    io: ToolIO, lineStart: Int = 0
  ) -> Bool {
    let result = SpliceInfoSection.decode(text: bytes, range)
    let payloadStart = ASCII.trimmed(bytes, range).lowerBound
    func location(_ issue: SCTE35Issue) -> SourceLocation {
      // Text errors point into the text; section issues at the payload's first character.
      let textual = issue.code == "bad-base64" || issue.code == "bad-hex"
      let offset = textual ? range.lowerBound + issue.offset : payloadStart
      return SourceLocation(line: line, column: offset - lineStart + 1, offset: offset)
    }
    for warning in result.warnings {
      io.report(warning.diagnostic(at: location(warning)), file: name)
    }
    if let error = result.error {
      io.report(error.parseError(at: location(error)), file: name)
      // A section whose inner lengths disagree is still written, with what could be decoded.
      let partial = result.section != nil && form != .xmlBinary
      if lines && form == .json {
        var members: [(String, JSONValue)] = [
          (
            "error",
            [
              "code": .string(error.diagnosticCode), "field": .string(error.field),
              "offset": .int(Int64(error.offset)), "message": .string(error.message),
            ]
          )
        ]
        if partial { members.append(("partial", result.json)) }
        io.writeJSONLine(.object(members))
        return false
      }
      guard partial else { return false }
      write(result, form: form, lines: lines, io: io)
      return false
    }
    switch form {
    case .xmlBinary:
      // The payload's own bytes, so a section with a bad CRC_32 is passed on unchanged.
      let text = String(decoding: bytes[range], as: UTF8.self)
      guard let original = try? SCTE35Payload.bytes(text) else { return false }
      var writer = XMLWriter()
      SCTE35XML.writeBinary(base64: Base64.encode(original), into: &writer)
      io.writeLine(writer.output)
    default: write(result, form: form, lines: lines, io: io)
    }
    return true
  }

  /// Writes a decoded section in `form` (not `.xmlBinary`).
  private static func write(_ result: SCTE35Decoding, form: Form, lines: Bool, io: ToolIO) {
    switch form {
    case .json:
      io.writeJSONLine(result.json, pretty: !lines)
    case .text:
      io.write(result.text)
      if lines { io.write("\n") }
    case .xml:
      var writer = XMLWriter()
      result.section?.writeXML(into: &writer)
      io.writeLine(writer.output)
    case .xmlBinary: break
    }
  }
}
