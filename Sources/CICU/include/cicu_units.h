#ifndef CICU_UNITS_H
#define CICU_UNITS_H
#include <stdint.h>
#include <stdbool.h>
#ifdef __cplusplus
extern "C" {
#endif

/// Grammatical gender ICU's unit data gives the unit of a number skeleton
/// ("measure-unit/duration-minute unit-width-full-name" in fr: feminine), through
/// FormattedNumber::getNounClass (draft in ICU 72). Returns a UDisplayOptionsNounClass
/// value: 0 undefined (no data, e.g. every English unit), 2 neuter, 3 feminine,
/// 4 masculine, others as ICU defines them; negative: -UErrorCode (bad skeleton).
int32_t sf_unit_noun_class(const char *localeID, const char *skeleton);

/// ICU's common, non-deprecated ISO 4217 codes, separated by spaces ("ADP AED ...").
int32_t sf_currency_iso_codes(char *out, int32_t capacity);


#ifdef __cplusplus
}
#endif
#endif
