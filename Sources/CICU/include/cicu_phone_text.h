// Phone numbers inside running text, through libphonenumber's PhoneNumberMatcher.
//
// The matcher is created per call (it holds per-text state); PhoneNumberUtil is
// the shared, thread-safe singleton, so the function may be called from any thread.
#ifndef CICU_PHONE_TEXT_H
#define CICU_PHONE_TEXT_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/// Finds the phone numbers in `text` (UTF-8, `length` bytes) that libphonenumber
/// finds VALID for `region` ("FR") or for the country code they carry. Writes the
/// UTF-8 byte offsets of each match as pairs (start, end) to `ranges`, at most
/// `capacity` pairs, and returns how many matches there are (possibly more than
/// `capacity`).
int32_t sf_phone_find_in_text(const char *text, int32_t length, const char *region, int32_t *ranges, int32_t capacity);

#ifdef __cplusplus
}
#endif
#endif
