// Dates, times, durations and relative dates for DateSpeller (see cicu_date.h).
#include "cicu_date.h"
#include "cicu_internal.h"
#include <unicode/dtptngen.h>
#include <unicode/smpdtfmt.h>
#include <unicode/dtfmtsym.h>
#include <unicode/gregocal.h>
#include <unicode/fpositer.h>
#include <unicode/timezone.h>
#include <unicode/listformatter.h>
#include <unicode/reldatefmt.h>
#include <unicode/ures.h>
#include <memory>
#include <string>
#include <vector>

using namespace icu;

namespace {

/// Writes `s` as UTF-8 into `out` and maps the UTF-16 offsets in `offsets` (in place)
/// to UTF-8 byte offsets; -1 stays -1. Returns the UTF-8 length (output convention).
int32_t writeUTF8Mapping(const UnicodeString &s, char *out, int32_t capacity, int32_t *offsets, int32_t offsetCount) {
    int32_t length16 = s.length();
    const char16_t *buffer = s.getBuffer();
    int32_t written = 0;
    int32_t mapped[8];
    if (offsetCount > 8) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    for (int32_t k = 0; k < offsetCount; k++) mapped[k] = offsets[k];
    for (int32_t i = 0; i <= length16; i++) {
        for (int32_t k = 0; k < offsetCount; k++) if (offsets[k] == i) mapped[k] = written;
        if (i == length16) break;
        uint32_t c = buffer[i];
        if (c >= 0xD800 && c < 0xDC00 && i + 1 < length16 && buffer[i + 1] >= 0xDC00 && buffer[i + 1] < 0xE000) {
            c = 0x10000 + ((c - 0xD800) << 10) + (buffer[i + 1] - 0xDC00);
        }
        char bytes[4];
        int32_t n;
        if (c < 0x80) { bytes[0] = (char)c; n = 1; }
        else if (c < 0x800) { bytes[0] = (char)(0xC0 | (c >> 6)); bytes[1] = (char)(0x80 | (c & 0x3F)); n = 2; }
        else if (c < 0x10000) { bytes[0] = (char)(0xE0 | (c >> 12)); bytes[1] = (char)(0x80 | ((c >> 6) & 0x3F)); bytes[2] = (char)(0x80 | (c & 0x3F)); n = 3; }
        else { bytes[0] = (char)(0xF0 | (c >> 18)); bytes[1] = (char)(0x80 | ((c >> 12) & 0x3F)); bytes[2] = (char)(0x80 | ((c >> 6) & 0x3F)); bytes[3] = (char)(0x80 | (c & 0x3F)); n = 4; }
        if (c >= 0x10000) i++;
        for (int32_t b = 0; b < n; b++) { if (written < capacity) out[written] = bytes[b]; written++; }
    }
    if (written < capacity) out[written] = 0;
    for (int32_t k = 0; k < offsetCount; k++) offsets[k] = offsets[k] < 0 ? -1 : mapped[k];
    return written;
}

} // namespace

extern "C" int32_t sf_date_best_pattern(const char *localeID, const char *skeleton, char *out, int32_t capacity) {
    UErrorCode st = U_ZERO_ERROR;
    std::unique_ptr<DateTimePatternGenerator> generator(DateTimePatternGenerator::createInstance(Locale(localeID), st));
    if (U_FAILURE(st)) return -(int32_t)st;
    UnicodeString pattern = generator->getBestPattern(UnicodeString::fromUTF8(skeleton), st);
    if (U_FAILURE(st)) return -(int32_t)st;
    return cicu::writeUTF8(pattern, out, capacity);
}

struct sf_datefmt {
    std::unique_ptr<SimpleDateFormat> format;
    std::unique_ptr<Calendar> calendar;  // proleptic Gregorian, UTC; set field by field on each call
    UnicodeString scratch;               // reused output buffer (a handle serves one thread at a time)

    void format16(int32_t year, int32_t month, int32_t day, int32_t hour, int32_t minute, int32_t second,
                  UnicodeString &result, int32_t *spans16, UErrorCode &st) {
        calendar->clear();
        calendar->set(year, month - 1, day, hour, minute, second);
        FieldPositionIterator iterator;
        format->format(*calendar, result, &iterator, st);
        spans16[0] = spans16[1] = spans16[2] = spans16[3] = -1;
        FieldPosition position;
        while (iterator.next(position)) {
            if (position.getField() == UDAT_DATE_FIELD) { spans16[0] = position.getBeginIndex(); spans16[1] = position.getEndIndex(); }
            if (position.getField() == UDAT_YEAR_FIELD) { spans16[2] = position.getBeginIndex(); spans16[3] = position.getEndIndex(); }
        }
    }
};

