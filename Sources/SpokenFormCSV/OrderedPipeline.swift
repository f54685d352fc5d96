import Dispatch

/// Converts chunks on `jobs` serial queues (chunk k on queue k mod jobs) and hands the
/// results back in input order, keeping at most `2 * jobs` chunks in flight so memory
/// stays bounded. With one job everything runs on the calling thread.
struct OrderedPipeline {
    private final class Pending: @unchecked Sendable {
        // Written once by the worker before `done` is signalled, read after waiting.
        var result: ConvertedChunk?
        let done = DispatchSemaphore(value: 0)
    }

    /// One worker's locale cache, only touched on its own serial queue.
    private final class Worker: @unchecked Sendable {
        let queue: DispatchQueue
        var cache = WorkerCache()
        init(index: Int) { queue = DispatchQueue(label: "spokenform.csv.worker\(index)") }
    }

    let plan: ConversionPlan
    let jobs: Int
    private var workers: [Worker] = []
    private var inline = WorkerCache()
    private var pending: [Pending] = []
    private var pendingHead = 0
    private var submitted = 0

    init(plan: ConversionPlan, jobs: Int) {
        self.plan = plan
        // Passthrough has nothing to parallelise: checking a chunk costs less than handing it over.
        self.jobs = plan.isPassthrough ? 1 : jobs
        if self.jobs > 1 { workers = (0..<self.jobs).map(Worker.init) }
    }

    mutating func submit(_ chunk: CSVChunk, _ handle: (ConvertedChunk) throws -> Void) throws {
        guard jobs > 1 else {
            try handle(plan.convert(chunk, cache: &inline))
            return
        }
        let slot = Pending()
        let worker = workers[submitted % jobs]
        submitted += 1
        let plan = self.plan
        worker.queue.async {
            slot.result = plan.convert(chunk, cache: &worker.cache)
            slot.done.signal()
        }
        pending.append(slot)
        while pending.count - pendingHead > 2 * jobs { try handleNext(handle) }
    }

    /// Hands back every chunk still in flight, in order.
    mutating func drain(_ handle: (ConvertedChunk) throws -> Void) throws {
        while pendingHead < pending.count { try handleNext(handle) }
    }

    /// Waits for the workers without handing anything back (after an error).
    mutating func waitForAll() {
        while pendingHead < pending.count {
            pending[pendingHead].done.wait()
            pendingHead += 1
        }
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
