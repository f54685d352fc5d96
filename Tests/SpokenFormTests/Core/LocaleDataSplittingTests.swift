import Foundation
import Testing
@testable import SpokenForm

/// The locale data readers split and trim on UTF-8 bytes for start-up speed; their results
/// must be what Foundation and the standard library give by Character, including where a
/// combining mark or a prepended character joins a separator into another Character.
@Suite struct LocaleDataSplittingTests {
    static let texts = [
        "", ",", ",,", "a", "a,b", ",a,b,", "a,,b", " a , b ", "é,è", "café,thé",
        "a,\u{301}b",        // a combining acute after the comma: "," + mark is one Character
        "a\u{301},b",        // after a letter with its mark: a separate ","
        "\u{600},a",         // ARABIC NUMBER SIGN prepends itself to the next Character
        "x\u{600},a",
        "1|2|3", "|", "a | b | c", "un=one;other=deux", "ä:ö:ü", "- a - b -",
        "\u{00A0}a,\u{2009}b\u{00A0}", "a\tb", "Straße,Maß", "日本,中国", "👍🏽,👋",
    ]

    @Test func splitAtASCIIIsCharacterSplit() {
        for text in Self.texts {
            for separator: Character in [",", "|", ";", ":", " ", "-", "="] {
                for omitting in [true, false] {
                    let expected = text.split(separator: separator, omittingEmptySubsequences: omitting).map(String.init)
                    let got = text.splitAtASCII(separator, omittingEmpty: omitting).map(String.init)
                    #expect(got == expected, "\(text.debugDescription) at \(separator) omitting \(omitting)")
                    let sub = ("<" + text + ">").dropFirst().dropLast()
                    #expect(sub.splitAtASCII(separator, omittingEmpty: omitting).map(String.init) == expected)
                }
            }
        }
        // A combining mark after the separator keeps it in one Character: no split there.
        #expect("a,\u{301}b".splitAtASCII(",").count == 1)
        #expect("é, è".splitAtASCII(",").map { $0.trimmingSpaces() } == ["é", "è"])
    }

    @Test func trimmingSpacesIsFoundationsWhitespaceTrim() {
        for text in Self.texts + ["  a  ", "\t a\t", "\u{3000}x\u{3000}", "\u{200B}y", " \n z \n ", "a\u{301} "] {
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
        // Foundation's set is the space separators, tab and U+200B; U+FEFF, U+180E, U+200C,
        // U+0085 and line ends are not in it.
        let edges: [UInt32] = [0x09, 0x20, 0xA0, 0x1680, 0x2000, 0x2005, 0x200A, 0x200B, 0x202F, 0x205F, 0x3000,
                               0xFEFF, 0x180E, 0x200C, 0x85, 0x0A, 0x0D, 0x2028]
        for value in edges {
            let edge = String(Unicode.Scalar(value)!)
            let text = edge + "x y" + edge
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
        }
    }

    @Test func keyValuesFindTheFirstSpacedEquals() throws {
        let file = LocaleDataFile(path: "test.txt", contents: """
            key = value
            a=b = c = d
            spaced   =   wide
            accent = é = e
            mark =\u{301} x = y
            """)
        let pairs = try file.keyValues().map { [$0.key, $0.value] }
        #expect(pairs == [["key", "value"], ["a=b", "c = d"], ["spaced", "wide"], ["accent", "é = e"], ["mark =\u{301} x", "y"]])
        #expect(throws: SpokenFormError.self) { try LocaleDataFile(path: "t.txt", contents: "no separator=here").keyValues() }
    }

    @Test func fillingIsReplacingOccurrences() {
        let templates = ["{digit}", "double {digit}", "{time} et {seconds}", "{0} sur {1}", "{0}{0}", "", "sans rien",
                         "{hundreds}hundert{rest}", "à {time}", "{time", "time}", "{{time}}", "é{time}è", "{time}{time}{time}"]
        for template in templates {
            for placeholder in ["{digit}", "{time}", "{0}", "{hundreds}", "{rest}"] {
                for value in ["", "sept", "zwei{0}", "été"] {
                    #expect(template.filling(placeholder, with: value) == template.replacingOccurrences(of: placeholder, with: value),
                            "\(template) \(placeholder) \(value)")
                }
                #expect(template.holdsPlaceholder(placeholder) == template.contains(placeholder), "\(template) \(placeholder)")
            }
        }
    }
}
