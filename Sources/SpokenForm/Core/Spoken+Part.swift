extension Spoken {
    /// One part of an assembled utterance and where it is in `text`, in Unicode scalars
    /// (`start..<end`) and UTF-16 code units (`start16..<end16`).
    ///
    /// `LabelAssembler` says a label "Messages", value "3", trait button and a hint as
    /// "Messages, trois, bouton. Ouvre la boîte de réception.": four parts, with roles
    /// `label`, `value`, `trait` and `hint`.
    public struct Part: Hashable, Sendable, Codable {
        /// What an element's part is.
        public enum Role: String, Hashable, Sendable, Codable, CaseIterable {
            /// The "selected" word VoiceOver says before a selected element.
            case selected
            /// The accessibility label.
            case label
            /// The accessibility value.
            case value
            /// A word VoiceOver says for a trait ("button", "dimmed", "heading").
            case trait
            /// The on/off state of a switch.
            case state
            /// The accessibility hint.
            case hint
        }

        /// What this part is.
        public var role: Role
        /// Its spoken text, as it appears in the utterance.
        public var text: String
        /// For a group: the index of the child this part belongs to (0 for the group's
        /// own label, value, traits and hint; 1 for the first child...).
        public var element: Int
        /// Offset of the first scalar in the utterance.
        public var start: Int
        /// Offset one past the last scalar.
        public var end: Int
        /// Offset of the first UTF-16 code unit.
        public var start16: Int
        /// Offset one past the last UTF-16 code unit.
        public var end16: Int

        /// A part with its ranges.
        public init(role: Role, text: String, element: Int = 0, start: Int, end: Int, start16: Int, end16: Int) {
            self.role = role
            self.text = text
            self.element = element
            self.start = start
            self.end = end
            self.start16 = start16
            self.end16 = end16
        }
    }
}
