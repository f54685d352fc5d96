import Foundation
import Testing
@testable import SpokenFormCatalog

/// A catalog holding one long value costs what its value costs: linear (the third audit's 21 KB
/// catalog with "123 123 …" took 29 s and 760 MB). Timed at n and 8·n, the best of three, in
/// the thread's CPU time; a linear cost is 8, the bound 32.
@Suite(.serialized) struct CatalogLinearityTests {
    static func cpuTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func catalog(value: String) -> [UInt8] {
        Array("\"long.value\" = \"\(value)\";\n\"short\" = \"Ouvert à 17h30\";\n".utf8)
    }

    static func convertTime(_ bytes: [UInt8]) throws -> Double {
        let catalog = try Catalog(bytes: bytes, language: "fr")
        let start = cpuTime()
        _ = try CatalogConverter.convert(catalog)
        return cpuTime() - start
    }

    @Test(arguments: ["123 ", "0612 ", "1-2-", "Bouton 12 km. "])
    func oneLongValueIsLinear(unit: String) throws {
        let n = 3_000
        let small = Self.catalog(value: String(repeating: unit, count: n / unit.count))
        let large = Self.catalog(value: String(repeating: unit, count: 8 * n / unit.count))
        _ = try Self.convertTime(small)
        var t1 = Double.infinity, t8 = Double.infinity
        for _ in 0..<3 {
            t1 = min(t1, try Self.convertTime(small))
            t8 = min(t8, try Self.convertTime(large))
        }
        #expect(t8 < 0.02 || t8 / max(t1, 1e-6) < 32, "\(unit.debugDescription): \(t1) s -> \(t8) s")
    }
}