extern "C" sf_datefmt *sf_datefmt_open(const char *localeID, const char *pattern, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    Locale locale(localeID);
    auto *handle = new sf_datefmt();
    handle->format.reset(new SimpleDateFormat(UnicodeString::fromUTF8(pattern), locale, st));
    auto *calendar = new GregorianCalendar(TimeZone::getGMT()->clone(), locale, st);
    // Proleptic Gregorian: years before 1582 are not Julian dates.
    calendar->setGregorianChange(-8.64e15, st);
    handle->calendar.reset(calendar);
    if (U_SUCCESS(st)) handle->format->setCalendar(*calendar);
    if (U_FAILURE(st)) { delete handle; *status = st; return nullptr; }
    *status = 0;
    return handle;
}

extern "C" void sf_datefmt_set_names(sf_datefmt *f, const char *names, int32_t kind, int32_t *status) {
    const int32_t count = kind == 2 ? 7 : 12;
    UnicodeString all = UnicodeString::fromUTF8(names);
    UnicodeString parsed[12];
    int32_t start = 0;
    for (int32_t i = 0; i < count; i++) {
        int32_t end = all.indexOf((UChar)0x0A, start);
        if (end < 0) end = all.length();
        if (end <= start) { *status = U_ILLEGAL_ARGUMENT_ERROR; return; }
        parsed[i] = UnicodeString(all, start, end - start);
        start = end + 1;
    }
    if (start <= all.length()) { *status = U_ILLEGAL_ARGUMENT_ERROR; return; }
    DateFormatSymbols symbols(*f->format->getDateFormatSymbols());
    if (kind == 2) {
        // ICU's weekday arrays start at index 1 with Sunday (UCAL_SUNDAY); the names come Monday first.
        UnicodeString weekdays[8];
        for (int32_t i = 0; i < 7; i++) weekdays[1 + (i + 1) % 7] = parsed[i];
        symbols.setWeekdays(weekdays, 8, DateFormatSymbols::FORMAT, DateFormatSymbols::WIDE);
    } else {
        symbols.setMonths(parsed, 12, kind == 1 ? DateFormatSymbols::STANDALONE : DateFormatSymbols::FORMAT, DateFormatSymbols::WIDE);
    }
    f->format->setDateFormatSymbols(symbols);
    *status = 0;
}

extern "C" sf_datefmt *sf_datefmt_clone(const sf_datefmt *f, int32_t *status) {
    auto *copy = new sf_datefmt();
    copy->format.reset(f->format->clone());
    copy->calendar.reset(f->calendar->clone());
    if (!copy->format || !copy->calendar) { delete copy; *status = U_MEMORY_ALLOCATION_ERROR; return nullptr; }
    *status = 0;
    return copy;
}

extern "C" void sf_datefmt_close(sf_datefmt *f) { delete f; }

extern "C" int32_t sf_datefmt_format_fields(sf_datefmt *f, int32_t year, int32_t month, int32_t day,
                                            int32_t hour, int32_t minute, int32_t second,
                                            char *out, int32_t capacity, int32_t *spans) {
    UErrorCode st = U_ZERO_ERROR;
    f->scratch.remove();
    f->format16(year, month, day, hour, minute, second, f->scratch, spans, st);
    if (U_FAILURE(st)) return -(int32_t)st;
    return writeUTF8Mapping(f->scratch, out, capacity, spans, 4);
}

extern "C" int64_t sf_datefmt_benchmark_splice(sf_datefmt *f, int32_t year, int32_t month, int32_t day,
                                               const char *dayWords, const char *yearWords, int64_t count) {
    UnicodeString dayText = UnicodeString::fromUTF8(dayWords), yearText = UnicodeString::fromUTF8(yearWords);
    int64_t total = 0;
    for (int64_t i = 0; i < count; i++) {
        UErrorCode st = U_ZERO_ERROR;
        UnicodeString result;
        int32_t spans[4];
        f->format16(year, month, day, 0, 0, 0, result, spans, st);
        // Replace the later field first so the earlier offsets stay valid.
        bool yearFirst = spans[2] >= 0 && spans[0] >= 0 && spans[2] < spans[0];
        if (!yearFirst) {
            if (spans[2] >= 0) result.replace(spans[2], spans[3] - spans[2], yearText);
            if (spans[0] >= 0) result.replace(spans[0], spans[1] - spans[0], dayText);
        } else {
            result.replace(spans[0], spans[1] - spans[0], dayText);
            result.replace(spans[2], spans[3] - spans[2], yearText);
        }
        std::string utf8;
        result.toUTF8String(utf8);
        total += (int64_t)utf8.size();
    }
    return total;
}

