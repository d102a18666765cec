// malloc_trim, from <malloc.h>, which Swift's Glibc module leaves out. Only SoftphoneShell imports
// this module.
#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
#include <stddef.h>

extern int malloc_trim(size_t pad);
#endif
