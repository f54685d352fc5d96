import CICU

/// The ICU script codes (`UScriptCode`, uscript.h) the tagger names. A token's script is any
/// `UScriptCode`; these are the ones its logic tests for.
enum ICUScriptCode: Int32 {
    case common = 0
    case inherited = 1
    case han = 17
    case hangul = 18
    case hiragana = 20
    case katakana = 22
    case latin = 25
}

/// The tagger's ICU calls about scripts and likely subtags (uscript, uloc), so that its
/// capability logic never calls `CICU` itself (the pattern of `ICU/ICUError.swift`). Stateless
/// functions of ICU's data, and a table read once (its likely languages filled under a lock):
/// safe from any thread.
enum ICUScript {
    /// Script of a scalar; ASCII and Latin-1/Latin Extended-A/B letters are answered
    /// without ICU because they are most of the text (ICU gives the same answer).
    @inline(__always)
    static func of(_ scalar: Unicode.Scalar) -> Int32 {
        let v = scalar.value
        if v < 0x80 {
            return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) ? ICUScriptCode.latin.rawValue : ICUScriptCode.common.rawValue
        }
        if v >= 0xC0, v <= 0x24F { return v == 0xD7 || v == 0xF7 ? ICUScriptCode.common.rawValue : ICUScriptCode.latin.rawValue }
        if v < 0xC0 { return ICUScriptCode.common.rawValue }
        return sf_script_of(v)
    }

    /// Han, Hiragana, Katakana: one writing system for span purposes.
    @inline(__always)
    static func isHanLike(_ script: Int32) -> Bool {
        script == ICUScriptCode.han.rawValue || script == ICUScriptCode.hiragana.rawValue || script == ICUScriptCode.katakana.rawValue
    }

    /// True for Hiragana and Katakana.
    @inline(__always)
    static func isKana(_ script: Int32) -> Bool {
        script == ICUScriptCode.hiragana.rawValue || script == ICUScriptCode.katakana.rawValue
    }

    /// Names of every script code, read from ICU once per process, and their likely
    /// languages, read the first time a text holds the script.
    struct Names: Sendable {
        /// ISO 15924 short name per code ("Cyrl"); empty for codes ICU does not name.
        let shortNames: [String]
        /// CLDR likely language per code once asked ("ru" for Cyrillic; empty when CLDR has none).
        ///
        /// Why on demand: asking ICU's likely subtags for all 200 scripts cost 8 M
        /// instructions (2-3 ms) at every start of `tag`, `label` and `lint`, and a text
        /// meets a few scripts at most.
        private let likelyLanguages = Locked<[String?]>(Array(repeating: nil, count: Int(codeLimit)))

        init(shortNames: [String]) { self.shortNames = shortNames }

        /// The likely language of a script code ("" when unknown, or when ICU cannot answer:
        /// the script's text is then not marked, as for a script CLDR gives no language).
        func likelyLanguage(of script: Int32) -> String {
            guard script >= 0, script < codeLimit else { return "" }
            if let known = likelyLanguages.withLock({ $0[Int(script)] }) { return known }
            let language = (try? icuString("reading the likely language of script \(script)") { sf_script_likely_language(script, $0, $1) }) ?? ""
            likelyLanguages.withLock { $0[Int(script)] = language }
            return language
        }

        /// The script codes of a locale's writing system, from its ISO 15924 name ("Jpan" -> Han,
        /// Hiragana, Katakana; "Cyrl" -> Cyrillic).
        func codes(ofScriptNamed name: String) -> Set<Int32> {
            switch name {
            case "", "Latn": return [ICUScriptCode.latin.rawValue]
            case "Jpan": return [ICUScriptCode.han.rawValue, ICUScriptCode.hiragana.rawValue, ICUScriptCode.katakana.rawValue]
            case "Kore": return [ICUScriptCode.han.rawValue, ICUScriptCode.hangul.rawValue]
            case "Hans", "Hant": return [ICUScriptCode.han.rawValue]
            default: return shortNames.firstIndex(of: name).map { [Int32($0)] } ?? []
            }
        }
    }

    /// Past the last script code of ICU 72 (`USCRIPT_CODE_LIMIT` is 200 or less there).
    static let codeLimit: Int32 = 200

    private static let table: Result<Names, SpokenFormError> = {
        do throws(ICUError) {
            var shortNames: [String] = []
            for code in 0..<codeLimit {
                shortNames.append(try icuString("naming script \(code)") { sf_script_short_name(code, $0, $1) })
            }
            return .success(Names(shortNames: shortNames))
        } catch {
            return .failure(SpokenFormError(error))
        }
    }()

    /// The script names (read on first use, then shared) and their likely languages.
    /// - Throws: `SpokenFormError.icuFailure` when ICU cannot answer.
    static func names() throws(SpokenFormError) -> Names { try table.get() }

    /// CLDR's likely script of a locale ("fr" -> "Latn", "ja" -> "Jpan"); "" when CLDR has none.
    /// - Throws: `SpokenFormError.icuFailure` when ICU cannot answer.
    static func likelyScript(ofLocale icuID: String) throws(SpokenFormError) -> String {
        do throws(ICUError) {
            return try icuString("reading the likely script of \(icuID)") { sf_locale_likely_script(icuID, $0, $1) }
        } catch {
            throw SpokenFormError(error)
        }
    }
}

extension LanguageTagger {
    static let latin = ICUScriptCode.latin.rawValue
    static let common = ICUScriptCode.common.rawValue
    static let inherited = ICUScriptCode.inherited.rawValue

    @inline(__always)
    static func script(of scalar: Unicode.Scalar) -> Int32 { ICUScript.of(scalar) }

    var isHanLikeBase: Bool { baseScripts.contains(ICUScriptCode.han.rawValue) }
}
