import Foundation
import SpokenForm

/// How a value becomes plural forms keyed by the count of one of its placeholders
/// ("%1$d m" -> one "%1$d mètre", other "%1$d mètres").
struct PluralChange: Sendable, Equatable {
    /// The forms of the whole value, one per category: `.xcstrings` `variations.plural`,
    /// Android `<plurals>`. Empty when `arguments` are given.
    var forms: [PluralForm] = []
    /// The variables the value's counted placeholders became (`%#@arg1@` in the change's
    /// text): `.xcstrings` `substitutions`, `.stringsdict` variables.
    var arguments: [PluralArgument] = []
}

/// One plural form: its CLDR category and text (with its runs, as `CatalogChange.runs`).
struct PluralForm: Sendable, Equatable {
    let category: PluralCategory
    let text: String
    var runs: [String]?
}

/// A placeholder that became a `%#@name@` variable.
struct PluralArgument: Sendable, Equatable {
    let name: String
    /// The argument's position (1-based), `argNum`.
    let argNum: Int
    /// `.xcstrings` `formatSpecifier`: the specifier after `%` and its position ("lld", ".1f").
    let formatSpecifier: String
    /// `.stringsdict` `NSStringFormatValueTypeKey`: the length and conversion ("lld", "f").
    let valueType: String
    /// The variable's forms: `%arg kilomètre` (`.xcstrings`), `%2$d kilomètre` (`.stringsdict`).
    let forms: [PluralForm]
}

extension PluralCategory {
    /// CLDR's order of the categories (zero one two few many other), as Android and
    /// `.stringsdict` files list them.
    var cldrOrder: Int { PluralCategory.allCases.firstIndex(of: self) ?? 0 }
}

/// Writing plural forms in place of a value: the file's structure around the value changes
/// (a `stringUnit` becomes `variations`, a `<string>` a `<plurals>`), laid out as the file
/// lays out its neighbours (indentation, separator, line ends); every other byte is copied.
extension Catalog {
    /// The edits that replace `value` with `plural`'s forms; nil when its container cannot
    /// hold them (the caller then writes `change.text` alone).
    func pluralEdits(_ value: CatalogValue, _ change: CatalogChange, _ plural: PluralChange) -> [(range: Range<Int>, bytes: [UInt8])]? {
        switch (format, value.container) {
        case (.xcstrings, .stringUnit(let keyOffset, let objectStart)?):
            return xcstringsEdits(value, change, plural, keyOffset: keyOffset, objectStart: objectStart)
        case (.android, .androidString(let element, let startTagEnd)?) where plural.arguments.isEmpty && !plural.forms.isEmpty:
            return androidPluralsEdits(value, plural, element: element, startTagEnd: startTagEnd)
        case (.stringsdict, .formatKey(let keyStart, let stringEnd)?) where !plural.arguments.isEmpty:
            let indent = lineIndent(before: keyStart) ?? ""
            var edits = textEdits(value, text: change.text, runs: nil)
            edits.append((stringEnd..<stringEnd, variablesXML(plural.arguments, indent: indent, unit: plistIndentUnit())))
            return edits
        case (.stringsdict, .plainEntry(let keyStart, let element)?) where !plural.arguments.isEmpty && isStringsdict:
            let indent = lineIndent(before: keyStart) ?? ""
            let unit = plistIndentUnit()
            let newline = newline(near: element.lowerBound)
            var xml = Array("<dict>".utf8) + newline + Array((indent + unit).utf8) + Array("<key>NSStringLocalizedFormatKey</key>".utf8)
            xml += newline + Array((indent + unit).utf8) + Array("<string>".utf8) + XMLEscapes.encode(change.text.unicodeScalars) + Array("</string>".utf8)
            xml += variablesXML(plural.arguments, indent: indent + unit, unit: unit)
            xml += newline + Array(indent.utf8) + Array("</dict>".utf8)
            return [(element, xml)]
        default:
            return nil
        }
    }

