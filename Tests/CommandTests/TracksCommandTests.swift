import Testing

@Suite struct TracksCommandTests {
  @Test func listsTheTracksOfAppleAdvancedExample() {
    // samples/hls/multivariant.m3u8: Apple's advanced fMP4 example layout.
    let (status, out, err) = m3u8(["tracks", hlsSample("multivariant.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0).replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
    }
    #expect(
      lines == [
        "TYPE GROUP NAME LANGUAGE ASSOC FLAGS CHANNELS CHARACTERISTICS INSTREAM-ID VARIANTS",
        "AUDIO aac-stereo English en - default,autoselect 2 - - 3",
        "AUDIO aac-stereo Français fr - autoselect 2 - - 3",
        "AUDIO ec3-surround English 5.1 en - default,autoselect 6 - - 1",
        "SUBTITLES subs English en - autoselect - public.accessibility.transcribes-spoken-dialog,"
          + "public.accessibility.describes-music-and-sound - 4",
        "SUBTITLES subs Français fr - autoselect - - - 4",
        "CLOSED-CAPTIONS cc English CC en - default,autoselect - - CC1 4",
        "",
      ])
  }

  @Test func languageFilterAndJSON() {
    let (status, out, _) = m3u8([
      "tracks", "--language", "FR", "--json", hlsSample("multivariant.m3u8"),
    ])
    #expect(status == 0)
    #expect(
      out
        == "{\"tracks\":[{\"type\":\"AUDIO\",\"groupId\":\"aac-stereo\",\"name\":\"Français\",\"language\":\"fr\",\"assocLanguage\":null,\"default\":false,\"autoselect\":true,\"forced\":false,\"channels\":\"2\",\"characteristics\":[],\"instreamId\":null,\"uri\":\"audio/fr/stereo/prog_index.m3u8\",\"variants\":[\"v5/prog_index.m3u8\",\"v9/prog_index.m3u8\",\"h5/prog_index.m3u8\"]},{\"type\":\"SUBTITLES\",\"groupId\":\"subs\",\"name\":\"Français\",\"language\":\"fr\",\"assocLanguage\":null,\"default\":false,\"autoselect\":true,\"forced\":false,\"channels\":null,\"characteristics\":[],\"instreamId\":null,\"uri\":\"subtitles/fr/prog_index.m3u8\",\"variants\":[\"v5/prog_index.m3u8\",\"v9/prog_index.m3u8\",\"v9/prog_index.m3u8\",\"h5/prog_index.m3u8\"]}]}\n"
    )
  }

  @Test func noMatchExitsOne() {
    let (status, out, err) = m3u8(["tracks", "--language", "de", hlsSample("multivariant.m3u8")])
    #expect(status == 1)
    #expect(out == "")
    #expect(
      err.hasSuffix(
        "multivariant.m3u8:1:1: error: no track matches --language de; the tracks have en, fr [cli.tracks.no-match]\n"
      ))
    #expect(
      m3u8(["tracks", "--language", "en_US", hlsSample("multivariant.m3u8")]).2.hasPrefix(
        "m3u8-tool tracks: error: option '--language' needs BCP 47 language ranges such as en or pt-BR, got 'en_US' [cli.usage]\n"
      ))
    #expect(m3u8(["tracks", hlsSample("media-ts-vod.m3u8")]).0 == 2)
  }

  @Test func variantsKeepTheLanguage() throws {
    let (status, out, _) = m3u8([
      "variants", "--language", "fr", hlsSample("multivariant.m3u8"),
    ])
    #expect(status == 0)
    #expect(!out.contains("NAME=\"English\",AUTOSELECT"))
    #expect(out.contains("NAME=\"Français\""))
    // ec3-surround and cc have no French rendition and keep theirs.
    #expect(out.contains("NAME=\"English 5.1\""))
    #expect(out.contains("NAME=\"English CC\""))
  }
}

@Suite struct URLsLanguageTests {
  /// An audio group in English and German, as Shaka Packager writes a multivariant playlist
  /// (`--hls_master_playlist_output`, one EXT-X-MEDIA per audio stream).
  static let files = [
    "vod/h264.m3u8": """
    #EXTM3U
    ## Generated with https://github.com/shaka-project/shaka-packager version v3.2.0
    #EXT-X-MEDIA:TYPE=AUDIO,URI="audio_en.m3u8",GROUP-ID="default-audio-group",LANGUAGE="en",NAME="stream_0",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2"
    #EXT-X-MEDIA:TYPE=AUDIO,URI="audio_de.m3u8",GROUP-ID="default-audio-group",LANGUAGE="de",NAME="stream_1",AUTOSELECT=YES,CHANNELS="2"
    #EXT-X-STREAM-INF:BANDWIDTH=1105129,AVERAGE-BANDWIDTH=1016537,CODECS="avc1.64001e,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=25.000,AUDIO="default-audio-group",CLOSED-CAPTIONS=NONE
    h264_360p.m3u8

    """,
    "vod/h264_360p.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nv1.ts\n#EXT-X-ENDLIST\n",
    "vod/audio_en.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nen1.aac\n#EXT-X-ENDLIST\n",
    "vod/audio_de.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nde1.aac\n#EXT-X-ENDLIST\n",
  ]

  @Test func urlsDownloadOnlyTheChosenLanguage() {
    let (status, out, err) = m3u8(
      ["urls", "--language", "de-DE,de", "vod/h264.m3u8"], files: Self.files)
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        h264_360p.m3u8
        v1.ts
        audio_de.m3u8
        de1.aac

        """)
  }
}
