/* test_memory.c: the big zero-filled tables (pp__big_zalloc): every byte
 * reads as zero however the memory was used before: a table freed after
 * being written and a larger one taken, a block made partly of memory
 * freed before and partly of memory never handed out (in WebAssembly only
 * the first part is cleared), and after pp__big_zero. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../c/internal.h"
#include "harness.h"

static int all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i]) return 0;
    return 1;
}

static void tables_read_as_zeros_after_the_memory_was_written(void)
{
    /* sizes below and above the native mapping's 1 MiB, each taken after a
     * smaller written table was freed, so the allocator may hand out its
     * dirty bytes as the start of the next */
    static const size_t sizes[] = {4096, 200000, 1 << 20, 3 << 20, 5 << 20, 9 << 20};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        pp_big b;
        unsigned char *p = pp__big_zalloc(sizes[i], &b);
        CHECK_MSG(p != NULL, "%zu bytes", sizes[i]);
        if (!p) continue;
        CHECK_MSG(all_zero(p, sizes[i]), "a table of %zu bytes taken after %zu written", sizes[i],
                  i ? sizes[i - 1] : 0);
        memset(p, 0xA5, sizes[i]);
        pp__big_zero(p, sizes[i], &b);
        CHECK_MSG(all_zero(p, sizes[i]), "%zu bytes zeroed again", sizes[i]);
        memset(p, 0x5A, sizes[i]);
        pp__big_free(&b);
    }
}

static void a_table_over_freed_and_fresh_memory_reads_as_zeros(void)
{
    /* small written blocks freed, then one big table: where the allocator
     * joins them to the memory past its end, both parts must read as zero */
    enum { N = 64, SMALL = 32768 };
    unsigned char *small[N];
    for (int i = 0; i < N; i++) {
        small[i] = malloc(SMALL);
        if (small[i]) memset(small[i], 0xC3, SMALL);
    }
    for (int i = N; i-- > 0;) free(small[i]);
    size_t bytes = (size_t)N * SMALL * 3;
    pp_big b;
    unsigned char *p = pp__big_zalloc(bytes, &b);
    CHECK(p != NULL);
    if (p) CHECK(all_zero(p, bytes));
    pp__big_free(&b);
}

void suite_memory(void)
{
    RUN(tables_read_as_zeros_after_the_memory_was_written);
    RUN(a_table_over_freed_and_fresh_memory_reads_as_zeros);
}
