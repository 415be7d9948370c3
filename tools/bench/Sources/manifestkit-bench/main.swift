import Foundation

// manifestkit-bench BENCHMARK|all WORKLOAD_DIR
// Each benchmark times our code and its Python anchor on the same input, in one run, and prints
// the ratio. Inputs come from gen_workloads.py; tools/bench/run.sh builds everything first.

/// A benchmark: a name for the command line, one line of help, and what it runs on a workload
/// directory. Sendable, so each benchmark can be a global `let` in its own file.
struct Benchmark: Sendable {
  var name: String
  var summary: String
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
  hlsWriteOnceBenchmark,
  hlsParseSpeedBenchmark,
  hlsParseOnceBenchmark,
]

let arguments = Array(CommandLine.arguments.dropFirst())
let selected =
  arguments.first.map { name in
    name == "all" ? benchmarks : benchmarks.filter { $0.name == name }
  } ?? []
guard arguments.count == 2, !selected.isEmpty else {
  print("usage: manifestkit-bench BENCHMARK|all WORKLOAD_DIR\n\nbenchmarks:")
  for b in benchmarks {
    print("  " + b.name.padding(toLength: 20, withPad: " ", startingAt: 0) + b.summary)
  }
  exit(2)
}
for benchmark in selected { benchmark.run(arguments[1]) }
