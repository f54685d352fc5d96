// Helpers shared by the bridge's .cpp files. Not part of the public header.
#ifndef CICU_INTERNAL_H
#define CICU_INTERNAL_H
#include <unicode/unistr.h>
#include <unicode/ustring.h>
#include <stdint.h>

namespace cicu {

/// Copies a UnicodeString to `out` as UTF-8 and returns the UTF-8 length
/// (larger than capacity: buffer too small; negative: -UErrorCode).
inline int32_t writeUTF8(const icu::UnicodeString &s, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = 0;
    u_strToUTF8(out, capacity, &length, s.getBuffer(), s.length(), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return length;
    if (U_FAILURE(status)) return -(int32_t)status;
    return length;
}

inline int32_t writeUTF8(const char *s, char *out, int32_t capacity) {
    int32_t length = 0;
    while (s[length]) length++;
    if (length < capacity) { for (int32_t i = 0; i <= length; i++) out[i] = s[i]; }
    return length;
}

/// Writes `s` as UTF-8 without U+00AD (soft hyphen) and U+200B (zero-width space),
/// which ICU's spell-out rules insert as hyphenation hints and a speech engine must
/// never see. One pass, no allocation: it runs on every spelled number. Returns the
/// full UTF-8 length (larger than capacity: buffer too small, nothing usable written).
inline int32_t writeCleanUTF8(const icu::UnicodeString &s, char *out, int32_t capacity) {
    const UChar *units = s.getBuffer();
    int32_t length = s.length();
    int32_t written = 0;
    auto put = [&](uint8_t byte) {
        if (written < capacity) out[written] = (char)byte;
        written++;
    };
    for (int32_t i = 0; i < length; i++) {
        uint32_t c = units[i];
        if (c == 0x00AD || c == 0x200B) continue;
        if (c >= 0xD800 && c <= 0xDBFF && i + 1 < length && units[i + 1] >= 0xDC00 && units[i + 1] <= 0xDFFF) {
            c = 0x10000 + ((c - 0xD800) << 10) + (units[i + 1] - 0xDC00);
            i++;
        } else if (c >= 0xD800 && c <= 0xDFFF) {
            c = 0xFFFD;  // unpaired surrogate: never produced by ICU's rules, but keep the output valid UTF-8
        }
        if (c < 0x80) {
            put((uint8_t)c);
        } else if (c < 0x800) {
            put((uint8_t)(0xC0 | (c >> 6))); put((uint8_t)(0x80 | (c & 0x3F)));
        } else if (c < 0x10000) {
            put((uint8_t)(0xE0 | (c >> 12))); put((uint8_t)(0x80 | ((c >> 6) & 0x3F))); put((uint8_t)(0x80 | (c & 0x3F)));
        } else {
            put((uint8_t)(0xF0 | (c >> 18))); put((uint8_t)(0x80 | ((c >> 12) & 0x3F)));
            put((uint8_t)(0x80 | ((c >> 6) & 0x3F))); put((uint8_t)(0x80 | (c & 0x3F)));
        }
    }
    if (written < capacity) out[written] = 0;
    return written;
}

/// Removes U+00AD (soft hyphen) and U+200B (zero-width space), which ICU's
/// spell-out rules insert as hyphenation hints and a speech engine must never see.
inline void removeInvisibleHints(icu::UnicodeString &s) {
    int32_t length = s.length();
    bool found = false;
    for (int32_t i = 0; i < length; i++) {
        UChar c = s.charAt(i);
        if (c == 0x00AD || c == 0x200B) { found = true; break; }
    }
    if (!found) return;
    icu::UnicodeString clean;
    for (int32_t i = 0; i < length; i++) {
        UChar c = s.charAt(i);
        if (c != 0x00AD && c != 0x200B) clean.append(c);
    }
    s = clean;
}

} // namespace cicu
#endif
