// On Linux, `ebtokens` runs on jemalloc instead of glibc's malloc (Package.swift links it): the
// build of 100,000 tokens allocates and frees a few million small objects on two cores, and
// spends about a quarter less time with jemalloc (docs/performance.md).
//
// jemalloc reads its options from this variable when it starts. Freed pages go back to the
// system after 30 ms instead of its default 10 s: a build's jobs free far more than they keep,
// and what one job frees then leaves the resident set before the next peaks (the 100,000-token
// build peaks at about 106 MB at the median instead of about 110 with 100 ms, at no cost in CPU;
// docs/performance.md, "Build memory, round two").
#include "CAllocator.h"

#if defined(__linux__)
#include <stdio.h>
#include <sys/types.h>

const char *malloc_conf = "dirty_decay_ms:30";

// jemalloc's control interface, declared here (jemalloc/jemalloc.h declares it) so that building
// needs no header of the library, only the library to link.
int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);

void ebtokens_allocator_for_a_session(void) {
  ssize_t decay = 100;
  // The arenas made from now on.
  mallctl("arenas.dirty_decay_ms", NULL, NULL, &decay, sizeof(decay));
  unsigned count = 0;
  size_t size = sizeof(count);
  if (mallctl("arenas.narenas", &count, &size, NULL, 0) != 0) return;
  for (unsigned arena = 0; arena < count; arena++) {
    char name[48];
    snprintf(name, sizeof(name), "arena.%u.dirty_decay_ms", arena);
    // An arena not made yet refuses, and will take the default set above.
    mallctl(name, NULL, NULL, &decay, sizeof(decay));
  }
}
#else
void ebtokens_allocator_for_a_session(void) {}
#endif
