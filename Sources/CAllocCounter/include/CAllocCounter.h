#ifndef TICKERD_CALLOCCOUNTER_H
#define TICKERD_CALLOCCOUNTER_H

#include <stdint.h>

// Counts heap allocations made by the process it is linked into (the benchmark program only): malloc,
// calloc, realloc, posix_memalign and aligned_alloc are wrapped around glibc's own implementations.

/// Allocations since the program started.
uint64_t alloc_counter_count(void);

#endif
