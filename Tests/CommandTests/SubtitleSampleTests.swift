import Foundation
import ManifestCore
import SubtitleCommands
import Testing
import ToolSupport

/// The README's subtitle examples run on `samples/subtitles`: each sample reads cleanly, and
/// converting it to every format and back keeps its cue times and text.
@Suite struct SubtitleSampleTests {
  private static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../../samples/subtitles").standardized

  private func run(_ arguments: [String], files: [String: String] = [:])
    -> (status: Int32, out: String, err: String)
  {
    let io = ToolIO.memory(files: files)
    let status = SubtitleTool.tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError)
  }

  private func sample(_ name: String) -> String {
    Self.directory.appendingPathComponent(name).path
  }

  /// `(start, end, text)` of every cue, as `dump --json` prints them.
  private func cues(_ json: String) throws -> [String] {
    let value = try JSONValue.parse(json)
    return try #require(value["cues"]?.arrayValue).map { cue in
      "\(cue["start"]?.decimalValue?.description ?? "?")-\(cue["end"]?.decimalValue?.description ?? "?") "
        + (cue["text"]?.stringValue ?? "")
    }
  }

  @Test(arguments: ["episode-translator.srt", "episode.vtt", "episode-imsc1.ttml"])
  func textSamplesValidateAndSurviveEveryConversion(name: String) throws {
    let validated = run(["validate", "--strict", sample(name)])
    #expect(validated.status == 0)
    #expect(validated.err == "")
    let original = run(["dump", "--json", sample(name)])
    #expect(original.status == 0)
    let expected = try cues(original.out)
    #expect(expected.count == 4)
    for format in ["srt", "vtt", "ttml"] {
      let converted = run(["convert", "--to", format, sample(name)])
      #expect(converted.status == 0, "\(name) → \(format)")
      let back = run(["dump", "--json", "converted"], files: ["converted": converted.out])
      #expect(try cues(back.out) == expected, "\(name) → \(format)")
    }
  }

  @Test func theThreeSamplesTellTheSameStoryAtTheirOwnTimes() throws {
    let srt = try cues(run(["dump", "--json", sample("episode-translator.srt")]).out)
    #expect(
      srt == [
        "1.5-3.25 Previously on The Harbour...",
        "3.4-5.9 - Where were you last night?\n- Out. On the boat.",
        "6-8.5 [THUNDER RUMBLES]",
        "9.12-11 You promised me, Tom.\nYou promised.",
      ])
    // IMSC1 at 25 fps: frame 12 of a div that begins at 1 s is 1.48 s; 24000000 ticks at
    // 10 MHz after that div's start is 3.4 s.
    let ttml = try cues(run(["dump", "--json", sample("episode-imsc1.ttml")]).out)
    #expect(
      ttml.map { String($0.prefix { $0 != " " }) } == ["1.48-3.24", "3.4-5.9", "6-8.5", "9.12-11"])
  }

  @Test func imageSampleKeepsItsPNGsThroughTTML() throws {
    let dumped = run(["dump", "--json", sample("smpte-tt-images.xml")])
    #expect(dumped.status == 0)
    #expect(dumped.err == "")
    let value = try JSONValue.parse(dumped.out)
    let images = try #require(value["cues"]?.arrayValue).map { $0["image"]?.boolValue }
    #expect(images == [true, true])
    let converted = run(["convert", "--to", "ttml", sample("smpte-tt-images.xml")])
    #expect(converted.status == 0)
    #expect(run(["validate", "--strict", "x"], files: ["x": converted.out]).status == 0)
  }

  /// The SMPTE-TT sample (two PNGs in smpte:image, 2010 and 2013 namespaces, frame times at
  /// 24000/1001) as an IMSC 1.1 image-profile document: each PNG an image element with a data:
  /// URL, in a region of its pixel size at its SMPTE region's origin, times exact.
  @Test func imageSampleConvertsToIMSC11ImageProfile() throws {
    let converted = run(
      ["convert", "--to", "ttml", "--root-extent", "720x576", sample("smpte-tt-images.xml")])
    #expect(converted.status == 0)
    #expect(converted.err == "")
    let wide =
      "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAADklEQVR4nGP4"
      + "jwYY0AUAHiAf4RadhQcAAAAASUVORK5CYII="
    let square =
      "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4"
      + "/5/hPwgzwBgAbaQL9REU6k8AAAAASUVORK5CYII="
    #expect(
      converted.out == """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
        xmlns:tts="http://www.w3.org/ns/ttml#styling" \
        ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/image" \
        ttp:timeBase="media" ttp:frameRate="24" ttp:frameRateMultiplier="1000 1001" \
        tts:extent="720px 576px" xml:lang="en">
          <head>
            <layout>
              <region xml:id="r0" tts:origin="72px 461px" tts:extent="4px 2px"/>
              <region xml:id="r1" tts:origin="72px 29px" tts:extent="2px 2px"/>
            </layout>
          </head>
          <body>
            <div begin="00:00:01.000" end="00:00:02.5005" region="r0">
              <image src="data:image/png;base64,\(wide)" type="image/png" tts:extent="4px 2px"/>
            </div>
            <div begin="00:00:03.003" end="00:00:04.004" region="r1">
              <image src="data:image/png;base64,\(square)" type="image/png" tts:extent="2px 2px"/>
            </div>
          </body>
        </tt>

        """)
    // Read back: the same cue times as the SMPTE-TT sample, and the output validates.
    let original = try cues(run(["dump", "--json", sample("smpte-tt-images.xml")]).out)
    #expect(try cues(run(["dump", "--json", "x"], files: ["x": converted.out]).out) == original)
    #expect(run(["validate", "--strict", "x"], files: ["x": converted.out]).status == 0)
    // Without --root-extent the sample gives no pixel size: 1920x1080, with a warning.
    let assumed = run(["convert", "--to", "ttml", sample("smpte-tt-images.xml")])
    #expect(assumed.status == 0)
    #expect(
      assumed.err == sample("smpte-tt-images.xml") + ": warning: the document does not give "
        + "the root container's size in pixels; images are placed on a 1920x1080 root "
        + "container [ttml.imsc.layout]\n")
    #expect(assumed.out.contains(#"<region xml:id="r0" tts:origin="192px 864px" "#))
  }
}
