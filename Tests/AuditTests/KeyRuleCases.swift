extension RuleCase {
  /// A VOD fMP4 playlist with `key` on line 5, before its first segment.
  static func withKey(_ key: String) -> String {
    """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-TARGETDURATION:6
    #EXT-X-PLAYLIST-TYPE:VOD
    \(key)
    #EXT-X-MAP:URI="init.mp4"
    #EXTINF:6.0,
    a.m4s
    #EXT-X-ENDLIST

    """
  }

  /// Key rules (§4.4.4.4, §4.4.6.5, §5.2).
  static let keys: [RuleCase] = [
    RuleCase(
      "keys.missing-uri", line: 5, "EXT-X-KEY:METHOD=SAMPLE-AES has no URI",
      trips: withKey(#"#EXT-X-KEY:METHOD=SAMPLE-AES,KEYFORMAT="com.apple.streamingkeydelivery""#),
      nearMiss: withKey(
        #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery""#)
    ),
    RuleCase(
      "keys.none-with-attributes", line: 5,
      "EXT-X-KEY:METHOD=NONE has KEYFORMAT; it must have no other attributes",
      trips: withKey(#"#EXT-X-KEY:METHOD=NONE,KEYFORMAT="identity""#),
      nearMiss: withKey("#EXT-X-KEY:METHOD=NONE")),
    RuleCase(
      "keys.iv-wrong-size", line: 5,
      "IV 0x0000000000000000000000000000A1 has 30 hexadecimal digits (120 bits); AES needs 32 "
        + "(128 bits)",
      trips: withKey(
        #"#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/k1",IV=0x0000000000000000000000000000A1"#
      ),
      nearMiss: withKey(
        #"#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/k1",IV=0x000000000000000000000000000000A1"#
      )),
    RuleCase(
      "keys.iv-not-allowed", line: 5,
      "EXT-X-KEY:METHOD=SAMPLE-AES-CTR must not have an IV (got 0x0123456789ABCDEF0123456789ABCDEF)",
      trips: withKey(
        #"#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="data:text/plain;base64,AAAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",IV=0x0123456789ABCDEF0123456789ABCDEF"#
      ),
      nearMiss: withKey(
        #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery",IV=0x0123456789ABCDEF0123456789ABCDEF"#
      )),
    RuleCase(
      "keys.method-keyformat-mismatch", line: 5,
      "EXT-X-KEY:METHOD=AES-128 with the Widevine KEYFORMAT "
        + "\"urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed\": DRM systems protect SAMPLE-AES or "
        + "SAMPLE-AES-CTR media, not AES-128",
      trips: withKey(
        #"#EXT-X-KEY:METHOD=AES-128,URI="data:text/plain;base64,AAAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed""#
      ),
      nearMiss: withKey(
        #"#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="data:text/plain;base64,AAAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed""#
      )),
    RuleCase(
      "keys.method-keyformat-mismatch", line: 5,
      "EXT-X-KEY URI skd://k1 is a FairPlay key, but KEYFORMAT is identity (use "
        + "\"com.apple.streamingkeydelivery\")",
      trips: withKey(#"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k1""#),
      nearMiss: withKey(#"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="https://keys.example.com/k1""#)),
    RuleCase(
      "keys.keyformatversions-invalid", line: 5,
      "KEYFORMATVERSIONS \"1/0\" is not positive integers separated by '/'",
      trips: withKey(
        #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1/0""#
      ),
      nearMiss: withKey(
        #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1/2/10""#
      )),
    RuleCase(
      "keys.map-without-iv", line: 6,
      "EXT-X-MAP 'init.mp4' is encrypted with METHOD=AES-128 (key on line 5) that has no IV",
      trips: withKey(#"#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/k1""#),
      nearMiss: withKey(
        #"#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/k1",IV=0x00000000000000000000000000000001"#
      )),
    RuleCase(
      "keys.duplicate-session-key", line: 3,
      "EXT-X-SESSION-KEY repeats line 2 (same METHOD, URI, IV, KEYFORMAT and KEYFORMATVERSIONS)",
      trips: multivariant(
        """
        #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
        #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
        #EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2"
        a.m3u8
        """),
      nearMiss: multivariant(
        """
        #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
        #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES-CTR,URI="data:text/plain;base64,AAAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",KEYFORMATVERSIONS="1"
        #EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2"
        a.m3u8
        """)),
  ]
}
