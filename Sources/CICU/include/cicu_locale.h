#ifndef CICU_LOCALE_H
#define CICU_LOCALE_H
#include <stdint.h>
#include <stdbool.h>
#ifdef __cplusplus
extern "C" {
#endif

/// Canonical ICU locale id ("fr_FR") for a BCP 47 tag or ICU id ("fr-FR", "fr_FR").
/// Returns the length, or a negative error when the tag is not well-formed.
int32_t sf_locale_canonical(const char *tag, char *out, int32_t capacity);

/// Language, script and region subtags of an ICU locale id ("" when absent).
int32_t sf_locale_language(const char *localeID, char *out, int32_t capacity);
int32_t sf_locale_region(const char *localeID, char *out, int32_t capacity);
int32_t sf_locale_script(const char *localeID, char *out, int32_t capacity);

/// Likely region or full likely locale ("fr" -> "fr_Latn_FR").
int32_t sf_locale_add_likely(const char *localeID, char *out, int32_t capacity);

/// ICU's available locales (icu::Locale::getAvailableLocales), by index.
int32_t sf_available_locale_count(void);
int32_t sf_available_locale(int32_t index, char *out, int32_t capacity);


#ifdef __cplusplus
}
#endif
#endif
