#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// Runs independent pieces of work on several threads and hands their results back strictly in
/// input order (`m3u8-tool audit --jobs N`): result `i` is emitted on the calling thread as soon
/// as results `0..<i` have been, and at most `2 × jobs` results are held at any time, so memory
/// stays bounded however many items there are.
package enum OrderedBatch {
  /// Computes `work(i)` for every `i` in `0..<count` on up to `jobs` threads and calls
  /// `emit(i, result)` on the calling thread in the order of `i`. With `jobs` 1 (or one item)
  /// every item is worked and emitted in turn on the calling thread, no thread is started.
  package static func run<Output: Sendable>(
    count: Int, jobs: Int, work: @escaping @Sendable (Int) -> Output,
    emit: (Int, Output) -> Void
  ) {
    let threads = min(max(jobs, 1), count)
    guard threads > 1 else {
      for index in 0..<count { emit(index, work(index)) }
      return
    }
    let slots = OrderedSlots<Output>(count: count, window: 2 * threads)
    // The calling thread is one of the `threads`: it emits the next result when it is there and
    // otherwise works on an item itself, waiting only when neither is possible.
    let workers = (1..<threads).compactMap { _ in
      WorkerThread.start {
        while let index = slots.claim() { slots.deliver(work(index), at: index) }
      }
    }
    var next = 0
    while next < count {
      if let output = slots.take(next, waiting: false) {
        emit(next, output)
        next += 1
      } else if let index = slots.claim(waiting: false) {
        slots.deliver(work(index), at: index)
      } else if let output = slots.take(next, waiting: true) {
        emit(next, output)
        next += 1
      }
    }
    for worker in workers { pthread_join(worker, nil) }
  }

  /// The number of processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
  package static var onlineProcessors: Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }
}

/// The results of an `OrderedBatch` in flight: a ring of `window` slots, items claimed in order
/// while fewer than `window` are claimed and not yet taken, guarded by one mutex; one thread
/// takes (the calling thread of `run`).
private final class OrderedSlots<Output: Sendable>: @unchecked Sendable {
  private let count: Int
  private let window: Int
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Signalled when a slot is freed (a claimer may go on).
  private let freed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Signalled when a result is delivered (the taker may go on).
  private let delivered = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  // Guarded by `mutex`.
  private var slots: [Output?]
  private var nextClaim = 0
  private var nextTake = 0

  init(count: Int, window: Int) {
    self.count = count
    self.window = window
    slots = Array(repeating: nil, count: window)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(freed, nil)
    pthread_cond_init(delivered, nil)
  }

  deinit {
    pthread_cond_destroy(delivered)
    pthread_cond_destroy(freed)
    pthread_mutex_destroy(mutex)
    delivered.deallocate()
    freed.deallocate()
    mutex.deallocate()
  }

  /// The next item to work on, waiting while the window is full unless not `waiting`; `nil`
  /// when none is left (or, not `waiting`, when the window is full).
  func claim(waiting: Bool = true) -> Int? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while waiting && nextClaim < count && nextClaim - nextTake >= window {
      pthread_cond_wait(freed, mutex)
    }
    guard nextClaim < count, nextClaim - nextTake < window else { return nil }
    nextClaim += 1
    return nextClaim - 1
  }

  /// Stores the result of item `index`.
  func deliver(_ output: Output, at index: Int) {
    pthread_mutex_lock(mutex)
    slots[index % window] = output
    pthread_cond_signal(delivered)
    pthread_mutex_unlock(mutex)
  }

  /// The result of item `index` (the next one in order), waiting for it if `waiting`, and frees
  /// its slot; `nil` when it is not there and not `waiting`.
  func take(_ index: Int, waiting: Bool) -> Output? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while true {
      if let output = slots[index % window].take() {
        nextTake = index + 1
        pthread_cond_broadcast(freed)
        return output
      }
      guard waiting else { return nil }
      pthread_cond_wait(delivered, mutex)
    }
  }
}

/// A joinable POSIX thread running a closure, with the stack size of a main thread (8 MiB), since
/// the work it runs (parsing, auditing) is written for one.
private enum WorkerThread {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts `body` on a new thread; `nil` when the system refuses one.
  static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, 8 << 20)
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let status = pthread_create(
      &thread, &attributes,
      { context in
        #if canImport(Darwin)
          let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
        #else
          guard let context else { return nil }
          let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
        #endif
        body.run()
        return nil
      }, context)
    guard status == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return nil
    }
    return thread
  }
}
