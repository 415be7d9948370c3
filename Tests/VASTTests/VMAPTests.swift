import ManifestCore
import Testing
import VAST

/// VMAP 1.0 schedules: break offsets, inline VAST data, AdTagURIs, break tracking.
@Suite struct VMAPTests {
  /// Google Ad Manager (IMA) style VMAP with pre-, mid- and post-rolls.
  @Test func readsIMAVMAP() throws {
    let reading = try VMAPReader.read(Fixture.bytes("ima-vmap-pre-mid-post.xml"))
    #expect(reading.diagnostics.isEmpty)
    let document = reading.document
    #expect(document.version == "1.0")
    #expect(document.breaks.map(\.breakID) == ["preroll", "midroll-1", "midroll-2", "postroll"])
    #expect(
      document.breaks.map(\.timeOffset) == [
        .start, .time(ExactDecimal(600)), .percent(ExactDecimal(50)), .end,
      ])
    #expect(document.breaks.map(\.location.line) == [7, 39, 81, 86])
    #expect(document.breaks.allSatisfy { $0.breakType == "linear" })
    #expect(
      document.breaks[0].trackingEvents == [
        ScheduledTracking(
          event: "breakStart",
          url:
            "https://pubads.g.doubleclick.net/pagead/conversion/?ai=pre&label=vmap_request_ad_break_start"
        ),
        ScheduledTracking(
          event: "breakEnd",
          url:
            "https://pubads.g.doubleclick.net/pagead/conversion/?ai=pre&label=vmap_request_ad_break_end"
        ),
      ])
    #expect(document.breaks[0].source?.id == "preroll-ad-1")
    #expect(document.breaks[0].source?.allowMultipleAds == false)
    #expect(document.breaks[1].source?.allowMultipleAds == true)
    #expect(document.breaks[0].source?.followRedirects == true)
    #expect(
      document.adTagURIs == ["https://ads.example.com/fw/freewheel-vast3-inline.xml?slot=mid2"])
    guard case .adTagURI(_, let template) = document.breaks[2].source?.content else {
      Issue.record("not an AdTagURI")
      return
    }
    #expect(template == "vast3")
    guard case .vastAdData(let vast) = document.breaks[1].source?.content else {
      Issue.record("not VASTAdData")
      return
    }
    #expect(vast.version == "4.0")
    #expect(vast.ads.map(\.id) == ["mid-2", "mid-1"])
    // Embedded documents keep their place in the VMAP file.
    #expect(vast.location == SourceLocation(line: 42, column: 9, offset: vast.location.offset))
  }

  /// The schedule: each break's ads in play order (the mid-roll pod by sequence), the
  /// AdTagURI resolved to the VAST file given, the break's own tracking kept.
  @Test func schedulesEveryBreak() throws {
    let schedule = try VASTAdDecision.schedule(
      reading: Fixture.source("ima-vmap-pre-mid-post.xml"),
      vastSources: [Fixture.source("freewheel-vast3-inline.xml")])
    #expect(schedule.diagnostics.isEmpty)
    #expect(!schedule.hasErrors)
    #expect(schedule.breaks.map(\.offset.description) == ["start", "600", "50%", "end"])
    #expect(
      schedule.breaks.map { $0.ads.map(\.id) } == [
        ["pre-1"], ["mid-1", "mid-2"], ["27443.8871902"], ["post-1"],
      ])
    #expect(
      schedule.breaks.map { $0.ads.map { $0.duration?.description ?? "-" } } == [
        ["10"], ["30", "15.015"], ["30.03"], ["20"],
      ])
    #expect(schedule.breaks[0].tracking.map(\.event) == ["breakStart", "breakEnd"])
    let pre = try #require(schedule.breaks[0].ads.first)
    #expect(
      pre.mediaURI == "https://redirector.gvt1.com/api/manifest/hls_variant/id/pre1/index.m3u8")
    #expect(pre.file == "ima-vmap-pre-mid-post.xml")
    #expect(pre.location.line == 11)
    #expect(pre.trackingLines.count == 1)
    #expect(schedule.breaks[2].ads.first?.file == "freewheel-vast3-inline.xml")
    #expect(schedule.breaks.map(\.file).allSatisfy { $0 == "ima-vmap-pre-mid-post.xml" })
  }

  /// An offset that cannot be read is an error naming the break; the break is left out. A
  /// missing AdTagURI target is an error too; `#n` positions are kept as positions.
  @Test func badBreaksAreNamed() throws {
    let text = """
      <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
        <vmap:AdBreak timeOffset="00:05" breakType="linear" breakId="mid-a"/>
        <vmap:AdBreak breakType="linear"/>
        <vmap:AdBreak timeOffset="#2" breakType="linear" breakId="second-cue">
          <vmap:AdSource id="s"><vmap:AdTagURI templateType="vast4">https://ads.example/tag?pos=2</vmap:AdTagURI></vmap:AdSource>
        </vmap:AdBreak>
        <vmap:AdBreak timeOffset="end" breakType="linear">
          <vmap:AdSource><vmap:CustomAdData templateType="x">opaque</vmap:CustomAdData></vmap:AdSource>
        </vmap:AdBreak>
        <vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre"/>
      </vmap:VMAP>
      """
    let schedule = try VASTAdDecision.schedule(
      reading: VASTSource(name: "bad.vmap", bytes: Array(text.utf8)))
    #expect(schedule.hasErrors)
    #expect(
      schedule.diagnostics.map(\.line) == [
        "bad.vmap:2:3: error: break 'mid-a': timeOffset '00:05' is not start, end, "
          + "HH:MM:SS(.mmm), n% or #n (VMAP 1.0.1 §2.3.1); it is left out [vmap.time-offset]",
        "bad.vmap:3:3: error: break #2 has no timeOffset (VMAP 1.0.1 §2.3.1); it is left out [vmap.time-offset.missing]",
        "bad.vmap:8:5: warning: break #4: CustomAdData is not read; it has no ads [vmap.source.missing]",
        "bad.vmap:10:3: warning: break 'pre' has no AdSource; it has no ads [vmap.source.missing]",
        "bad.vmap:5:5: error: break 'second-cue': no VAST document given for AdTagURI "
          + "'https://ads.example/tag?pos=2' (matched by its last path segment 'tag', else the "
          + "next unused document in the order given) [vmap.ad-tag.unresolved]",
      ])
    #expect(schedule.breaks.map(\.offset) == [.position(2), .end, .start])
    #expect(schedule.breaks.map(\.id) == ["second-cue", nil, "pre"])
  }

  /// What reading embedded VAST data finds is reported at its line in the VMAP file.
  @Test func embeddedVASTDiagnosticsPointIntoTheVMAPFile() throws {
    let text = """
      <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
      <vmap:AdBreak timeOffset="00:00:30" breakType="linear" breakId="m"><vmap:AdSource>
      <vmap:VASTAdData><VAST version="3.0"><Ad id="e"><InLine><Creatives><Creative><Linear>
        <Duration>thirty</Duration>
      </Linear></Creative></Creatives></InLine></Ad></VAST></vmap:VASTAdData>
      </vmap:AdSource></vmap:AdBreak></vmap:VMAP>
      """
    let schedule = try VASTAdDecision.schedule(
      reading: VASTSource(name: "e.vmap", bytes: Array(text.utf8)))
    #expect(
      schedule.diagnostics.map(\.line) == [
        "e.vmap:4:3: warning: ad 'e': Duration 'thirty' is not HH:MM:SS or HH:MM:SS.mmm; the "
          + "ad's duration is unknown [vast.duration]",
        "e.vmap:3:78: error: ad 'e' has no usable HLS MediaFile (type application/x-mpegURL or "
          + "application/vnd.apple.mpegurl, or a streaming .m3u8 URI): it has no MediaFile [vast.media.no-hls]",
      ])
  }

  /// With a loader, each AdTagURI and each wrapper's VASTAdTagURI is asked for once and
  /// matched only to what was loaded for it.
  @Test func loaderResolvesAdTagURIsAndWrappers() throws {
    let text = """
      <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
      <vmap:AdBreak timeOffset="00:05:00" breakType="linear" breakId="mid"><vmap:AdSource>
      <vmap:AdTagURI templateType="vast3">https://ads.example/springserve</vmap:AdTagURI>
      </vmap:AdSource></vmap:AdBreak>
      <vmap:AdBreak timeOffset="#2" breakType="linear" breakId="missing"><vmap:AdSource>
      <vmap:AdTagURI templateType="vast3">https://ads.example/none</vmap:AdTagURI>
      </vmap:AdSource></vmap:AdBreak>
      <vmap:AdBreak timeOffset="end" breakType="linear" breakId="again"><vmap:AdSource>
      <vmap:AdTagURI templateType="vast3">https://ads.example/springserve</vmap:AdTagURI>
      </vmap:AdSource></vmap:AdBreak>
      </vmap:VMAP>
      """
    var asked: [String] = []
    let schedule = try VASTAdDecision.schedule(
      reading: VASTSource(name: "l.vmap", bytes: Array(text.utf8))
    ) { (uri: String) throws(VASTFileError) -> VASTSource? in
      asked.append(uri)
      switch uri {
      case "https://ads.example/springserve":
        return try? Fixture.source("springserve-vast3-wrapper.xml")
      case let u where u.hasPrefix("https://vid.springserve.com/vast/184920"):
        return try? Fixture.source("freewheel-vast3-inline.xml")
      default:
        return nil
      }
    }
    #expect(
      asked == [
        "https://ads.example/springserve", "https://ads.example/none",
        "https://vid.springserve.com/vast/184920?w=1920&h=1080&cb=8270561&ip=203.0.113.7",
      ])
    #expect(schedule.breaks.map { $0.ads.map(\.id) } == [["27443.8871902"], [], ["27443.8871902"]])
    #expect(schedule.breaks[0].ads.first?.impressions.count == 2)
    #expect(
      schedule.diagnostics.map(\.line) == [
        "l.vmap:5:68: error: break 'missing': no VAST document given for AdTagURI "
          + "'https://ads.example/none' (the loader gave no document for it) [vmap.ad-tag.unresolved]"
      ])
    // What the loader throws stops the schedule.
    #expect(throws: VASTFileError.self) {
      _ = try VASTAdDecision.schedule(
        reading: VASTSource(name: "l.vmap", bytes: Array(text.utf8))
      ) { (uri: String) throws(VASTFileError) -> VASTSource? in
        throw VASTFileError(
          file: uri, error: ParseError(code: "io", message: "cannot read", location: .start))
      }
    }
  }

  @Test func unreadableVMAPThrows() {
    #expect(
      throws: VASTFileError(
        file: "x.vmap",
        error: ParseError(
          code: "vmap.root", message: "the root element is <VAST>, not <vmap:VMAP>",
          location: .start))
    ) {
      _ = try VASTAdDecision.schedule(
        reading: VASTSource(name: "x.vmap", bytes: Array("<VAST/>".utf8)))
    }
    #expect(
      throws: VASTFileError(
        file: "x.vmap",
        error: ParseError(
          code: "xml.doctype",
          message: "DOCTYPE declarations are not allowed: DTDs, entity declarations and "
            + "external entities are disabled for untrusted XML",
          location: .start))
    ) {
      _ = try VASTAdDecision.schedule(
        reading: VASTSource(
          name: "x.vmap", bytes: Array("<!DOCTYPE x [<!ENTITY a 'b'>]><x/>".utf8)))
    }
  }
}
