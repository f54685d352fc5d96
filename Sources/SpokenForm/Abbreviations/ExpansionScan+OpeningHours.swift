/// Opening hours: weekday ranges and hour ranges ("lun.-ven. 9h-18h").
extension ExpansionScan {
    // MARK: Opening hours

    /// The weekday abbreviation at `p` (any conditions), as its expansion, and where it ends.
    func weekdayAt(_ p: Int) -> (String, Int)? {
        guard p < s.count, !data.weekdays.isEmpty, matcher.mayStart(s[p], p + 1 < s.count ? s[p + 1] : nil),
              let candidates = matcher.patterns(startingWith: s[p]) else { return nil }
        for pattern in candidates where pattern.variant == .exact && mayOccur(pattern.scalars, at: p) && occurs(pattern.scalars, at: p) {
            if let name = data.entries[pattern.entry].forms[.other], data.weekdays.contains(name) {
                return (name, p + pattern.scalars.count)
            }
        }
        return nil
    }

    /// "lun.-ven." -> "du lundi au vendredi", "ma. t/m za." -> "maandag tot en met zaterdag" (`@day-range`).
    func matchDayRange(at p: Int) -> Match? {
        guard let template = data.dayRange else { return nil }
        if let m = matchDayRangeForms(at: p, template: template) { return m }
        guard let (from, firstEnd) = weekdayAt(p) else { return nil }
        var q = skipSpaces(firstEnd)
        if q < s.count, s[q] == "-" || s[q] == "\u{2013}" {
            q = skipSpaces(q + 1)
        } else if let separator = data.dayRangeSeparators.first(where: { occurs(Array($0.unicodeScalars), at: q) }), q > firstEnd {
            q = skipSpaces(q + separator.unicodeScalars.count)
        } else {
            return nil
        }
        guard let (to, end) = weekdayAt(q) else { return nil }
        // "ma. t/m za." at the end of a sentence keeps one period.
        let period = s[end - 1] == "." && endsSentence(periodAt: end - 1) ? "." : ""
        return Match(kind: .abbreviation, start: p, end: end,
                     spoken: openingWordRemoved(template, before: p).filling("{from}", with: from)
                        .filling("{to}", with: to) + period, isDayRange: true)
    }

    /// es "L-V", it "lun-ven": two weekdays in forms that are abbreviations only in a range
    /// (`@day-range-forms`), joined by a dash, each a whole word.
    private func matchDayRangeForms(at p: Int, template: String) -> Match? {
        guard !data.dayRangeForms.isEmpty else { return nil }
        // A glance first (this runs at every word): a short word right before a dash.
        var e = p
        while e < s.count && classes[e] == .letter && e - p < 4 { e += 1 }
        guard e - p <= 3, e + 1 < s.count, s[e] == "-" || s[e] == "\u{2013}", classes[e + 1] == .letter else { return nil }
        func formAt(_ i: Int) -> (String, Int)? {
            for form in data.dayRangeForms where occurs(form.written, at: i) {
                let end = i + form.written.count
                if end < s.count && (classes[end] == .letter || classes[end] == .digit) { continue }
                return (form.name, end)
            }
            return nil
        }
        guard let (from, firstEnd) = formAt(p), firstEnd < s.count, s[firstEnd] == "-" || s[firstEnd] == "\u{2013}",
              let (to, end) = formAt(firstEnd + 1), from != to else { return nil }
        return Match(kind: .abbreviation, start: p, end: end,
                     spoken: openingWordRemoved(template, before: p).filling("{from}", with: from).filling("{to}", with: to), isDayRange: true)
    }

    /// An hour of a range: "9", "9h", "9h30", "9:00", "17.30"; its hour, minutes, whether an "h"
    /// was written, and where it ends.
    func hourAt(_ p: Int) -> (hour: Int, minute: Int, h: Bool, marker: String?, end: Int)? {
        var q = p
        while q < s.count && classes[q] == .digit && q - p < 3 { q += 1 }
        guard q > p, q - p <= 2, let hour = Int(string(p, q)), hour <= 24 else { return nil }
        var minute = 0
        var h = false
        func twoDigits(_ i: Int) -> Int? {
            guard i + 1 < s.count, classes[i] == .digit, classes[i + 1] == .digit,
                  i + 2 >= s.count || classes[i + 2] != .digit, let m = Int(string(i, i + 2)), m < 60 else { return nil }
            return m
        }
        if q < s.count, s[q] == ":" || s[q] == "." {
            guard let m = twoDigits(q + 1) else { return nil }
            minute = m
            q += 3
        } else if q < s.count, s[q] == "h" {
            h = true
            q += 1
            if let m = twoDigits(q) { minute = m; q += 2 }
        }
        // "9am", "5 pm", "9:30 a.m.": the half of the day, on a 12-hour clock (units.txt `hour-range-marker`).
        if !h, hour >= 1, hour <= 12 {
            let r = skipSpaces(q)
            if r - q <= 1, let marker = data.hourRangeMarkers.first(where: { occurs($0.written, at: r) }) {
                return (hour, minute, h, marker.said, r + marker.written.count)
            }
        }
        if q < s.count && (classes[q] == .letter || classes[q] == .digit) { return nil }
        return (hour, minute, h, nil, q)
    }

