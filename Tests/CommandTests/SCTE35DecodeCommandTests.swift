import ManifestCore
import SCTE35Commands
import Testing
import ToolSupport

/// `scte35-tool decode` as scripts use it (docs/cli-contract.md).
@Suite struct SCTE35DecodeCommandTests {
  private let insert = "/DAlAAAAAAAAAP/wFAUAAAPpf+/+ACsVIP4AKTLgA+kAAAAA9oZCug=="
  private let signal =
    "/DA5AAAAAAAAAP/wBQb+AAHiQAAjAiFDVUVJAAATiH//AAApMuAPDXVybjphZDowMDAwMDA0AQEZk9am"

  private func run(_ arguments: [String], stdin: String = "") -> (Int32, String, String) {
    let io = ToolIO.memory(stdin: stdin)
    let status = SCTE35Tool.tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError)
  }

  @Test func payloadArgumentGivesIndentedJSON() throws {
    let (status, out, err) = run(["decode", insert])
    #expect(status == 0)
    #expect(err == "")
    #expect(out.hasPrefix("{\n  \"tableId\": 252,\n  \"sectionSyntaxIndicator\": false,\n"))
    let json = try JSONValue.parse(out)
    #expect(json["spliceCommand"]?["spliceEventId"] == 1001)
    #expect(json["spliceCommand"]?["breakDuration"]?["durationSeconds"] == 30)
    #expect(json["crcValid"] == true)
    #expect(run(["decode", "--json", insert]).1 == out)
  }

  @Test func standardInputGivesJSONLines() throws {
    let input = "\(insert)\n\n  \(signal)  \r\n0xFC3G\n"
    let (status, out, err) = run(["decode"], stdin: input)
    #expect(status == 2)
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)
    #expect(try JSONValue.parse(String(lines[0]))["spliceCommandName"] == "splice_insert")
    #expect(
      try JSONValue.parse(String(lines[1]))["descriptors"]?.arrayValue?.first?["segmentationUpid"]
        == "urn:ad:000000")
    #expect(
      lines[2]
        == #"{"error":{"code":"scte35.bad-hex","field":"payload","offset":5,"#
        + #""message":"payload at byte 5: 'G' is not a hex digit"}}"#)
    #expect(lines[3] == "")
    #expect(
      err == "<stdin>:4:6: error: payload at byte 5: 'G' is not a hex digit [scte35.bad-hex]\n")
    #expect(run(["decode", "-"], stdin: input).1 == out)
  }

  @Test func warningsGoToStandardError() {
    let badCRC = "/DAlAAAAAAAAAP/wFAUAAAPpf+/+ACsVIP4AKTLgA+kAAAAA9oZCsA=="
    let (status, out, err) = run(["decode"], stdin: "  \(badCRC)\n")
    #expect(status == 0)
    #expect(out.contains(#""crcValid":false"#))
    #expect(
      err == "<stdin>:1:3: warning: CRC_32 at byte 36: 0xF68642B0 does not match the computed "
        + "0xF68642BA [scte35.crc-mismatch]\n")
  }

  @Test func undecodableArgumentExitsTwo() {
    let (status, out, err) = run(["decode", "/DAlAAAAAAAAAP/wFAUAAAPpf+/+ACsVIP4AKTLg"])
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err == "<argument>:1:1: error: section_length at byte 1: 37 bytes declared but the payload "
        + "has 27 left [scte35.length-overflow]\n")
  }

  /// An Elemental-style time_signal whose second descriptor_length (60) runs past the loop:
  /// what decodes is written, the length is the error, exit 2.
  @Test func aSectionWithADisagreeingLengthIsWrittenAsFarAsItDecodes() {
    let payload =
      "/DBIAAAAAAAA///wBQb+ek2ItgAyAhdDVUVJSAAAGH+fCAgAAAAALMvDRBEAAAI8Q1VFSUgAABl/nwgIAAAAACyk26AQAAAkBfP9"
    let (status, out, err) = run(["decode", payload])
    #expect(status == 2)
    #expect(out.contains("\"segmentationEventId\": 1207959576"))
    #expect(out.contains("\"salvagedDescriptor\": {"))
    #expect(
      err == "<argument>:1:1: error: descriptor_length at byte 47: 60 bytes declared but the "
        + "descriptor loop (descriptor_loop_length 50) has 23 left [scte35.length-overflow]\n")
    let (linesStatus, lines, _) = run(["decode"], stdin: payload + "\n")
    #expect(linesStatus == 2)
    #expect(
      lines.hasPrefix(#"{"error":{"code":"scte35.length-overflow","field":"descriptor_length","#))
    #expect(lines.contains(#""partial":{"tableId":252,"#))
  }

  @Test func textAndXMLForms() {
    let (textStatus, text, _) = run(["decode", "--text", insert])
    #expect(textStatus == 0)
    #expect(text.hasPrefix("tableId: 252\n"))
    #expect(text.contains("  breakDuration:\n    autoReturn: true\n    duration: 2700000 (30 s)\n"))
    let (xmlStatus, xml, _) = run(["decode", "--xml", insert])
    #expect(xmlStatus == 0)
    #expect(xml.hasPrefix(#"<scte35:SpliceInfoSection xmlns:scte35="urn:scte:scte35:2013:xml""#))
    #expect(xml.hasSuffix("</scte35:SpliceInfoSection>\n"))
    let hex =
      "0xFC302500000000000000FFF01405000003E97FEFFE002B1520FE002932E003E900000000F68642BA"
    let (binStatus, bin, _) = run(["decode", "--xml-bin", hex])
    #expect(binStatus == 0)
    #expect(
      bin == """
        <scte35:Signal xmlns:scte35="urn:scte:scte35:2013:xml">
          <scte35:Binary>\(insert)</scte35:Binary>
        </scte35:Signal>

        """)
  }

  @Test func usageErrors() {
    let (status, _, err) = run(["decode", "--json", "--xml", insert])
    #expect(status == 2)
    #expect(
      err
        == "scte35-tool decode: error: choose one of --json, --xml, --xml-bin, --text [cli.usage]\n"
        + "Run 'scte35-tool decode --help' for usage.\n")
    #expect(run(["decode", "--yaml", insert]).0 == 2)
    #expect(run(["decode", insert, signal]).0 == 2)
    let (helpStatus, help, _) = run(["decode", "--help"])
    #expect(helpStatus == 0)
    #expect(help.hasPrefix("usage: scte35-tool decode [OPTIONS] [PAYLOAD|-]\n"))
  }
}
