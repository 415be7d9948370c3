import HLS
import ManifestCore
import Testing

@Suite struct MultivariantPlaylistTests {
  @Test func variantsRenditionsAndSessionTags() throws {
    let p = try Samples.multivariant("multivariant.m3u8")
    #expect(p.diagnostics.isEmpty)
    #expect(p.version == 7)
    #expect(p.independentSegments)
    #expect(p.variants.count == 4)
    let first = p.variants[0]
    #expect(first.uri == "v5/prog_index.m3u8")
    #expect(first.bandwidth == 2_177_116)
    #expect(first.averageBandwidth == 2_168_183)
    #expect(first.codecList == ["avc1.640020", "mp4a.40.2"])
    #expect(first.resolution == Resolution(width: 960, height: 540))
    #expect(first.frameRate == ExactDecimal(60))
    #expect(first.audio == "aac-stereo")
    #expect(first.subtitles == "subs")
    #expect(first.closedCaptions == "cc")
    #expect(first.pathwayID == "CDN-A")
    #expect(first.line == 14)
    #expect(first.uriLine == 15)
    #expect(
      first.attributes.map(\.name) == [
        "AVERAGE-BANDWIDTH", "BANDWIDTH", "CODECS", "RESOLUTION", "FRAME-RATE", "CLOSED-CAPTIONS",
        "AUDIO", "SUBTITLES", "PATHWAY-ID",
      ])
    #expect(first.attributes[4].value == "60.000")
    #expect(p.variants[3].videoRange == "PQ")
    #expect(p.iFrameVariants.map(\.uri) == ["v5/iframe_index.m3u8", "v9/iframe_index.m3u8"])
    #expect(p.imageVariants.map(\.uri) == ["thumbs/images.m3u8"])
    #expect(p.imageVariants.first?.kind == .image)
    #expect(p.renditions.count == 6)
    #expect(p.sessionKeys.first?.uri == "skd://twelve")
    #expect(p.sessionData.first?.value == "Big Buck Bunny")
    #expect(p.contentSteering?.serverURI == "https://steering.example.com/v1/steer?session=abc")
    #expect(p.contentSteering?.pathwayID == "CDN-A")
  }

  @Test func groupsResolveToRenditions() throws {
    let p = try Samples.multivariant("multivariant.m3u8")
    let groups = p.renditionGroups(for: p.variants[2])
    #expect(groups.audio.map(\.name) == ["English 5.1"])
    #expect(groups.subtitles.map(\.language) == ["en", "fr"])
    #expect(groups.closedCaptions.map(\.instreamID) == ["CC1"])
    #expect(groups.video.isEmpty)
    #expect(groups.all.count == 4)
    let audio = p.renditions(type: "AUDIO", groupID: "aac-stereo")
    #expect(audio.map(\.isDefault) == [true, false])
    #expect(audio.map(\.channels) == ["2", "2"])
  }

  @Test func missingGroupIsReported() throws {
    let p = try Playlist.multivariant(
      """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=1000000,AUDIO="aud"
      v.m3u8
      """)
    #expect(
      rendered(p.diagnostics) == [
        "2:1: error: AUDIO group \"aud\" has no EXT-X-MEDIA with TYPE=AUDIO"
      ])
  }

  @Test func variablesAreSubstitutedFromValuesAndTheQuery() throws {
    let p = try Samples.multivariant(
      "multivariant-define.m3u8",
      options: ParseOptions(url: "https://origin.example.com/master.m3u8?token=s3cr%20t"))
    #expect(p.diagnostics.isEmpty)
    #expect(p.variables == ["cdn": "https://cdn.example.com/vod/title-7", "token": "s3cr t"])
    #expect(
      p.variants.map(\.uri) == [
        "https://cdn.example.com/vod/title-7/video/720p.m3u8?token=s3cr t",
        "https://cdn.example.com/vod/title-7/video/1080p.m3u8?token=s3cr t",
      ])
    #expect(
      p.renditions.first?.uri == "https://cdn.example.com/vod/title-7/audio/en.m3u8?token=s3cr t")
    #expect(p.definitions.map(\.source) == [.value, .queryParameter])
  }

  @Test func importedVariablesComeFromTheParent() throws {
    let parent = try Samples.multivariant("multivariant-define.m3u8")
    let p = try Samples.media(
      "media-define.m3u8", options: ParseOptions(importedVariables: parent.variables))
    #expect(p.diagnostics.isEmpty)
    #expect(p.segments[0].uri == "https://cdn.example.com/vod/title-7/video/720p/seg-1.m4s")
    #expect(p.segments[0].map?.uri == "https://cdn.example.com/vod/title-7/video/init-720p.mp4")
  }

  @Test func missingImportAndQueryParameterAreReported() throws {
    let p = try Samples.media("media-define.m3u8")
    #expect(
      rendered(p.diagnostics) == [
        "3:1: error: EXT-X-DEFINE: IMPORT \"cdn\" is not defined by the parent playlist"
      ])
    #expect(p.segments[0].uri == "{$cdn}/video/720p/seg-1.m4s")
  }
}

@Suite struct TagNameAndSubstitutionTests {
  @Test func tagNamesAreFoundBySpelling() {
    #expect(TagName(spelling: "EXT-X-CUE-OUT-CONT") == .cueOutCont)
    #expect(TagName(spelling: "EXT-X-CUE") == .cue)
    #expect(TagName(spelling: "EXT-X-KEYS") == .unknown)
    #expect(TagName.allCases.allSatisfy { $0 == .unknown || TagName(spelling: $0.spelling) == $0 })
    #expect(TagName.dateRange.scope == .media)
    #expect(TagName.sessionKey.scope == .multivariant)
    #expect(TagName.define.scope == .either)
  }

  @Test func adobeCueContIsAnAdMarker() throws {
    #expect(TagName(spelling: "EXT-X-CUE-CONT") == .cueCont)
    #expect(TagName.cueCont.spelling == "EXT-X-CUE-CONT")
    #expect(TagName.cueCont.isAdMarker && TagName.cue.isAdMarker)
    #expect(TagName.cueCont.scope == .either && !TagName.cueCont.isPlaylistLevel)
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-CUE:TYPE=SpliceOut,ID=7,DURATION=12
      #EXTINF:6,
      a.ts
      #EXT-X-CUE-CONT:ID=7,AVAIL-DUR-ELAPSED=6
      #EXTINF:6,
      b.ts

      """
    let playlist = try Playlist.parse(Array(text.utf8))
    let media = try #require(playlist.media)
    let tags = media.source.lines.filter { $0.kind == .tag }.map(\.tag)
    #expect(tags == [.extm3u, .targetDuration, .cue, .inf, .cueCont, .inf])
    #expect(media.source.lines[5].segmentIndex == 1)
    #expect(media.diagnostics.isEmpty)
    #expect(media.source.bytes == Array(text.utf8))
  }

  @Test func rawValuesCanBeSubstitutedLater() throws {
    let p = try Samples.multivariant(
      "multivariant-define.m3u8", options: ParseOptions(url: "https://o.example/m.m3u8?token=t"))
    let line = try #require(p.variants.first?.uriLine)
    let raw = p.source.text(of: p.source.lines[line])
    #expect(raw == "{$cdn}/video/720p.m3u8?token={$token}")
    #expect(
      p.substitutingVariables(in: raw)
        == "https://cdn.example.com/vod/title-7/video/720p.m3u8?token=t")
  }
}
