#include "cicu_text.h"
#include "cicu_internal.h"
#include <unicode/uscript.h>
#include <unicode/uloc.h>
#include <unicode/ubrk.h>
#include <unicode/utf16.h>
#include <cstring>

extern "C" int32_t sf_script_of(uint32_t codePoint) {
    if (codePoint > 0x10FFFF) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)codePoint, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    return (int32_t)script;
}

extern "C" int32_t sf_script_runs(const uint16_t *text, int32_t length, int32_t *starts, int32_t *scripts, int32_t capacity) {
    int32_t count = 0;
    int32_t current = -1;       // script of the open run, -1 while only Common/Inherited seen
    int32_t i = 0;
    while (i < length) {
        int32_t start = i;
        UChar32 c;
        U16_NEXT((const UChar *)text, i, length, c);
        UErrorCode status = U_ZERO_ERROR;
        int32_t script = (int32_t)uscript_getScript(c, &status);
        if (U_FAILURE(status)) script = USCRIPT_COMMON;
        bool neutral = script == USCRIPT_COMMON || script == USCRIPT_INHERITED;
        if (count == 0) {
            if (count < capacity) { starts[0] = 0; scripts[0] = neutral ? USCRIPT_COMMON : script; }
            count = 1;
            current = neutral ? -1 : script;
            continue;
        }
        if (neutral || script == current) continue;
        if (current == -1) {  // text opened with Common characters: they belong to this first real run
            current = script;
            if (capacity > 0) scripts[0] = script;
            continue;
        }
        if (count < capacity) { starts[count] = start; scripts[count] = script; }
        count++;
        current = script;
    }
    return count;
}

extern "C" int32_t sf_script_short_name(int32_t script, char *out, int32_t capacity) {
    const char *name = uscript_getShortName((UScriptCode)script);
    return cicu::writeUTF8(name ? name : "", out, capacity);
}

extern "C" int32_t sf_script_likely_language(int32_t script, char *out, int32_t capacity) {
    const char *name = uscript_getShortName((UScriptCode)script);
    if (!name || !*name) return cicu::writeUTF8("", out, capacity);
    char id[32] = "und_";
    strncat(id, name, sizeof id - 5);
    char likely[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_addLikelySubtags(id, likely, sizeof likely, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    likely[sizeof likely - 1] = 0;
    char language[ULOC_LANG_CAPACITY];
    uloc_getLanguage(likely, language, sizeof language, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    language[sizeof language - 1] = 0;
    if (strcmp(language, "und") == 0) language[0] = 0;
    return cicu::writeUTF8(language, out, capacity);
}

extern "C" int32_t sf_locale_likely_script(const char *localeID, char *out, int32_t capacity) {
    char likely[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_addLikelySubtags(localeID, likely, sizeof likely, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    likely[sizeof likely - 1] = 0;
    char script[ULOC_SCRIPT_CAPACITY + 1];
    int32_t n = uloc_getScript(likely, script, sizeof script, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    script[n < (int32_t)sizeof script ? n : (int32_t)sizeof script - 1] = 0;
    return cicu::writeUTF8(script, out, capacity);
}

extern "C" int32_t sf_word_segments(const char *localeID, const uint16_t *text, int32_t length,
                                    int32_t *starts, int32_t *ends, int32_t *statuses, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *words = ubrk_open(UBRK_WORD, localeID, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    int32_t count = 0;
    int32_t start = ubrk_first(words);
    for (int32_t end = ubrk_next(words); end != UBRK_DONE; start = end, end = ubrk_next(words)) {
        if (count < capacity) {
            starts[count] = start;
            ends[count] = end;
            statuses[count] = ubrk_getRuleStatus(words);
        }
        count++;
    }
    ubrk_close(words);
    return count;
}