    /// "9h-18h", "9-17 Uhr", "9:00–17:00 Uhr", "8h à 12h30", or hours right after a range of
    /// weekdays: said with the locale's `hour-range` template.
    func matchHourRange(at p: Int) throws -> Match? {
        guard let template = data.hourRange, p == 0 || !(s[p - 1] == "." || s[p - 1] == "," || s[p - 1] == ":" || s[p - 1] == "/"),
              let first = hourAt(p) else { return nil }
        var q = skipSpaces(first.end)
        let written = data.rangeWord.map { Array($0.unicodeScalars) } ?? []
        if q < s.count, s[q] == "-" || s[q] == "\u{2013}" {
            q = skipSpaces(q + 1)
        } else if q > first.end, !written.isEmpty, occurs(written, at: q) {
            q = skipSpaces(q + written.count)
        } else {
            return nil
        }
        guard q < s.count, classes[q] == .digit, let second = hourAt(q) else { return nil }
        var end = second.end
        let u = skipSpaces(end)
        let unit = data.hourRangeUnits.first { occurs(Array($0.unicodeScalars), at: u) }
        if let unit, u - end <= 1 { end = u + unit.unicodeScalars.count }
        var afterDays = false
        if let dayEnd = lastDayRangeEnd {
            var j = p - 1
            while j >= dayEnd && (classes[j] == .space || s[j] == ",") { j -= 1 }
            afterDays = j < dayEnd
        }
        guard unit != nil || (first.h && second.h) || second.marker != nil || afterDays else { return nil }
        let withMinutes = first.minute != 0 || second.minute != 0
        let chosen = withMinutes ? (data.hourRangeWithMinutes ?? template) : template
        func hourWords(_ hour: Int) throws -> String { try expander.cardinal(DecimalText(hour), gender: data.hourRangeGender) }
        func minuteWords(_ minute: Int) throws -> String {
            let words = minute < 10 ? data.hourRangeMinuteUnderTen ?? data.hourRangeMinute : data.hourRangeMinute
            return minute == 0 ? "" : " " + words.filling("{m}", with: try expander.cardinal(DecimalText(minute), gender: nil))
        }
        func markerWords(_ marker: String?) -> String { marker.map { " " + $0 } ?? "" }
        // fr "1h à 3h": "une heure", not "une heures" (units.txt `hour-range-noun`: the template's
        // plural noun after an hour said in the singular).
        func hourWithNoun(_ template: String, _ placeholder: String, _ hour: Int) throws -> String {
            let words = try hourWords(hour)
            if let noun = data.hourRangeNoun, try expander.pluralCategory(String(hour)) == .one {
                return template.replacingOccurrences(of: placeholder + " " + noun.plural, with: words + " " + noun.singular)
                    .replacingOccurrences(of: placeholder, with: words)
            }
            return template.replacingOccurrences(of: placeholder, with: words)
        }
        let spoken = try hourWithNoun(try hourWithNoun(openingWordRemoved(chosen, before: p), "{h1}", first.hour), "{h2}", second.hour)
            .filling("{m1}", with: try minuteWords(first.minute) + markerWords(first.marker))
            .filling("{m2}", with: try minuteWords(second.minute) + markerWords(second.marker))
        return Match(kind: .unit, start: p, end: end, spoken: spoken)
    }

    /// `template` without its first word when the text already has that word just before `start`
    /// ("de 8h à 12h30": "de" is written, the template's own "de" is dropped).
    func openingWordRemoved(_ template: String, before start: Int) -> String {
        guard let space = template.firstIndex(of: " "), !template[..<space].contains("{") else { return template }
        let word = template[..<space]
        var j = start - 1
        while j >= 0 && classes[j] == .space { j -= 1 }
        let end = j + 1
        while j >= 0 && classes[j] == .letter { j -= 1 }
        guard end > j + 1, end < start, string(j + 1, end).lowercased() == word.lowercased() else { return template }
        return String(template[template.index(after: space)...])
    }
}
