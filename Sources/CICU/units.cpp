#include "cicu_units.h"
#include "cicu_internal.h"
#include <unicode/numberformatter.h>
#include <unicode/ucurr.h>
#include <unicode/uenum.h>
#include <unicode/plurrule.h>
#include <memory>
#include <string>

using namespace icu;
using namespace icu::number;

extern "C" int32_t sf_unit_noun_class(const char *localeID, const char *skeleton) {
    UErrorCode st = U_ZERO_ERROR;
    LocalizedNumberFormatter formatter = NumberFormatter::forSkeleton(UnicodeString::fromUTF8(skeleton), st).locale(Locale(localeID));
    if (U_FAILURE(st)) return -(int32_t)st;
    FormattedNumber result = formatter.formatInt(1, st);
    if (U_FAILURE(st)) return -(int32_t)st;
    UDisplayOptionsNounClass nounClass = result.getNounClass(st);
    if (U_FAILURE(st)) return -(int32_t)st;
    return (int32_t)nounClass;
}

extern "C" int32_t sf_currency_iso_codes(char *out, int32_t capacity) {
    UErrorCode st = U_ZERO_ERROR;
    UEnumeration *codes = ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED, &st);
    if (U_FAILURE(st)) return -(int32_t)st;
    std::string joined;
    int32_t length = 0;
    while (const char *code = uenum_next(codes, &length, &st)) {
        if (U_FAILURE(st)) break;
        if (!joined.empty()) joined += ' ';
        joined.append(code, (size_t)length);
    }
    uenum_close(codes);
    if (U_FAILURE(st)) return -(int32_t)st;
    return cicu::writeUTF8(joined.c_str(), out, capacity);
}

