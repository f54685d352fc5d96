import ArgumentParser
import Foundation
import SpokenForm

extension DateStyle: ExpressibleByArgument {}
extension DateUnit: ExpressibleByArgument {}

/// `--timezone`, shared by date, time and datetime.
struct TimeZoneOption: ParsableArguments {
    @Option(name: .customLong("timezone"),
            help: ArgumentHelp("IANA time zone to speak the wall-clock time of (Europe/Paris). Default: the input's own offset, UTC when it has none or is a Unix timestamp.", valueName: "zone"))
    var identifier: String?

    /// The zone, or exit code 1 with a sentence for an unknown identifier.
    func timeZone() throws -> TimeZone? {
        guard let identifier else { return nil }
        guard let zone = TimeZone(identifier: identifier) else {
            throw fail(SpokenFormError.invalidOption(name: "--timezone", value: identifier, expected: "an IANA time zone such as Europe/Paris, America/New_York or UTC"))
        }
        return zone
    }
}

/// The text shared by the help of the date, time and datetime commands.
enum DateHelp {
    static let dateForms = """
    Accepted dates: ISO 8601 (2015-04-01), year first (2015/04/01), the locale's own numeric order with / . or - (fr-FR, en-GB, de, es, it, pt, nl: day/month/year, so 01/04/2015 is 1 April; en-US: month/day/year, so 01/04/2015 is January 4), two-digit years as 2000-2068 and 1969-1999, and Unix timestamps in seconds (1427846400: 9 to 12 digits, or @ and any number: @0). A date that does not exist (31/02/2015) is an error, never rolled over.
    """
    static let timeForms = """
    Accepted times: 05:30, 5:30:15, 5h30, 5 h 30, 17h, 5:30 pm, 5pm, 5:30 p.m., optionally followed by Z or a UTC offset (+02:00). Seconds are read but not spoken.
    """
}