    /// The bytes a change of `value` may replace: its contents and state; with plural forms,
    /// its whole container (the `stringUnit` member, the `<string>` element…). Every other
    /// byte of the file is copied as it is (the tests check it).
    func bytesReplaced(by change: CatalogChange) -> [Range<Int>] {
        let value = values[change.valueIndex]
        let plain = [value.rawRange] + (value.stateRange.map { [$0] } ?? [])
        guard change.plural != nil else { return plain }
        switch value.container {
        case .stringUnit(let keyOffset, let objectStart)?:
            let end: Int? = bytes.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(bytes: buffer)
                return try? scanner.end(ofValueAt: objectStart)
            }
            return end.map { [keyOffset..<$0] } ?? plain
        case .androidString(let element, _)?, .plainEntry(_, let element)?: return [element]
        case .formatKey(_, let stringEnd)?: return [value.rawRange, stringEnd..<stringEnd]
        case nil: return plain
        }
    }

    /// The bytes of `value`'s contents (between its quotes or tags) once it reads `text`:
    /// the input's bytes with the value's minimal edit, in the file's escaping.
    func contentBytes(_ value: CatalogValue, text: String, runs: [String]?) -> [UInt8] {
        var out: [UInt8] = []
        var copied = value.rawRange.lowerBound
        for edit in textEdits(value, text: text, runs: runs).sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            out += bytes[copied..<edit.range.lowerBound]
            out += edit.bytes
            copied = edit.range.upperBound
        }
        out += bytes[copied..<value.rawRange.upperBound]
        return out
    }

    /// The edits that make `value` read `text`, inside its contents.
    private func textEdits(_ value: CatalogValue, text: String, runs: [String]?) -> [(range: Range<Int>, bytes: [UInt8])] {
        guard text != value.text else { return [] }
        if format == .android { return androidEdits(value, CatalogChange(valueIndex: 0, text: text, state: nil, runs: runs)) }
        let edit = decodeRaw(value.rawRange).minimalEdit(to: Array(text.unicodeScalars))
        let start = value.rawRange.lowerBound
        return [((start + edit.raw.lowerBound)..<(start + edit.raw.upperBound), encode(edit.middle))]
    }

    // MARK: layout

    /// The white space between the start of `offset`'s line and `offset`; nil when something
    /// else comes before it on its line (a one-line layout).
    func lineIndent(before offset: Int) -> String? {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A {
            guard bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 else { return nil }
            start -= 1
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// The file's line end near `offset`: CRLF when the line before it ends so, else LF.
    func newline(near offset: Int) -> [UInt8] {
        var index = min(offset, bytes.count) - 1
        while index > 0, bytes[index] != 0x0A { index -= 1 }
        return index > 0 && bytes[index - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }

    /// One level of a property list's indentation: that of the root dictionary's first key
    /// (a tab in the files Xcode and Apple's writer make).
    private func plistIndentUnit() -> String {
        bytes.withUnsafeBufferPointer { buffer in
            guard let plist = buffer.firstOffset(of: "<plist", from: 0), let dict = buffer.firstOffset(of: "<dict", from: plist),
                  let key = buffer.firstOffset(of: "<key", from: dict),
                  let dictIndent = lineIndent(before: dict), let keyIndent = lineIndent(before: key),
                  keyIndent.hasPrefix(dictIndent), keyIndent.count > dictIndent.count else { return "\t" }
            return String(keyIndent.dropFirst(dictIndent.count))
        }
    }

    // MARK: .stringsdict

    /// `<key>name</key><dict>…</dict>` for each variable, each on lines of its own at `indent`.
    private func variablesXML(_ arguments: [PluralArgument], indent: String, unit: String) -> [UInt8] {
        let newline = newline(near: bytes.count)
        var xml: [UInt8] = []
        func line(_ depth: Int, _ text: String) { xml += newline + Array((indent + String(repeating: unit, count: depth) + text).utf8) }
        for argument in arguments {
            line(0, "<key>" + String(decoding: XMLEscapes.encode(argument.name.unicodeScalars), as: UTF8.self) + "</key>")
            line(0, "<dict>")
            line(1, "<key>NSStringFormatSpecTypeKey</key>")
            line(1, "<string>NSStringPluralRuleType</string>")
            line(1, "<key>NSStringFormatValueTypeKey</key>")
            line(1, "<string>" + argument.valueType + "</string>")
            for form in argument.forms.sorted(by: { $0.category.cldrOrder < $1.category.cldrOrder }) {
                line(1, "<key>" + form.category.rawValue + "</key>")
                line(1, "<string>" + String(decoding: XMLEscapes.encode(form.text.unicodeScalars), as: UTF8.self) + "</string>")
            }
            line(0, "</dict>")
        }
        return xml
    }

    // MARK: Android

    /// `<string name="x">…</string>` -> `<plurals name="x">` with an `<item quantity>` per
    /// form, each item's contents the value's bytes with that form's edit (markup, CDATA and
    /// escapes outside the change kept), the start tag's attributes copied.
    private func androidPluralsEdits(_ value: CatalogValue, _ plural: PluralChange, element: Range<Int>, startTagEnd: Int) -> [(range: Range<Int>, bytes: [UInt8])]? {
        guard bytes[element.lowerBound...].starts(with: Array("<string".utf8)) else { return nil }
        let indent = lineIndent(before: element.lowerBound)
        let newline = indent == nil ? [] : newline(near: element.lowerBound)
        let itemIndent = indent.map { $0 + ($0.isEmpty ? "    " : $0) } ?? ""
        var xml = Array("<plurals".utf8) + bytes[(element.lowerBound + 7)..<startTagEnd]
        for form in plural.forms.sorted(by: { $0.category.cldrOrder < $1.category.cldrOrder }) {
            xml += newline + Array(itemIndent.utf8) + Array("<item quantity=\"\(form.category.rawValue)\">".utf8)
            xml += contentBytes(value, text: form.text, runs: form.runs)
            xml += Array("</item>".utf8)
        }
        xml += newline + Array((indent ?? "").utf8) + Array("</plurals>".utf8)
        return [(element, xml)]
    }

    // MARK: .xcstrings

    /// The file's JSON layout around a `stringUnit` member: the separator after a key
    /// (`" : "`, `": "`, `":"`), the indentation of the member's line and one level of it,
    /// and the line end; one-line (minified) JSON has no line ends nor indentation.
    private struct JSONLayout {
        var separator: [UInt8]
        var indent: String
        var unit: String
        var newline: [UInt8]
        /// Xcode's key order (ICU root collation, numeric) rather than code points.
        var xcodeOrder: Bool

        func line(_ depth: Int) -> [UInt8] {
            newline + Array((indent + String(repeating: unit, count: depth)).utf8)
        }
    }

    private func jsonLayout(keyOffset: Int, objectStart: Int) -> JSONLayout {
        // The separator: the bytes between the key's closing quote and the object.
        var quote = objectStart - 1
        while quote > keyOffset, bytes[quote] != UInt8(ascii: "\"") { quote -= 1 }
        let separator = Array(bytes[(quote + 1)..<objectStart])
        guard let indent = lineIndent(before: keyOffset) else {
            return JSONLayout(separator: separator, indent: "", unit: "", newline: [], xcodeOrder: separator == Array(" : ".utf8))
        }
        // One level: how much deeper the object's first member is than the key.
        var unit = "  "
        var index = objectStart + 1
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
        if index < bytes.count, bytes[index] == 0x0A {
            var end = index + 1
            while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
            let inner = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            if inner.hasPrefix(indent), inner.count > indent.count { unit = String(inner.dropFirst(indent.count)) }
        }
        return JSONLayout(separator: separator, indent: indent, unit: unit, newline: newline(near: keyOffset), xcodeOrder: separator == Array(" : ".utf8))
    }

    /// The `"stringUnit" : {…}` member as written, its value reading `text` (and its state
    /// `state`), every line after the first moved `levels` deeper.
    private func stringUnitMember(_ value: CatalogValue, member: Range<Int>, text: String, runs: [String]?, state: String?,
                                  layout: JSONLayout, levels: Int) -> [UInt8] {
        var replacements: [(range: Range<Int>, bytes: [UInt8])] = [(value.rawRange, contentBytes(value, text: text, runs: runs))]
        if let state, let range = value.stateRange, state != value.state {
            replacements.append((range, JSONEscapes.encode(state.unicodeScalars, style: jsonStyle)))
        }
        let out = Catalog.spliced(bytes, member, replacements)
        guard !layout.newline.isEmpty, levels > 0 else { return out }
        // JSON strings hold no raw line break: every LF here is the layout's.
        let deeper = Array(String(repeating: layout.unit, count: levels).utf8)
        var moved: [UInt8] = []
        moved.reserveCapacity(out.count + deeper.count * 8)
        for byte in out {
            moved.append(byte)
            if byte == 0x0A { moved += deeper }
        }
        return moved
    }

    private func quotedKey(_ key: String) -> [UInt8] {
        [UInt8(ascii: "\"")] + JSONEscapes.encode(key.unicodeScalars, style: jsonStyle) + [UInt8(ascii: "\"")]
    }

    /// An object member `"key" : {` … `}` whose members are `children`, at `depth`.
    private func jsonObject(_ key: String, _ children: [[UInt8]], depth: Int, layout: JSONLayout) -> [UInt8] {
        var out = quotedKey(key) + layout.separator + [UInt8(ascii: "{")]
        for (index, child) in children.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += layout.line(depth + 1) + child
        }
        return out + layout.line(depth) + [UInt8(ascii: "}")]
    }

    /// The categories of a variation in the file's key order (`few many one other two zero`).
    private func sortedForms(_ forms: [PluralForm]) -> [PluralForm] {
        forms.sorted { $0.category.rawValue < $1.category.rawValue }
    }

    /// `"plural" : { "one" : { "stringUnit" : … }, … }` at `depth`.
    private func pluralVariation(_ value: CatalogValue, member: Range<Int>, forms: [PluralForm], state: String?, depth: Int, layout: JSONLayout) -> [UInt8] {
        let cases = sortedForms(forms).map { form in
            jsonObject(form.category.rawValue, [stringUnitMember(value, member: member, text: form.text, runs: form.runs, state: state,
                                                                  layout: layout, levels: depth + 2)],
                       depth: depth + 1, layout: layout)
        }
        return jsonObject("plural", cases, depth: depth, layout: layout)
    }

    /// A localization's only `stringUnit` replaced: by `variations.plural` (the whole value
    /// varies), or kept with the new text and followed by `substitutions`, one per variable.
    private func xcstringsEdits(_ value: CatalogValue, _ change: CatalogChange, _ plural: PluralChange, keyOffset: Int, objectStart: Int)
        -> [(range: Range<Int>, bytes: [UInt8])]? {
        let end: Int? = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            return try? scanner.end(ofValueAt: objectStart)
        }
        guard let objectEnd = end else { return nil }
        let member = keyOffset..<objectEnd
        let layout = jsonLayout(keyOffset: keyOffset, objectStart: objectStart)
        if plural.arguments.isEmpty {
            let variations = jsonObject("variations", [pluralVariation(value, member: member, forms: plural.forms, state: change.state, depth: 1, layout: layout)],
                                        depth: 0, layout: layout)
            return [(member, variations)]
        }
        var out = stringUnitMember(value, member: member, text: change.text, runs: nil, state: change.state, layout: layout, levels: 0)
        let arguments = plural.arguments.sorted { a, b in
            layout.xcodeOrder ? a.name.compare(b.name, options: [.numeric, .caseInsensitive]) == .orderedAscending : a.name.unicodeScalars.lexicographicallyPrecedes(b.name.unicodeScalars)
        }
        let substitutions = arguments.map { argument -> [UInt8] in
            let argNum = quotedKey("argNum") + layout.separator + Array(String(argument.argNum).utf8)
            let specifier = quotedKey("formatSpecifier") + layout.separator + quotedKey(argument.formatSpecifier)
            let variations = jsonObject("variations", [pluralVariation(value, member: member, forms: argument.forms, state: change.state, depth: 3, layout: layout)],
                                        depth: 2, layout: layout)
            return jsonObject(argument.name, [argNum, specifier, variations], depth: 1, layout: layout)
        }
        out.append(UInt8(ascii: ","))
        out += layout.line(0) + jsonObject("substitutions", substitutions, depth: 0, layout: layout)
        return [(member, out)]
    }
}
