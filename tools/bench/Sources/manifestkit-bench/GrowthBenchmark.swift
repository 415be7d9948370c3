import AdInsertion
import Audit
import Foundation
import HLS

/// Inputs that were quadratic (issue 12, finding 8), each run in process at N and 2N items:
/// the ratio T(2N)/T(N) is about 2 for a linear path and 4 for a quadratic one. Times are the
/// median CPU time of this thread over several runs, so other processes on the machine do not
/// skew the ratio. Needs no workload files.
let growthBenchmark = Benchmark(
  name: "growth",
  summary: "each once-quadratic path at N and 2N in process: T(2N)/T(N), ≈2 linear, ≈4 quadratic",
  kind: .fixed
) { _ in
  let n = 10_000
  for item in GrowthCase.all {
    let small = item.input(n)
    let large = item.input(2 * n)
    let t1 = Harness.cpuMedian(iterations: 5) { item.run(small) }
    let samples = Harness.samples(iterations: 5, cpu: true) { item.run(large) }
    let t2 = Harness.median(of: samples)
    let ratio = t2 / max(t1, 1e-9)
    print(
      String(
        format: "growth %@: N=%d %.2f ms, 2N %.2f ms, ratio %.2f (%@)", item.name, n,
        t1 * 1000, t2 * 1000, ratio, ratio < 3 ? "linear" : "SUPERLINEAR"))
    ResultRow(
      name: "growth: \(item.name) (2N = \(2 * n))", samples: samples, clock: "cpu",
      exponent: log2(ratio)
    ).emitMachineLine()
  }
}

/// One once-quadratic path: how to write its input with `n` items, and what to run on it.
struct GrowthCase: Sendable {
  var name: String
  var input: @Sendable (Int) -> [UInt8]
  var run: @Sendable ([UInt8]) -> Void

  /// A media playlist with a program date-time, `body`, one segment and an ENDLIST.
  static func media(_ body: String) -> [UInt8] {
    Array(
      ("#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:6\n"
        + "#EXT-X-PROGRAM-DATE-TIME:2025-11-30T10:00:00.000Z\n\(body)#EXTINF:6,\nlast.ts\n"
        + "#EXT-X-ENDLIST\n").utf8)
  }

  /// `2025-11-30T…Z`, `seconds` after 10:00:00.
  static func time(_ seconds: Int) -> String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "2025-11-30T\(two(10 + seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
      + ".000Z"
  }

  static func audit(_ bytes: [UInt8]) {
    guard let playlist = try? Playlist.parse(bytes) else { return }
    _ = Audit.run(playlist)
  }

  /// `m3u8-tool ads --format json`'s work: the timeline and its JSON.
  static func ads(_ bytes: [UInt8]) {
    guard let media = try? Playlist.parse(bytes).media else { return }
    _ = AdTimeline(media).jsonValue
  }

  static let breakStart =
    "0xFC302C00000000000000FFF00506FE001B77400016021443554549000000087FFF00002932E000002200006B84954F"
  static let adStart =
    "0xFC302E00000000000000FFF00506FE001B77400018021643554549000000097FFF0000107EF800003001020000D6DF57E3"
  static let oatcls = "/DAlAAAAAAAAAP/wFAUAAAPqf+//TP3NkP4AUmXAAAAAAAAAzg4Vyw=="

  static func sameIDDateRanges(_ n: Int) -> [UInt8] {
    media(
      (0..<n).map {
        "#EXT-X-DATERANGE:ID=\"ad\",START-DATE=\"\(time(0))\",X-N=\"\($0)\",X-A\($0)=1\n"
      }.joined())
  }

  static let all: [GrowthCase] = [
    GrowthCase(name: "audit same-ID DATERANGEs", input: sameIDDateRanges, run: audit),
    GrowthCase(
      name: "diff same-ID DATERANGEs", input: sameIDDateRanges,
      run: { bytes in
        guard let media = try? Playlist.parse(bytes).media else { return }
        _ = PlaylistDiff(old: media, new: media)
      }),
    GrowthCase(
      name: "audit one tag with duplicate X- attributes",
      input: { n in
        media(
          "#EXT-X-DATERANGE:ID=\"ad\",START-DATE=\"\(time(0))\""
            + String(
              repeating: ",X-A=\"1\"", count: n) + "\n")
      }, run: audit),
    GrowthCase(
      name: "audit DATERANGEs without START-DATE",
      input: { n in media((0..<n).map { "#EXT-X-DATERANGE:ID=\"d\($0)\",DURATION=1\n" }.joined()) },
      run: audit),
    GrowthCase(
      name: "audit rendition groups",
      input: { n in
        var text = "#EXTM3U\n#EXT-X-VERSION:7\n"
        for i in 0..<n {
          text += "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\(i)\",NAME=\"en\",URI=\"a\(i).m3u8\"\n"
        }
        for i in 0..<n {
          text +=
            "#EXT-X-STREAM-INF:BANDWIDTH=\(i + 1),CODECS=\"mp4a.40.2\",AUDIO=\"a\(i)\"\n"
            + "v\(i).m3u8\n"
        }
        return Array(text.utf8)
      }, run: audit),
    GrowthCase(
      name: "audit unclosed SCTE35-OUT ranges",
      input: { n in
        media(
          (0..<n).map {
            "#EXT-X-DATERANGE:ID=\"o\($0)\",START-DATE=\"\(time($0))\",SCTE35-OUT=0xFC\n"
              + "#EXTINF:1,\ns\($0).ts\n"
          }.joined())
      }, run: audit),
    GrowthCase(
      name: "ads ended breaks then advertisements",
      input: { n in
        media(
          (0..<n).map {
            "#EXT-X-DATERANGE:ID=\"b\($0)\",START-DATE=\"\(time($0))\",DURATION=0.5,"
              + "SCTE35-OUT=\(breakStart)\n#EXTINF:1,\ns\($0).ts\n"
          }.joined()
            + (0..<n).map {
              "#EXT-X-DATERANGE:ID=\"a\($0)\",START-DATE=\"\(time(n + $0))\","
                + "SCTE35-OUT=\(adStart)\n#EXTINF:1,\nt\($0).ts\n"
            }.joined())
      }, run: ads),
    GrowthCase(
      name: "audit beacons in one break",
      input: { n in
        media(
          "#EXT-X-BEACON:AD_LENGTH=6\n"
            + (0..<n).map { "#EXT-X-BEACON:EVENT=impression,URL=https://t.example/b?i=\($0)\n" }
            .joined())
      }, run: audit),
    GrowthCase(
      name: "ads beacons in one break (DASH Periods)",
      input: { n in
        media(
          "#EXT-X-BEACON:AD_LENGTH=6\n"
            + (0..<n).map { "#EXT-X-BEACON:EVENT=impression,URL=https://t.example/b?i=\($0)\n" }
            .joined())
      },
      run: { bytes in
        guard let media = try? Playlist.parse(bytes).media else { return }
        _ = DASHPeriodWriter().periods(AdTimeline(media))
      }),
    GrowthCase(
      name: "ads CUE-OUTs and cues on one segment",
      input: { n in
        media(String(repeating: "#EXT-OATCLS-SCTE35:\(oatcls)\n#EXT-X-CUE-OUT:30\n", count: n))
      }, run: ads),
  ]
}
