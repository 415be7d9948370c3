import ManifestCore
import Subtitles
import Testing

@testable import Thumbnails

@Suite struct ValidationTests {
  private func findings(_ track: ThumbnailTrack) -> [String] {
    track.validate().map { $0.rendered(file: "t.vtt") }
  }

  @Test func aGoodTrackHasNoFindings() throws {
    #expect(findings(try ThumbnailTrackReader.read(try Sample.bytes("sprites.vtt"))).isEmpty)
    #expect(findings(try ThumbnailTrackReader.read(try Sample.bytes("frames.vtt"))).isEmpty)
  }

  @Test func theBrokenSampleShowsEachProblemAtItsLine() throws {
    let track = try ThumbnailTrackReader.read(try Sample.bytes("broken.vtt"))
    #expect(
      track.diagnostics.map { $0.rendered(file: "broken.vtt") } == [
        "broken.vtt:19:18: error: xywh value '0,90,160' is not x,y,w,h (four non-negative integers) [thumbnail.fragment.invalid]"
      ])
    #expect(
      track.validate().map { $0.rendered(file: "broken.vtt") } == [
        "broken.vtt:7:13: error: xywh=160,0,320,90 looks like corners x1,y1,x2,y2; Media "
          + "Fragments wants x,y,width,height: did you mean xywh=160,0,160,90? [thumbnail.region.corners]",
        "broken.vtt:9:1: warning: gap of 2 s before this thumbnail (previous ends at "
          + "00:00:10.000, this one starts at 00:00:12.000): no preview there [thumbnail.time.gap]",
        "broken.vtt:12:1: error: thumbnail starts at 00:00:14.000, before the previous one ends "
          + "(00:00:15.000): overlap of 1 s [thumbnail.time.overlap]",
        "broken.vtt:13:13: warning: thumbnail is 150×90, unlike the track's usual 160×90 [thumbnail.region.unusual-size]",
        "broken.vtt:19:1: warning: thumbnail shows the whole image 'sheet-1.jpg' while 5 others "
          + "show an xywh region of a sprite sheet [thumbnail.region.whole-image]",
      ])
  }

  @Test func aWholeTrackWrittenWithCornersIsCaught() throws {
    // A 3x2 sheet of 100x50 cells written as x1,y1,x2,y2.
    var text = "WEBVTT\n"
    for cell in 0..<6 {
      let x = cell % 3 * 100
      let y = cell / 3 * 50
      text +=
        "\n00:00:0\(cell).000 --> 00:00:0\(cell + 1).000\ns.jpg#xywh=\(x),\(y),\(x + 100),\(y + 50)\n"
    }
    let track = try ThumbnailTrackReader.read(text.bytes)
    #expect(
      findings(track) == [
        "t.vtt:7:7: error: xywh=100,0,200,50 looks like corners x1,y1,x2,y2; Media Fragments "
          + "wants x,y,width,height: did you mean xywh=100,0,100,50? [thumbnail.region.corners]",
        "t.vtt:10:7: error: xywh=200,0,300,50 looks like corners x1,y1,x2,y2; Media Fragments "
          + "wants x,y,width,height: did you mean xywh=200,0,100,50? [thumbnail.region.corners]",
        "t.vtt:13:7: error: xywh=0,50,100,100 looks like corners x1,y1,x2,y2; Media Fragments "
          + "wants x,y,width,height: did you mean xywh=0,50,100,50? [thumbnail.region.corners]",
        "t.vtt:16:7: error: xywh=100,50,200,100 looks like corners x1,y1,x2,y2; Media Fragments "
          + "wants x,y,width,height: did you mean xywh=100,50,100,50? [thumbnail.region.corners]",
        "t.vtt:19:7: error: xywh=200,50,300,100 looks like corners x1,y1,x2,y2; Media Fragments "
          + "wants x,y,width,height: did you mean xywh=200,50,100,50? [thumbnail.region.corners]",
      ])
  }

  @Test func aCellWhoseSizeEqualsItsCornerIsNotCalledCorners() throws {
    // Mostly corners, but the last cue is the real cell at 160,90 of a 160x90 grid: read as
    // corners it would be 0x0, so it cannot be the mistake.
    let text = """
      WEBVTT

      00:00:00.000 --> 00:00:01.000
      s.jpg#xywh=0,0,160,90

      00:00:01.000 --> 00:00:02.000
      s.jpg#xywh=160,0,320,90

      00:00:02.000 --> 00:00:03.000
      s.jpg#xywh=320,0,480,90

      00:00:03.000 --> 00:00:04.000
      s.jpg#xywh=160,90,160,90

      """
    #expect(
      findings(try ThumbnailTrackReader.read(text.bytes)) == [
        "t.vtt:7:7: error: xywh=160,0,320,90 looks like corners x1,y1,x2,y2; Media Fragments "
          + "wants x,y,width,height: did you mean xywh=160,0,160,90? [thumbnail.region.corners]",
        "t.vtt:10:7: error: xywh=320,0,480,90 looks like corners x1,y1,x2,y2; Media Fragments "
          + "wants x,y,width,height: did you mean xywh=320,0,160,90? [thumbnail.region.corners]",
      ])
  }

  @Test func timingAndRectangleErrors() {
    let track = ThumbnailTrack(thumbnails: [
      Thumbnail(
        start: .ms(0), end: .ms(5000), url: "a.jpg",
        region: SpatialFragment(x: 0, y: 0, width: 10, height: 10), line: 3),
      Thumbnail(
        start: .ms(5000), end: .ms(5000), url: "a.jpg",
        region: SpatialFragment(x: 10, y: 0, width: 10, height: 10), line: 6),
      Thumbnail(
        start: .ms(2000), end: .ms(3000), url: "a.jpg",
        region: SpatialFragment(x: 0, y: 0, width: 0, height: 10), line: 9),
      Thumbnail(
        start: .ms(5000), end: .ms(6000), url: "a.jpg",
        region: SpatialFragment(x: 90, y: 0, width: 20, height: 10, unit: .percent), line: 12),
    ])
    #expect(
      findings(track) == [
        "t.vtt:6:1: error: thumbnail ends at 00:00:05.000, not after its start 00:00:05.000 [thumbnail.time.end-before-start]",
        "t.vtt:9:1: error: thumbnail starts at 00:00:02.000, before the previous one "
          + "(00:00:05.000); players expect time order [thumbnail.time.unsorted]",
        "t.vtt:10:1: error: xywh=0,0,0,10 is empty: width and height must be positive [thumbnail.region.empty]",
        "t.vtt:12:1: warning: gap of 2 s before this thumbnail (previous ends at 00:00:03.000, "
          + "this one starts at 00:00:05.000): no preview there [thumbnail.time.gap]",
        "t.vtt:13:1: error: xywh=percent:90,0,20,10 reaches past 100% of the image (to 110%,10%) [thumbnail.region.past-image]",
      ])
  }
}
