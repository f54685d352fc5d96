#define _GNU_SOURCE
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
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

void sf_keep_freed_memory(size_t mmapThreshold, size_t trimThreshold) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, (int)mmapThreshold);
    mallopt(M_TRIM_THRESHOLD, (int)trimThreshold);
#endif
}
