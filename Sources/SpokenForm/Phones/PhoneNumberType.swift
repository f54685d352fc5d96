/// What kind of line a number reaches, as libphonenumber classifies it from the
/// region's number ranges.
public enum PhoneNumberType: String, Sendable, Codable, CaseIterable {
    /// A fixed-line number.
    case fixedLine = "fixed line"
    /// A mobile number.
    case mobile
    /// Regions (the US, Canada...) whose fixed and mobile numbers share ranges.
    case fixedLineOrMobile = "fixed line or mobile"
    /// A toll-free number.
    case tollFree = "toll free"
    /// A premium-rate number.
    case premiumRate = "premium rate"
    /// A shared-cost number.
    case sharedCost = "shared cost"
    /// A VoIP number.
    case voip = "VoIP"
    /// A personal number (routed to the person wherever they are).
    case personalNumber = "personal number"
    /// A pager number.
    case pager
    /// Universal access number: one number for a company's offices.
    case uan = "UAN"
    /// A voicemail access number.
    case voicemail
    /// Not a valid number of the region, or read with `lenient`.
    case unknown

    private static let inLibphonenumberOrder: [PhoneNumberType] = [
        .fixedLine, .mobile, .fixedLineOrMobile, .tollFree, .premiumRate, .sharedCost, .voip, .personalNumber, .pager, .uan, .voicemail, .unknown,
    ]

    /// libphonenumber's `PhoneNumberType` value, in its declaration order.
    init(libphonenumberValue value: Int32) {
        self = Self.inLibphonenumberOrder.indices.contains(Int(value)) ? Self.inLibphonenumberOrder[Int(value)] : .unknown
    }
}
