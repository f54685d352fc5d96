/// The syntax of an ICU MessageFormat pattern inside a value (`Il reste {count, plural,
/// one {# place} other {# places}}`, as Android apps pass to `MessageFormat`): which parts
/// of the text are message text a screen reader says, and which are syntax that must stay
/// as it is (argument names and types, selectors, braces, `#`, quoted literals).
///
/// Only the message texts of `plural`, `selectordinal` and `select` arguments and the text
/// outside arguments are text; a simple argument (`{0}`, `{when, date, short}`) is syntax
/// as a whole. Apostrophes follow ICU's default (`DOUBLE_OPTIONAL`): `''` is one
/// apostrophe, and a `'` quotes only before `{`, `}` (and `#`, `|` inside a plural message);
/// "jusqu'à" is plain text.
enum ICUMessageFormat {
    /// The scalar ranges of `text` that are syntax, in order; nil when `text` holds a `{`
    /// but is not a well-formed pattern (then converting it could break it), or when it
    /// nests deeper than `CatalogLimits.depth`.
    static func syntaxRanges(in text: [Unicode.Scalar]) -> [Range<Int>]? {
        var scanner = Scanner(text: text)
        guard scanner.message(depth: 0, inPlural: false, topLevel: true), scanner.position == text.count else { return nil }
        return scanner.merged()
    }

    /// The syntax parts of `text` as strings, to compare a pattern before and after a
    /// conversion; nil when it is not a well-formed pattern.
    static func syntax(of text: String) -> [String]? {
        let scalars = Array(text.unicodeScalars)
        return syntaxRanges(in: scalars).map { $0.map { String(String.UnicodeScalarView(scalars[$0])) } }
    }

    private struct Scanner {
        let text: [Unicode.Scalar]
        var position = 0
        var ranges: [Range<Int>] = []

        init(text: [Unicode.Scalar]) { self.text = text }

        func merged() -> [Range<Int>] {
            var result: [Range<Int>] = []
            for range in ranges where !range.isEmpty {
                if let last = result.last, last.upperBound == range.lowerBound {
                    result[result.count - 1] = last.lowerBound..<range.upperBound
                } else {
                    result.append(range)
                }
            }
            return result
        }

        private var current: Unicode.Scalar? { position < text.count ? text[position] : nil }

        private mutating func skipSpace() {
            while let c = current, c == " " || c == "\t" || c == "\n" || c == "\r" { position += 1 }
        }

        private static func isNameChar(_ c: Unicode.Scalar) -> Bool {
            !(c == "{" || c == "}" || c == "," || c == " " || c == "\t" || c == "\n" || c == "\r" || c == "'" || c == "#")
        }

        /// Message text up to an unquoted `}` (not consumed) or the end: arguments and
        /// quoted literals are recorded as syntax.
        mutating func message(depth: Int, inPlural: Bool, topLevel: Bool) -> Bool {
            guard depth < CatalogLimits.depth else { return false }
            while let c = current {
                switch c {
                case "'":
                    let next = position + 1 < text.count ? text[position + 1] : nil
                    if next == "'" {
                        ranges.append(position..<(position + 2))
                        position += 2
                    } else if let next, next == "{" || next == "}" || (inPlural && (next == "#" || next == "|")) {
                        // A quoted literal runs to the next single apostrophe (or the end).
                        let start = position
                        position += 1
                        while let q = current {
                            if q == "'" {
                                if position + 1 < text.count && text[position + 1] == "'" { position += 2; continue }
                                position += 1
                                break
                            }
                            position += 1
                        }
                        ranges.append(start..<position)
                    } else {
                        position += 1
                    }
                case "#" where inPlural:
                    ranges.append(position..<(position + 1))
                    position += 1
                case "{":
                    guard argument(depth: depth + 1) else { return false }
                case "}":
                    // A lone `}` in the top-level text is text, as ICU reads it.
                    if topLevel { position += 1 } else { return true }
                default:
                    position += 1
                }
            }
            return true
        }

        /// `{name}`, `{name, type}`, `{name, type, style}`, `{name, plural|selectordinal|select, …}`.
        private mutating func argument(depth: Int) -> Bool {
            let start = position
            position += 1
            skipSpace()
            let nameStart = position
            while let c = current, Self.isNameChar(c) { position += 1 }
            guard position > nameStart else { return false }
            skipSpace()
            guard let c = current else { return false }
            if c == "}" {
                position += 1
                ranges.append(start..<position)
                return true
            }
            guard c == "," else { return false }
            position += 1
            skipSpace()
            let typeStart = position
            while let c = current, c.properties.isAlphabetic { position += 1 }
            let type = String(String.UnicodeScalarView(text[typeStart..<position]))
            skipSpace()
            guard let after = current else { return false }
            if after == "}" {
                position += 1
                ranges.append(start..<position)
                return true
            }
            guard after == "," else { return false }
            position += 1
            switch type {
            case "plural", "selectordinal", "select":
                ranges.append(start..<position)
                return choices(plural: type != "select", depth: depth)
            default:
                // A style (`short`, `::currency/EUR`, a choice pattern): syntax up to the matching `}`.
                var level = 0
                while let c = current {
                    if c == "'" {
                        position += 1
                        while let q = current, q != "'" { position += 1 }
                        guard current != nil else { return false }
                    } else if c == "{" {
                        level += 1
                    } else if c == "}" {
                        if level == 0 { break }
                        level -= 1
                    }
                    position += 1
                }
                guard current == "}" else { return false }
                position += 1
                ranges.append(start..<position)
                return true
            }
        }

        /// `[offset:n] selector {message} …}`: selectors and braces are syntax, messages text.
        private mutating func choices(plural: Bool, depth: Int) -> Bool {
            var count = 0
            while true {
                let syntaxStart = position
                skipSpace()
                guard let c = current else { return false }
                if c == "}" {
                    position += 1
                    ranges.append(syntaxStart..<position)
                    return count > 0
                }
                let selectorStart = position
                while let c = current, Self.isNameChar(c) || c == ":" { position += 1 }
                guard position > selectorStart else { return false }
                let selector = String(String.UnicodeScalarView(text[selectorStart..<position]))
                skipSpace()
                if plural && selector.hasPrefix("offset:") {
                    ranges.append(syntaxStart..<position)
                    continue
                }
                guard current == "{" else { return false }
                position += 1
                ranges.append(syntaxStart..<position)
                guard message(depth: depth + 1, inPlural: plural, topLevel: false), current == "}" else { return false }
                ranges.append(position..<(position + 1))
                position += 1
                count += 1
            }
        }
    }
}
