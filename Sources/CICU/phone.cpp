// libphonenumber behind the plain-C functions of cicu_phone.h.
#include "cicu_phone.h"
#include "cicu_internal.h"
#include "phone_plan.h"
#include <phonenumbers/phonenumberutil.h>
#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/logger.h>
#include <unicode/uloc.h>
#include <string>
#include <cstring>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {

const PhoneNumberUtil &util() { return cicu::phoneNumberUtil(); }

int32_t writeString(const std::string &s, char *out, int32_t capacity) {
    int32_t length = (int32_t)s.size();
    if (length < capacity) {
        memcpy(out, s.data(), s.size());
        out[length] = 0;
    }
    return length;
}

int32_t countDigits(const std::string &s) {
    int32_t n = 0;
    for (char c : s) if (c >= '0' && c <= '9') n++;
    return n;
}

/// Digits the writer typed for the number (letters of a vanity number converted), minus the extension's.
int32_t typedDigits(const PhoneNumberUtil &u, const std::string &text, int32_t extensionDigits) {
    std::string typed = text;
    if (u.IsAlphaNumber(typed)) u.ConvertAlphaCharactersInNumber(&typed);
    u.NormalizeDigitsOnly(&typed);
    return (int32_t)typed.size() - extensionDigits;
}

/// libphonenumber's own kMaxInputStringLength (phonenumberutil.cc): Parse rejects a
/// longer input as TOO_LONG_NSN, but only after its callers here have run their own
/// scans, and IsAlphaNumber is quadratic in the input (a 1 MiB line took hours).
constexpr size_t kMaxInputLength = 250;

/// How sf_phone_parse_with reads a number.
enum class Engine { Planned, PlannedOnly, Libphonenumber };

int32_t parse(Engine engine, const char *input, int32_t length, const char *defaultRegion, SFPhoneInfo *info, char *out, int32_t capacity) {
    memset(info, 0, sizeof *info);
    info->numberType = PhoneNumberUtil::UNKNOWN;
    if (capacity > 0) out[0] = 0;
    size_t size = length > 0 ? (size_t)length : 0;
    // Checked before any libphonenumber call: both are linear.
    if (size > kMaxInputLength) {
        info->parseError = (int32_t)PhoneNumberUtil::TOO_LONG_NSN;
        int32_t digits = 0;
        for (size_t i = 0; i < size; i++) if (input[i] >= '0' && input[i] <= '9') digits++;
        info->typedDigits = digits;
        return 0;
    }
    // A NUL is a character of the input, not its end: std::string(const char *) would
    // stop there and read "06 11 22 33 06\0 not a phone" as a valid number.
    if (memchr(input, 0, size) != nullptr) {
        info->parseError = (int32_t)PhoneNumberUtil::NOT_A_NUMBER;
        return 0;
    }
    if (engine != Engine::Libphonenumber) {
        std::string planned, region;
        if (cicu::plannedPhoneParse(input, size, defaultRegion, info, &planned, &region)) {
            if (info->parseError != 0) return 0;
            return writeString(planned + "\n\n" + region, out, capacity);
        }
        if (engine == Engine::PlannedOnly) return -2;
    }
    // Built here, not before the plan: PhoneNumberUtil's start costs more than a
    // whole `spokenform phone` run that the plan answers (see MetadataIndex).
    const PhoneNumberUtil &u = util();
    std::string text(input, size);
    PhoneNumber number;
    PhoneNumberUtil::ErrorType error = u.ParseAndKeepRawInput(text, defaultRegion, &number);
    if (error != PhoneNumberUtil::NO_PARSING_ERROR) {
        info->parseError = (int32_t)error;
        info->typedDigits = typedDigits(u, text, 0);
        if (capacity > 0) out[0] = 0;
        return 0;
    }
    int32_t defaultCountryCode = u.GetCountryCodeForRegion(defaultRegion);
    PhoneNumber::CountryCodeSource source = number.country_code_source();
    // "1 800 555 0123" typed in the US carries the country code as a trunk prefix,
    // without "+": it is a national number, written (and spoken) with that "1".
    bool trunkCountryCode = source == PhoneNumber::FROM_NUMBER_WITHOUT_PLUS_SIGN && number.country_code() == defaultCountryCode;
    info->international = source != PhoneNumber::FROM_DEFAULT_COUNTRY && !trunkCountryCode;
    info->countryCode = number.country_code();
    info->possibility = (int32_t)u.IsPossibleNumberWithReason(number);
    // GetNumberType runs the same range matching as IsValidNumber (UNKNOWN = not valid): call it once.
    info->numberType = (int32_t)u.GetNumberType(number);
    info->valid = info->numberType != PhoneNumberUtil::UNKNOWN;
    std::string nsn;
    u.GetNationalSignificantNumber(number, &nsn);
    info->nationalSignificantLength = (int32_t)nsn.size();
    if (!info->valid) {
        // Only error sentences need it: counted here, off the common path.
        int32_t extensionDigits = number.has_extension() ? countDigits(number.extension()) : 0;
        info->typedDigits = info->international ? info->nationalSignificantLength : typedDigits(u, text, extensionDigits);
    }

    std::string region;
    u.GetRegionCodeForNumber(number, &region);
    if (region.empty() || region == "ZZ") u.GetRegionCodeForCountryCode(number.country_code(), &region);

    // Format without the extension: it is spoken separately, with the locale's word.
    // (A copy without it, field by field: clear_extension() would need libprotobuf at link time.)
    std::string extension = number.has_extension() ? number.extension() : std::string();
    u.NormalizeDigitsOnly(&extension);  // "١٢" -> "12": the extension keeps the digits as typed
    PhoneNumber bare;
    bare.set_country_code(number.country_code());
    bare.set_national_number(number.national_number());
    if (number.has_italian_leading_zero()) bare.set_italian_leading_zero(number.italian_leading_zero());
    if (number.has_number_of_leading_zeros()) bare.set_number_of_leading_zeros(number.number_of_leading_zeros());
    std::string formatted;
    if (info->international) {
        u.Format(bare, PhoneNumberUtil::INTERNATIONAL, &formatted);
    } else if (trunkCountryCode) {
        u.Format(bare, PhoneNumberUtil::INTERNATIONAL, &formatted);
        if (!formatted.empty() && formatted[0] == '+') formatted.erase(0, 1);
    } else {
        u.Format(bare, PhoneNumberUtil::NATIONAL, &formatted);
    }
    return writeString(formatted + "\n" + extension + "\n" + region, out, capacity);
}

} // namespace

