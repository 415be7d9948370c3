import Synchronization
import Testing
import ToolSupport

/// The items an `OrderedBatch` has started, shared by its worker threads.
private final class Started: Sendable {
  let highest = Mutex(-1)
  func record(_ index: Int) { highest.withLock { $0 = max($0, index) } }
}

@Suite struct OrderedBatchTests {
  @Test(arguments: [1, 2, 3, 8])
  func emitsEveryResultInInputOrder(jobs: Int) {
    var emitted: [Int] = []
    var results: [String] = []
    OrderedBatch.run(
      count: 500, jobs: jobs,
      work: { index in
        // Uneven work, so later items often finish before earlier ones.
        var sum = 0
        for step in 0..<((index * 7919) % 5000) { sum &+= step }
        return "\(index):\(sum)"
      },
      emit: { index, result in
        emitted.append(index)
        results.append(result)
      })
    #expect(emitted == Array(0..<500))
    #expect(results[3] == "3:\((0..<((3 * 7919) % 5000)).reduce(0, +))")
    #expect(results[499] == "499:\((0..<((499 * 7919) % 5000)).reduce(0, +))")
  }

  @Test func startsNoItemMoreThanTwiceJobsAheadOfTheLastEmitted() {
    let started = Started()
    var furthestAhead = 0
    OrderedBatch.run(
      count: 300, jobs: 3,
      work: { index in
        started.record(index)
        return index
      },
      emit: { index, _ in
        furthestAhead = max(furthestAhead, started.highest.withLock { $0 } - index)
      })
    // Item `i` is being emitted, its slot already freed: items up to `i + 2 × 3` may have
    // started, none further.
    #expect(furthestAhead <= 6)
  }

  @Test func emitsNothingForNoItems() {
    var emitted = 0
    OrderedBatch.run(count: 0, jobs: 4, work: { $0 }, emit: { _, _ in emitted += 1 })
    #expect(emitted == 0)
  }
}
