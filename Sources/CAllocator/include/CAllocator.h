#ifndef EBTOKENS_CALLOCATOR_H
#define EBTOKENS_CALLOCATOR_H
// Linking this target is what sets up the allocator (see allocator.c).

// For a session that builds again and again (`--watch`, and the benchmark's phase (e), which
// measures it): freed pages are kept 100 ms instead of 30 before they go back to the system. A
// session frees and makes again much the same memory at every rebuild, and a one-token change of
// 100,000 tokens took about 3% longer when its pages went back sooner (docs/performance.md).
// Nothing where the allocator is not jemalloc.
void ebtokens_allocator_for_a_session(void);
#endif
