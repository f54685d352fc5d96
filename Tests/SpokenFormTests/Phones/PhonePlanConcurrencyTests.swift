import Foundation
import Testing
@testable import SpokenForm

/// The plans of `phone_plan.cpp` are built on first use and shared by every thread: eight
/// threads read numbers of many regions at once, in different orders, so that several of
/// them build and read the same plans together (run under the thread sanitizer by
/// scripts/test.sh). Every answer must equal libphonenumber's.
@Suite struct PhonePlanConcurrencyTests {
    @Test func eightThreadsBuildAndReadPlansTogether() {
        // Regions no other suite reads first, so their plans are built here, concurrently.
        let regions = ["NO", "DK", "FI", "IS", "IE", "LU", "AT", "CZ", "SK", "HU", "RO", "BG", "GR", "CY", "MT",
                       "HR", "SI", "RS", "UA", "BY", "LT", "LV", "EE", "IL", "EG", "MA", "DZ", "TN", "SN", "CI",
                       "KE", "TZ", "UG", "GH", "CM", "NZ", "SG", "MY", "TH", "VN", "PH", "ID", "PK", "BD", "LK",
                       "AE", "SA", "QA", "KW", "CL", "CO", "PE", "VE", "EC", "UY", "PY", "BO", "CR", "PA", "JM",
                       "RE", "GP", "MQ", "NC", "PF", "AG", "BB", "BS", "TT", "GG", "JE", "IM"]
        var inputs: [(String, String)] = []
        for region in regions {
            let countryCode = PhoneNumberLibrary.countryCode(ofRegion: region) ?? 0
            for type in PhoneNumberType.allCases {
                guard let digits = PhoneNumberLibrary.exampleDigits(region: region, type: type) else { continue }
                inputs.append((digits, region))
                inputs.append(("+\(countryCode)\(digits)", "FR"))
                inputs.append(("00\(countryCode)\(digits.dropLast())", region))
            }
        }
        let all = inputs
        @Sendable func answer(_ input: String, _ region: String, planned: Bool) -> String {
            do {
                let parsed = try PhoneNumberLibrary.parse(input, defaultRegion: region, engine: planned ? .planned : .libphonenumber)
                return PhoneFastPathEquivalenceTests.describe(parsed)
            } catch {
                return "error: \(error)"
            }
        }
        let mismatches = Locked([String]())
        let threads = 8
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var local: [String] = []
            // Each thread starts at a different region and walks the others in its own direction.
            let count = all.count
            for step in 0..<count {
                let index = thread % 2 == 0 ? (step + thread * count / threads) % count : (count - 1 - step + thread * 7) % count
                let (input, region) = all[index]
                let planned = answer(input, region, planned: true)
                let reference = answer(input, region, planned: false)
                if planned != reference { local.append("\(input) [\(region)]: \(planned) / \(reference)") }
            }
            mismatches.withLock { $0 += local }
        }
        let found = mismatches.withLock { $0 }
        #expect(found.isEmpty, "\(found.prefix(10).joined(separator: "\n"))")
        #expect(inputs.count > 1000)
    }
}
