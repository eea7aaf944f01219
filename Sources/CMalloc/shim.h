// glibc's malloc extensions (malloc_trim), which the Glibc module does not export.
#if __has_include(<malloc.h>) && defined(__linux__)
#include <malloc.h>
#endif
