/* memory.c: big zero-filled tables (pp__big_zalloc in internal.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif
#ifdef __EMSCRIPTEN__
#include <unistd.h> /* sbrk */
#endif

#include "internal.h"

#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MAP_ANONYMOUS)
#define BIG_MMAP 1
#define HUGE_PAGE ((size_t)2 << 20)
#endif

void *pp__big_zalloc(size_t bytes, pp_big *b)
{
    b->base = NULL, b->map = 0;
#ifdef BIG_MMAP
    if (bytes >= HUGE_PAGE / 2) {
        size_t len = bytes + HUGE_PAGE;
        void *base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base == MAP_FAILED) return NULL;
        uintptr_t at = ((uintptr_t)base + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
#if defined(MADV_HUGEPAGE) && !defined(PP_NO_HUGEPAGES)
        madvise((void *)at, bytes, MADV_HUGEPAGE); /* a hint: fine if refused */
#endif
        b->base = base, b->map = len;
        return (void *)at;
    }
#endif
#ifdef __EMSCRIPTEN__
    /* WebAssembly: the memory past the break, sbrk(0), was never handed out
     * (the break never moves back: this dlmalloc never trims), and a page of
     * linear memory reads as zeros until written, so only the part of the
     * block below the break before malloc needs clearing; calloc would
     * clear all of it, touching every page of a fresh 36 MiB table. */
    uintptr_t fresh = (uintptr_t)sbrk(0);
    unsigned char *p = malloc(bytes ? bytes : 1);
    if (p && (uintptr_t)p < fresh) {
        size_t used = fresh - (uintptr_t)p;
        memset(p, 0, used < bytes ? used : bytes);
    }
    b->base = p;
    return p;
#else
    b->base = calloc(1, bytes ? bytes : 1);
    return b->base;
#endif
}

void pp__big_zero(void *p, size_t bytes, const pp_big *b)
{
#if defined(BIG_MMAP) && defined(MADV_DONTNEED)
    /* the pages go back to the kernel and read as zeros again */
    if (b->map && madvise(p, bytes, MADV_DONTNEED) == 0) return;
#endif
    (void)b;
    memset(p, 0, bytes);
}

void pp__big_free(pp_big *b)
{
#ifdef BIG_MMAP
    if (b->map) {
        munmap(b->base, b->map);
        b->base = NULL, b->map = 0;
        return;
    }
#endif
    free(b->base);
    b->base = NULL;
}
