/// What kind of line a number reaches, as libphonenumber classifies it from the
/// region's number ranges.
public enum PhoneNumberType: String, Sendable, Codable, CaseIterable {
    case fixedLine = "fixed line"
    case mobile
    /// Regions (the US, Canada...) whose fixed and mobile numbers share ranges.
    case fixedLineOrMobile = "fixed line or mobile"
    case tollFree = "toll free"
    case premiumRate = "premium rate"
    case sharedCost = "shared cost"
    case voip = "VoIP"
    case personalNumber = "personal number"
    case pager
    /// Universal access number: one number for a company's offices.
    case uan = "UAN"
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
