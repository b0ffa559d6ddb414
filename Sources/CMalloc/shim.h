#ifndef EBTOKENS_CMALLOC_SHIM_H
#define EBTOKENS_CMALLOC_SHIM_H
// glibc's malloc_trim, which Swift's Glibc module does not bring in.
#if defined(__linux__)
#include <malloc.h>
#endif

#endif
