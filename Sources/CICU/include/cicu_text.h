// Scripts and words, for the LanguageTagger.
#ifndef CICU_TEXT_H
#define CICU_TEXT_H
#include <stdint.h>
#include <stdbool.h>
#ifdef __cplusplus
extern "C" {
#endif

/// ICU script code (UScriptCode) of a code point: 0 Common, 1 Inherited, 25 Latin,
/// 8 Cyrillic, 14 Greek, 2 Arabic, 19 Hebrew, 17 Han, 20 Hiragana, 22 Katakana,
/// 18 Hangul... Negative for an invalid code point. Stateless, thread-safe.
int32_t sf_script_of(uint32_t codePoint);

/// Splits UTF-16 text into script runs (uscript_getScript per code point; Common and
/// Inherited characters join the run before them, or the next run at the start).
/// Writes up to `capacity` runs as (UTF-16 start, script code) pairs and returns the
/// number of runs (larger than capacity: call again with that many).
int32_t sf_script_runs(const uint16_t *text, int32_t length, int32_t *starts, int32_t *scripts, int32_t capacity);

/// ISO 15924 short name of a script code ("Cyrl"); empty when unknown.
int32_t sf_script_short_name(int32_t script, char *out, int32_t capacity);

/// The likely language of a script, from CLDR likely subtags ("und_Cyrl" -> "ru").
int32_t sf_script_likely_language(int32_t script, char *out, int32_t capacity);

/// The likely script of a locale ("fr" -> "Latn", "ru" -> "Cyrl", "ja" -> "Jpan").
int32_t sf_locale_likely_script(const char *localeID, char *out, int32_t capacity);

/// Word boundaries (UBRK_WORD) of UTF-16 text for a locale: writes up to `capacity`
/// (start, end, rule status) triples of the word segments (rule status >= 100 for
/// words with letters, numbers or ideographs; < 100 for spaces and punctuation) and
/// returns their number (larger than capacity: call again). Opens its own break
/// iterator per call (ICU break iterators are stateful), so it is thread-safe.
/// Negative: an ICU error code.
int32_t sf_word_segments(const char *localeID, const uint16_t *text, int32_t length,
                         int32_t *starts, int32_t *ends, int32_t *statuses, int32_t capacity);

#ifdef __cplusplus
}
#endif
#endif
