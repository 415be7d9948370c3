extension RuleCase {
  /// A multivariant playlist of `lines`.
  static func multivariant(_ lines: String) -> String { "#EXTM3U\n\(lines)\n" }

  /// Multivariant playlist rules (§4.4.6).
  static let variants: [RuleCase] = [
    RuleCase(
      "spec.variant-missing-bandwidth", line: 2, "EXT-X-STREAM-INF has no BANDWIDTH",
      trips: multivariant(
        """
        #EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=500000,CODECS="mp4a.40.2"
        a.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-STREAM-INF:BANDWIDTH=500000,CODECS="mp4a.40.2"
        a.m3u8
        """)),
    RuleCase(
      "spec.variant-missing-codecs", line: 2, "EXT-X-STREAM-INF has no CODECS",
      trips: multivariant(
        """
        #EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=640x360
        a.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-STREAM-INF:BANDWIDTH=500000,CODECS="avc1.42c01e,mp4a.40.2",RESOLUTION=640x360
        a.m3u8
        """)),
    RuleCase(
      "spec.variant-missing-resolution", line: 2,
      "EXT-X-I-FRAME-STREAM-INF has video codec hvc1.2.4.L93.B0 but no RESOLUTION",
      trips: multivariant(
        #"#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,CODECS="hvc1.2.4.L93.B0",URI="i.m3u8""#),
      nearMiss: multivariant(
        """
        #EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2"
        audio.m3u8
        """)),
    RuleCase(
      "spec.average-bandwidth-exceeds-bandwidth", line: 2,
      "AVERAGE-BANDWIDTH 2400000 is above BANDWIDTH 2000000",
      trips: multivariant(
        """
        #EXT-X-STREAM-INF:BANDWIDTH=2000000,AVERAGE-BANDWIDTH=2400000,CODECS="mp4a.40.2"
        a.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-STREAM-INF:BANDWIDTH=2000000,AVERAGE-BANDWIDTH=2000000,CODECS="mp4a.40.2"
        a.m3u8
        """)),
    RuleCase(
      "spec.rendition-group-missing", line: 3,
      "AUDIO=\"aac\" names no EXT-X-MEDIA with TYPE=AUDIO and GROUP-ID=\"aac\"",
      trips: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="ac3",NAME="English",URI="ac3.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aac"
        v.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",URI="aac.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aac",CLOSED-CAPTIONS=NONE
        v.m3u8
        """)),
    RuleCase(
      "spec.duplicate-variant", line: 6,
      "variant 'v.m3u8' repeats the variant on line 4 with the same rendition groups",
      trips: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",URI="aac.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="ec3",NAME="English",URI="ec3.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aac"
        v.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aac"
        v.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",URI="aac.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="ec3",NAME="English",URI="ec3.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aac"
        v.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=1100000,CODECS="avc1.4d401e,ec-3",RESOLUTION=640x360,AUDIO="ec3"
        v.m3u8
        """)),
    RuleCase(
      "spec.rendition-duplicate-name", line: 3,
      "AUDIO group \"aac\" has NAME \"English\" twice (first on line 2)",
      trips: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",LANGUAGE="en",URI="en.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",LANGUAGE="en-GB",URI="gb.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="mp4a.40.2",AUDIO="aac"
        a.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",LANGUAGE="en",URI="en.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="ec3",NAME="English",LANGUAGE="en",URI="en-ec3.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="mp4a.40.2",AUDIO="aac"
        a.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="ec-3",AUDIO="ec3"
        a.m3u8
        """)),
    RuleCase(
      "spec.rendition-multiple-defaults", line: 3,
      "AUDIO group \"aac\" has a second DEFAULT=YES member \"Français\" (the first is "
        + "\"English\" on line 2)",
      trips: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",DEFAULT=YES,AUTOSELECT=YES,URI="en.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="Français",DEFAULT=YES,AUTOSELECT=YES,URI="fr.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="mp4a.40.2",AUDIO="aac"
        a.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",DEFAULT=YES,AUTOSELECT=YES,URI="en.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="Français",DEFAULT=NO,AUTOSELECT=YES,URI="fr.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="mp4a.40.2",AUDIO="aac"
        a.m3u8
        """)),
    RuleCase(
      "spec.closed-captions-none-inconsistent", line: 5,
      "this variant has CLOSED-CAPTIONS=\"cc\" but the variant on line 3 has NONE; all must be "
        + "NONE",
      trips: multivariant(
        """
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English",INSTREAM-ID="CC1"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,CLOSED-CAPTIONS=NONE
        low.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=2900000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=1280x720,CLOSED-CAPTIONS="cc"
        high.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,CLOSED-CAPTIONS=NONE
        low.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=2900000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=1280x720,CLOSED-CAPTIONS=NONE
        high.m3u8
        """)),
    RuleCase(
      "spec.duplicate-session-data", line: 3,
      "EXT-X-SESSION-DATA DATA-ID \"com.example.title\" LANGUAGE \"en\" repeats line 2",
      trips: multivariant(
        """
        #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="Bunny",LANGUAGE="en"
        #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="Rabbit",LANGUAGE="en"
        #EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2"
        a.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="Bunny",LANGUAGE="en"
        #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="Lapin",LANGUAGE="fr"
        #EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2"
        a.m3u8
        """)),
    RuleCase(
      "spec.steering-pathway-unknown", line: 2,
      "EXT-X-CONTENT-STEERING PATHWAY-ID \"CDN-C\" is not a variant's pathway (variants use "
        + "\"CDN-A\", \"CDN-B\")",
      trips: multivariant(
        """
        #EXT-X-CONTENT-STEERING:SERVER-URI="https://steer.example.com/v1",PATHWAY-ID="CDN-C"
        #EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2",PATHWAY-ID="CDN-A"
        https://a.example.com/a.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2",PATHWAY-ID="CDN-B"
        https://b.example.com/a.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-CONTENT-STEERING:SERVER-URI="https://steer.example.com/v1",PATHWAY-ID="CDN-B"
        #EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2",PATHWAY-ID="CDN-A"
        https://a.example.com/a.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2",PATHWAY-ID="CDN-B"
        https://b.example.com/a.m3u8
        """)),
  ]
}
