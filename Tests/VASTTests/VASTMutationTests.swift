import ManifestCore
import Testing
import VAST

/// Ad server responses with bytes changed at random: reading and resolving never trap, and
/// every diagnostic points inside its file.
@Suite struct VASTMutationTests {
  struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let alphabet = Array("<>/=\"'&;#%:. 0159\n".utf8)

  @Test func mutatedResponsesNeverTrap() throws {
    let names = [
      "gam-vast4-pod.xml", "iab-vast4-wrapper.xml", "iab-vast4-wrapper-2.xml",
      "iab-vast4-inline.xml", "ima-vmap-pre-mid-post.xml",
    ]
    let originals = try names.map { try Fixture.bytes($0) }
    var r = SplitMix64(state: 0x5EED_0FA5)
    var outcomes: Set<String> = []
    for _ in 0..<300 {
      var sources = zip(names, originals).map { VASTSource(name: $0, bytes: $1) }
      let k = Int.random(in: 0..<sources.count, using: &r)
      for _ in 0..<Int.random(in: 1...3, using: &r) {
        let at = Int.random(in: 0..<sources[k].bytes.count, using: &r)
        sources[k].bytes[at] = Self.alphabet.randomElement(using: &r) ?? 0x3C
      }
      let sizes = Dictionary(uniqueKeysWithValues: sources.map { ($0.name, $0.bytes.count) })
      do {
        let pod = try VASTAdDecision.pod(reading: Array(sources.prefix(4)))
        let schedule = try VASTAdDecision.schedule(
          reading: sources[4], vastSources: Array(sources.prefix(4)))
        for d in pod.diagnostics + schedule.diagnostics {
          #expect(d.diagnostic.location.offset <= sizes[d.file] ?? -1)
          #expect(d.diagnostic.location.line >= 1)
        }
        outcomes.insert(pod.hasErrors || schedule.hasErrors ? "errors" : "clean")
      } catch {
        #expect(error.error.location.offset <= sizes[error.file] ?? -1)
        outcomes.insert("refused")
      }
    }
    // Both a read and a refusal occur, so the checks above run on each.
    #expect(outcomes.isSuperset(of: ["clean", "refused"]))
  }
}
