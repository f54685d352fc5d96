#define _GNU_SOURCE
#include <string.h>
#include "cicu_bytes.h"

bool sf_bytes_contain(const void *haystack, size_t haystackLength, const void *needle, size_t needleLength) {
    if (needleLength == 0) return true;
    return memmem(haystack, haystackLength, needle, needleLength) != NULL;
}

long sf_bytes_find(const void *haystack, size_t haystackLength, const void *needle, size_t needleLength) {
    if (needleLength == 0) return 0;
    const char *found = memmem(haystack, haystackLength, needle, needleLength);
    return found ? (long)(found - (const char *)haystack) : -1;
}
