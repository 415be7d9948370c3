import Foundation
import ManifestCore
import SubtitleCommands
import Testing
import ToolSupport

/// `--ttml-profile` and `--root-extent` on `convert` and `shift`, for image subtitles.
@Suite struct SubtitleImageCommandTests {
  private func run(_ arguments: [String], stdin: String = "")
    -> (status: Int32, out: String, err: String)
  {
    let io = ToolIO.memory(stdin: stdin)
    let status = SubtitleTool.tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError)
  }

  private static let square =
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4"
    + "/5/hPwgzwBgAbaQL9REU6k8AAAAASUVORK5CYII="

  /// SMPTE-TT 2013 with one embedded PNG, a pixel root container and a region in percent.
  private let smpte = """
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
    xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2013/smpte-tt" \
    tts:extent="1280px 720px" xml:lang="de">
    <head><metadata><smpte:image xml:id="p1" imageType="PNG" encoding="Base64">
    \(square)
    </smpte:image></metadata>
    <layout><region xml:id="low" tts:origin="50% 90%" tts:extent="40% 8%"/></layout></head>
    <body><div region="low" begin="10.5s" end="12s" smpte:backgroundImage="#p1"/></body></tt>
    """

  @Test func convertWritesIMSC11ImagesByDefault() {
    let result = run(["convert", "--to", "ttml"], stdin: smpte)
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(
      result.out.contains(
        #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/image" "#
          + #"ttp:timeBase="media" tts:extent="1280px 720px" xml:lang="de">"#))
    #expect(
      result.out.contains(#"<region xml:id="low" tts:origin="640px 648px" tts:extent="2px 2px"/>"#))
    #expect(
      result.out.contains(
        """
            <div begin="00:00:10.500" end="00:00:12.000" region="low">
              <image src="data:image/png;base64,\(Self.square)" type="image/png" \
        tts:extent="2px 2px"/>
            </div>
        """))
    #expect(!result.out.contains("smpte"))
  }

  @Test func ttmlProfileSMPTETTKeepsTheSMPTEForm() {
    let result = run(["convert", "--to", "ttml", "--ttml-profile", "smpte-tt"], stdin: smpte)
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(result.out.contains(#"<smpte:image imagetype="PNG" encoding="Base64" xml:id="p1">"#))
    #expect(
      result.out.contains(
        #"<div begin="00:00:10.500" end="00:00:12.000" region="low" "#
          + ##"smpte:backgroundImage="#p1"/>"##))
    #expect(
      result.out.contains(#"<region xml:id="low" tts:origin="50% 90%" tts:extent="40% 8%"/>"#))
  }

  @Test func rootExtentOverridesTheDocument() {
    let result = run(["convert", "--to", "ttml", "--root-extent", "1920x1080"], stdin: smpte)
    #expect(result.status == 0)
    #expect(result.out.contains(#"tts:extent="1920px 1080px" xml:lang="de">"#))
    #expect(result.out.contains(#"<region xml:id="low" tts:origin="960px 972px" "#))
  }

  @Test func badProfileAndExtentAreUsageErrors() {
    let profile = run(["convert", "--to", "ttml", "--ttml-profile", "imsc2"], stdin: smpte)
    #expect(profile.status == 2)
    #expect(profile.out == "")
    #expect(
      profile.err
        == "subtitle-tool convert: error: unknown TTML profile 'imsc2' (expected imsc1.1 or "
        + "smpte-tt) [cli.usage]\nRun 'subtitle-tool convert --help' for usage.\n")
    let extent = run(["shift", "--by", "1", "--root-extent", "1920px"], stdin: smpte)
    #expect(extent.status == 2)
    #expect(
      extent.err
        == "subtitle-tool shift: error: option '--root-extent' needs WIDTHxHEIGHT in whole "
        + "pixels, such as 1920x1080, got '1920px' [cli.usage]\nRun 'subtitle-tool shift --help' for usage.\n"
    )
  }

  @Test func shiftMovesImageCuesAndWritesThemTheSameWay() throws {
    let shifted = run(["shift", "--by", "-0.5"], stdin: smpte)
    #expect(shifted.status == 0)
    #expect(shifted.err == "")
    #expect(
      shifted.out.contains(#"<div begin="00:00:10.000" end="00:00:11.500" region="low">"#))
    let smpteOut = run(["shift", "--by", "1", "--ttml-profile", "smpte"], stdin: smpte)
    #expect(
      smpteOut.out.contains(
        #"<div begin="00:00:11.500" end="00:00:13.000" region="low" "#
          + ##"smpte:backgroundImage="#p1"/>"##))
    let dumped = run(["dump", "--json"], stdin: shifted.out)
    let cues = try #require(try JSONValue.parse(dumped.out)["cues"]?.arrayValue)
    #expect(cues.map { $0["start"]?.decimalValue } == [ExactDecimal("10")])
    #expect(cues.map { $0["image"]?.boolValue } == [true])
  }

  @Test func layoutProblemsAreWarnings() {
    let overlapping = """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
      tts:extent="64px 48px" xml:lang="en"><body>
      <div begin="0s" end="2s"><image src="data:image/png;base64,\(Self.square)"/></div>
      <div begin="1s" end="3s"><image src="data:image/png;base64,\(Self.square)"/></div>
      <div begin="4s" end="5s"><image src="sub3.png"/></div>
      </body></tt>
      """
    let result = run(["convert", "--to", "ttml"], stdin: overlapping)
    #expect(result.status == 0)
    #expect(
      result.err
        == "<stdin>: warning: cue 3: the image 'sub3.png' is not embedded, so its size is "
        + "unknown; it gets a 64px 48px region [ttml.imsc.layout]\n"
        + "<stdin>: warning: cues 1 and 2 show images at the same time in overlapping regions "
        + "(IMSC 1.1 §7.12.1.2, §9.2.2) [ttml.imsc.layout]\n")
    #expect(
      result.out.contains(#"<image src="sub3.png" type="image/png" tts:extent="64px 48px"/>"#))
    // The SMPTE-TT form is not checked against IMSC.
    #expect(
      run(["convert", "--to", "ttml", "--ttml-profile", "smpte-tt"], stdin: overlapping).err == "")
  }
}
