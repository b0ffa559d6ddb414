#ifndef EBTOKENS_CSYSTEMEXTRAS_SHIM_H
#define EBTOKENS_CSYSTEMEXTRAS_SHIM_H
// What glibc has and Swift's Glibc module does not bring in.
#if defined(__linux__)
// malloc_trim.
#include <malloc.h>
#include <sys/types.h>
// Declared by <fcntl.h> only with _GNU_SOURCE, which a module's header cannot turn on.
#define EBTOKENS_SYNC_FILE_RANGE_WRITE 2
extern int sync_file_range(int fd, off_t offset, off_t nbytes, unsigned int flags);
#endif

// Asks for the cache line at `address` ahead of its use, so that a loop over a large table can
// overlap its misses (a hint: it never faults, whatever the address).
static inline void ebtokens_prefetch(const void *address) { __builtin_prefetch(address); }

#endif
