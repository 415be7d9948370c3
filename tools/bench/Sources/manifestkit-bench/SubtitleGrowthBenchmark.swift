import Foundation
import ManifestCore
import Subtitles
import TTML

/// The hostile subtitle inputs of issue 12 at N and 2N: each line prints both times and their
/// ratio, about 2 when the path is linear (4 when quadratic). No workload files are needed.
let subtitleGrowthBenchmark = Benchmark(
  name: "subtitle-growth",
  summary: "hostile TTML/IMSC paths at N and 2N (ratio ~2 = linear)",
  kind: .fixed
) { _ in
  let head =
    #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">"#
  func styleChain(_ n: Int) -> [UInt8] {
    var text = head + #"<head><styling><style xml:id="s0" tts:color="blue"/>"#
    for i in 1..<n {
      let p = "s\(i - 1)"
      text += #"<style xml:id="s\#(i)" style="\#(p) \#(p) \#(p) \#(p)" tts:x\#(i)="1"/>"#
    }
    text += #"</styling></head><body><div><p begin="1s" end="2s" style="s\#(n - 1)">x</p>"#
    return Array((text + "</div></body></tt>").utf8)
  }
  func attributes(_ n: Int) -> [UInt8] {
    var text = head + #"<body><div><p begin="1s" end="2s""#
    for i in 0..<n { text += #" a\#(i)="1""# }
    return Array((text + ">x</p></div></body></tt>").utf8)
  }
  func openEnded(_ n: Int) -> [UInt8] {
    Array(
      (head + "<body><div>" + String(repeating: #"<p begin="1s">x</p>"#, count: n)
        + "</div></body></tt>").utf8)
  }
  func inherited(_ n: Int) -> [UInt8] {
    var text = head + ##"<body><div tts:color="#\##(String(repeating: "f", count: 10_000))">"##
    for i in 0..<n {
      text += #"<p begin="1s" end="2s" tts:fontStyle="\#(i % 2 == 0 ? "normal" : "italic")">x</p>"#
    }
    return Array((text + "</div></body></tt>").utf8)
  }
  func images(_ n: Int) -> SubtitleDocument {
    let png =
      Data(
        base64Encoded:
          "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAADklEQVR4nGP4jwYY0AUAHiAf4RadhQcAAAAASUVORK5CYII="
      ).map { [UInt8]($0) } ?? []
    let cue = Cue(
      start: SubtitleTime(seconds: 1), end: SubtitleTime(seconds: 2),
      content: .image(CueImage(data: png, source: nil, mediaType: "image/png", identifier: nil)))
    return SubtitleDocument(format: .ttml, cues: Array(repeating: cue, count: n))
  }
  func growth(_ name: String, _ n: Int, _ run: (Int) -> Void) {
    let small = Harness.median(iterations: 3) { run(n) }
    let samples = Harness.samples(iterations: 3) { run(2 * n) }
    let large = Harness.median(of: samples)
    ResultRow(
      name: "subtitle-growth: \(name) (2N = \(2 * n))", samples: samples,
      exponent: log2(large / max(small, 1e-9))
    ).emitMachineLine()
    print(
      "\(name): N=\(n) \(String(format: "%.4f", small)) s, 2N \(String(format: "%.4f", large)) s, "
        + "ratio \(String(format: "%.2f", large / max(small, 1e-9)))")
  }
  let chains = [20_000, 40_000].map { ($0, styleChain($0)) }
  growth("style chain, 4 references each", 20_000) { n in
    _ = try? TTMLReader.read(chains.first { $0.0 == n }?.1 ?? [])
  }
  let tags = [200_000, 400_000].map { ($0, attributes($0)) }
  growth("attributes on one element (refused)", 200_000) { n in
    _ = try? TTMLReader.read(tags.first { $0.0 == n }?.1 ?? [])
  }
  let ends = [50_000, 100_000].map { ($0, openEnded($0)) }
  growth("paragraphs without an end", 50_000) { n in
    _ = try? TTMLReader.read(ends.first { $0.0 == n }?.1 ?? [])
  }
  let styled = [10_000, 20_000].map {
    ($0, (try? TTMLReader.read(inherited($0))) ?? SubtitleDocument(format: .ttml))
  }
  growth("TTML write, inherited styling", 10_000) { n in
    _ = styled.first { $0.0 == n }?.1.written(as: .ttml)
  }
  let overlapping = [20_000, 40_000].map { ($0, images($0)) }
  growth("IMSC layout, overlapping images", 20_000) { n in
    _ = overlapping.first { $0.0 == n }.map { IMSCImageLayout($0.1).warnings.count }
  }
}
