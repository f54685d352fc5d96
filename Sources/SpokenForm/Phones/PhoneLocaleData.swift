/// What `Locales/<lang>/phones.txt` (and its region override) says about reading phone
/// numbers in one language, each key declared in `DataFileSchema.phones` (Docs/data/phones.md).
struct PhoneLocaleData: Sendable {
    /// How the digits of one group (or part of a group) are said.
    enum Reading: String, Sendable {
        /// One word per digit: "two zero one".
        case digits
        /// Leading zeros as the zero word, the rest as a number: "zéro six", "huit cents".
        case number
    }

    /// How a whole group is read: cut into parts of `parts` digits (empty: one part), each read with `reading`.
    struct GroupReading: Sendable, Equatable {
        var reading: Reading
        var parts: [Int]
    }

    var plusWord = ""
    var extensionWord = ""
    var extensionMarkers: [String] = []
    /// DIN 5008: "089 1234567-12", a hyphen and up to five digits after the subscriber number, is an extension.
    var extensionAfterHyphen = false
    /// The digit groups the user wrote are said instead of libphonenumber's, when they hold the
    /// same digits ("91 123 45 67" stays 91, 123, 45, 67 where libphonenumber writes 911 23 45 67).
    var keepsWrittenGroups = false
    var groupReadings: [Int: GroupReading] = [:]
    var defaultReading = GroupReading(reading: .digits, parts: [])
    var firstGroup: GroupReading?
    var countryCode: Reading = .digits
    var extensionReading: Reading?
    var numberGroups: Set<String> = []
    /// Patterns (`x`: any digit) of a first national group said as one number: a special-number
    /// prefix written as one group, fr "0892" "zéro huit cent quatre-vingt-douze" (not in pairs).
    var prefixGroups: [[UInt8]] = []
    var zeroWord: String?
    var ohWord: String?
    var saysOh = false
    var digitWords: [Int: String] = [:]
    var doubleTemplate: String?
    var tripleTemplate: String?
    var lenientGroup = 2
    /// The mark between spoken groups that makes a screen reader pause (",": "zéro six, onze").
    var pause = ""

    /// Reads the files most general first; a later file's keys replace an earlier one's.
    init(files: [LocaleDataFile]) throws {
        for file in files {
            for (key, value, line) in try file.keyValues(checkedBy: .phones) {
                try apply(key: key, value: value, line: line, file: file)
            }
        }
        guard let first = files.first else { return }
        if plusWord.isEmpty || extensionWord.isEmpty || pause.isEmpty {
            throw SpokenFormError.malformedLocaleData(file: first.path, line: 0, message: "the keys 'plus', 'extension' and 'pause' are required")
        }
    }

    private mutating func apply(key: String, value: String, line: LocaleDataFile.Line, file: LocaleDataFile) throws {
        func reading(_ text: String) throws -> Reading {
            guard let reading = Reading(rawValue: text) else { throw file.error(at: line, "expected 'digits' or 'number'") }
            return reading
        }
        func groupReading(size: Int?) throws -> GroupReading {
            let words = value.splitAtASCII(" ").map(String.init)
            guard let first = words.first else { throw file.error(at: line, "expected 'digits' or 'number', then optional part sizes") }
            var parts: [Int] = []
            for word in words.dropFirst() {
                guard let part = Int(word), part > 0, part <= 17 else { throw file.error(at: line, "part sizes must be whole numbers from 1 to 17") }
                parts.append(part)
            }
            if let size, !parts.isEmpty, parts.reduce(0, +) != size {
                throw file.error(at: line, "the part sizes add up to \(parts.reduce(0, +)), not \(size)")
            }
            return GroupReading(reading: try reading(first), parts: parts)
        }
        switch key {
        case "plus": plusWord = value
        case "pause": pause = value
        case "extension": extensionWord = value
        case "extension-markers":
            extensionMarkers = value.splitAtASCII(",").map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty }
        case "group-default": defaultReading = try groupReading(size: nil)
        case "first-group": firstGroup = try groupReading(size: nil)
        case "country-code": countryCode = try reading(value)
        case "extension-reading": extensionReading = try reading(value)
        case "number-groups": numberGroups = Set(value.splitAtASCII(" ").map(String.init))
        case "prefix-groups":
            prefixGroups = try value.splitAtASCII(" ").map { pattern in
                let bytes = Array(pattern.utf8)
                guard (1...4).contains(bytes.count), bytes.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: "x") }) else {
                    throw file.error(at: line, "expected patterns of 1 to 4 digits or x ('08xx')")
                }
                return bytes
            }
        case "extension-after-hyphen":
            guard value == "yes" || value == "no" else { throw file.error(at: line, "expected 'yes' or 'no'") }
            extensionAfterHyphen = value == "yes"
        case "written-groups":
            guard value == "keep" || value == "libphonenumber" else { throw file.error(at: line, "expected 'keep' or 'libphonenumber'") }
            keepsWrittenGroups = value == "keep"
        case "zero": zeroWord = value
        case "oh": ohWord = value
        case "say-oh":
            guard value == "yes" || value == "no" else { throw file.error(at: line, "expected 'yes' or 'no'") }
            saysOh = value == "yes"
        case "double", "triple":
            guard value.contains("{digit}") else { throw file.error(at: line, "the template needs {digit}") }
            if key == "double" { doubleTemplate = value } else { tripleTemplate = value }
        case "lenient-group":
            guard let size = Int(value), (1...6).contains(size) else { throw file.error(at: line, "expected a group size from 1 to 6") }
            lenientGroup = size
        default:
            if key.hasPrefix("group-"), let size = Int(key.dropFirst(6)), size > 0, size <= 17 {
                groupReadings[size] = try groupReading(size: size)
            } else if key.hasPrefix("digit-"), let digit = Int(key.dropFirst(6)), (0...9).contains(digit) {
                digitWords[digit] = value
            } else {
                throw DataFileSchema.phones.unread(key, at: line, in: file)
            }
        }
    }

    /// Whether `group` matches one of the `prefix-groups` patterns.
    func isPrefixGroup(_ group: String) -> Bool {
        prefixGroups.contains { pattern in
            pattern.count == group.utf8.count && zip(pattern, group.utf8).allSatisfy { $0 == UInt8(ascii: "x") || $0 == $1 }
        }
    }

    /// The reading of a group of `size` digits.
    func reading(forGroupOf size: Int) -> GroupReading {
        groupReadings[size] ?? defaultReading
    }
}
