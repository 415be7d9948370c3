import Audit
import Foundation
import HLS
import Testing

/// Ad-marker shapes real packagers write, found in a corpus pass, that a CI audit must pass
/// clean: an Envivio live window that starts mid-break (EXT-X-CUE-SPAN), SCTE-35 time_signal
/// DATERANGEs for programs, chapters, a break and its ads, and Adobe SpliceOut/SpliceIn pairs
/// without a duration; Apple's VOD interstitials (pre-roll asset list, inserted mid-roll with
/// skip control, post-roll), MediaTailor's server-guided live interstitials, broadpeak.io's
/// server-guided VOD slots, Harmonic VOS360's live interstitials with X-SNAP and grafov's
/// EXT-SCTE35. The playlists are the ad-timeline fixtures.
@Suite struct PackagerShapeTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../AdInsertionTests/Fixtures").standardized

  @Test(arguments: [
    "cue-span-envivio.m3u8", "daterange-time-signals.m3u8", "adobe-splice-in.m3u8",
    "interstitial-apple-vod.m3u8", "interstitial-mediatailor-live.m3u8", "ext-scte35-grafov.m3u8",
    "interstitial-broadpeak-vod.m3u8", "interstitial-harmonic-live.m3u8",
  ])
  func auditsWithoutFindings(_ name: String) throws {
    let text = try String(
      contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
    #expect(summary(try audit(text)) == [])
  }
}
