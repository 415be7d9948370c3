import ManifestCore
import SCTE35Commands
import Testing
import ToolSupport

/// `scte35-tool encode`: the JSON form back to payloads.
@Suite struct SCTE35EncodeCommandTests {
  private let insert = "/DAlAAAAAAAAAP/wFAUAAAPpf+/+ACsVIP4AKTLgA+kAAAAA9oZCug=="
  private let signal =
    "/DA5AAAAAAAAAP/wBQb+AAHiQAAjAiFDVUVJAAATiH//AAApMuAPDXVybjphZDowMDAwMDA0AQEZk9am"

  private func run(_ arguments: [String], stdin: String = "", files: [String: String] = [:])
    -> (Int32, String, String)
  {
    let io = ToolIO.memory(stdin: stdin, files: files)
    let status = SCTE35Tool.tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError)
  }

  @Test func decodeThenEncodeGivesThePayloadsBack() {
    let (_, lines, _) = run(["decode"], stdin: "\(insert)\n\(signal)\n")
    let (status, out, err) = run(["encode"], stdin: lines)
    #expect(status == 0)
    #expect(err == "")
    #expect(out == "\(insert)\n\(signal)\n")
    // One indented document, from a file.
    let (_, pretty, _) = run(["decode", "--json", signal])
    #expect(run(["encode", "cue.json"], files: ["cue.json": pretty]).1 == "\(signal)\n")
    // An array of documents.
    let array = "[" + lines.split(separator: "\n").joined(separator: ",") + "]"
    #expect(run(["encode"], stdin: array).1 == "\(insert)\n\(signal)\n")
  }

  @Test func hexOutput() {
    let json =
      #"{"spliceCommandType":5,"spliceCommand":{"spliceEventId":1001,"#
      + #""outOfNetworkIndicator":true,"spliceTime":{"ptsTime":2823456},"#
      + #""breakDuration":{"durationSeconds":30},"uniqueProgramId":1001}}"#
    let (status, out, _) = run(["encode", "--hex"], stdin: json)
    #expect(status == 0)
    #expect(
      out == "0xFC302500000000000000FFF01405000003E97FEFFE002B1520FE002932E003E900000000F68642BA\n")
  }

  @Test func badDocumentsAreErrorsWithTheirLine() {
    let input = """
      {"spliceCommandType": 0}
      {"spliceCommandType": 5, "spliceCommand": {}}
        {"spliceCommandType": 0, "tier": 9999}
      {"spliceCommandType":
      """
    let (status, out, err) = run(["encode"], stdin: input)
    #expect(status == 2)
    #expect(out == "/DARAAAAAAAAAP/wAAAAAHpPv/8=\n")
    #expect(
      err == """
        <stdin>:2:1: error: spliceCommand.spliceEventId: is missing [scte35.bad-json]
        <stdin>:3:3: error: tier: 9999 does not fit in 12 bits [scte35.bad-json]
        <stdin>:4:22: error: invalid JSON at offset 21: unexpected end of input [scte35.bad-json]

        """)
  }

  @Test func unreadableFile() {
    let (status, _, err) = run(["encode", "/nonexistent/cue.json"])
    #expect(status == 2)
    #expect(
      err == "/nonexistent/cue.json:1:1: error: cannot read: No such file or directory [io.read]\n")
  }
}
