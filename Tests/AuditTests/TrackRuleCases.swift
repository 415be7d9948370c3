extension RuleCase {
  /// Track rules: languages, CHARACTERISTICS and INSTREAM-IDs of renditions. The renditions are
  /// written as Apple's advanced HLS example stream (bipbop, fMP4) writes them.
  static let tracks: [RuleCase] = [
    RuleCase(
      "spec.rendition-duplicate-language", line: 3,
      "AUDIO group \"aud1\" has LANGUAGE \"EN\" twice with the same CHARACTERISTICS and FORCED "
        + "(\"English\" on line 2, \"English (main)\")",
      trips: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud1",LANGUAGE="en",NAME="English",AUTOSELECT=YES,DEFAULT=YES,CHANNELS="2",URI="a1/prog_index.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud1",LANGUAGE="EN",NAME="English (main)",AUTOSELECT=YES,CHANNELS="2",URI="a1b/prog_index.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=2177116,CODECS="avc1.640020,mp4a.40.2",RESOLUTION=960x540,AUDIO="aud1"
        v5/prog_index.m3u8
        """),
      // An audio description in the same language differs by CHARACTERISTICS.
      nearMiss: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud1",LANGUAGE="en",NAME="English",AUTOSELECT=YES,DEFAULT=YES,CHANNELS="2",URI="a1/prog_index.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud1",LANGUAGE="en",NAME="English (described)",AUTOSELECT=YES,CHARACTERISTICS="public.accessibility.describes-video",CHANNELS="2",URI="ad/prog_index.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=2177116,CODECS="avc1.640020,mp4a.40.2",RESOLUTION=960x540,AUDIO="aud1"
        v5/prog_index.m3u8
        """)),
    RuleCase(
      "spec.rendition-characteristics-type", line: 2,
      "CHARACTERISTICS public.accessibility.describes-music-and-sound is for CLOSED-CAPTIONS or "
        + "SUBTITLES renditions, not TYPE=AUDIO",
      trips: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud1",LANGUAGE="en",NAME="English",AUTOSELECT=YES,DEFAULT=YES,CHARACTERISTICS="public.accessibility.describes-music-and-sound",CHANNELS="2",URI="a1/prog_index.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=2177116,CODECS="avc1.640020,mp4a.40.2",RESOLUTION=960x540,AUDIO="aud1"
        v5/prog_index.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="sub1",LANGUAGE="en",NAME="English (SDH)",AUTOSELECT=YES,CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound",URI="s1/en-sdh/prog_index.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=2177116,CODECS="avc1.640020,mp4a.40.2,wvtt",RESOLUTION=960x540,SUBTITLES="sub1"
        v5/prog_index.m3u8
        """)),
    RuleCase(
      "spec.instream-id-invalid", line: 2,
      "INSTREAM-ID \"CC5\" is not CC1–CC4 or SERVICE1–SERVICE63",
      trips: multivariant(
        """
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc1",LANGUAGE="en",NAME="English",AUTOSELECT=YES,DEFAULT=YES,INSTREAM-ID="CC5"
        #EXT-X-STREAM-INF:BANDWIDTH=2177116,CODECS="avc1.640020,mp4a.40.2",RESOLUTION=960x540,CLOSED-CAPTIONS="cc1"
        v5/prog_index.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-VERSION:7
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc1",LANGUAGE="en",NAME="English",AUTOSELECT=YES,DEFAULT=YES,INSTREAM-ID="CC4"
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc1",LANGUAGE="es",NAME="Español",AUTOSELECT=YES,INSTREAM-ID="SERVICE63"
        #EXT-X-STREAM-INF:BANDWIDTH=2177116,CODECS="avc1.640020,mp4a.40.2",RESOLUTION=960x540,CLOSED-CAPTIONS="cc1"
        v5/prog_index.m3u8
        """)),
  ]
}
