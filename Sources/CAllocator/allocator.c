// On Linux, `ebtokens` runs on jemalloc instead of glibc's malloc (Package.swift links it): the
// build of 100,000 tokens allocates and frees a few million small objects on two cores, and
// spends about a quarter less time with jemalloc (docs/performance.md).
//
// jemalloc reads its options from this variable when it starts. Freed pages go back to the
// system after 100 ms instead of its default 10 s: a build's jobs free far more than they keep,
// and that keeps the resident set of the 100,000-token build near its heap (about 170 MB instead
// of about 190).
#if defined(__linux__)
const char *malloc_conf = "dirty_decay_ms:100";
#endif
