/* internal.h: cross-file internals of the library (not API; see perfect_play.h). */
#ifndef PP_INTERNAL_H
#define PP_INTERNAL_H

#include <stdarg.h>

#include "perfect_play.h"

/* The most memory one solve may allocate; checked before allocating, so an
 * instance too large fails with PP_ERR_LIMIT instead of a failed malloc
 * (which in WASM without headroom would abort the module). */
#define PP_MEMORY_BUDGET ((uint64_t)768 << 20)

/* A search's failure where the game lists n moves (none, or more than its
 * max_moves) at pos, a position that is not a leaf: the game's own reason
 * (pp_game's stuck) as PP_ERR_INPUT where it gives one, else PP_ERR_ARG. */
pp_status pp__bad_moves(pp_error *err, const pp_game *g, const void *pos, uint32_t n);

/* Fills err (if any) with a formatted message; returns code. */
pp_status pp__fail(pp_error *err, pp_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ---- the small helpers every solver shares ---- */

/* clock.c: milliseconds on a monotonic clock (the solvers' and the CLI's
 * timings; never part of an answer). */
double pp__now_ms(void);

/* splitmix64's finaliser: every bit of the result depends on every bit of
 * z, so keys that differ in a few bits land far apart. */
static inline uint64_t pp__mix64(uint64_t z)
{
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* splitmix64, the library's one seeded generator: the next number of the
 * sequence *state stands at (the same seed gives the same numbers natively
 * and in WASM). */
static inline uint64_t pp__splitmix(uint64_t *state)
{
    uint64_t z = *state;
    *state += 0x9E3779B97F4A7C15ull;
    return pp__mix64(z);
}

/* The size of a search as a transposition table weighs an entry: the bit
 * length of its node count (0 for 0, 1 for 1, 2 for 2 or 3, ..., 64), so
 * that replacement compares searches by order of magnitude. */
static inline unsigned pp__work_bits(uint64_t nodes) { return nodes ? 64u - (unsigned)__builtin_clzll(nodes) : 0u; }

/* ---- memory.c: big zero-filled tables ----
 * Natively on Linux, a table of 1 MiB and more is an anonymous mapping
 * aligned to 2 MiB, in transparent huge pages where the kernel grants them
 * (madvise): a random probe then rarely misses the TLB, and pages are
 * zero-filled only when first touched, so a large table costs a short
 * solve nothing up front. In WebAssembly malloc, cleared only below the
 * break it found (the memory past it has never been written: zeros, and
 * untouched until used, as natively); elsewhere calloc. */
typedef struct pp_big {
    void *base; /* what to free */
    size_t map; /* the bytes mapped at base (0: base came from calloc) */
} pp_big;
void *pp__big_zalloc(size_t bytes, pp_big *b);             /* NULL when out of memory */
void pp__big_zero(void *p, size_t bytes, const pp_big *b); /* zero-fills p's bytes again */
void pp__big_free(pp_big *b);

/* ---- trace.c ---- */
struct pp_trace {
    int32_t *rec;   /* cap * PP_TRACE_WORDS words */
    uint32_t count; /* records written */
    uint32_t cap;   /* records the buffer holds */
    int truncated;  /* an event arrived when count == cap */
    uint64_t mask;  /* kinds recorded: bit k for kind k */
};

/* The one emit point of every solver: free when tracing is off (t == NULL). */
static inline void ppt_emit(pp_trace *t, int kind, int step, int32_t a, int32_t b, int32_t c)
{
    if (!t || !((t->mask >> kind) & 1)) return;
    if (t->count >= t->cap) {
        t->truncated = 1;
        return;
    }
    int32_t *r = t->rec + (size_t)t->count++ * PP_TRACE_WORDS;
    r[0] = kind | step << 8;
    r[1] = a;
    r[2] = b;
    r[3] = c;
}

/* Allocates the trace's whole buffer before a solve (trace.c). It cannot fail
 * the solve, so it returns nothing: without the memory the trace records no
 * event and says it is truncated (pp_trace_truncated), and the answer, which
 * never depends on the trace, is the same. Every solver calls it so. */
void ppt_reserve(pp_trace *t);

/* ---- input.c: LeetCode-style input text ----
 *
 * The text is either `name = value, name = value, ...` as LeetCode shows it
 * under "Input:", or the bare values `value, value, ...`. A value is JSON
 * restricted to what the problems use: integers, strings, true/false and
 * lists. Parsed values live in one flat node array; a list's items are
 * linked through `next`.
 */
enum { PPI_INT = 1, PPI_STR, PPI_BOOL, PPI_LIST };

typedef struct ppi_node {
    uint8_t type;
    uint32_t pos;  /* byte offset in the text where the value starts */
    uint32_t len;  /* items of a list, bytes of a string */
    int32_t first; /* list: first item (-1 if empty); string: offset in strs */
    int32_t next;  /* next item of the enclosing list, -1 at the end */
    int64_t num;   /* integers and booleans */
} ppi_node;

#define PPI_MAX_ARGS 8
#define PPI_MAX_DEPTH 32
#define PPI_MAX_TEXT ((size_t)64 << 20)
#define PPI_MAX_NODES (16u << 20)

typedef struct ppi_doc {
    const char *text;
    size_t len;
    ppi_node *nodes;
    uint32_t nnodes, cap;
    char *strs;
    uint32_t nstrs, strcap;
    int nargs;
    int32_t args[PPI_MAX_ARGS]; /* root node of each argument, in order */
} ppi_doc;

/* Parses text expecting the arguments named in `names` (nnames of them).
 * On error fills err with the position ("column 12: expected ...") and
 * leaves doc empty. ppi_free is always safe after ppi_parse. */
pp_status ppi_parse(ppi_doc *doc, const char *text, size_t len, const char *const *names, int nnames, pp_error *err);
void ppi_free(ppi_doc *doc);
/* "column C" or "line L, column C" for a byte offset. */
void ppi_where(const ppi_doc *doc, uint32_t pos, char *buf, size_t size);
const char *ppi_type_name(int type);

#endif
