/// Terms whose language the tagger must not guess: names and terms spoken in their
/// own language (`Bluetooth | en`), and loanwords the base language has adopted
/// (`week-end | adopted`: spoken in the base voice, never tagged), single coined names
/// spoken in the base voice (`Android | name`), and the elided
/// articles and pronouns of the base language (`l' | elision`), split off a word so
/// that "l'App Store" and "d'iCloud" are seen as "l'" + "App Store", "d'" + "iCloud".
///
/// Read from `Locales/und/lexicon.txt` (terms shared by every base language) and then
/// `Locales/<base>/lexicon.txt` (and `<base>/<REGION>/`), later entries overriding
/// earlier ones. Entries with an uppercase letter match that exact spelling (so
/// `Office | en` leaves French "office" alone); all-lowercase entries match any case.
struct TaggerLexicon: Sendable {
    struct Entry: Sendable {
        /// The words of the term, as written in the file.
        var words: [String]
        /// Lowercased words, for case-insensitive entries.
        var lowercaseWords: [String]
        /// The words as the tagger compares them: exact scalars (typographic apostrophe made
        /// ASCII) for case-sensitive entries, lowercase UTF-8 for the others.
        var exactScalars: [[Unicode.Scalar]]
        var lowercaseUTF8: [[UInt8]]
        var caseSensitive: Bool
        /// nil: spoken in the base language (adopted loanword, or a term of the base language).
        var language: String?
    }

    /// First word, lowercased -> indices of entries starting with it (longest first).
    let firstWords: ByteKeyTable
    let groups: [[Entry]]
    /// Languages other than the base that the lexicon names.
    let languages: [String]
    /// Elided words of the base language, lowercase, with their apostrophe ("l'", "qu'").
    let elisions: Set<String>
    /// Words of the base language after which a capitalised word names a control (`sur | label-cue`:
    /// "Appuyez sur Next", "Tik op Skip", "tap Allgemein", "go to"), lowercase; one or two words. Such a word is the base
    /// language's own, never the first word of a foreign span ("Open Settings" in Dutch).
    let labelCues: Set<String>
    /// Words of the base language before which prose borrows a foreign noun: its determiners and
    /// articles (`le | borrowing-context`: "le dashboard", "des widgets", "chaque release"), lowercase,
    /// elided ones with their apostrophe. Empty: any very frequent word of the base language counts.
    let borrowingContexts: Set<String>
    /// The most scalars a label cue has (two-word cues included): a longer token is no cue and
    /// no part of one, and is not even lowercased (a huge word was copied twice for nothing).
    let longestLabelCue: Int
    /// Phrases of the base language that name the language of the words written just before them
    /// inside brackets (`en anglais | language-cue en`: "la liaison (binding en anglais)"): the
    /// author says which language those words are. Lowercase words (one to three) as scalars, with
    /// the primary language subtag they name.
    let languageCues: [(words: [[Unicode.Scalar]], language: String)]

