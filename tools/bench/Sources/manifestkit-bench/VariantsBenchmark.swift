import Foundation
import HLS

/// Variant selection on master.m3u8 (181 variants, 48 renditions, I-frame streams): caps and
/// an order, the playlist written back, against the same filtering with Python m3u8.
let variantsBenchmark = Benchmark(
  name: "variants",
  summary: "selectVariants + write (in-process) vs Python m3u8 filter + dumps"
) { directory in
  let path = directory + "/master.m3u8"
  guard let data = FileManager.default.contents(atPath: path) else {
    print("variants: cannot read \(path)")
    return
  }
  let bytes = [UInt8](data)
  let filter = VariantFilter(maxBandwidth: 6_000_000, order: .bandwidthAscending)
  var kept = 0
  var written = 0
  var row = Harness.measure(
    "parse + selectVariants + write master", inputBytes: bytes.count, iterations: 50
  ) {
    guard case .multivariant(let playlist) = try? Playlist.parse(bytes),
      let selection = try? playlist.selectVariants(filter)
    else { return }
    kept = selection.variants.count
    written = selection.bytes.count
  }
  row.anchor = "python m3u8"
  row.target = 5
  row.anchorSeconds = Harness.python(
    """
    import sys, time, m3u8
    text = open(sys.argv[1]).read()
    times = []
    for _ in range(20):
        t = time.perf_counter()
        pl = m3u8.loads(text)
        kept = sorted((p for p in pl.playlists if p.stream_info.bandwidth <= 6000000),
                      key=lambda p: p.stream_info.bandwidth)
        pl.playlists[:] = kept
        out = pl.dumps()
        times.append(time.perf_counter() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [path])
  print("variants: kept \(kept) variants, \(written) bytes written")
  row.emit()
}
