#ifndef CICU_DATE_H
#define CICU_DATE_H
#include <stdint.h>
#include <stdbool.h>
#ifdef __cplusplus
extern "C" {
#endif

/// ICU's best date pattern for a skeleton ("yMMMMEEEEd" -> "EEEE d MMMM y" in fr).
/// Opens its own pattern generator on each call (udatpg_getBestPattern is not
/// thread-safe): call it once per skeleton and cache the result.
int32_t sf_date_best_pattern(const char *localeID, const char *skeleton, char *out, int32_t capacity);

/// A date formatter (icu::SimpleDateFormat) for one pattern, on a proleptic
/// Gregorian calendar in UTC. NOT safe to format with from two threads at once:
/// give each thread its own handle (clone) or pool them.
typedef struct sf_datefmt sf_datefmt;

sf_datefmt *sf_datefmt_open(const char *localeID, const char *pattern, int32_t *status);
sf_datefmt *sf_datefmt_clone(const sf_datefmt *f, int32_t *status);
void sf_datefmt_close(sf_datefmt *f);
/// Replaces the formatter's wide names of months or weekdays with a language's own, where ICU
/// has none or wrong ones, given as UTF-8 joined by '\n': `kind` 0 the twelve months of a
/// pattern's MMMM, 1 those of LLLL (standalone), 2 the seven weekdays of EEEE, Monday first.
/// Call on the prototype, before it is cloned.
void sf_datefmt_set_names(sf_datefmt *f, const char *names, int32_t kind, int32_t *status);

/// Formats a civil date and time given as fields (month 1-12). spans[0..3] receive the
/// UTF-8 byte ranges [dayStart, dayEnd) and [yearStart, yearEnd) of the day-of-month and
/// year fields in the output, -1 when the pattern has no such field.
int32_t sf_datefmt_format_fields(sf_datefmt *f, int32_t year, int32_t month, int32_t day,
                                 int32_t hour, int32_t minute, int32_t second,
                                 char *out, int32_t capacity, int32_t *spans);

/// Raw ICU reference for benchmarks: `count` times, formats the date with field
/// positions and splices `dayWords` and `yearWords` (UTF-8) into the day and year
/// fields, then converts to UTF-8. Returns the total UTF-8 length produced.
int64_t sf_datefmt_benchmark_splice(sf_datefmt *f, int32_t year, int32_t month, int32_t day,
                                    const char *dayWords, const char *yearWords, int64_t count);

/// Grammatical gender ICU's unit data gives a duration unit ("hour" -> "feminine" in fr),
/// looking in the locale, then its language. Returns 0 (empty) when ICU has none (en);
/// negative: -UErrorCode.
int32_t sf_unit_gender(const char *localeID, const char *unit, char *out, int32_t capacity);

/// ICU's list formatter for units, wide ("A, B et C" in fr; "A, B, C" in en).
/// Thread-safe: format is a const call on an immutable icu::ListFormatter.
typedef struct sf_listfmt sf_listfmt;
sf_listfmt *sf_listfmt_open_units(const char *localeID, int32_t *status);
void sf_listfmt_close(sf_listfmt *f);
/// Joins `count` UTF-8 items.
int32_t sf_listfmt_format(const sf_listfmt *f, const char *const *items, int32_t count, char *out, int32_t capacity);

/// ICU's relative date-time formatter, long style ("hier", "dans 3 jours").
/// Not documented as thread-safe in ICU 72: use one handle per thread or a lock.
typedef struct sf_reldatefmt sf_reldatefmt;
sf_reldatefmt *sf_reldatefmt_open(const char *localeID, int32_t *status);
void sf_reldatefmt_close(sf_reldatefmt *f);

/// Units, in ICU's URelativeDateTimeUnit order.
enum { SF_REL_YEAR = 0, SF_REL_QUARTER = 1, SF_REL_MONTH = 2, SF_REL_WEEK = 3, SF_REL_DAY = 4,
       SF_REL_HOUR = 5, SF_REL_MINUTE = 6, SF_REL_SECOND = 7 };

/// Formats `value` units from now. `numeric` false lets ICU use words ("hier",
/// "la semaine prochaine") where it has them. The UTF-8 range of the number in the
/// output is stored in [*numberStart, *numberEnd), -1 when the output has none.
int32_t sf_reldatefmt_format(sf_reldatefmt *f, double value, int32_t unit, bool numeric,
                             char *out, int32_t capacity, int32_t *numberStart, int32_t *numberEnd);

#ifdef __cplusplus
}
#endif
#endif
