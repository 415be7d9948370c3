import DASH
import ManifestCore

/// The asset of an HLS Interstitial in its DASH Period: an Alternative MPD event (ISO/IEC
/// 23009-1 §5.16), the DASH form of a server-guided break that DASH players act on (ExoPlayer's
/// `AlternativeMpdEvent`, dash.js's alternative media presentations). An inserted interstitial
/// (X-RESUME-OFFSET=0) is an `InsertPresentation`; one that replaces content a
/// `ReplacePresentation` whose Event lasts as long as the content replaced (X-RESUME-OFFSET,
/// else the break's duration). `@uri` is X-ASSET-URI, else X-ASSET-LIST,
/// as written; CUE=ONCE gives `@executeOnce="true"`, X-RESTRICT=JUMP (play it when a seek passes
/// it) `@noJump="1"`.
///
/// ```xml
/// <EventStream schemeIdUri="urn:mpeg:dash:event:alternativeMPD:replace:2025" timescale="1000">
///   <Event id="0" duration="30000">
///     <ReplacePresentation uri="https://ads.example.com/pod.m3u8" noJump="1"/>
///   </Event>
/// </EventStream>
/// ```
enum AlternativeMPDEvent {
  /// The scheme of insertion events (§5.16).
  static let insertScheme = "urn:mpeg:dash:event:alternativeMPD:insert:2025"
  /// The scheme of replacement events (§5.16).
  static let replaceScheme = "urn:mpeg:dash:event:alternativeMPD:replace:2025"

  /// The EventStream for an interstitial break, or `nil` for a break that is not one or names
  /// no asset.
  static func stream(_ adBreak: AdBreak) -> EventStream? {
    guard let interstitial = adBreak.interstitial,
      let uri = interstitial.assetURI ?? interstitial.assetList
    else { return nil }
    let inserted = adBreak.isInserted
    var attributes = [MPDElement.Attribute("uri", uri)]
    if interstitial.cue.contains("ONCE") { attributes.append(.init("executeOnce", "true")) }
    if interstitial.restrict.contains("JUMP") { attributes.append(.init("noJump", "1")) }
    var event = Event(
      id: "0",
      content: [
        MPDElement(inserted ? "InsertPresentation" : "ReplacePresentation", attributes: attributes)
      ])
    let length =
      interstitial.resumeOffset
      ?? (adBreak.open
        ? adBreak.plannedDuration ?? adBreak.signals.first?.declaredEnd : adBreak.duration)
    if !inserted, let length {
      event.duration = ExactTime(length).rounded(toUnitsPerSecond: 1000)
    }
    return EventStream(
      schemeIdUri: inserted ? insertScheme : replaceScheme, timescale: 1000, events: [event])
  }
}
