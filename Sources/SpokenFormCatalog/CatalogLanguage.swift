/// The language of a catalog file that does not name it inside: from its folder
/// (`fr.lproj`, `values-fr-rCA`) or its name (`po/pt_BR.po`), or from a gettext
/// `Language:` header, as a BCP 47 tag (`fr-CA`, `sr-Latn`, `pt-BR`).
public enum CatalogLanguage {
    /// The language `path` names: an `xx.lproj` folder (`Base.lproj`: nil, the development
    /// language), an Android `values-…` folder (`values`: nil, the default resources), a
    /// gettext file `fr.po`, `pt_BR.po`, `sr@latin.po` or `fr/LC_MESSAGES/app.po`.
    public static func fromPath(_ path: String) -> String? {
        let components = path.split(separator: "/").map(String.init)
        guard let file = components.last else { return nil }
        let folders = components.dropLast()
        if let lproj = folders.last(where: { $0.hasSuffix(".lproj") }) {
            let name = String(lproj.dropLast(6))
            if name == "Base" { return nil }
            let legacy = ["English": "en", "French": "fr", "German": "de", "Spanish": "es", "Italian": "it", "Dutch": "nl", "Japanese": "ja"]
            return legacy[name] ?? name
        }
        let lower = file.lowercased()
        if lower.hasSuffix(".xml"), let folder = folders.last, folder == "values" || folder.hasPrefix("values-") {
            return android(folder)
        }
        if lower.hasSuffix(".po") || lower.hasSuffix(".pot") {
            if lower.hasSuffix(".pot") { return nil }
            // `fr/LC_MESSAGES/app.po`: the folder names the language, the file the domain.
            if folders.last == "LC_MESSAGES", folders.count >= 2 { return gettextName(folders[folders.count - 2]) }
            if let language = gettextName(String(file.dropLast(3))) { return language }
        }
        return nil
    }

    /// An Android resource folder's language: `values-fr` → fr, `values-fr-rCA` → fr-CA,
    /// `values-b+sr+Latn` → sr-Latn, `values-mcc310-en-rUS-land` → en-US; nil for
    /// `values` and folders with only other qualifiers (`values-night`, `values-v21`).
    public static func android(_ folder: String) -> String? {
        var parts = folder.split(separator: "-").map(String.init)
        guard parts.first == "values" else { return nil }
        parts.removeFirst()
        while let first = parts.first, first.hasPrefix("mcc") || first.hasPrefix("mnc") { parts.removeFirst() }
        guard let first = parts.first else { return nil }
        if first.hasPrefix("b+") {
            let subtags = first.dropFirst(2).split(separator: "+").map(String.init)
            guard let language = subtags.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
            return ([legacy(language.lowercased())] + subtags.dropFirst()).joined(separator: "-")
        }
        // UI-mode qualifiers that look like language codes.
        guard (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }), !["car", "ldrtl", "ldltr"].contains(first) else { return nil }
        var language = legacy(first)
        if parts.count > 1, parts[1].hasPrefix("r"), parts[1].count == 3 || parts[1].count == 4 {
            let region = parts[1].dropFirst()
            if region.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) { language += "-" + region }
        }
        return language
    }

    /// Android still writes the old codes of three languages.
    private static func legacy(_ code: String) -> String {
        ["iw": "he", "in": "id", "ji": "yi"][code] ?? code
    }

    /// A gettext language name as a BCP 47 tag: `pt_BR` → pt-BR, `sr@latin` → sr-Latn,
    /// `de_DE.UTF-8` → de-DE.
    public static func gettext(_ name: String) -> String {
        var base = name
        var script: String?
        if let at = base.firstIndex(of: "@") {
            let modifier = base[base.index(after: at)...].lowercased()
            script = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva"][modifier]
            base = String(base[..<at])
        }
        if let dot = base.firstIndex(of: ".") { base = String(base[..<dot]) }
        var parts = base.split(separator: "_").map(String.init)
        if let script { parts.insert(script, at: min(1, parts.count)) }
        return parts.joined(separator: "-")
    }

    /// `fr`, `pt_BR`, `sr@latin`: a file or folder name that is a gettext language name.
    private static func gettextName(_ stem: String) -> String? {
        let base = stem.split(separator: "@").first.map(String.init) ?? stem
        let parts = base.split(separator: "_")
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }),
              parts.count <= 2, parts.dropFirst().allSatisfy({ (2...3).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) } }) else { return nil }
        return gettext(stem)
    }
}
