import Audit
import HLS
import Testing

/// Beacon ads as an SSAI ad server stitches them (the Vodafone-profile EXT-X-BEACON syntax of
/// docs/ad-audit-rules.md): AD_LENGTH is the VAST `<Duration>` of the creative, the segments
/// are the transcoded creative, and the quartile beacons are placed on the segments they fire
/// at.
@Suite struct BeaconAdTests {
  /// A live window of a stitched pod: the first ad's VAST says 30 s but the transcode was cut
  /// to 20 s; the second ad's quartiles were placed by a server that sorted them by name; the
  /// third (a house ad) carries no beacons; the fourth is still playing at the live edge (its
  /// complete beacon and length cannot be judged yet).
  static let stitchedPod = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:10
    #EXT-X-MEDIA-SEQUENCE:48211
    #EXTINF:10.000,
    content/48211.ts
    #EXT-X-DISCONTINUITY
    #EXT-X-BEACON:AD_LENGTH=30.000
    #EXT-X-BEACON:EVENT=impression,URL=https://ads.example.net/t/imp?cr=88&ev=imp
    #EXT-X-BEACON:EVENT=start,URL=https://ads.example.net/t/ev?cr=88&ev=start
    #EXTINF:10.000,
    https://ads.example.net/cr/88/seg0.ts
    #EXT-X-BEACON:EVENT=midpoint,URL=https://ads.example.net/t/ev?cr=88&ev=mid
    #EXTINF:10.000,
    https://ads.example.net/cr/88/seg1.ts
    #EXT-X-BEACON:EVENT=complete,URL=https://ads.example.net/t/ev?cr=88&ev=complete
    #EXT-X-DISCONTINUITY
    #EXT-X-BEACON:AD_LENGTH=20.000
    #EXT-X-BEACON:EVENT=impression,URL=https://ads.example.net/t/imp?cr=91&ev=imp
    #EXT-X-BEACON:EVENT=start,URL=https://ads.example.net/t/ev?cr=91&ev=start
    #EXT-X-BEACON:EVENT=midpoint,URL=https://ads.example.net/t/ev?cr=91&ev=mid
    #EXTINF:10.000,
    https://ads.example.net/cr/91/seg0.ts
    #EXT-X-BEACON:EVENT=firstQuartile,URL=https://ads.example.net/t/ev?cr=91&ev=q1
    #EXTINF:10.000,
    https://ads.example.net/cr/91/seg1.ts
    #EXT-X-BEACON:EVENT=complete,URL=https://ads.example.net/t/ev?cr=91&ev=complete
    #EXT-X-DISCONTINUITY
    #EXT-X-BEACON:AD_LENGTH=10.000
    #EXTINF:10.010,
    https://house.example.net/promo/seg0.ts
    #EXT-X-DISCONTINUITY
    #EXT-X-BEACON:AD_LENGTH=30.000
    #EXT-X-BEACON:EVENT=impression,URL=https://ads.example.net/t/imp?cr=95&ev=imp
    #EXT-X-BEACON:EVENT=start,URL=https://ads.example.net/t/ev?cr=95&ev=start
    #EXTINF:10.000,
    https://ads.example.net/cr/95/seg0.ts

    """

  @Test func aStitchedPodGivesOneFindingPerProblemAtItsLine() throws {
    let findings = try audit(Self.stitchedPod, naming: "ads").filter {
      $0.rule.hasPrefix("ads.beacon")
    }
    #expect(
      findings.map { "\($0.location.line): \($0.severity): \($0.rule): \($0.message)" } == [
        "8: warning: ads.beacon-duration-mismatch: EXT-X-BEACON on line 8 declares AD_LENGTH 30 "
          + "s, but its EXTINF durations add up to 20 s (segments 48212–48213; tolerance 0.5 s)",
        "21: warning: ads.beacon-quartile-order: the ad on line 18 fires midpoint at 0 s, before "
          + "firstQuartile at 10 s",
        "29: info: ads.beacon-none: the ad of AD_LENGTH 10.000 s on line 29 has no EXT-X-BEACON "
          + "EVENT; its impression and quartiles are not reported",
      ])
  }

  @Test func aPlaylistWithoutAnyBeaconGetsNoNoBeaconFinding() throws {
    // A packager that writes AD_LENGTH only to mark ad lengths (tracking done server-side).
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:10
      #EXT-X-BEACON:AD_LENGTH=10
      #EXTINF:10.0,
      ad0.ts
      #EXT-X-DISCONTINUITY
      #EXT-X-BEACON:AD_LENGTH=10
      #EXTINF:10.0,
      ad1.ts
      #EXT-X-ENDLIST

      """
    #expect(try audit(text, naming: "ads").filter { $0.rule.hasPrefix("ads.beacon") }.isEmpty)
  }
}
