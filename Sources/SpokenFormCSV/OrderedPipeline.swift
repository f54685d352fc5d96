import Dispatch
import SpokenForm

/// Runs chunk conversions on `jobs` worker threads and hands the results back in input
/// order, keeping at most `2 * jobs` chunks in flight so memory stays bounded. With one
/// job everything runs on the calling thread.
///
/// Any idle worker takes the next chunk (chunk k is not bound to worker k mod jobs): a
/// chunk that costs more than the others (the first of a new row locale builds its
/// speakers) then delays no chunk queued behind it on the same worker.
struct OrderedPipeline {
    /// One chunk's conversion, run on a worker with that worker's cache.
    typealias Work = @Sendable (inout WorkerCache) -> ConvertedChunk

    private final class Pending: @unchecked Sendable {
        // Written once by the worker before `done` is signalled, read after waiting.
        var result: ConvertedChunk?
        let done = DispatchSemaphore(value: 0)
    }

    /// The worker threads and the chunks waiting for one. Each worker keeps its own
    /// `WorkerCache`, only touched on its thread.
    private final class Workers: @unchecked Sendable {
        /// Waiting conversions in input order (from `head` on); nil tells a worker to stop.
        private let waiting = Locked<(jobs: [(work: Work, slot: Pending)?], head: Int)>(([], 0))
        /// Counts the entries of `waiting` not taken yet.
        private let available = DispatchSemaphore(value: 0)
        private let stopped = DispatchGroup()
        let count: Int

        init(count: Int) {
            self.count = count
            for index in 0..<count {
                stopped.enter()
                DispatchQueue(label: "spokenform.csv.worker\(index)").async { [self] in
                    work()
                    stopped.leave()
                }
            }
        }

        private func work() {
            var cache = WorkerCache()
            while true {
                available.wait()
                let job = waiting.withLock { queue -> (work: Work, slot: Pending)? in
                    let job = queue.jobs[queue.head]
                    queue.head += 1
                    if queue.head > 64 {
                        queue.jobs.removeFirst(queue.head)
                        queue.head = 0
                    }
                    return job
                }
                guard let job else { return }
                job.slot.result = job.work(&cache)
                job.slot.done.signal()
            }
        }

        func submit(_ work: @escaping Work, _ slot: Pending) {
            waiting.withLock { $0.jobs.append((work, slot)) }
            available.signal()
        }

        /// Lets every worker finish what it took and end; returns once they have.
        func stop() {
            for _ in 0..<count {
                waiting.withLock { $0.jobs.append(nil) }
                available.signal()
            }
            stopped.wait()
        }
    }

    let plan: ConversionPlan
    let jobs: Int
    /// Output buffers written and given back, for the next chunks' outputs.
    let outputs = OutputBufferPool()
    private let workers: Workers?
    private var inline = WorkerCache()
    private var pending: [Pending] = []
    private var pendingHead = 0

    init(plan: ConversionPlan, jobs: Int) {
        self.plan = plan
        // Passthrough has nothing to parallelise: checking a chunk costs less than handing it over.
        self.jobs = plan.isPassthrough ? 1 : jobs
        workers = self.jobs > 1 ? Workers(count: self.jobs) : nil
    }

    /// Converts a chunk already scanned.
    mutating func submit(_ chunk: CSVChunk, _ handle: (ConvertedChunk) throws -> Void) throws {
        let plan = self.plan, outputs = self.outputs
        try submit({ cache in plan.convert(chunk, cache: &cache, outputBuffer: outputs.take()) }, handle)
    }

    /// Runs `work` on a worker (inline with one job); hands back finished chunks in order
    /// while too many are in flight.
    mutating func submit(_ work: @escaping Work, _ handle: (ConvertedChunk) throws -> Void) throws {
        guard let workers else {
            try handle(work(&inline))
            return
        }
        let slot = Pending()
        workers.submit(work, slot)
        pending.append(slot)
        while pending.count - pendingHead > 2 * jobs { try handleNext(handle) }
    }

    /// Hands back every chunk still in flight, in order.
    mutating func drain(_ handle: (ConvertedChunk) throws -> Void) throws {
        while pendingHead < pending.count { try handleNext(handle) }
    }

    /// Waits for the chunks in flight without handing anything back (after an error), then
    /// ends the worker threads. Call once, last.
    mutating func finish() {
        while pendingHead < pending.count {
            pending[pendingHead].done.wait()
            pendingHead += 1
        }
        workers?.stop()
    }

    private mutating func handleNext(_ handle: (ConvertedChunk) throws -> Void) throws {
        let slot = pending[pendingHead]
        slot.done.wait()
        // Release the slot (and its output) now: finished slots wait in `pending` until
        // it is compacted, and must not keep their chunks alive meanwhile.
        let result = slot.result
        slot.result = nil
        pendingHead += 1
        if pendingHead > 64 {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
        guard let result else { return }
        try handle(result)
    }
}

/// Output buffers once written, kept for the outputs of the next chunks.
///
/// Why: a chunk's output is often larger than the chunk (a number cell becomes words), past
/// the 1 MiB above which the C allocator maps a block and unmaps it when freed; a fresh
/// buffer per chunk was then fresh pages to fault in (15,000 page faults on 500,000 number
/// cells with two jobs, against 7,500 with the buffers reused). A few buffers go round
/// instead: a buffer is made only when none is spare, so there are never more than the
/// chunks in flight plus the one being written (`2 * jobs + 2`), and a buffer is kept only
/// up to 4 MiB (a chunk's output is 0.3-2 MiB; a huge cell's is given back to the
/// allocator rather than held for the rest of the run).
final class OutputBufferPool: Sendable {
    private let spare = Locked<[[UInt8]]>([])
    private static let kept = 8
    private static let largestKept = 4 << 20

    /// A buffer to write a chunk's output into (possibly with room). The one given back
    /// first: the writer may still hold the latest for a moment, and a buffer not uniquely
    /// held would be copied instead of reused.
    func take() -> [UInt8] {
        spare.withLock { $0.isEmpty ? [] : $0.removeFirst() }
    }

    /// Gives back a buffer whose bytes have been written.
    func give(_ buffer: [UInt8]) {
        guard buffer.capacity <= Self.largestKept else { return }
        spare.withLock { if $0.count < Self.kept { $0.append(buffer) } }
    }
}
