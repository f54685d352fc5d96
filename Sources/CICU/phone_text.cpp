// libphonenumber's PhoneNumberMatcher behind cicu_phone_text.h.
#include "cicu_phone_text.h"
#include "phone_plan.h"
#include <phonenumbers/phonenumberutil.h>
#include <phonenumbers/phonenumbermatcher.h>
#include <phonenumbers/phonenumbermatch.h>
#include <string>

using i18n::phonenumbers::PhoneNumberMatch;
using i18n::phonenumbers::PhoneNumberMatcher;
using i18n::phonenumbers::PhoneNumberUtil;


extern "C" int32_t sf_phone_find_in_text(const char *text, int32_t length, const char *region, int32_t *ranges, int32_t capacity) {
    if (text == nullptr || length <= 0) return 0;
    std::string input(text, (size_t)length);
    // VALID: the number's length and prefix match a range in use (a date or an amount
    // of digits does not); the retry budget is libphonenumber's default.
    PhoneNumberMatcher matcher(cicu::phoneNumberUtil(), input, region, PhoneNumberMatcher::VALID, 65535);
    int32_t found = 0;
    PhoneNumberMatch match;
    while (matcher.HasNext()) {
        if (!matcher.Next(&match)) break;
        if (found < capacity) {
            ranges[2 * found] = (int32_t)match.start();
            ranges[2 * found + 1] = (int32_t)(match.start() + match.length());
        }
        found++;
    }
    return found;
}
