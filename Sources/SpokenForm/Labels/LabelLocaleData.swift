import Foundation

/// What `Locales/<lang>/traits.txt`, `labels.txt` and `hint-verbs.txt` say: VoiceOver's
/// trait words, and the words the linter looks for. Their keys are declared in
/// `DataFileSchema.traits` and `.labels` (Docs/data/); an unknown key fails with file and line.
struct LabelLocaleData: Sendable {
    /// The trait keys every traits.txt must give: all of them.
    static let traitKeys = DataFileSchema.traits.keys.map(\.name)

    /// Trait key -> the word VoiceOver says.
    var traitWords: [String: String] = [:]
    /// Control-type phrases, lowercased, split into words; `anchored` ones count only at the start.
    var typeWords: [(words: [String], anchored: Bool, written: String)] = []
    /// State words, lowercased, split into words.
    var stateWords: [[String]] = []
    /// Verb forms that may start a hint, lowercased: hint-verbs.txt.
    var hintVerbList: SortedWordList
    /// More verb forms, lowercased: `hint-verbs-extra` in labels.txt.
    var hintVerbsExtra: Set<String> = []
    /// Words that may come before a hint's verb ("double" in "Double tap").
    var hintOpeners: Set<String> = []
    /// Gesture phrases that start a hint ("double tap to", "zum"), lowercased words.
    var gestureOpeners: [[String]] = []
    /// Gesture phrases that end a hint (de "doppeltippen" in "Zum Öffnen doppeltippen").
    var gestureClosers: [[String]] = []
    /// Spelling variants tried on a hint's first word (de-CH "ss" for "ß"): (written, standard).
    var spellingVariants: [(String, String)] = []

    init(traits: [LocaleDataFile], labels: [LocaleDataFile], verbs: SortedWordList) throws {
        hintVerbList = verbs
        for file in traits {
            for (key, value, line) in try file.keyValues(checkedBy: .traits) {
                guard !value.isEmpty else { throw file.error(at: line, "empty word") }
                traitWords[key] = value
            }
        }
        if let file = traits.first, let missing = Self.traitKeys.first(where: { traitWords[$0] == nil }) {
            throw SpokenFormError.malformedLocaleData(file: file.path, line: 0, message: "no '\(missing) = …' line: every trait word is needed")
        }
        for file in labels {
            for (key, value, line) in try file.keyValues(checkedBy: .labels) {
                let items = value.splitAtASCII(",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                switch key {
                case "type-words":
                    for item in items {
                        let anchored = item.hasPrefix("^")
                        let phrase = anchored ? String(item.dropFirst()) : item
                        let words = LabelWords.words(of: phrase).map(\.lower)
                        guard !words.isEmpty else { throw file.error(at: line, "'\(item)' has no word") }
                        typeWords.append((words, anchored, phrase))
                    }
                case "state-words":
                    stateWords += items.map { LabelWords.words(of: $0).map(\.lower) }.filter { !$0.isEmpty }
                case "hint-verbs-extra":
                    hintVerbsExtra.formUnion(items.map { $0.lowercased() })
                case "hint-openers":
                    hintOpeners.formUnion(items.map { $0.lowercased() })
                case "gesture-openers":
                    gestureOpeners += items.map { LabelWords.words(of: $0).map(\.lower) }.filter { !$0.isEmpty }
                case "gesture-closers":
                    gestureClosers += items.map { LabelWords.words(of: $0).map(\.lower) }.filter { !$0.isEmpty }
                case "spelling-variants":
                    for item in items {
                        let pair = item.components(separatedBy: ">").map { $0.trimmingSpaces() }
                        guard pair.count == 2, !pair[0].isEmpty else { throw file.error(at: line, "expected WRITTEN>STANDARD in '\(item)'") }
                        spellingVariants.append((pair[0].lowercased(), pair[1].lowercased()))
                    }
                default:
                    throw DataFileSchema.labels.unread(key, at: line, in: file)
                }
            }
        }
    }

    /// Whether `word` (lowercased) is a verb form a hint may start with.
    func isHintVerb(_ word: String) -> Bool {
        hintVerbsExtra.contains(word) || hintVerbList.contains(word)
    }
}

/// The words of a label, with their UTF-16 ranges: letters, digits and the hyphens inside
/// a word ("Wi-Fi", "double-tap"). Spaces, punctuation and apostrophes separate ("d'un" is
/// "d" and "un", so the phrase "image d'" matches "Image d’un chat").
enum LabelWords {
    struct Word {
        /// As written.
        let text: String
        /// Lowercased, for matching.
        let lower: String
        /// Where it is, in UTF-16 code units.
        let utf16: Range<Int>
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar.properties.generalCategory == .nonspacingMark
    }

    static func words(of text: String) -> [Word] {
        var words: [Word] = []
        let scalars = Array(text.unicodeScalars)
        var offset16 = 0
        var i = 0
        var start: Int?
        var start16 = 0
        func close(_ end: Int, _ end16: Int) {
            guard let s = start else { return }
            var scalarsView = String.UnicodeScalarView()
            scalarsView.append(contentsOf: scalars[s..<end])
            let word = String(scalarsView)
            words.append(Word(text: word, lower: word.lowercased(), utf16: start16..<end16))
            start = nil
        }
        while i < scalars.count {
            let scalar = scalars[i]
            let width = scalar.utf16.count
            if isWordScalar(scalar) {
                if start == nil { start = i; start16 = offset16 }
            } else if start != nil, ["-", "‑"].contains(scalar), i + 1 < scalars.count, isWordScalar(scalars[i + 1]) {
                // A hyphen inside a word keeps it whole: "Wi-Fi", "double-tap".
            } else {
                close(i, offset16)
            }
            offset16 += width
            i += 1
        }
        close(scalars.count, offset16)
        return words
    }
}
