import Foundation
import Testing
@testable import SpokenForm

@Suite(.serialized) struct SharedInstanceTests {
    @Test func tagsResolvingToTheSameDataShareOneInstance() throws {
        let french = try SpokenForm.shared(locale: "fr-FR")
        #expect(try SpokenForm.shared(locale: "fr_FR") === french)
        #expect(try SpokenForm.shared(locale: "fr-FR-x-00000001") === french)
        #expect(try SpokenForm.shared(locale: "fr-FR-x-00000001").number(21) == "vingt et un")
        #expect(try SpokenForm.shared(locale: "fr-CA") !== french)
    }

    /// Issue 18: 20,000 rows with distinct private-use tags used to keep 20,000 instances (4.6 GiB).
    @Test func twentyThousandPrivateUseTagsKeepMemoryBounded() throws {
        let first = try SpokenForm.shared(locale: "fr-FR-x-00000000")
        for index in 1..<20_000 {
            let tag = "fr-FR-x-" + String(String(index).reversed()).padding(toLength: 8, withPad: "0", startingAt: 0)
            #expect(try SpokenForm.shared(locale: tag) === first)
        }
        #expect(SpokenForm.sharedCount <= SpokenForm.sharedLimit)
    }

    @Test func distinctLocalesBeyondTheLimitAreLetGo() throws {
        // Distinct options are distinct instances: more of them than the limit.
        for index in 0..<(SpokenForm.sharedLimit + 72) {
            let directory = URL(fileURLWithPath: "/nonexistent/spokenform-\(index)")
            _ = try SpokenForm.shared(locale: "en", options: .init(dataDirectories: [directory]))
        }
        #expect(SpokenForm.sharedCount <= SpokenForm.sharedLimit)
    }

    @Test func aPrivateUseTagAloneIsNotALocale() {
        #expect(throws: SpokenFormError.self) { try SpokenForm.shared(locale: "x-private") }
    }
}
