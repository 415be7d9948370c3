import Foundation
import ManifestCore
import SchemaTestSupport
import SubtitleCommands
import Testing
import ToolSupport

/// The JSON Schemas of docs/schemas against what `m3u8-tool` prints for every playlist under
/// samples/ (the audit and ads schemas are checked in AuditTests on the same samples).
@Suite struct JSONSchemaCommandTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// The absolute paths of every file under samples/ whose extension is one of `extensions`,
  /// sorted.
  static func samplePaths(_ extensions: Set<String> = ["m3u8"]) -> [String] {
    let base = repository.appendingPathComponent("samples")
    var paths: [String] = []
    let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      if extensions.contains(url.pathExtension) { paths.append(url.standardized.path) }
    }
    return paths.sorted()
  }

  /// Runs `tool` with `arguments` + PATH for every sample with one of `extensions`; validates
  /// each output that exits 0 against `docs/schemas/SCHEMA`; returns how many it validated.
  func validate(
    _ arguments: [String], against schema: String, extensions: Set<String> = ["m3u8"],
    tool: ([String]) -> (Int32, String, String) = { m3u8($0) }
  ) throws -> Int {
    let check = try JSONSchemaCheck.file("docs/schemas/" + schema)
    var validated = 0
    for path in Self.samplePaths(extensions) {
      let (status, out, _) = tool(arguments + [path])
      guard status == 0 else { continue }
      let document = try JSONValue.parse(out)
      #expect(check.errors(document) == [], "\(path)")
      validated += 1
    }
    return validated
  }

  @Test func dumpJSONMatchesItsSchema() throws {
    #expect(try validate(["dump", "--json"], against: "dump.schema.json") >= 40)
    // The media and the multivariant shape are told apart by `kind`.
    let check = try JSONSchemaCheck.file("docs/schemas/dump.schema.json")
    #expect(
      check.errors(.object([("kind", .string("media"))])).first
        == ": 0 of the oneOf schemas match")
  }

  @Test func locateJSONMatchesItsSchema() throws {
    // Every sample media playlist, at its start and at 1 s.
    #expect(try validate(["locate", "--json"], against: "locate.schema.json") >= 30)
    #expect(try validate(["locate", "--time", "1", "--json"], against: "locate.schema.json") >= 30)
  }

  @Test func tracksJSONMatchesItsSchema() throws {
    // The sample multivariant playlists.
    #expect(try validate(["tracks", "--json"], against: "tracks.schema.json") >= 3)
  }

  @Test func subtitleDumpJSONMatchesItsSchema() throws {
    let subtitleTool: ([String]) -> (Int32, String, String) = { arguments in
      let io = ToolIO.memory()
      let status = SubtitleTool.tool.run(arguments, io: io)
      return (status, io.capturedOutput, io.capturedError)
    }
    let validated = try validate(
      ["dump", "--json"], against: "subtitle-dump.schema.json",
      extensions: ["srt", "vtt", "ttml", "xml"], tool: subtitleTool)
    // The four of samples/subtitles and the four WebVTT thumbnail tracks (WebVTT too).
    #expect(validated == 8)
  }

  @Test func thumbnailDumpJSONMatchesItsSchema() throws {
    let validated = try validate(
      ["dump", "--json"], against: "thumbnail-dump.schema.json", extensions: ["vtt", "m3u8"],
      tool: { thumbnailTool($0) })
    // The thumbnail tracks and image playlists of samples/thumbnails (the other samples are
    // not thumbnail tracks).
    #expect(validated >= 5)
  }

  @Test func thumbnailLookupJSONMatchesItsSchema() throws {
    let validated = try validate(
      ["lookup", "--time", "42.5", "--json"], against: "thumbnail-lookup.schema.json",
      extensions: ["vtt", "m3u8"], tool: { thumbnailTool($0) })
    // The thumbnail tracks and image playlists of samples/thumbnails with a thumbnail at 42.5 s.
    #expect(validated >= 3)
  }

  @Test func thumbnailIFramesJSONMatchesItsSchema() throws {
    // Apple mediafilesegmenter's I-frame playlist (samples/thumbnails/iframe_index.m3u8).
    let validated = try validate(
      ["from-hls", "--iframes"], against: "thumbnail-iframes.schema.json",
      tool: { thumbnailTool($0) })
    #expect(validated >= 1)
    let check = try JSONSchemaCheck.file("docs/schemas/thumbnail-iframes.schema.json")
    #expect(check.errors(.object([("iframes", .array([.string("main.ts")]))])) != [])
  }

  @Test func keysJSONMatchesItsSchema() throws {
    #expect(try validate(["keys", "--json"], against: "keys.schema.json") >= 40)
    let (status, out, _) = m3u8(
      ["keys", "--json"], stdin: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n")
    #expect(status == 0)
    let check = try JSONSchemaCheck.file("docs/schemas/keys.schema.json")
    #expect(check.errors(try JSONValue.parse(out)) == [])
  }

  @Test func urlsJSONMatchesItsSchema() throws {
    #expect(try validate(["urls", "--json"], against: "urls.schema.json") >= 40)
  }

  @Test func variantsListJSONMatchesItsSchema() throws {
    #expect(try validate(["variants", "--list", "--json"], against: "variants.schema.json") >= 5)
  }

  @Test func adsJSONMatchesItsSchema() throws {
    #expect(try validate(["ads", "--format", "json"], against: "ads.schema.json") >= 30)
  }

  @Test func auditJSONMatchesItsSchema() throws {
    // Exit 1 (findings) is an answer too: validate every output that is a document.
    let check = try JSONSchemaCheck.file("docs/schemas/audit.schema.json")
    var withFindings = 0
    for path in Self.samplePaths() {
      let (status, out, _) = m3u8(["audit", "--format", "json", path])
      guard status != 2 else { continue }
      #expect(check.errors(try JSONValue.parse(out)) == [], "\(path)")
      if status == 1 { withFindings += 1 }
    }
    #expect(withFindings >= 3)
  }
}
