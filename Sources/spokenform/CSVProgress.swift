import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The progress line on stderr (only when it is a terminal): rows, MiB, rate, and the
/// percentage and ETA when the input size is known. Redrawn at most 5 times a second.
struct ProgressLine {
    let enabled: Bool
    let totalBytes: Int?
    private let startTime = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0
    private var shown = false

    init(enabled: Bool, totalBytes: Int?) {
        self.enabled = enabled
        self.totalBytes = totalBytes
        lastDraw = startTime  // the first line after 0.2 s, when the rate means something
    }

    mutating func update(rows: Int, bytes: Int) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDraw > 200_000_000 else { return }
        lastDraw = now
        let seconds = Double(now - startTime) / 1e9
        let mib = Double(bytes) / 1_048_576
        let rate = seconds > 0 ? mib / seconds : 0
        var text = "\(rows) rows  \(String(format: "%.1f", mib)) MiB  \(String(format: "%.1f", rate)) MiB/s"
        if let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(bytes) / Double(totalBytes))
            text += String(format: "  %.0f%%", fraction * 100)
            if fraction > 0 {
                let remaining = Int(seconds / fraction - seconds)
                text += String(format: "  ETA %d:%02d", remaining / 60, remaining % 60)
            }
        }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
        shown = true
    }

    /// Erases the line so that a report starts on a clean line.
    mutating func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }

    mutating func finish() { clear() }
}
