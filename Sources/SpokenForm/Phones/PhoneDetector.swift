import CICU

/// Phone numbers in running text for `TextNormalizer`: libphonenumber's
/// `PhoneNumberMatcher` finds the numbers VALID for the locale's region (or for the
/// country code they carry); `PhoneSpeller` says them. A run of digits that is not a
/// valid number (an amount, a date) is left to the other detectors.
struct PhoneDetector: TextDetector {
    var classes: Set<TextClass> { [.phone] }

    func detect(in text: ScannedText, context: TextContext, into candidates: inout [TextCandidate]) {
        // No region's numbers are shorter than this with their trunk or country code: skip the matcher.
        guard text.digitCount >= 7, let phones = context.phones else { return }
        let region = phones.defaultRegion
        var ranges = [Int32](repeating: 0, count: 64)
        let found = text.utf8.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { pointer in
                sf_phone_find_in_text(pointer, Int32(bytes.count), region, &ranges, 32)
            }
        }
        for index in 0..<min(Int(found), 32) {
            let start = text.scalarIndex(utf8Offset: Int(ranges[2 * index]))
            let end = text.scalarIndex(utf8Offset: Int(ranges[2 * index + 1]))
            guard end > start, let spoken = try? phones.speak(text.string(start, end)) else { continue }
            candidates.append(TextCandidate(start: start, end: end, kind: .phone, spoken: spoken, priority: 3))
        }
    }
}