    init(base: SpokenLocale, dataStore: LocaleDataStore) throws {
        var files = try dataStore.files(named: "lexicon.txt", language: "und")
        files += try dataStore.files(named: "lexicon.txt", language: base.language, region: base.region)
        var byKey: [String: Entry] = [:]
        var order: [String] = []
        var elisions: Set<String> = []
        var labelCues: Set<String> = []
        var borrowingContexts: Set<String> = []
        var languageCues: [(words: [[Unicode.Scalar]], language: String)] = []
        // Most lines name one of a few languages: read each tag once (SpokenLocale asks ICU).
        var languageOfTag: [String: String?] = [:]
        for file in files {
            for (fields, line) in try file.records(checkedBy: .lexicon, fields: 2...2) {
                let term = fields[0], tag = fields[1]
                if tag == "elision" {
                    guard term.hasSuffix("'"), !term.contains(" ") else { throw file.error(at: line, "an elision ends with an apostrophe (l')") }
                    elisions.insert(term.lowercased())
                    continue
                }
                if tag == "label-cue" {
                    // Two words at most: "go to" is a cue where "to" alone is not ("Welcome to Berlin").
                    guard term.split(separator: " ").count <= 2, !term.contains("  ") else {
                        throw file.error(at: line, "a label cue is one or two words (tap, go to)")
                    }
                    labelCues.insert(term.lowercased())
                    continue
                }
                if tag == "borrowing-context" {
                    guard !term.contains(" ") else { throw file.error(at: line, "a borrowing context is one word (le, l')") }
                    borrowingContexts.insert(String(String.UnicodeScalarView(term.lowercased().unicodeScalars.map { $0 == "\u{2019}" ? "'" : $0 })))
                    continue
                }
                if tag.hasPrefix("language-cue") {
                    let named = tag.dropFirst("language-cue".count).split(separator: " ").first.map(String.init) ?? ""
                    let cueWords = term.lowercased().split(separator: " ").map(String.init)
                    guard (1...3).contains(cueWords.count), let locale = try? SpokenLocale(named), locale.language != base.language else {
                        throw file.error(at: line, "a language cue is one to three words and names another language (en anglais | language-cue en)")
                    }
                    languageCues.append((cueWords.map { Array($0.unicodeScalars) }, locale.language))
                    continue
                }
                let words = term.split(separator: " ").map(String.init)
                guard !words.isEmpty, words.count <= 6 else { throw file.error(at: line, "expected a term of 1 to 6 words") }
                var language: String?
                if tag == "adopted" || tag == "name" {
                    language = nil
                } else if let known = languageOfTag[tag] {
                    language = known
                } else {
                    guard let locale = try? SpokenLocale(tag) else {
                        throw file.error(at: line, "expected a language tag (en, ja, la...), 'adopted', 'name', 'elision', 'label-cue', 'borrowing-context' or 'language-cue <language>'")
                    }
                    language = locale.language == base.language ? nil : locale.bcp47
                    languageOfTag[tag] = .some(language)
                }
                let lowercase = words.map { $0.lowercased() }
                let exactScalars = words.map { $0.unicodeScalars.map { $0 == "\u{2019}" ? "'" : $0 } }
                let lowercaseUTF8 = lowercase.map { word in
                    var typed = String.UnicodeScalarView()
                    typed.append(contentsOf: word.unicodeScalars.map { $0 == "\u{2019}" ? "'" : $0 })
                    return Array(String(typed).utf8)
                }
                let caseSensitive = words != lowercase
                let key = (caseSensitive ? words : lowercase).joined(separator: " ")
                if byKey[key] == nil { order.append(key) }
                byKey[key] = Entry(words: words, lowercaseWords: lowercase,
                                   exactScalars: exactScalars, lowercaseUTF8: lowercaseUTF8,
                                   caseSensitive: caseSensitive, language: language)
            }
        }
        var groupIndex: [String: Int] = [:]
        var groups: [[Entry]] = []
        for key in order {
            guard let entry = byKey[key], let first = entry.lowercaseWords.first else { continue }
            if let index = groupIndex[first] { groups[index].append(entry) } else {
                groupIndex[first] = groups.count
                groups.append([entry])
            }
        }
        for index in groups.indices { groups[index].sort { $0.words.count > $1.words.count } }
        var table = ByteKeyTable(capacity: groupIndex.count)
        for (word, index) in groupIndex { table.insert(Array(word.utf8), value: Int32(index)) }
        firstWords = table
        self.groups = groups
        languages = Set(byKey.values.compactMap(\.language)).sorted()
        self.elisions = elisions
        self.labelCues = labelCues
        self.borrowingContexts = borrowingContexts
        self.languageCues = languageCues
        longestLabelCue = labelCues.map(\.unicodeScalars.count).max() ?? 0
    }
}

extension LanguageTagger {
    /// The `usual-foreign-language` of `Locales/und/tagger.txt`, overridden by the base
    /// language's own `tagger.txt` and by user data directories.
    static func usualForeignLanguage(base: SpokenLocale, dataStore: LocaleDataStore) throws -> String {
        var files = try dataStore.files(named: "tagger.txt", language: "und")
        files += try dataStore.files(named: "tagger.txt", language: base.language, region: base.region)
        var usual: String?
        for file in files {
            for (key, value, line) in try file.keyValues(checkedBy: .tagger) {
                guard key == "usual-foreign-language", let tag = try? SpokenLocale(value) else {
                    throw file.error(at: line, "expected 'usual-foreign-language = <language tag>'")
                }
                usual = tag.language
            }
        }
        guard let usual else {
            throw SpokenFormError.malformedLocaleData(file: "Locales/und/tagger.txt", line: 0, message: "no usual-foreign-language")
        }
        return usual
    }
}
