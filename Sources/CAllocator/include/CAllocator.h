#ifndef EBTOKENS_CALLOCATOR_H
#define EBTOKENS_CALLOCATOR_H
// Nothing to call: linking this target is what sets up the allocator (see allocator.c).
#endif
