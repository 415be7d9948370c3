import HLS
import ManifestCore
import Testing

@Suite struct TrackTests {
  @Test func basicFilteringMatchesPrefixesAtSubtagBoundaries() throws {
    let en = try #require(LanguageRange("en"))
    #expect(en.matches("en"))
    #expect(en.matches("en-US"))
    #expect(en.matches("EN-gb"))
    #expect(!en.matches("eng"))
    #expect(!en.matches(nil))
    let ptBR = try #require(LanguageRange("pt-BR"))
    #expect(ptBR.matches("pt-br"))
    #expect(!ptBR.matches("pt"))
    #expect(try #require(LanguageRange("*")).matches("x-klingon"))
    #expect(LanguageRange("") == nil)
    #expect(LanguageRange("en-") == nil)
    #expect(LanguageRange("1en") == nil)
    #expect(LanguageRange("toolongsubtag") == nil)
    #expect(LanguageRange("zh-Hant-TW")?.matches("zh-hant-tw-x-private") == true)
  }

  @Test func tracksListRenditionsWithTheVariantsUsingThem() throws {
    // Apple's advanced fMP4 example (samples/hls/multivariant.m3u8).
    let master = try Samples.multivariant("multivariant.m3u8")
    let tracks = master.tracks()
    #expect(
      tracks.map { "\($0.rendition.type) \($0.rendition.name)" } == [
        "AUDIO English", "AUDIO Français", "AUDIO English 5.1", "SUBTITLES English",
        "SUBTITLES Français", "CLOSED-CAPTIONS English CC",
      ])
    #expect(
      tracks[0].variants.map(\.uri) == [
        "v5/prog_index.m3u8", "v9/prog_index.m3u8", "h5/prog_index.m3u8",
      ])
    #expect(tracks[2].variants.map(\.uri) == ["v9/prog_index.m3u8"])
    #expect(tracks[5].variants.count == 4)
    let french = master.tracks(languages: [try #require(LanguageRange("FR"))])
    #expect(french.map(\.rendition.name) == ["Français", "Français"])
  }

  @Test func languageFilterKeepsMatchingRenditionsPerGroup() throws {
    let master = try Samples.multivariant("multivariant.m3u8")
    let selection = try master.selectVariants(
      VariantFilter(languages: [try #require(LanguageRange("fr"))]))
    let kept = try #require(try selection.playlist())
    // aac-stereo and subs keep French; ec3-surround and cc have no French and keep theirs.
    #expect(
      kept.renditions.map { "\($0.groupID) \($0.name)" } == [
        "aac-stereo Français", "ec3-surround English 5.1", "subs Français", "cc English CC",
      ])
    #expect(kept.variants.count == 4)
  }
}
