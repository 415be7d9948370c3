import AdInsertion
import FuzzSupport
import HLS
import ManifestCore

/// The ad-break timeline of arbitrary media playlists (every marker dialect), rendered every way
/// `m3u8-tool ads` renders it: text, JSON, and DASH Period XML and MPD in each SCTE-35 scheme.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAds(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = fuzzInput(data, size)
  guard let media = (try? Playlist.parse(input))?.media else { return 0 }
  let timeline = AdTimeline(media)
  _ = timeline.text
  _ = timeline.jsonValue.serialized(pretty: true)
  for diagnostic in timeline.diagnostics { _ = diagnostic.rendered(file: "fuzz.m3u8") }
  for scheme in DASHPeriodWriter.SCTE35Scheme.allCases {
    let writer = DASHPeriodWriter(scheme: scheme)
    _ = writer.periods(timeline)
    _ = writer.mpd(timeline)
  }
  return 0
}
