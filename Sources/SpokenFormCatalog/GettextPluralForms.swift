import SpokenForm

/// A `.po` header's `Plural-Forms` (`nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : …);`):
/// which `msgstr[n]` a count takes, read as gettext reads it (a C expression in `n`), so that
/// each form's CLDR category can be found from a count it serves.
///
/// The expression grammar is C's, as GNU gettext's `plural.y` has it: `?:`, `||`, `&&`,
/// `==` `!=`, `<` `>` `<=` `>=`, `+` `-`, `*` `/` `%`, unary `!`, parentheses, `n` and
/// decimal integers. Division by zero gives 0 (gettext's evaluator returns 0 there too).
struct GettextPluralForms: Sendable {
    /// The number of forms (`nplurals`).
    let count: Int
    private let expression: Node

    indirect enum Node: Sendable {
        case n
        case number(Int)
        case not(Node)
        case negate(Node)
        case binary(String, Node, Node)
        case ternary(Node, Node, Node)
    }

    /// The forms a header declares; nil when `header` is not `nplurals=N; plural=EXPR;`.
    init?(_ header: String) {
        var nplurals: Int?
        var plural: String?
        for part in header.split(separator: ";") {
            let trimmed = part.trimmingSpaces()
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let name = trimmed[..<equals].trimmingSpaces()
            let value = String(trimmed[trimmed.index(after: equals)...])
            if name == "nplurals" { nplurals = Int(value.trimmingSpaces()) }
            if name == "plural" { plural = value }
        }
        guard let nplurals, (1...6).contains(nplurals), let plural else { return nil }
        var parser = Parser(scalars: Array(plural.unicodeScalars))
        guard let node = parser.parse() else { return nil }
        count = nplurals
        expression = node
    }

    /// The form index of `n` (clamped to the forms declared).
    func index(of n: Int) -> Int {
        min(max(0, Self.evaluate(expression, n)), count - 1)
    }

    private static func evaluate(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .n: return n
        case .number(let value): return value
        case .not(let inner): return evaluate(inner, n) == 0 ? 1 : 0
        case .negate(let inner): return 0 &- evaluate(inner, n)
        case .ternary(let condition, let yes, let no): return evaluate(condition, n) != 0 ? evaluate(yes, n) : evaluate(no, n)
        case .binary(let op, let left, let right):
            let a = evaluate(left, n)
            // `&&` and `||` do not evaluate their right side when the left decides.
            if op == "&&" { return a != 0 && evaluate(right, n) != 0 ? 1 : 0 }
            if op == "||" { return a != 0 || evaluate(right, n) != 0 ? 1 : 0 }
            let b = evaluate(right, n)
            switch op {
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            case "/": return b == 0 ? 0 : a / b
            case "%": return b == 0 ? 0 : a % b
            default: return 0
            }
        }
    }

    /// The CLDR category of each form, from the smallest count (0 to 199, then powers of ten)
    /// gettext gives it, as `category(count)` says; a form no count reaches is `other`.
    func categories(_ category: (Int) throws -> PluralCategory) rethrows -> [PluralCategory] {
        var found: [PluralCategory?] = Array(repeating: nil, count: count)
        for n in Array(0...199) + [1000, 10000, 100_000, 1_000_000] {
            let form = index(of: n)
            if found[form] == nil { found[form] = try category(n) }
            if !found.contains(where: { $0 == nil }) { break }
        }
        return found.map { $0 ?? .other }
    }

    /// A recursive-descent reader of the expression, lowest precedence first.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0

        mutating func parse() -> Node? {
            guard let node = ternary() else { return nil }
            skipSpaces()
            return position == scalars.count ? node : nil
        }

        private mutating func skipSpaces() {
            while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
        }

        private mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let tokenScalars = Array(token.unicodeScalars)
            guard position + tokenScalars.count <= scalars.count, Array(scalars[position..<(position + tokenScalars.count)]) == tokenScalars else { return false }
            // "<" is not "<=", "!" is not "!=", "=" alone is no operator.
            let next = position + tokenScalars.count
            if ["<", ">", "!"].contains(token), next < scalars.count, scalars[next] == "=" { return false }
            if token == "&" || token == "|" { return false }
            position = next
            return true
        }

        private mutating func ternary() -> Node? {
            depth += 1
            defer { depth -= 1 }
            // Real headers nest a handful of levels; a deeper one is not a header gettext writes.
            guard depth < 64, let condition = binary(level: 0) else { return nil }
            guard take("?") else { return condition }
            guard let yes = ternary(), take(":"), let no = ternary() else { return nil }
            return .ternary(condition, yes, no)
        }

        private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        private mutating func binary(level: Int) -> Node? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level: level + 1) else { return nil }
            while let op = Self.levels[level].first(where: { take($0) }) {
                guard let right = binary(level: level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        private mutating func unary() -> Node? {
            if take("!") { return unary().map { .not($0) } }
            if take("-") { return unary().map { .negate($0) } }
            skipSpaces()
            guard position < scalars.count else { return nil }
            if take("(") {
                guard let inner = ternary(), take(")") else { return nil }
                return inner
            }
            if scalars[position] == "n" {
                position += 1
                return .n
            }
            var value = 0
            let start = position
            while position < scalars.count, let digit = scalars[position].properties.numericType == .decimal ? Int(String(scalars[position])) : nil {
                guard value < 1_000_000_000 else { return nil }
                value = value * 10 + digit
                position += 1
            }
            return position > start ? .number(value) : nil
        }
    }
}
