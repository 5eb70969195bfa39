#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, memalign family) made by the whole process so far.
uint64_t tca_allocation_count(void);

/// Heap allocations made by the calling thread so far.
uint64_t tca_thread_allocation_count(void);

/// Calls to free with a non-null pointer, whole process.
uint64_t tca_free_count(void);

#endif
