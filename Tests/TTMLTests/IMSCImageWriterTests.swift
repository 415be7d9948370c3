import ManifestCore
import Testing

@testable import Subtitles
@testable import TTML

/// Image cues written as an IMSC 1.1 image-profile document (IMSC 1.1 §9) or in the SMPTE-TT
/// form, read back byte for byte.
@Suite struct IMSCImageWriterTests {
  /// A 4×2 and a 2×2 PNG, as a subtitle renderer writes them (IHDR, IDAT, IEND).
  static let wide =
    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAADklEQVR4nGP4"
    + "jwYY0AUAHiAf4RadhQcAAAAASUVORK5CYII="
  static let square =
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4"
    + "/5/hPwgzwBgAbaQL9REU6k8AAAAASUVORK5CYII="

  /// SMPTE-TT as packagers write it: a pixel root container, 25 fps frame times, one region in
  /// percent and one in pixels, the images in head metadata.
  static let smpte = """
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
    xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
    xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt" ttp:frameRate="25" \
    tts:extent="640px 480px" xml:lang="fr">
    <head><metadata>
    <smpte:image xml:id="a" imagetype="PNG" encoding="Base64">\(wide)</smpte:image>
    <smpte:image xml:id="b" imagetype="PNG" encoding="Base64">\(square)</smpte:image>
    </metadata>
    <layout><region xml:id="bottom" tts:origin="10% 90%" tts:extent="80% 10%"/>\
    <region xml:id="top" tts:origin="120px 20px" tts:extent="400px 40px"/></layout></head>
    <body>
    <div xml:id="s1" region="bottom" begin="00:00:01:05" end="00:00:02:00" \
    smpte:backgroundImage="#a"/>
    <div region="top" begin="3s" dur="13f" smpte:backgroundImage="#b"/>
    </body></tt>
    """

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  private func png(_ base64: String) throws -> [UInt8] { try Base64.decode(Array(base64.utf8)) }

  /// An image cue from `start` to `end` seconds.
  private func image(
    _ start: Int64, _ end: Int64, _ data: [UInt8]?, source: String? = nil, region: String? = nil
  ) -> Cue {
    Cue(
      start: SubtitleTime(seconds: start), end: SubtitleTime(seconds: end),
      content: .image(CueImage(data: data, source: source)), region: region)
  }