namespace cicu {
const PhoneNumberUtil &phoneNumberUtil() {
    static PhoneNumberUtil *instance = [] {
        PhoneNumberUtil *u = PhoneNumberUtil::GetInstance();
        u->SetLogger(new i18n::phonenumbers::NullLogger());
        return u;
    }();
    return *instance;
}
} // namespace cicu

extern "C" int32_t sf_phone_parse(const char *input, int32_t length, const char *defaultRegion, SFPhoneInfo *info, char *out, int32_t capacity) {
    return parse(Engine::Planned, input, length, defaultRegion, info, out, capacity);
}

extern "C" int32_t sf_phone_parse_libphonenumber(const char *input, int32_t length, const char *defaultRegion, SFPhoneInfo *info, char *out, int32_t capacity) {
    return parse(Engine::Libphonenumber, input, length, defaultRegion, info, out, capacity);
}

extern "C" int32_t sf_phone_parse_planned_only(const char *input, int32_t length, const char *defaultRegion, SFPhoneInfo *info, char *out, int32_t capacity) {
    return parse(Engine::PlannedOnly, input, length, defaultRegion, info, out, capacity);
}

extern "C" int32_t sf_phone_country_code(const char *region) {
    return cicu::countryCodeForRegion(region);
}

extern "C" int32_t sf_phone_possible_lengths(int32_t countryCode, int32_t *lengths, int32_t capacity) {
    // The metadata's possible lengths are private in the C++ API; possibility checks
    // depend only on the length, so probing each length recovers them.
    const PhoneNumberUtil &u = util();
    int32_t count = 0;
    uint64_t value = 1;
    for (int length = 1; length <= 17; length++, value *= 10) {
        PhoneNumber probe;
        probe.set_country_code(countryCode);
        probe.set_national_number(value);
        if (u.IsPossibleNumberWithReason(probe) == PhoneNumberUtil::IS_POSSIBLE) {
            if (count < capacity) lengths[count] = length;
            count++;
        }
    }
    return count;
}

extern "C" int32_t sf_phone_national_prefix_digits(const char *region) {
    const PhoneNumberUtil &u = util();
    PhoneNumber example;
    if (!u.GetExampleNumber(region, &example)) return 0;
    std::string nsn, national;
    u.GetNationalSignificantNumber(example, &nsn);
    u.Format(example, PhoneNumberUtil::NATIONAL, &national);
    int32_t extra = countDigits(national) - (int32_t)nsn.size();
    return extra > 0 ? extra : 0;
}

extern "C" int32_t sf_phone_example(const char *region, char *out, int32_t capacity) {
    const PhoneNumberUtil &u = util();
    PhoneNumber example;
    if (!u.GetExampleNumber(region, &example)) return writeString("", out, capacity);
    std::string national;
    u.Format(example, PhoneNumberUtil::NATIONAL, &national);
    return writeString(national, out, capacity);
}

extern "C" int32_t sf_phone_example_digits(const char *region, int32_t type, char *out, int32_t capacity) {
    const PhoneNumberUtil &u = util();
    PhoneNumber example;
    if (type < 0 || type > PhoneNumberUtil::UNKNOWN
        || !u.GetExampleNumberForType(region, (PhoneNumberUtil::PhoneNumberType)type, &example)) return writeString("", out, capacity);
    std::string nsn;
    u.GetNationalSignificantNumber(example, &nsn);
    return writeString(nsn, out, capacity);
}

extern "C" int32_t sf_phone_region_name(const char *region, const char *displayLanguage, char *out, int32_t capacity) {
    std::string id = std::string("und_") + region;
    UChar name[128];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayCountry(id.c_str(), displayLanguage, name, 128, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    return cicu::writeUTF8(icu::UnicodeString(name, length), out, capacity);
}
