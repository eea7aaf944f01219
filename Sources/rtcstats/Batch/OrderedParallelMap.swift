import Dispatch
import Synchronization

/// Runs `work` over `0..<count` on `jobs` threads and hands each result to `deliver` in
/// index order, as soon as every earlier result has been delivered.
///
/// Results wait in memory only until their turn comes, so a batch of thousands of files
/// holds at most the results finished out of order.
///
/// `isCancelled` is asked before each index is taken and before each delivery: once it
/// says yes (the reader of the output went away), no new work starts, nothing more is
/// delivered, and `run` returns as soon as the items already started are finished.
enum OrderedParallelMap {
  /// Maps `0..<count` in parallel and delivers in order.
  ///
  /// - Parameters:
  ///   - count: The number of items.
  ///   - jobs: The number of worker threads (at most `count`).
  ///   - isCancelled: Whether to stop; called from every worker, so it must be cheap.
  ///   - work: Computes the result of one index, on a worker thread.
  ///   - deliver: Receives the results in index order, one at a time.
  /// - Returns: The number of results delivered (`count` unless cancelled).
  @discardableResult
  static func run<Result: Sendable>(
    count: Int, jobs: Int, isCancelled: @Sendable () -> Bool = { false },
    work: @Sendable (Int) -> Result, deliver: @Sendable (Int, Result) -> Void
  ) -> Int {
    let state = Mutex(OrderedParallelState<Result>())
    let workers = max(1, min(jobs, count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        if isCancelled() { return }
        let index: Int? = state.withLock { state in
          guard state.nextIndex < count else { return nil }
          defer { state.nextIndex += 1 }
          return state.nextIndex
        }
        guard let index else { return }
        let result = work(index)
        state.withLock { state in
          state.pending[index] = result
          while !isCancelled(), let ready = state.pending.removeValue(forKey: state.nextToDeliver) {
            deliver(state.nextToDeliver, ready)
            state.nextToDeliver += 1
          }
        }
      }
    }
    return state.withLock { $0.nextToDeliver }
  }
}

/// The shared state of ``OrderedParallelMap``.
private struct OrderedParallelState<Result> {
  var nextIndex = 0
  var nextToDeliver = 0
  var pending: [Int: Result] = [:]
}
