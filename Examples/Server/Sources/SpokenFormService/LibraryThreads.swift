import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The threads that run the library's calls of the requests, off the pool that runs the
/// request handlers.
///
/// Why: a library call is synchronous and cannot be interrupted. On Swift's cooperative
/// pool (one thread per core) each long call held a thread until it returned, and two
/// long labels on a 2-core machine held them all: neither the 503 of the time limit nor
/// `GET /health` could run until they ended (issue 33: 503 after 86.7 s instead of 5 s,
/// `/health` unanswered for 85 s). Here the calls wait in one queue for a fixed set of
/// threads, one per core, and those threads run at a lower priority (`niceness`), so that
/// the event loops and the handlers (`/health`, a 503) get a core first when they wake.
///
/// Jobs run in the order they came. A job does not know its time limit: `withTimeLimit`
/// wraps each in a check, so a job whose request was already answered is skipped.
public final class LibraryThreads: Sendable {
    /// How many threads run jobs.
    public let count: Int
    private let queue = JobQueue()

    /// The stack of each thread: a main thread's (8 MiB). The library's readers recurse
    /// (a label's children, JSON nested up to 512 levels), as they may on the main thread.
    static let stackBytes = 8 << 20

    /// Starts `count` threads at `niceness` (Linux: 0 to 19, higher runs later; 10 gives
    /// a thread of the handlers about nine tenths of a core that both want).
    public init(count: Int = ProcessInfo.processInfo.activeProcessorCount, niceness: Int32 = 10) {
        precondition(count > 0, "at least one thread runs the library's calls")
        self.count = count
        for index in 0..<count {
            let queue = queue
            let thread = Thread {
                #if canImport(Glibc)
                // On Linux the nice value is per thread; 0 names the calling thread.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
                #endif
                queue.runJobs()
            }
            thread.name = "SpokenForm library \(index + 1)"
            thread.stackSize = Self.stackBytes
            thread.start()
        }
    }

    deinit {
        queue.stop()
    }

    /// Queues `job` for the next free thread.
    public func run(_ job: @escaping @Sendable () -> Void) {
        queue.add(job)
    }

    /// How many jobs wait for a thread now (not counting those running).
    public var waiting: Int { queue.waiting }
}

/// A first-in first-out queue of jobs, taken by the threads as each becomes free.
private final class JobQueue: @unchecked Sendable {
    // Guarded by `condition`.
    private var jobs: [(@Sendable () -> Void)?] = []
    private var head = 0
    private var stopped = false
    private let condition = NSCondition()

    func add(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count - head
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// A thread's loop: takes the oldest job, runs it outside the lock, until `stop`.
    func runJobs() {
        while let job = next() { job() }
    }

    private func next() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count, !stopped { condition.wait() }
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        jobs[head] = nil
        head += 1
        // The taken slots are dropped once they are half the array: each job is moved at most once.
        if head > 64, head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