  /// The first 24 bytes of a PNG of the given size (all `PixelSize` reads).
  private func pngHeader(width: Int, height: Int) -> [UInt8] {
    func word(_ n: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: n >> (24 - 8 * $0)) } }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
      + word(width) + word(height)
  }

  @Test func imageCuesBecomeAnIMSC11ImageProfileDocument() throws {
    let document = try TTMLReader.read(Array(Self.smpte.utf8))
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      xmlns:tts="http://www.w3.org/ns/ttml#styling" \
      ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/image" \
      ttp:timeBase="media" ttp:frameRate="25" tts:extent="640px 480px" xml:lang="fr">
        <head>
          <layout>
            <region xml:id="bottom" tts:origin="64px 432px" tts:extent="4px 2px"/>
            <region xml:id="top" tts:origin="120px 20px" tts:extent="2px 2px"/>
          </layout>
        </head>
        <body>
          <div begin="00:00:01.200" end="00:00:02.000" region="bottom">
            <image xml:id="s1" src="data:image/png;base64,\(Self.wide)" type="image/png" \
      tts:extent="4px 2px"/>
          </div>
          <div begin="00:00:03.000" end="00:00:03.520" region="top">
            <image src="data:image/png;base64,\(Self.square)" type="image/png" \
      tts:extent="2px 2px"/>
          </div>
        </body>
      </tt>

      """
    #expect(text(TTMLWriter.write(document)) == expected)
    #expect(IMSCImageLayout(document).warnings == [])
  }

  @Test func theSMPTETTFormStaysAvailable() throws {
    let document = try TTMLReader.read(Array(Self.smpte.utf8))
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      xmlns:tts="http://www.w3.org/ns/ttml#styling" \
      xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt" ttp:timeBase="media" \
      ttp:frameRate="25" tts:extent="640px 480px" xml:lang="fr">
        <head>
          <metadata>
            <smpte:image imagetype="PNG" encoding="Base64" xml:id="a">
      iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAADklEQVR4nGP4jwYY0AUAHiAf4Rad
      hQcAAAAASUVORK5CYII=
            </smpte:image>
            <smpte:image imagetype="PNG" encoding="Base64" xml:id="b">
      iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4/5/hPwgzwBgAbaQL
      9REU6k8AAAAASUVORK5CYII=
            </smpte:image>
          </metadata>
          <layout>
            <region xml:id="bottom" tts:origin="10% 90%" tts:extent="80% 10%"/>
            <region xml:id="top" tts:origin="120px 20px" tts:extent="400px 40px"/>
          </layout>
        </head>
        <body>
          <div>
            <div xml:id="s1" begin="00:00:01.200" end="00:00:02.000" region="bottom" \
      smpte:backgroundImage="#a"/>
            <div begin="00:00:03.000" end="00:00:03.520" region="top" smpte:backgroundImage="#b"/>
          </div>
        </body>
      </tt>

      """
    #expect(text(TTMLWriter.write(document, options: .init(imageProfile: .smpteTT))) == expected)
  }

  @Test func bothFormsReadBackWithIdenticalPNGsAndExactTimes() throws {
    let source = try TTMLReader.read(Array(Self.smpte.utf8))
    let pngs = [try png(Self.wide), try png(Self.square)]
    let imsc = TTMLWriter.write(source)
    let fromIMSC = try TTMLReader.read(imsc)
    #expect(fromIMSC.diagnostics == [])
    #expect(fromIMSC.cues.map(\.image?.data) == pngs)
    #expect(fromIMSC.cues.map(\.start) == source.cues.map(\.start))
    #expect(fromIMSC.cues.map(\.end) == source.cues.map(\.end))
    #expect(fromIMSC.cues.map(\.start) == [SubtitleTime(milliseconds: 1200), .init(seconds: 3)])
    #expect(fromIMSC.cues.map(\.end) == [SubtitleTime(seconds: 2), .init(milliseconds: 3520)])
    #expect(fromIMSC.cues.map(\.identifier) == ["s1", nil])
    #expect(fromIMSC.cues.map(\.region) == ["bottom", "top"])
    #expect(fromIMSC.rootExtent == "640px 480px")
    // Writing what was read gives the same document again.
    #expect(TTMLWriter.write(fromIMSC) == imsc)
    // And the IMSC document goes back to SMPTE-TT with the same bytes.
    let smpte = TTMLWriter.write(fromIMSC, options: .init(imageProfile: .smpteTT))
    let fromSMPTE = try TTMLReader.read(smpte)
    #expect(fromSMPTE.cues.map(\.image?.data) == pngs)
    #expect(fromSMPTE.cues.map(\.start) == source.cues.map(\.start))
    #expect(fromSMPTE.cues.map(\.end) == source.cues.map(\.end))
    #expect(TTMLWriter.write(fromSMPTE) == imsc)
  }

  @Test func imscImageElementsLastAsLongAsTheirDiv() throws {
    let document = try TTMLReader.read(
      Array(
        """
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
        tts:extent="1280px 720px" xml:lang="en">
        <head><layout><region xml:id="r" tts:origin="40px 600px" tts:extent="2px 2px"/>\
        </layout></head>
        <body>
        <div region="r" begin="1s" end="2.5s"><image src="data:image/png;base64,\(Self.square)" \
        type="image/png" tts:extent="2px 2px"/></div>
        <div region="r" begin="3s" end="4s" timeContainer="seq">\
        <image src="data:image/png;base64,\(Self.square)" type="image/png"/></div>
        </body></tt>
        """.utf8))
    // Its implicit duration is indefinite, so it also fills a seq container.
    #expect(document.cues.map(\.start) == [SubtitleTime(seconds: 1), .init(seconds: 3)])
    #expect(document.cues.map(\.end) == [SubtitleTime(milliseconds: 2500), .init(seconds: 4)])
    #expect(document.cues.map(\.image?.data) == [try png(Self.square), try png(Self.square)])
    #expect(document.cues.first?.image?.source == nil)
    #expect(document.rootExtent == "1280px 720px")
    #expect(document.diagnostics == [])
  }

  @Test func aDataURLThatDoesNotDecodeIsMissingImageData() throws {
    let image = CueImage(data: nil, source: "data:image/png;base64,!!!")
    #expect(image.data == nil)
    #expect(image.source == "data:image/png;base64,!!!")
    let document = SubtitleDocument(
      format: .ttml,
      cues: [
        Cue(
          start: .zero, end: SubtitleTime(seconds: 1), content: .image(image), line: 7)
      ])
    #expect(
      SubtitleValidator.validate(document).map(\.message) == [
        "missing-image-data: cue 1 is an image cue without image data (a data: URL that does "
          + "not decode)"
      ])
  }

  @Test func placementFollowsTheSourceRegionInsideTheRootContainer() throws {
    let wide = try png(Self.wide)
    var document = SubtitleDocument(
      format: .ttml,
      cues: [
        image(0, 1, wide, region: "corner"), image(2, 3, wide, region: "corner"),
        image(4, 5, wide), image(6, 7, pngHeader(width: 100, height: 50), region: "corner"),
      ],
      regions: [
        SubtitleRegion(
          identifier: "corner",
          properties: [StyleProperty("origin", "99.9% 12.5%"), StyleProperty("extent", "1% 1%")])
      ], rootExtent: "1000px 200px")
    let layout = IMSCImageLayout(document)
    #expect(layout.rootExtent == PixelSize(width: 1000, height: 200))
    // 99.9% of 1000 is 999: moved back so the 4 px wide image stays inside (996). 12.5% of 200
    // is 25. Without a region: centred, above the bottom tenth (200 - 20 - 2).
    #expect(
      layout.regions == [
        .init(identifier: "corner", x: 996, y: 25, size: PixelSize(width: 4, height: 2)),
        .init(identifier: "image1", x: 498, y: 178, size: PixelSize(width: 4, height: 2)),
        .init(identifier: "image2", x: 900, y: 25, size: PixelSize(width: 100, height: 50)),
      ])
    #expect(layout.imageRegions == [0: "corner", 1: "corner", 2: "image1", 3: "image2"])
    #expect(layout.warnings == [])
    document.rootExtent = nil
    let assumed = IMSCImageLayout(document)
    #expect(assumed.rootExtent == IMSCImageLayout.defaultRootExtent)
    #expect(
      assumed.warnings == [
        "the document does not give the root container's size in pixels; images are placed "
          + "on a 1920x1080 root container"
      ])
    document.rootExtent = "100% 100%"
    #expect(
      IMSCImageLayout(document, rootExtent: PixelSize(width: 640, height: 480)).warnings == [])
    #expect(
      IMSCImageLayout(document).warnings == [
        "the document does not give the root container's size in pixels ('100% 100%' is not in "
          + "pixels); images are placed on a 1920x1080 root container"
      ])
  }

  @Test func whatKeepsTheDocumentFromConformingIsReported() throws {
    let square = try png(Self.square)
    let document = SubtitleDocument(
      format: .ttml,
      cues: [
        image(0, 10, square, region: "a"), image(1, 2, square, region: "a"),
        image(1, 2, nil, source: "sub3.png", region: "b"),
        image(1, 2, pngHeader(width: 700, height: 10), region: "c"),
        image(1, 2, square, region: "d"), image(1, 2, [1, 2, 3], region: "e"),
      ],
      regions: [
        SubtitleRegion(
          identifier: "a", properties: [StyleProperty("origin", "0px 0px")]),
        SubtitleRegion(
          identifier: "b",
          properties: [StyleProperty("origin", "10px 300px"), StyleProperty("extent", "50% 5%")]),
        SubtitleRegion(identifier: "c", properties: [StyleProperty("origin", "0px 100px")]),
        SubtitleRegion(identifier: "d", properties: [StyleProperty("origin", "300px 100px")]),
      ], rootExtent: "640px 480px")
    let layout = IMSCImageLayout(document)
    #expect(
      layout.warnings == [
        "cue 3: the image 'sub3.png' is not embedded, so its size is unknown; it gets a "
          + "320px 24px region",
        "cue 4: the 700x10 image is larger than the 640x480 root container (IMSC 1.1 §7.12.1.2)",
        "cue 6: the image is not a PNG (IMSC 1.1 §9.3), so its size is unknown; it gets a "
          + "640px 480px region",
        "cues 1 and 2 show images at the same time in overlapping regions (IMSC 1.1 §7.12.1.2, "
          + "§9.2.2)",
        "cues 4 and 5 show images at the same time in overlapping regions (IMSC 1.1 §7.12.1.2, "
          + "§9.2.2)",
        "cue 5: more than 4 images are shown at once (IMSC 1.1 §7.12.1.3)",
        "cues 1 and 6 show images at the same time in overlapping regions (IMSC 1.1 §7.12.1.2, "
          + "§9.2.2)",
        "cues 2 and 6 show images at the same time in overlapping regions (IMSC 1.1 §7.12.1.2, "
          + "§9.2.2)",
        "cues 3 and 6 show images at the same time in overlapping regions (IMSC 1.1 §7.12.1.2, "
          + "§9.2.2)",
        "cues 4 and 6 show images at the same time in overlapping regions (IMSC 1.1 §7.12.1.2, "
          + "§9.2.2)",
        "cues 5 and 6 show images at the same time in overlapping regions (IMSC 1.1 §7.12.1.2, "
          + "§9.2.2)",
      ])
  }

  @Test func textAndImagesInOneDocumentKeepTheirOwnRegions() throws {
    let document = SubtitleDocument(
      format: .ttml,
      cues: [
        Cue(
          start: .zero, end: SubtitleTime(seconds: 1), content: .text(CueText(plain: "Hi")),
          region: "r"),
        image(2, 3, try png(Self.square), region: "r"),
      ],
      regions: [SubtitleRegion(identifier: "r", properties: [StyleProperty("origin", "8px 4px")])],
      rootExtent: "64px 32px")
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      xmlns:tts="http://www.w3.org/ns/ttml#styling" ttp:timeBase="media" \
      tts:extent="64px 32px" xml:lang="">
        <head>
          <layout>
            <region xml:id="r" tts:origin="8px 4px"/>
            <region xml:id="image1" tts:origin="8px 4px" tts:extent="2px 2px"/>
          </layout>
        </head>
        <body>
          <div>
            <p begin="00:00:00.000" end="00:00:01.000" region="r">Hi</p>
            <div begin="00:00:02.000" end="00:00:03.000" region="image1">
              <image src="data:image/png;base64,\(Self.square)" type="image/png" \
      tts:extent="2px 2px"/>
            </div>
          </div>
        </body>
      </tt>

      """
    #expect(text(TTMLWriter.write(document)) == expected)
    #expect(
      IMSCImageLayout(document).warnings == [
        "text and image cues in one document fit neither IMSC 1.1 profile (IMSC 1.1 §5.1); no "
          + "profile is signalled"
      ])
  }

  @Test func pixelSizesFromPNGHeadersExtentsAndDimensions() throws {
    #expect(PixelSize(png: try png(Self.wide)) == PixelSize(width: 4, height: 2))
    #expect(PixelSize(png: pngHeader(width: 1920, height: 1080))?.description == "1920x1080")
    #expect(PixelSize(png: pngHeader(width: 0, height: 5)) == nil)
    #expect(PixelSize(png: Array(pngHeader(width: 3, height: 5).prefix(23))) == nil)
    var notIHDR = pngHeader(width: 3, height: 5)
    notIHDR[12] = UInt8(ascii: "X")
    #expect(PixelSize(png: notIHDR) == nil)
    #expect(PixelSize(ttmlExtent: " 640px\t480px ") == PixelSize(width: 640, height: 480))
    #expect(PixelSize(ttmlExtent: "640px 480px").map(\.ttmlExtent) == "640px 480px")
    for bad in ["80% 10%", "640px", "640.5px 480px", "0px 480px", "-1px 2px", "640px 480"] {
      #expect(PixelSize(ttmlExtent: bad) == nil, "\(bad)")
    }
    #expect(PixelSize(dimensions: "720x576") == PixelSize(width: 720, height: 576))
    for bad in ["720", "720x", "x576", "720X576", "0x576", "720x576x1", "1e3x5", "1234567890x1"] {
      #expect(PixelSize(dimensions: bad) == nil, "\(bad)")
    }
  }

  @Test func dataURLs() throws {
    let decoded = try #require(DataURL.decode("data:image/png;base64,iVBO\n  Rw0K\nGgo="))
    #expect(decoded.mediaType == "image/png")
    #expect(decoded.bytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let plain = try #require(DataURL.decode("DATA:,a%20b%2Cc"))
    #expect(plain.mediaType == "text/plain;charset=US-ASCII")
    #expect(plain.bytes == Array("a b,c".utf8))
    for bad in ["data:image/png;base64", "data:,%2", "data:,%zz", "data:;base64,!", "x.png"] {
      #expect(DataURL.decode(bad) == nil, "\(bad)")
    }
    #expect(
      DataURL.encode([0x89, 0x50, 0x4E], mediaType: "image/png") == "data:image/png;base64,iVBO")
    let image = CueImage(data: nil, source: "data:image/png;base64,\(Self.square)")
    #expect(image.data == (try png(Self.square)))
    #expect(image.source == nil)
    #expect(image.pixelSize == PixelSize(width: 2, height: 2))
  }

  @Test func lengthsInPixelsAndPercent() {
    let root = PixelSize(width: 1920, height: 1080)
    #expect(IMSCImageLayout.point("10% 80%", in: root)! == (192, 864))
    #expect(IMSCImageLayout.point("0.05% 120.4px", in: root)! == (1, 120))
    #expect(IMSCImageLayout.point("12.5px 33.33%", in: root)! == (13, 360))
    #expect(IMSCImageLayout.point("auto", in: root) == nil)
    #expect(IMSCImageLayout.point("2c 3c", in: root) == nil)
    #expect(IMSCImageLayout.point("9999999999999999999% 1px", in: root) == nil)
  }
}
