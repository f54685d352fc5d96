import Foundation

/// An accessibility element as VoiceOver sees it: label, value, traits, hint, and for a
/// group its children (most important first). `Codable`; traits are coded as their
/// `UIAccessibilityTraits` names (`["button", "selected"]`).
///
/// ```swift
/// let label = Label(label: "Messages", value: "3", traits: [.button], hint: "Ouvre la boîte de réception.")
/// try fr.labels.assemble(label).text  // "Messages, trois, bouton. Ouvre la boîte de réception."
/// ```
public struct Label: Hashable, Sendable, Codable {
    /// The element's accessibility label ("Messages").
    public var label: String?
    /// Its accessibility value ("3", "01/04/2015 05:30"; "1"/"0" for a switch).
    public var value: String?
    /// Its traits.
    public var traits: Traits
    /// Its accessibility hint ("Opens the inbox.").
    public var hint: String?
    /// For a group: its elements, most important first, said one after the other with a pause.
    public var children: [Label]

    /// An element from its parts; every part may be left out.
    public init(label: String? = nil, value: String? = nil, traits: Traits = [], hint: String? = nil, children: [Label] = []) {
        self.label = label
        self.value = value
        self.traits = traits
        self.hint = hint
        self.children = children
    }

    private enum CodingKeys: String, CodingKey { case label, value, traits, hint, children }

    /// Decodes `{"label", "value", "traits": ["button"], "hint", "children": [...]}`; every key may be missing.
    /// - Throws: `DecodingError` for a wrong type or an unknown trait name.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        value = try container.decodeIfPresent(String.self, forKey: .value)
        hint = try container.decodeIfPresent(String.self, forKey: .hint)
        children = try container.decodeIfPresent([Label].self, forKey: .children) ?? []
        let names = try container.decodeIfPresent([String].self, forKey: .traits) ?? []
        do {
            traits = try Traits(names: names)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .traits, in: container, debugDescription: "\(error)")
        }
    }

    /// Encodes the parts that are present; traits as their names.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(value, forKey: .value)
        if !traits.isEmpty { try container.encode(traits.names, forKey: .traits) }
        try container.encodeIfPresent(hint, forKey: .hint)
        if !children.isEmpty { try container.encode(children, forKey: .children) }
    }
}

extension Label {
    /// The traits of an element, mirroring `UIAccessibilityTraits` (names as in UIKit:
    /// `button`, `notEnabled`, `searchField`...); `toggle` is UIKit's `toggleButton`
    /// (iOS 17), also accepted as `switch`, `switchButton` and `toggleButton`.
    public struct Traits: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt32
        /// Traits from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Acts when activated.
        public static let button = Traits(rawValue: 1 << 0)
        /// Opens a link.
        public static let link = Traits(rawValue: 1 << 1)
        /// A heading that divides content.
        public static let header = Traits(rawValue: 1 << 2)
        /// An image.
        public static let image = Traits(rawValue: 1 << 3)
        /// Selected (a selected tab, a checked row).
        public static let selected = Traits(rawValue: 1 << 4)
        /// Disabled: VoiceOver says "dimmed".
        public static let notEnabled = Traits(rawValue: 1 << 5)
        /// Its value is adjusted by swiping up or down.
        public static let adjustable = Traits(rawValue: 1 << 6)
        /// A search field.
        public static let searchField = Traits(rawValue: 1 << 7)
        /// Text that does not change.
        public static let staticText = Traits(rawValue: 1 << 8)
        /// A summary read when the app starts.
        public static let summaryElement = Traits(rawValue: 1 << 9)
        /// Its value changes often (a timer).
        public static let updatesFrequently = Traits(rawValue: 1 << 10)
        /// Starts a media session when activated.
        public static let startsMediaSession = Traits(rawValue: 1 << 11)
        /// Plays its own sound when activated.
        public static let playsSound = Traits(rawValue: 1 << 12)
        /// A keyboard key.
        public static let keyboardKey = Traits(rawValue: 1 << 13)
        /// Takes touches directly (a piano, a drawing area).
        public static let allowsDirectInteraction = Traits(rawValue: 1 << 14)
        /// Turns the page when reading reaches its end.
        public static let causesPageTurn = Traits(rawValue: 1 << 15)
        /// A tab bar (its items are tabs).
        public static let tabBar = Traits(rawValue: 1 << 16)
        /// A switch or toggle button (on/off from the value or `selected`).
        public static let toggle = Traits(rawValue: 1 << 17)
        /// An item of a tab bar (VoiceOver says "tab"; UIKit's private `tabBarItem`).
        public static let tab = Traits(rawValue: 1 << 18)

        /// Every trait with its name, in the order names are written.
        public static let named: [(name: String, trait: Traits)] = [
            ("button", .button), ("link", .link), ("header", .header), ("image", .image), ("selected", .selected),
            ("notEnabled", .notEnabled), ("adjustable", .adjustable), ("searchField", .searchField),
            ("staticText", .staticText), ("summaryElement", .summaryElement), ("updatesFrequently", .updatesFrequently),
            ("startsMediaSession", .startsMediaSession), ("playsSound", .playsSound), ("keyboardKey", .keyboardKey),
            ("allowsDirectInteraction", .allowsDirectInteraction), ("causesPageTurn", .causesPageTurn),
            ("tabBar", .tabBar), ("toggle", .toggle), ("tab", .tab),
        ]

        /// Other names accepted when reading (UIKit and SwiftUI spellings).
        static let aliases: [String: Traits] = [
            "switch": .toggle, "switchButton": .toggle, "toggleButton": .toggle, "isToggle": .toggle,
            "tabBarItem": .tab, "isButton": .button, "isLink": .link, "isHeader": .header, "isImage": .image,
            "isSelected": .selected, "disabled": .notEnabled, "isSearchField": .searchField, "isStaticText": .staticText,
            "none": [],
        ]

        /// Traits from names ("button", "selected", "notEnabled"; case is ignored).
        /// - Throws: `SpokenFormError.invalidInput` naming an unknown trait.
        public init(names: [String]) throws {
            var traits: Traits = []
            for raw in names {
                let name = raw.trimmingSpaces()
                if name.isEmpty { continue }
                let lower = name.lowercased()
                if let found = Self.named.first(where: { $0.name.lowercased() == lower })?.trait
                    ?? Self.aliases.first(where: { $0.key.lowercased() == lower })?.value {
                    traits.formUnion(found)
                } else {
                    throw SpokenFormError.invalidInput(kind: "accessibility trait", input: name,
                                                       expected: "one of " + Self.named.map(\.name).joined(separator: ", "))
                }
            }
            self = traits
        }

        /// Traits from a comma-separated list ("button,selected").
        /// - Throws: `SpokenFormError.invalidInput` naming an unknown trait.
        public init(list: String) throws {
            try self.init(names: list.split(separator: ",").map(String.init))
        }

        /// The names of the traits set, in `named` order.
        public var names: [String] { Self.named.filter { contains($0.trait) }.map(\.name) }
    }
}