extern "C" int32_t sf_unit_gender(const char *localeID, const char *unit, char *out, int32_t capacity) {
    // Look in the locale's own bundle, then in its language's (pt_PT has none, pt has them).
    char language[ULOC_LANG_CAPACITY] = {0};
    UErrorCode languageStatus = U_ZERO_ERROR;
    uloc_getLanguage(localeID, language, ULOC_LANG_CAPACITY, &languageStatus);
    const char *candidates[2] = {localeID, language};
    for (const char *candidate : candidates) {
        UErrorCode st = U_ZERO_ERROR;
        UResourceBundle *bundle = ures_open(U_ICUDATA_NAME "-unit", candidate, &st);
        UResourceBundle *units = ures_getByKey(bundle, "units", nullptr, &st);
        UResourceBundle *duration = ures_getByKey(units, "duration", nullptr, &st);
        UResourceBundle *entry = ures_getByKey(duration, unit, nullptr, &st);
        int32_t length = 0;
        const UChar *gender = ures_getStringByKey(entry, "gender", &length, &st);
        UnicodeString result = U_SUCCESS(st) ? UnicodeString(gender, length) : UnicodeString();
        ures_close(entry); ures_close(duration); ures_close(units); ures_close(bundle);
        // A missing resource means "no gender in this bundle": try the next one. Any
        // other failure is reported.
        if (U_FAILURE(st) && st != U_MISSING_RESOURCE_ERROR) return -(int32_t)st;
        if (!result.isEmpty()) return cicu::writeUTF8(result, out, capacity);
    }
    return cicu::writeUTF8("", out, capacity);
}

struct sf_listfmt { std::unique_ptr<ListFormatter> format; };

extern "C" sf_listfmt *sf_listfmt_open_units(const char *localeID, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    ListFormatter *format = ListFormatter::createInstance(Locale(localeID), ULISTFMT_TYPE_UNITS, ULISTFMT_WIDTH_WIDE, st);
    if (U_FAILURE(st)) { delete format; *status = st; return nullptr; }
    *status = 0;
    return new sf_listfmt{std::unique_ptr<ListFormatter>(format)};
}

extern "C" void sf_listfmt_close(sf_listfmt *f) { delete f; }

extern "C" int32_t sf_listfmt_format(const sf_listfmt *f, const char *const *items, int32_t count, char *out, int32_t capacity) {
    std::vector<UnicodeString> strings;
    strings.reserve(count);
    for (int32_t i = 0; i < count; i++) strings.push_back(UnicodeString::fromUTF8(items[i]));
    UErrorCode st = U_ZERO_ERROR;
    UnicodeString result;
    f->format->format(strings.data(), count, result, st);
    if (U_FAILURE(st)) return -(int32_t)st;
    return cicu::writeUTF8(result, out, capacity);
}

struct sf_reldatefmt { std::unique_ptr<RelativeDateTimeFormatter> format; };

extern "C" sf_reldatefmt *sf_reldatefmt_open(const char *localeID, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    auto *format = new RelativeDateTimeFormatter(Locale(localeID), nullptr, UDAT_STYLE_LONG, UDISPCTX_CAPITALIZATION_NONE, st);
    if (U_FAILURE(st)) { delete format; *status = st; return nullptr; }
    *status = 0;
    return new sf_reldatefmt{std::unique_ptr<RelativeDateTimeFormatter>(format)};
}

extern "C" void sf_reldatefmt_close(sf_reldatefmt *f) { delete f; }

extern "C" int32_t sf_reldatefmt_format(sf_reldatefmt *f, double value, int32_t unit, bool numeric,
                                        char *out, int32_t capacity, int32_t *numberStart, int32_t *numberEnd) {
    if (unit < SF_REL_YEAR || unit > SF_REL_SECOND) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    UErrorCode st = U_ZERO_ERROR;
    URelativeDateTimeUnit relativeUnit = (URelativeDateTimeUnit)unit;
    FormattedRelativeDateTime result = numeric ? f->format->formatNumericToValue(value, relativeUnit, st)
                                               : f->format->formatToValue(value, relativeUnit, st);
    if (U_FAILURE(st)) return -(int32_t)st;
    UnicodeString text = result.toString(st);
    if (U_FAILURE(st)) return -(int32_t)st;
    int32_t spans[2] = {-1, -1};
    ConstrainedFieldPosition position;
    position.constrainCategory(UFIELD_CATEGORY_NUMBER);
    while (result.nextPosition(position, st)) {
        if (position.getField() == UNUM_INTEGER_FIELD || position.getField() == UNUM_FRACTION_FIELD ||
            position.getField() == UNUM_DECIMAL_SEPARATOR_FIELD || position.getField() == UNUM_GROUPING_SEPARATOR_FIELD) {
            if (spans[0] < 0 || position.getStart() < spans[0]) spans[0] = position.getStart();
            if (position.getLimit() > spans[1]) spans[1] = position.getLimit();
        }
    }
    int32_t length = writeUTF8Mapping(text, out, capacity, spans, 2);
    *numberStart = spans[0];
    *numberEnd = spans[1];
    return length;
}
