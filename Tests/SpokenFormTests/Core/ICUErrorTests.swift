import Testing
@testable import SpokenForm

@Suite struct ICUErrorTests {
    @Test func warningsCountAsSuccess() throws {
        try ICUStatus(0).checkSuccess("nothing")
        // U_USING_DEFAULT_WARNING (-127): ICU's answer for fr rules, which are fine.
        try ICUStatus(-127).checkSuccess("opening rules")
    }

    @Test func failuresAreTypedErrorsNamingTheOperationAndStatus() {
        #expect(throws: ICUError(status: 7, operation: "opening rules")) { try ICUStatus(7).checkSuccess("opening rules") }
        let error = SpokenFormError(ICUError(status: 7, operation: "spelling 42"))
        #expect(error == .icuFailure(operation: "spelling 42", status: "U_MEMORY_ALLOCATION_ERROR"))
        #expect(error.description.contains("spelling 42"))
    }

    @Test func aNegativeBridgeLengthIsTheICUError() {
        // U_ILLEGAL_ARGUMENT_ERROR (1), as a bridge function returns it.
        #expect(throws: ICUError(status: 1, operation: "reading")) { try icuString("reading") { _, _ in -1 } }
        #expect(throws: Never.self) { try icuString("reading") { _, _ in 0 } }
    }
}
