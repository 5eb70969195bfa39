// Counts heap allocations by defining the allocator entry points in the executable, which
// interposes them for every shared library of the process, and forwarding to glibc's own
// implementations (__libc_*), so no dlsym bootstrap is needed.
#define _GNU_SOURCE
#include "AllocationCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Atomic uint64_t allocations;
static _Atomic uint64_t frees;
static __thread uint64_t threadAllocations __attribute__((tls_model("initial-exec")));

static inline void counted(void) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  threadAllocations += 1;
}

__attribute__((visibility("default"))) void *malloc(size_t size) {
  counted();
  return __libc_malloc(size);
}

__attribute__((visibility("default"))) void *calloc(size_t count, size_t size) {
  counted();
  return __libc_calloc(count, size);
}

__attribute__((visibility("default"))) void *realloc(void *pointer, size_t size) {
  counted();
  return __libc_realloc(pointer, size);
}

__attribute__((visibility("default"))) void free(void *pointer) {
  if (pointer) atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
  __libc_free(pointer);
}

__attribute__((visibility("default"))) void *memalign(size_t alignment, size_t size) {
  counted();
  return __libc_memalign(alignment, size);
}

__attribute__((visibility("default"))) void *aligned_alloc(size_t alignment, size_t size) {
  counted();
  return __libc_memalign(alignment, size);
}

__attribute__((visibility("default"))) int posix_memalign(void **result, size_t alignment,
                                                          size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
  counted();
  void *pointer = __libc_memalign(alignment, size);
  if (!pointer) return ENOMEM;
  *result = pointer;
  return 0;
}

uint64_t tca_allocation_count(void) {
  return atomic_load_explicit(&allocations, memory_order_relaxed);
}

uint64_t tca_thread_allocation_count(void) { return threadAllocations; }

uint64_t tca_free_count(void) { return atomic_load_explicit(&frees, memory_order_relaxed); }

#else

uint64_t tca_allocation_count(void) { return 0; }
uint64_t tca_thread_allocation_count(void) { return 0; }
uint64_t tca_free_count(void) { return 0; }

#endif
