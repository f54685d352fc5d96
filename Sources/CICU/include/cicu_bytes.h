#ifndef CICU_BYTES_H
#define CICU_BYTES_H
#include <stddef.h>
#include <stdbool.h>
#ifdef __cplusplus
extern "C" {
#endif

/// Whether `needle` occurs in `haystack` (glibc memmem, which Swift's Glibc module does not export).
bool sf_bytes_contain(const void *haystack, size_t haystackLength, const void *needle, size_t needleLength);

/// Offset of the first `needle` in `haystack`, or -1.
long sf_bytes_find(const void *haystack, size_t haystackLength, const void *needle, size_t needleLength);

/// glibc's mallopt: blocks below `mmapThreshold` bytes come from the heap, and up to
/// `trimThreshold` bytes of free heap are kept for the next allocations (Swift's Glibc
/// module does not export malloc.h). Does nothing on other C libraries.
void sf_keep_freed_memory(size_t mmapThreshold, size_t trimThreshold);

#ifdef __cplusplus
}
#endif
#endif
