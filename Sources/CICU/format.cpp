#include "cicu_format.h"
#include "cicu_internal.h"
#include <unicode/numberformatter.h>
#include <unicode/plurrule.h>
#include <unicode/decimfmt.h>
#include <unicode/dcfmtsym.h>
#include <unicode/ucurr.h>
#include <unicode/unum.h>
#include <memory>

using namespace icu;
using namespace icu::number;

struct sf_numfmt { LocalizedNumberFormatter formatter; };

extern "C" sf_numfmt *sf_numfmt_open(const char *localeID, const char *skeleton, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    UnicodeString sk = UnicodeString::fromUTF8(skeleton);
    UnlocalizedNumberFormatter unlocalized = NumberFormatter::forSkeleton(sk, st);
    if (U_FAILURE(st)) { *status = st; return nullptr; }
    auto *h = new sf_numfmt{unlocalized.locale(Locale(localeID))};
    *status = 0;
    return h;
}

extern "C" void sf_numfmt_close(sf_numfmt *f) { delete f; }

extern "C" int32_t sf_numfmt_format_decimal(const sf_numfmt *f, const char *decimal, char *out, int32_t capacity,
                                            int32_t *numberStart, int32_t *numberEnd) {
    UErrorCode st = U_ZERO_ERROR;
    FormattedNumber result = f->formatter.formatDecimal(decimal, st);
    if (U_FAILURE(st)) return -(int32_t)st;
    UnicodeString text = result.toString(st);
    if (U_FAILURE(st)) return -(int32_t)st;
    int32_t start16 = -1, end16 = -1;
    ConstrainedFieldPosition cfp;
    cfp.constrainCategory(UFIELD_CATEGORY_NUMBER);
    while (result.nextPosition(cfp, st)) {
        switch (cfp.getField()) {
        case UNUM_INTEGER_FIELD: case UNUM_FRACTION_FIELD: case UNUM_DECIMAL_SEPARATOR_FIELD:
        case UNUM_SIGN_FIELD: case UNUM_GROUPING_SEPARATOR_FIELD:
            if (start16 < 0 || cfp.getStart() < start16) start16 = cfp.getStart();
            if (cfp.getLimit() > end16) end16 = cfp.getLimit();
            break;
        default: break;
        }
    }
    // Convert UTF-16 offsets to UTF-8 byte offsets.
    auto utf8Offset = [&](int32_t i16) -> int32_t {
        if (i16 < 0) return -1;
        std::string prefix;
        text.tempSubString(0, i16).toUTF8String(prefix);
        return (int32_t)prefix.size();
    };
    *numberStart = utf8Offset(start16);
    *numberEnd = utf8Offset(end16);
    return cicu::writeUTF8(text, out, capacity);
}

struct sf_plural { std::unique_ptr<PluralRules> rules; };

extern "C" sf_plural *sf_plural_open(const char *localeID, bool ordinal, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    PluralRules *r = PluralRules::forLocale(Locale(localeID), ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, st);
    if (U_FAILURE(st)) { *status = st; delete r; return nullptr; }
    *status = 0;
    return new sf_plural{std::unique_ptr<PluralRules>(r)};
}

extern "C" sf_plural *sf_plural_open_rules(const char *utf8Rules, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    PluralRules *r = PluralRules::createRules(UnicodeString::fromUTF8(utf8Rules), st);
    if (U_FAILURE(st)) { *status = st; delete r; return nullptr; }
    *status = 0;
    return new sf_plural{std::unique_ptr<PluralRules>(r)};
}

extern "C" void sf_plural_close(sf_plural *p) { delete p; }

extern "C" int32_t sf_plural_select(const sf_plural *p, const char *decimal, char *out, int32_t capacity) {
    UErrorCode st = U_ZERO_ERROR;
    // Select through a FormattedNumber so that visible fraction digits count ("1.50" is "other" in en).
    FormattedNumber n = NumberFormatter::withLocale(Locale::getRoot()).formatDecimal(decimal, st);
    if (U_FAILURE(st)) return -(int32_t)st;
    UnicodeString category = p->rules->select(n, st);
    if (U_FAILURE(st)) return -(int32_t)st;
    return cicu::writeUTF8(category, out, capacity);
}

extern "C" int32_t sf_plural_select_integer(const sf_plural *p, int64_t value, char *out, int32_t capacity) {
    return cicu::writeUTF8(p->rules->select((double)value), out, capacity);
}

extern "C" int32_t sf_number_symbol(const char *localeID, int32_t which, char *out, int32_t capacity) {
    UErrorCode st = U_ZERO_ERROR;
    DecimalFormatSymbols symbols(Locale(localeID), st);
    if (U_FAILURE(st)) return -(int32_t)st;
    DecimalFormatSymbols::ENumberFormatSymbol symbol;
    switch (which) {
    case SF_SYMBOL_DECIMAL: symbol = DecimalFormatSymbols::kDecimalSeparatorSymbol; break;
    case SF_SYMBOL_GROUPING: symbol = DecimalFormatSymbols::kGroupingSeparatorSymbol; break;
    case SF_SYMBOL_MINUS: symbol = DecimalFormatSymbols::kMinusSignSymbol; break;
    case SF_SYMBOL_PERCENT: symbol = DecimalFormatSymbols::kPercentSymbol; break;
    default: return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    }
    return cicu::writeUTF8(symbols.getSymbol(symbol), out, capacity);
}

extern "C" int32_t sf_currency_plural_name(const char *localeID, const char *isoCode, const char *count, char *out, int32_t capacity) {
    UErrorCode st = U_ZERO_ERROR;
    UChar code[4] = {0};
    for (int i = 0; i < 3 && isoCode[i]; i++) code[i] = (UChar)isoCode[i];
    UBool isChoice = false;
    int32_t length = 0;
    const UChar *name = ucurr_getPluralName(code, localeID, &isChoice, count, &length, &st);
    if (U_FAILURE(st)) return -(int32_t)st;
    return cicu::writeUTF8(UnicodeString(name, length), out, capacity);
}

extern "C" int32_t sf_currency_fraction_digits(const char *isoCode) {
    UErrorCode st = U_ZERO_ERROR;
    UChar code[4] = {0};
    for (int i = 0; i < 3 && isoCode[i]; i++) code[i] = (UChar)isoCode[i];
    int32_t digits = ucurr_getDefaultFractionDigits(code, &st);
    return U_FAILURE(st) ? -(int32_t)st : digits;
}
