/// A word's forms by CLDR plural category: `one` and `other` always, and `zero`, `two`, `few`,
/// `many` where a language has them (ru "рубль", "рубля", "рублей"; ar's dual). The form for a
/// count is chosen by ICU's plural rules of the locale (`ICUPluralRules.category(of:)`); a
/// category without a form of its own takes `other`'s, as CLDR's own data does.
///
/// In the data files the forms are two positional fields, ONE | OTHER, then any of
/// `zero=…`, `two=…`, `few=…`, `many=…` as fields of their own (`PluralForms.parse`).
struct PluralForms: Sendable, Equatable {
    let one: String
    let other: String
    /// The forms of the other categories a language has (never `.one` or `.other`).
    private let more: [PluralCategory: String]

    init(one: String, other: String, more: [PluralCategory: String] = [:]) {
        self.one = one
        self.other = other
        self.more = more.filter { $0.key != .one && $0.key != .other }
    }

    /// The form a count of `category` takes.
    @inline(__always)
    func form(for category: PluralCategory) -> String {
        switch category {
        case .one: return one
        case .other: return other
        default: return more[category] ?? other
        }
    }

    /// Whether `field` is a `category=form` field (`few=рубля`).
    static func isCategoryField(_ field: String) -> Bool {
        guard let equals = field.firstIndex(of: "=") else { return false }
        return PluralCategory(rawValue: String(field[..<equals])) != nil
    }

    /// The forms of `one`, `other` and the `category=form` fields of `more` (each field one).
    /// - Throws: a message for a field that is not `category=form`, a category given twice,
    ///   `one`/`other` given again, or an empty form.
    static func parse(one: String, other: String, more fields: [String]) throws(PluralFormsError) -> PluralForms {
        var more: [PluralCategory: String] = [:]
        for field in fields {
            guard let equals = field.firstIndex(of: "="), let category = PluralCategory(rawValue: String(field[..<equals])) else {
                throw PluralFormsError(message: "'\(field)' is not CATEGORY=FORM (zero, two, few, many)")
            }
            let form = String(field[field.index(after: equals)...])
            guard category != .one, category != .other else {
                throw PluralFormsError(message: "'\(field)': ONE and OTHER are the two fields before it")
            }
            guard !form.isEmpty, more.updateValue(form, forKey: category) == nil else {
                throw PluralFormsError(message: "'\(field)': an empty form or a category given twice")
            }
        }
        return PluralForms(one: one, other: other, more: more)
    }
}

/// Why a data file's plural forms were refused (the loader adds the file and line).
struct PluralFormsError: Error {
    let message: String
}
