// The exact fast path of sf_phone_parse (phone_plan.cpp). Not part of the public header.
#ifndef CICU_PHONE_PLAN_H
#define CICU_PHONE_PLAN_H
#include "cicu_phone.h"
#include <string>

namespace i18n { namespace phonenumbers { class PhoneNumberUtil; } }

namespace cicu {

/// The one PhoneNumberUtil of the library (phone.cpp), built on first use with
/// libphonenumber's own logging silenced: a library must not write parse diagnostics
/// to the host app's stdout.
const i18n::phonenumbers::PhoneNumberUtil &phoneNumberUtil();

/// What sf_phone_parse answers, computed from per-region plans compiled once from
/// libphonenumber's own metadata instead of through its ICU regular expressions.
/// Returns false when the plan cannot decide (input other than `+`? and ASCII digits,
/// a pattern the plan's matcher does not compile...): the caller then asks
/// libphonenumber. When it returns true, `info`, `formatted` and `region` are what
/// libphonenumber's path in sf_phone_parse produces for the same input.
bool plannedPhoneParse(const char *input, size_t length, const char *defaultRegion,
                       SFPhoneInfo *info, std::string *formatted, std::string *region);

/// GetCountryCodeForRegion (0 for a region libphonenumber does not know), read from the
/// compiled-in metadata without building PhoneNumberUtil.
int countryCodeForRegion(const char *region);

} // namespace cicu

#endif
