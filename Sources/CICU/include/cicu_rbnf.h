#ifndef CICU_RBNF_H
#define CICU_RBNF_H
#include <stdint.h>
#include <stdbool.h>
#ifdef __cplusplus
extern "C" {
#endif

/// A rule-based spell-out formatter (icu::RuleBasedNumberFormat, URBNF_SPELLOUT).
/// NOT thread-safe in ICU 72, even for const calls (races fixed upstream only in
/// ICU-23348): one handle must be used by one thread at a time.
typedef struct sf_rbnf sf_rbnf;

/// Opens the spell-out rules for a locale. Returns NULL on failure (*status set).
/// ICU silently falls back to the process default locale when it has no rules:
/// check sf_rbnf_actual_locale against what was asked.
sf_rbnf *sf_rbnf_open(const char *localeID, int32_t *status);
/// Opens spell-out rules given as ICU rule text (UTF-8, `length` bytes), the syntax
/// `icu::RuleBasedNumberFormat::getRules()` writes: for a language whose ICU rules are
/// missing or wrong (Locales/<lang>/spellout.txt). On a syntax error, NULL with *status
/// set and *errorLine/*errorOffset where ICU stopped (its UParseError).
sf_rbnf *sf_rbnf_open_rules(const char *rules, int32_t length, const char *localeID, int32_t *status,
                            int32_t *errorLine, int32_t *errorOffset);
/// The rule text of a formatter (every rule set, private ones included), UTF-8.
int32_t sf_rbnf_rules(const sf_rbnf *f, char *out, int32_t capacity);
sf_rbnf *sf_rbnf_clone(const sf_rbnf *f, int32_t *status);
void sf_rbnf_close(sf_rbnf *f);

/// The locale whose rules were actually loaded ("fr", "en_001", ...).
int32_t sf_rbnf_actual_locale(const sf_rbnf *f, char *out, int32_t capacity);

/// Public rule-set names ("%spellout-cardinal-feminine", ...), by index.
int32_t sf_rbnf_ruleset_count(const sf_rbnf *f);
int32_t sf_rbnf_ruleset_name(const sf_rbnf *f, int32_t index, char *out, int32_t capacity);

/// Formats an integer with the public rule set at `ruleset` (an index from
/// sf_rbnf_ruleset_name). Soft hyphens (U+00AD) and zero-width spaces (U+200B)
/// are removed from the output. Valid for |value| < 10^18 only: ICU falls back to
/// digits above that.
int32_t sf_rbnf_format_int64(sf_rbnf *f, int64_t value, int32_t ruleset, char *out, int32_t capacity);

/// Formats a plain decimal string ("1.5") with ICU's own decimal rules. Only used
/// to learn a locale's decimal-point word; never to speak a user's number.
int32_t sf_rbnf_format_decimal_string(sf_rbnf *f, const char *decimal, int32_t ruleset, char *out, int32_t capacity);

/// Lenient parse of spelled-out text back to a number (for round-trip tests).
/// Returns false when the text does not parse.
bool sf_rbnf_parse(sf_rbnf *f, const char *text, bool lenient, double *value);

/// Raw ICU cost reference for benchmarks: formats `count` integers starting at
/// `start` with rule set `ruleset` and returns the total UTF-16 length produced.
int64_t sf_rbnf_benchmark_loop(sf_rbnf *f, int64_t start, int64_t count, int32_t ruleset);

/// The same over given values (the ones SpokenForm is timed on), in a C loop.
int64_t sf_rbnf_benchmark_values(sf_rbnf *f, const int64_t *values, int64_t count, int32_t ruleset);

#ifdef __cplusplus
}
#endif
#endif
