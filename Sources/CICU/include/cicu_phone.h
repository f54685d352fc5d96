// Phone numbers through libphonenumber (Debian libphonenumber-dev), in plain C.
//
// libphonenumber's PhoneNumberUtil is a process-wide singleton whose parse,
// format and validation methods are const and documented thread-safe; every
// function here may be called from any thread.
#ifndef CICU_PHONE_H
#define CICU_PHONE_H
#include <stdint.h>
#include <stdbool.h>
#ifdef __cplusplus
extern "C" {
#endif

/// What libphonenumber found in one input (see sf_phone_parse).
typedef struct SFPhoneInfo {
    /// libphonenumber's parse error: 0 none, 1 invalid country code, 2 not a number,
    /// 3 too short after the international prefix, 4 too short, 5 too long.
    int32_t parseError;
    /// IsPossibleNumberWithReason: 0 possible, 1 possible for local calls only,
    /// 2 invalid country code, 3 too short, 4 invalid length, 5 too long.
    int32_t possibility;
    /// IsValidNumber: length and prefix match a number range in use.
    bool valid;
    /// The input carried its country code (+CC, 00CC or another international prefix, tel:+CC).
    bool international;
    /// Country calling code (33 for France).
    int32_t countryCode;
    /// libphonenumber's PhoneNumberType (0 fixed line, 1 mobile, 2 fixed line or mobile,
    /// 3 toll free, 4 premium rate, 5 shared cost, 6 VoIP, 7 personal, 8 pager, 9 UAN,
    /// 10 voicemail, 11 unknown).
    int32_t numberType;
    /// Digits of the national significant number (without trunk prefix or country code).
    int32_t nationalSignificantLength;
    /// Digits the input holds for the number itself, letters converted, without the
    /// country code part of an international input and without the extension.
    int32_t typedDigits;
} SFPhoneInfo;

/// Parses `input` (`length` bytes of UTF-8) for `defaultRegion` ("FR"), validates it and formats it:
/// in the region's national format, or in international format when the input was
/// international. Writes "formatted\nextension\nregion" to `out` (output convention
/// of cicu_conventions.h) and fills `info`. On a parse error, writes nothing and
/// returns 0 with `info->parseError` set. An input longer than libphonenumber's limit
/// (250 bytes) is "too long" (5) and one holding a NUL "not a number" (2), both decided
/// before libphonenumber reads it. "+" and ASCII digits are read through plans compiled
/// once per region from libphonenumber's metadata (same answers, without its regular
/// expressions); other inputs, and what the plans cannot decide, through libphonenumber.
int32_t sf_phone_parse(const char *input, int32_t length, const char *defaultRegion, SFPhoneInfo *info, char *out, int32_t capacity);

/// sf_phone_parse through libphonenumber alone, without the plans compiled from its
/// metadata (phone_plan.cpp): the reference the equivalence tests and benchmarks compare with.
int32_t sf_phone_parse_libphonenumber(const char *input, int32_t length, const char *defaultRegion, SFPhoneInfo *info, char *out, int32_t capacity);

/// sf_phone_parse through the plans alone: -2 when they cannot decide (the input is not
/// "+" and ASCII digits, or needs a pattern the plans do not compile), for tests that
/// check how much the fast path covers.
int32_t sf_phone_parse_planned_only(const char *input, int32_t length, const char *defaultRegion, SFPhoneInfo *info, char *out, int32_t capacity);

/// Compares the plans' own reading of libphonenumber's compiled-in metadata (which
/// spares a one-number run PhoneNumberUtil's start) with PhoneNumberUtil's: for every
/// region and non-geographical entity, the serialized message, the country code and
/// the country code's list of regions. Returns how many differ, -1 if the plans could
/// not read the metadata themselves (they then use PhoneNumberUtil's). For tests.
int32_t sf_phone_metadata_index_mismatches(void);

/// Country calling code of a region ("FR" -> 33), 0 for a region libphonenumber does not know.
int32_t sf_phone_country_code(const char *region);

/// Lengths a national significant number may have in the region (the metadata's
/// possible lengths, local-only lengths excluded), written to `lengths` in increasing
/// order. Returns how many there are.
int32_t sf_phone_possible_lengths(int32_t countryCode, int32_t *lengths, int32_t capacity);

/// Digits the region's national format writes before the national significant number
/// (the trunk prefix: 1 for "0" in FR, DE, GB; 0 for US, IT, ES).
int32_t sf_phone_national_prefix_digits(const char *region);

/// An example fixed-line number of the region in national format ("01 23 45 67 89").
int32_t sf_phone_example(const char *region, char *out, int32_t capacity);

/// The national significant number of libphonenumber's example of a type (numberType
/// values of SFPhoneInfo) in a region ("FR", 1 -> "612345678"); empty when it has none.
int32_t sf_phone_example_digits(const char *region, int32_t type, char *out, int32_t capacity);

/// The region's name in a display language ("FR", "en" -> "France"); negative: -UErrorCode.
int32_t sf_phone_region_name(const char *region, const char *displayLanguage, char *out, int32_t capacity);

#ifdef __cplusplus
}
#endif
#endif
