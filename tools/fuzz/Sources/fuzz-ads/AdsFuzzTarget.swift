import AdInsertion
import FuzzSupport
import HLS
import ManifestCore

/// The ad-break timeline of arbitrary media playlists (every marker dialect), rendered every way
/// `m3u8-tool ads` renders it: text, JSON, and DASH Period XML and MPD in each SCTE-35 scheme.
/// Every rendering stays in proportion to the input (at most 64 times its size, plus 64 KiB),
/// and the JSON form reads back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAds(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = fuzzInput(data, size)
  guard let media = (try? Playlist.parse(input))?.media else { return 0 }
  let timeline = AdTimeline(media)
  bounded(timeline.text.utf8.count, input, "the text timeline")
  let json = timeline.jsonValue
  let serialized = json.serialized(pretty: true)
  bounded(serialized.count, input, "the JSON timeline")
  FuzzCheck.require(
    (try? JSONValue.parse(serialized)) == json, "the JSON timeline does not read back to itself")
  let diagnostics = timeline.diagnostics.reduce(0) {
    $0 + $1.rendered(file: "fuzz.m3u8").utf8.count
  }
  bounded(diagnostics, input, "the diagnostics")
  for scheme in DASHPeriodWriter.SCTE35Scheme.allCases {
    let writer = DASHPeriodWriter(scheme: scheme)
    bounded(writer.periods(timeline).reduce(0) { $0 + $1.utf8.count }, input, "the Periods")
    bounded(writer.mpd(timeline).utf8.count, input, "the MPD")
  }
  return 0
}

private func bounded(_ outputBytes: Int, _ input: [UInt8], _ what: String) {
  FuzzCheck.requireProportional(outputBytes, to: input.count, factor: 64, what)
}
