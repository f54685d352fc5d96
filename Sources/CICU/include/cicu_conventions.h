// CICU: the plain-C face of ICU 72 for Swift.
//
// Swift cannot include ICU's headers next to Foundation's (both define the
// ICU C types) and cannot see ICU's renaming macros (unum_open -> unum_open_72).
// So this header uses only C types and opaque handles; the .cpp files include
// <unicode/...>. Strings cross the boundary as UTF-8.
//
// Output convention: functions that write text take (char *out, int32_t capacity)
// and return the UTF-8 length without the terminating NUL. A return value larger
// than capacity means "buffer too small, call again with at least that many bytes".
// A negative return value is an ICU error code (negated UErrorCode).
//
// Status convention: a function that opens or changes something and returns no text
// takes an `int32_t *status` and stores ICU's UErrorCode there (0 success, negative a
// warning, positive a failure); it never swallows a failure. Swift reads every status
// through `ICUStatus.checkSuccess()` (Sources/SpokenForm/ICU/ICUError.swift).
//
// Add a capability's functions in a header of their own (cicu_date.h, cicu_phone.h)
// and list it in CICU.h, the module's umbrella header.
#ifndef CICU_CONVENTIONS_H
#define CICU_CONVENTIONS_H

#include <stdint.h>
#include <stdbool.h>
#ifdef __cplusplus
extern "C" {
#endif

/// ICU's name of a status code ("U_MEMORY_ALLOCATION_ERROR"), for error messages.
const char *sf_error_name(int32_t status);

#ifdef __cplusplus
}
#endif

#endif
