import ArgumentParser
import SpokenForm

struct NumberCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "number",
        abstract: "Spell a number: integers of any length, decimals, negatives.",
        discussion: """
        VALUE is read in the locale's notation ("54 038 921,7" in fr, "54,038,921.7" in en,
        "54.038.921,7" in de) or plain ("54038921.7"). Without VALUE, each line of standard
        input is spelled and printed on its own line.

        Examples:
          spokenform number 54038921.7 --locale fr          # cinquante-quatre millions ... virgule sept
          spokenform number 21 --locale fr --gender feminine  # vingt et une
          spokenform number 100000000000000000000 --locale en
        """
    )

    @Argument(help: "The number; omit to read standard input line by line.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    @Option(help: "Grammatical gender of the counted noun: masculine, feminine or neuter.")
    var gender: Gender?

    func run() throws {
        try convertEachValue(value, options: options, kind: "number") { spoken, input in
            try spoken.number(input, gender: gender)
        }
    }
}

struct OrdinalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ordinal",
        abstract: "Spell an ordinal (first, premier/première, erste).",
        discussion: """
        Examples:
          spokenform ordinal 1 --locale fr --gender feminine   # première
          spokenform ordinal 21 --locale en                    # twenty-first
          spokenform ordinal 2 --locale es --plural --gender feminine  # segundas
        """
    )

    @Argument(help: "A whole number; omit to read standard input line by line.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    @Option(help: "Grammatical gender: masculine, feminine or neuter (where the locale has it).")
    var gender: Gender?

    @Flag(help: "Plural form, where the locale has one (fr premiers, es primeros).")
    var plural = false

    func run() throws {
        try convertEachValue(value, options: options, kind: "ordinal") { spoken, input in
            try spoken.ordinal(try wholeNumber(input, spoken), gender: gender, plural: plural)
        }
    }
}

struct YearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "year",
        abstract: "Spell a year the way the language says years (nineteen ninety-nine).",
        discussion: """
        Examples:
          spokenform year 1999 --locale en   # nineteen ninety-nine
          spokenform year 2015 --locale fr   # deux mille quinze
        """
    )

    @Argument(help: "A year; omit to read standard input line by line.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    func run() throws {
        try convertEachValue(value, options: options, kind: "year") { spoken, input in
            try spoken.year(try wholeNumber(input, spoken))
        }
    }
}

struct DigitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "digits",
        abstract: "Read a code digit by digit (0042 -> zéro zéro quatre deux).",
        discussion: """
        Spaces, dots and dashes between the digits are skipped.

        Example:
          spokenform digits 0042 --locale fr   # zéro zéro quatre deux
        """
    )

    @Argument(help: "The digits; omit to read standard input line by line.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    func run() throws {
        try convertEachValue(value, options: options, kind: "digits") { spoken, input in
            try spoken.digits(input)
        }
    }
}

struct PercentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "percent",
        abstract: "Spell a percentage (25 % -> vingt-cinq pour cent).",
        discussion: """
        VALUE may carry the % sign and uses the locale's notation.

        Examples:
          spokenform percent "12,5 %" --locale fr   # douze virgule cinq pour cent
          spokenform percent 25 --locale de         # fünfundzwanzig Prozent
        """
    )

    @Argument(help: "The percentage; omit to read standard input line by line.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    func run() throws {
        try convertEachValue(value, options: options, kind: "percent") { spoken, input in
            try spoken.percent(input)
        }
    }
}

/// Parses a whole number in the locale's notation, for ordinals and years.
func wholeNumber(_ input: String, _ spoken: SpokenForm) throws -> Int {
    let value = try spoken.numbers.parse(input)
    guard value.isInteger, let int = Int(value.description) else {
        throw SpokenFormError.invalidInput(kind: "whole number", input: input, expected: "a whole number such as 21")
    }
    return int
}
