import Dispatch
import Synchronization

/// Runs `work` over `0..<count` on `jobs` threads and hands each result to `deliver` in
/// index order, as soon as every earlier result has been delivered.
///
/// Results wait in memory only until their turn comes, so a batch of thousands of files
/// holds at most the results finished out of order.
enum OrderedParallelMap {
  static func run<Result: Sendable>(
    count: Int, jobs: Int, work: @Sendable (Int) -> Result,
    deliver: @Sendable (Int, Result) -> Void
  ) {
    let state = Mutex(OrderedParallelState<Result>())
    let workers = max(1, min(jobs, count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let index: Int? = state.withLock { state in
          guard state.nextIndex < count else { return nil }
          defer { state.nextIndex += 1 }
          return state.nextIndex
        }
        guard let index else { return }
        let result = work(index)
        state.withLock { state in
          state.pending[index] = result
          while let ready = state.pending.removeValue(forKey: state.nextToDeliver) {
            deliver(state.nextToDeliver, ready)
            state.nextToDeliver += 1
          }
        }
      }
    }
  }
}

/// The shared state of ``OrderedParallelMap``.
private struct OrderedParallelState<Result> {
  var nextIndex = 0
  var nextToDeliver = 0
  var pending: [Int: Result] = [:]
}
