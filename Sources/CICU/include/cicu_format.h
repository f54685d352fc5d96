#ifndef CICU_FORMAT_H
#define CICU_FORMAT_H
#include <stdint.h>
#include <stdbool.h>
#ifdef __cplusplus
extern "C" {
#endif

/// A number formatter built from an ICU number skeleton (icu::number::LocalizedNumberFormatter).
/// Thread-safe: ICU documents LocalizedNumberFormatter as safe to share.
typedef struct sf_numfmt sf_numfmt;

/// Opens a formatter for a skeleton such as "measure-unit/duration-hour unit-width-full-name".
sf_numfmt *sf_numfmt_open(const char *localeID, const char *skeleton, int32_t *status);
void sf_numfmt_close(sf_numfmt *f);

/// Formats a decimal string ("12.5"). The span [*numberStart, *numberEnd) of the
/// whole number (sign, integer, decimal separator, fraction: every numeric field)
/// is given in UTF-8 byte offsets of the output, or -1 when there is none.
int32_t sf_numfmt_format_decimal(const sf_numfmt *f, const char *decimal, char *out, int32_t capacity,
                                 int32_t *numberStart, int32_t *numberEnd);

/// Plural rules (cardinal or ordinal). Thread-safe for select (const in ICU).
typedef struct sf_plural sf_plural;
sf_plural *sf_plural_open(const char *localeID, bool ordinal, int32_t *status);
/// Plural rules from CLDR rule text ("one: n = 1; two: n = 2; few: n = 3..10"), for a language
/// whose rules are in its data (Locales/<lang>/plurals.txt), not in ICU.
sf_plural *sf_plural_open_rules(const char *utf8Rules, int32_t *status);
void sf_plural_close(sf_plural *p);
/// The plural category ("one", "few", ...) of a decimal string ("1", "1.5", "1.50").
int32_t sf_plural_select(const sf_plural *p, const char *decimal, char *out, int32_t capacity);
/// The category of a whole number |value| < 2^53, with PluralRules::select(double): no
/// formatted number is built per call (sf_plural_select does, for visible fraction digits).
int32_t sf_plural_select_integer(const sf_plural *p, int64_t value, char *out, int32_t capacity);

/// The locale's decimal and grouping separators (UTF-8), for parsing numbers typed in that locale.
int32_t sf_number_symbol(const char *localeID, int32_t which, char *out, int32_t capacity);
enum { SF_SYMBOL_DECIMAL = 0, SF_SYMBOL_GROUPING = 1, SF_SYMBOL_MINUS = 2, SF_SYMBOL_PERCENT = 3 };

/// Display name of a currency in the plural form of `count` ("euros"), or its symbol.
int32_t sf_currency_plural_name(const char *localeID, const char *isoCode, const char *count, char *out, int32_t capacity);
/// Number of fraction digits of a currency (2 for EUR, 0 for JPY).
int32_t sf_currency_fraction_digits(const char *isoCode);

#ifdef __cplusplus
}
#endif
#endif
