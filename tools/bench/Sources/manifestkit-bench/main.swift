import Foundation

// manifestkit-bench BENCHMARK|all WORKLOAD_DIR, or manifestkit-bench list
// Each benchmark times our code and its anchor on the same input, in one run, and prints the
// ratio, plus one `@row` line per measurement (ResultRow). Inputs come from gen_workloads.py;
// tools/bench/run.sh builds everything first, runs every benchmark `list` names at every scale
// and prints the table (docs/benchmarks.md).

/// A benchmark: a name for the command line, one line of help, and what it runs on a workload
/// directory. Sendable, so each benchmark can be a global `let` in its own file.
struct Benchmark: Sendable {
  /// How run.sh runs a benchmark.
  enum Kind: String, Sendable {
    /// Once per scale, on that scale's workload directory.
    case scaled
    /// Once: it makes its own inputs.
    case fixed
    /// Not by run.sh: a helper for profilers (one untimed run).
    case manual
  }

  var name: String
  var summary: String
  var kind: Kind = .scaled
  var run: @Sendable (String) -> Void
}

let benchmarks: [Benchmark] = [
  hlsParseBenchmark,
  subtitlesBenchmark,
  subtitleGrowthBenchmark,
  scte35Benchmark,
  adsBenchmark,
  adsRewriteBenchmark,
  thumbnailsBenchmark,
  auditBenchmark,
  keysBenchmark,
  variantsBenchmark,
  growthBenchmark,
  hlsWriteBenchmark,
  stitchBenchmark,
  stitchOnceBenchmark,
  hlsWriteOnceBenchmark,
  dumpJSONBenchmark,
  hlsParseSpeedBenchmark,
  hlsParseOnceBenchmark,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["list"] {
  for b in benchmarks { print(b.name + "\t" + b.kind.rawValue) }
  exit(0)
}
let selected =
  arguments.first.map { name in
    name == "all" ? benchmarks : benchmarks.filter { $0.name == name }
  } ?? []
guard arguments.count == 2, !selected.isEmpty else {
  print("usage: manifestkit-bench BENCHMARK|all WORKLOAD_DIR | list\n\nbenchmarks:")
  for b in benchmarks {
    print("  " + b.name.padding(toLength: 20, withPad: " ", startingAt: 0) + b.summary)
  }
  exit(2)
}
for benchmark in selected { benchmark.run(arguments[1]) }
