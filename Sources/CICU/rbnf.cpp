#include "cicu_rbnf.h"
#include "cicu_internal.h"
#include <unicode/rbnf.h>
#include <unicode/locid.h>
#include <vector>
#include <memory>

using namespace icu;

struct sf_rbnf {
    std::unique_ptr<RuleBasedNumberFormat> format;
    std::vector<UnicodeString> rulesets;  // public rule-set names, resolved once

    void loadRulesets() {
        rulesets.clear();
        int32_t n = format->getNumberOfRuleSetNames();
        for (int32_t i = 0; i < n; i++) rulesets.push_back(format->getRuleSetName(i));
    }
};

extern "C" sf_rbnf *sf_rbnf_open(const char *localeID, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    auto *f = new RuleBasedNumberFormat(URBNF_SPELLOUT, Locale(localeID), st);
    if (U_FAILURE(st)) { delete f; *status = st; return nullptr; }
    auto *h = new sf_rbnf();
    h->format.reset(f);
    h->loadRulesets();
    *status = 0;
    return h;
}

extern "C" sf_rbnf *sf_rbnf_open_rules(const char *rules, int32_t length, const char *localeID, int32_t *status,
                                       int32_t *errorLine, int32_t *errorOffset) {
    UErrorCode st = U_ZERO_ERROR;
    UParseError parseError{};
    UnicodeString text = UnicodeString::fromUTF8(StringPiece(rules, length));
    auto *f = new RuleBasedNumberFormat(text, Locale(localeID), parseError, st);
    if (U_FAILURE(st)) {
        delete f;
        *status = st;
        *errorLine = parseError.line;
        *errorOffset = parseError.offset;
        return nullptr;
    }
    auto *h = new sf_rbnf();
    h->format.reset(f);
    h->loadRulesets();
    *status = 0;
    return h;
}

extern "C" int32_t sf_rbnf_rules(const sf_rbnf *f, char *out, int32_t capacity) {
    std::string utf8;
    f->format->getRules().toUTF8String(utf8);
    return cicu::writeUTF8(utf8.c_str(), out, capacity);
}

extern "C" sf_rbnf *sf_rbnf_clone(const sf_rbnf *f, int32_t *status) {
    auto *copy = new sf_rbnf();
    copy->format.reset(f->format->clone());
    if (!copy->format) { delete copy; *status = U_MEMORY_ALLOCATION_ERROR; return nullptr; }
    copy->rulesets = f->rulesets;
    *status = 0;
    return copy;
}

extern "C" void sf_rbnf_close(sf_rbnf *f) { delete f; }

extern "C" int32_t sf_rbnf_actual_locale(const sf_rbnf *f, char *out, int32_t capacity) {
    UErrorCode st = U_ZERO_ERROR;
    Locale actual = f->format->getLocale(ULOC_ACTUAL_LOCALE, st);
    if (U_FAILURE(st)) return -(int32_t)st;
    return cicu::writeUTF8(actual.getName(), out, capacity);
}

extern "C" int32_t sf_rbnf_ruleset_count(const sf_rbnf *f) { return (int32_t)f->rulesets.size(); }

extern "C" int32_t sf_rbnf_ruleset_name(const sf_rbnf *f, int32_t index, char *out, int32_t capacity) {
    if (index < 0 || index >= (int32_t)f->rulesets.size()) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    return cicu::writeUTF8(f->rulesets[index], out, capacity);
}

extern "C" int32_t sf_rbnf_format_int64(sf_rbnf *f, int64_t value, int32_t ruleset, char *out, int32_t capacity) {
    if (ruleset < 0 || ruleset >= (int32_t)f->rulesets.size()) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    UErrorCode st = U_ZERO_ERROR;
    UnicodeString result;
    FieldPosition pos;
    // The const overload taking a rule-set name never changes the default rule set.
    f->format->format(value, f->rulesets[ruleset], result, pos, st);
    if (U_FAILURE(st)) return -(int32_t)st;
    return cicu::writeCleanUTF8(result, out, capacity);
}

extern "C" int32_t sf_rbnf_format_decimal_string(sf_rbnf *f, const char *decimal, int32_t ruleset, char *out, int32_t capacity) {
    if (ruleset < 0 || ruleset >= (int32_t)f->rulesets.size()) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    UErrorCode st = U_ZERO_ERROR;
    double value = atof(decimal);
    UnicodeString result;
    FieldPosition pos;
    f->format->format(value, f->rulesets[ruleset], result, pos, st);
    if (U_FAILURE(st)) return -(int32_t)st;
    cicu::removeInvisibleHints(result);
    return cicu::writeUTF8(result, out, capacity);
}

extern "C" bool sf_rbnf_parse(sf_rbnf *f, const char *text, bool lenient, double *value) {
    UnicodeString input = UnicodeString::fromUTF8(text);
    f->format->setLenient(lenient);
    Formattable result;
    ParsePosition pos(0);
    f->format->parse(input, result, pos);
    if (pos.getIndex() == 0 || pos.getErrorIndex() >= 0) return false;
    UErrorCode st = U_ZERO_ERROR;
    *value = result.getDouble(st);
    return U_SUCCESS(st) && pos.getIndex() == input.length();
}

extern "C" int64_t sf_rbnf_benchmark_loop(sf_rbnf *f, int64_t start, int64_t count, int32_t ruleset) {
    int64_t total = 0;
    for (int64_t i = 0; i < count; i++) {
        UErrorCode st = U_ZERO_ERROR;
        UnicodeString result;
        FieldPosition pos;
        f->format->format(start + i, f->rulesets[ruleset], result, pos, st);
        total += result.length();
    }
    return total;
}

extern "C" int64_t sf_rbnf_benchmark_values(sf_rbnf *f, const int64_t *values, int64_t count, int32_t ruleset) {
    int64_t total = 0;
    for (int64_t i = 0; i < count; i++) {
        UErrorCode st = U_ZERO_ERROR;
        UnicodeString result;
        FieldPosition pos;
        f->format->format(values[i], f->rulesets[ruleset], result, pos, st);
        total += result.length();
    }
    return total;
}
