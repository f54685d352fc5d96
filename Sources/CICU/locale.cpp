#include "cicu_conventions.h"
#include "cicu_locale.h"
#include "cicu_internal.h"
#include <unicode/uloc.h>
#include <unicode/locid.h>
#include <unicode/utypes.h>
#include <cstring>

extern "C" int32_t sf_locale_canonical(const char *tag, char *out, int32_t capacity) {
    UErrorCode st = U_ZERO_ERROR;
    char buffer[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, buffer, sizeof buffer, &parsed, &st);
    // uloc_forLanguageTag stops at the first bad subtag: demand that it read everything,
    // so "fr_FR" (ICU id syntax) is retried below and "fr-??" is rejected.
    if (U_FAILURE(st) || parsed != (int32_t)strlen(tag) || length == 0) {
        st = U_ZERO_ERROR;
        length = uloc_canonicalize(tag, buffer, sizeof buffer, &st);
        if (U_FAILURE(st) || length == 0) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    }
    buffer[sizeof buffer - 1] = 0;
    return cicu::writeUTF8(buffer, out, capacity);
}

static int32_t part(int32_t (*get)(const char *, char *, int32_t, UErrorCode *), const char *id, char *out, int32_t capacity) {
    UErrorCode st = U_ZERO_ERROR;
    char buffer[ULOC_FULLNAME_CAPACITY];
    int32_t length = get(id, buffer, sizeof buffer, &st);
    if (U_FAILURE(st)) return -(int32_t)st;
    buffer[length < (int32_t)sizeof buffer ? length : (int32_t)sizeof buffer - 1] = 0;
    return cicu::writeUTF8(buffer, out, capacity);
}

extern "C" int32_t sf_locale_language(const char *id, char *out, int32_t capacity) { return part(uloc_getLanguage, id, out, capacity); }
extern "C" int32_t sf_locale_region(const char *id, char *out, int32_t capacity) { return part(uloc_getCountry, id, out, capacity); }
extern "C" int32_t sf_locale_script(const char *id, char *out, int32_t capacity) { return part(uloc_getScript, id, out, capacity); }
extern "C" int32_t sf_locale_add_likely(const char *id, char *out, int32_t capacity) { return part(uloc_addLikelySubtags, id, out, capacity); }


extern "C" int32_t sf_available_locale_count(void) {
    int32_t count = 0;
    icu::Locale::getAvailableLocales(count);
    return count;
}

extern "C" int32_t sf_available_locale(int32_t index, char *out, int32_t capacity) {
    int32_t count = 0;
    const icu::Locale *all = icu::Locale::getAvailableLocales(count);
    if (index < 0 || index >= count) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    return cicu::writeUTF8(all[index].getName(), out, capacity);
}

extern "C" const char *sf_error_name(int32_t status) {
    return u_errorName((UErrorCode)status);
}
