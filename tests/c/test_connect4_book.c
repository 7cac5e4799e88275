/* test_connect4_book.c: Connect Four's opening book on 5 x 4 boards (every
 * search instant): the book built, written and read back to the same bytes;
 * games where the solver follows the book and the other side plays at
 * random find every column of every position short of the book's depth in
 * it, each score equal to a search without the book; a position and its
 * mirror image share an entry; a build resumed from a smaller book searches
 * none of the positions it holds and ends with the same file; a build
 * searches fewer positions than it scores (the person's columns come from
 * the solver's turns after them); a stopped build keeps its
 * complete levels; damaged files are refused with a message. The page's
 * 7 x 6 book is re-solved in part by tests/cli/cli-connect4-book.test.mjs. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "harness.h"

#define BW 5
#define BH 4
#define BDEPTH 8

static uint64_t rng;
static uint32_t rnd(uint32_t n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng >> 33) % n);
}

static pp_c4 *parse(const char *seq)
{
    pp_c4 *p = NULL;
    pp_error err;
    if (pp_c4_parse(BW, BH, seq, strlen(seq), &p, &err) != PP_OK) return NULL;
    return p;
}

static pp_c4_solver *solver(void)
{
    pp_c4_solver *s = NULL;
    pp_error err;
    if (pp_c4_solver_new(16, &s, &err) != PP_OK) return NULL;
    return s;
}

/* Counts the searches (ctx: uint64_t[2]). */
static int count_searches(const pp_c4_book_progress *p, const pp_c4_book *b, const char *moves, void *ctx)
{
    (void)b;
    uint64_t *n = ctx;
    if (moves) n[0] = p->solved;
    return 0;
}

/* A book of BDEPTH on BW x BH (NULL on an error); *solved: its searches
 * when fn is count_searches and ctx NULL. */
static pp_c4_book *build(const pp_c4_book *start, pp_c4_book_progress_fn fn, void *ctx, uint64_t *solved)
{
    pp_c4_solver *s = solver();
    pp_c4_book *b = NULL;
    pp_error err;
    uint64_t count[2] = {0, 0};
    if (fn == count_searches && !ctx) ctx = count;
    pp_status st = pp_c4_book_build(&s, 1, BW, BH, BDEPTH, start, fn, ctx, &b, &err);
    pp_c4_solver_free(s);
    *solved = count[0];
    if (st != PP_OK && st != PP_ERR_CANCELLED) return NULL;
    return b;
}

static unsigned char *save(const pp_c4_book *b, size_t *len)
{
    *len = pp_c4_book_save(b, NULL, 0);
    unsigned char *buf = malloc(*len);
    if (buf && pp_c4_book_save(b, buf, *len) != *len) {
        free(buf);
        return NULL;
    }
    return buf;
}

static void test_c4_book_round_trip(void)
{
    uint64_t solved;
    pp_c4_book *b = build(NULL, count_searches, NULL, &solved);
    CHECK(b != NULL);
    if (!b) return;
    CHECK_EQ_INT(pp_c4_book_depth(b), BDEPTH);
    CHECK(pp_c4_book_count(b) > 100);
    /* fewer searches than entries: the person's columns are not searched */
    CHECK(solved > 0 && solved < pp_c4_book_count(b));
    size_t len, len2;
    unsigned char *buf = save(b, &len);
    CHECK(buf != NULL);
    /* 16 bytes of header, ceil((5 * 5 + 7) / 8) = 4 bytes an entry */
    CHECK_EQ_INT(len, 16 + 4 * (size_t)pp_c4_book_count(b));
    pp_c4_book *r = NULL;
    pp_error err;
    CHECK_EQ_INT(pp_c4_book_load(buf, len, &r, &err), PP_OK);
    if (r) {
        CHECK_EQ_INT(pp_c4_book_count(r), pp_c4_book_count(b));
        CHECK_EQ_INT(pp_c4_book_depth(r), BDEPTH);
        CHECK_EQ_INT(pp_c4_book_width(r), BW);
        CHECK_EQ_INT(pp_c4_book_height(r), BH);
        unsigned char *buf2 = save(r, &len2);
        CHECK(buf2 && len2 == len && memcmp(buf, buf2, len) == 0);
        free(buf2);
    }
    pp_c4_book_free(r);
    free(buf);
    pp_c4_book_free(b);
    pp_c4_book_free(NULL);
}

/* The score of column c at seq from the book (1) or not there (0); a win at
 * once or a full board is scored without it (2). */
static int column_score(const pp_c4_book *b, const char *seq, int c, int *score)
{
    char buf[64];
    size_t n = strlen(seq);
    memcpy(buf, seq, n);
    buf[n] = (char)('1' + c);
    buf[n + 1] = '\0';
    pp_c4 *q = parse(buf);
    if (!q) return -1;
    int r;
    int32_t v = 0;
    if (pp_c4_won(q)) {
        *score = (BW * BH + 1 - (int)n) / 2;
        r = 2;
    } else if (pp_c4_stones(q) == BW * BH) {
        *score = 0;
        r = 2;
    } else {
        r = pp_c4_book_get(b, q, &v);
        *score = -v;
    }
    pp_c4_free(q);
    return r;
}

static void test_c4_book_games(void)
{
    uint64_t solved;
    pp_c4_book *b = build(NULL, NULL, NULL, &solved);
    pp_c4_solver *fresh = solver();
    CHECK(b && fresh);
    if (!b || !fresh) goto done;
    rng = 2026;
    int checked = 0, missing = 0, wrong = 0;
    for (int game = 0; game < 60; game++) {
        int solver_side = game % 2; /* the solver as X, then as O */
        char seq[64] = "";
        for (int n = 0; n < BDEPTH; n++) {
            pp_c4 *p = parse(seq);
            int over = !p || pp_c4_won(p) || pp_c4_stones(p) == BW * BH;
            int cols[BW], open[BW], k = 0;
            for (int c = 0; !over && c < BW; c++) {
                open[c] = pp_c4_can_play(p, c);
                if (!open[c]) continue;
                int r = column_score(b, seq, c, &cols[c]);
                if (r == 0) missing++;
                if (r == 1) {
                    /* the same score by a search without the book */
                    char buf[64];
                    snprintf(buf, sizeof buf, "%s%c", seq, '1' + c);
                    pp_c4 *q = parse(buf);
                    int32_t v = 0;
                    pp_error err;
                    if (!q || pp_c4_solve(fresh, q, PP_C4_STRONGEST, 0, 0, &v, NULL, &err) != PP_OK || -v != cols[c])
                        wrong++;
                    pp_c4_free(q);
                    checked++;
                }
                if (r == 2) open[c] = 2;
                k++;
            }
            pp_c4_free(p);
            if (over || !k) break;
            int pick = -1;
            if (n % 2 == solver_side) { /* the solver: the best, the most central of equals, then the leftmost */
                for (int c = 0; c < BW; c++) {
                    if (!open[c]) continue;
                    int dc = abs(2 * c - (BW - 1)), dp = pick < 0 ? 0 : abs(2 * pick - (BW - 1));
                    if (pick < 0 || cols[c] > cols[pick] || (cols[c] == cols[pick] && dc < dp)) pick = c;
                }
            } else {
                do pick = (int)rnd(BW);
                while (!open[pick]);
            }
            if (open[pick] == 2) break; /* the game ends */
            size_t len = strlen(seq);
            seq[len] = (char)('1' + pick);
            seq[len + 1] = '\0';
        }
    }
    CHECK(checked > 200);
    CHECK_EQ_INT(missing, 0);
    CHECK_EQ_INT(wrong, 0);
done:
    pp_c4_solver_free(fresh);
    pp_c4_book_free(b);
}

static void test_c4_book_mirror(void)
{
    uint64_t solved;
    pp_c4_book *b = build(NULL, NULL, NULL, &solved);
    CHECK(b != NULL);
    if (!b) return;
    /* 1 and its mirror 5, 12 and 54: one entry each, the same score */
    const char *pairs[][2] = {{"1", "5"}, {"12", "54"}, {"3", "3"}, {"31", "35"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        pp_c4 *p = parse(pairs[i][0]), *q = parse(pairs[i][1]);
        int32_t a = 99, m = 98;
        CHECK(pp_c4_book_get(b, p, &a));
        CHECK(pp_c4_book_get(b, q, &m));
        CHECK_EQ_INT(a, m);
        pp_c4_free(p);
        pp_c4_free(q);
    }
    /* another size, a won position: not in it */
    pp_c4 *other = NULL;
    pp_error err;
    int32_t v;
    CHECK_EQ_INT(pp_c4_parse(7, 6, "1", 1, &other, &err), PP_OK);
    CHECK(!pp_c4_book_get(b, other, &v));
    pp_c4_free(other);
    pp_c4_book_free(b);
}

/* Stops after n levels (ctx: int[2] = {levels to allow, levels seen}). */
static int stop_after(const pp_c4_book_progress *p, const pp_c4_book *b, const char *moves, void *ctx)
{
    (void)p;
    (void)b;
    int *n = ctx;
    return !moves && ++n[1] >= n[0];
}

/* Counts the searches of a build resumed from `part`, and those of
 * positions `part` already holds (none should be). */
typedef struct again {
    const pp_c4_book *part;
    int again;
    uint64_t solved;
} again;

static int searched_again(const pp_c4_book_progress *p, const pp_c4_book *b, const char *moves, void *ctx)
{
    (void)b;
    again *a = ctx;
    if (!moves) return 0;
    a->solved = p->solved;
    pp_c4 *q = parse(moves);
    int32_t v;
    if (!q || pp_c4_book_get(a->part, q, &v)) a->again++;
    pp_c4_free(q);
    return 0;
}

/* Stops at the fifth search of the level of 4 stones (ctx: int[2] = {levels seen, searches since}). */
static int stop_mid_level(const pp_c4_book_progress *p, const pp_c4_book *b, const char *moves, void *ctx)
{
    (void)b;
    int *k = ctx;
    if (!moves) return k[0]++, 0;
    return p->level >= 4 && ++k[1] >= 5;
}

/* How many positions of n stones in `from` (all move sequences on BW x BH
 * walked) that `to` does not hold. */
static int missing_from(const pp_c4_book *from, const pp_c4_book *to, int n)
{
    int lost = 0;
    char seq[16];
    int digit[16] = {0};
    for (;;) {
        for (int i = 0; i < n; i++) seq[i] = (char)('1' + digit[i]);
        seq[n] = '\0';
        pp_c4 *q = parse(seq);
        int32_t a, b;
        if (q && !pp_c4_won(q) && pp_c4_book_get(from, q, &a) && !pp_c4_book_get(to, q, &b)) lost++;
        pp_c4_free(q);
        int i = n - 1;
        while (i >= 0 && ++digit[i] == BW) digit[i--] = 0;
        if (i < 0) return lost;
    }
}

static void test_c4_book_resume_and_stop(void)
{
    int stop[2] = {4, 0};
    uint64_t unused;
    pp_c4_book *part = build(NULL, stop_after, stop, &unused);
    CHECK(part != NULL);
    if (!part) return;
    /* four levels done before the stop: complete to 3 stones (the person's
     * columns at 3 stones come with the fifth level) */
    CHECK_EQ_INT(pp_c4_book_depth(part), 3);
    uint64_t whole_solved, resumed_solved;
    pp_c4_book *whole = build(NULL, count_searches, NULL, &whole_solved);
    again ag = {part, 0, 0};
    pp_c4_book *resumed = build(part, searched_again, &ag, &resumed_solved);
    resumed_solved = ag.solved;
    CHECK(whole && resumed);
    if (whole && resumed) {
        CHECK_EQ_INT(ag.again, 0);
        CHECK(resumed_solved > 0 && resumed_solved < whole_solved);
        size_t a, b;
        unsigned char *x = save(whole, &a), *y = save(resumed, &b);
        CHECK(x && y && a == b && memcmp(x, y, a) == 0);
        free(x);
        free(y);
    }
    /* a whole book to 4 stones, its last level's person columns searched;
     * resumed towards BDEPTH and stopped in the middle of the next level,
     * the book so far still holds every entry of it (those columns
     * included, which a deeper build scores from the level after theirs) */
    pp_c4_solver *s4 = solver();
    pp_c4_book *four = NULL, *cut = NULL;
    pp_error e4;
    CHECK(s4 && pp_c4_book_build(&s4, 1, BW, BH, 4, NULL, NULL, NULL, &four, &e4) == PP_OK);
    pp_c4_solver_free(s4);
    int mid[2] = {0, 0};
    if (four) cut = build(four, stop_mid_level, mid, &unused);
    CHECK(cut != NULL);
    if (cut) {
        CHECK(pp_c4_book_depth(cut) < BDEPTH);
        int lost = 0;
        for (int n = 1; n <= 4; n++) lost += missing_from(four, cut, n);
        CHECK_EQ_INT(lost, 0);
    }
    pp_c4_book_free(cut);
    pp_c4_book_free(four);
    /* a starting book of another size is refused */
    pp_c4_solver *s = solver();
    pp_c4_book *out = NULL;
    pp_error err;
    CHECK_EQ_INT(pp_c4_book_build(&s, 1, 6, 5, 4, part, NULL, NULL, &out, &err), PP_ERR_ARG);
    CHECK_CONTAINS(err.msg, "5x4");
    CHECK_EQ_INT(pp_c4_book_build(&s, 1, BW, BH, 0, NULL, NULL, NULL, &out, &err), PP_ERR_ARG);
    CHECK_EQ_INT(pp_c4_book_build(&s, 0, BW, BH, 4, NULL, NULL, NULL, &out, &err), PP_ERR_ARG);
    CHECK(out == NULL);
    pp_c4_solver_free(s);
    pp_c4_book_free(part);
    pp_c4_book_free(whole);
    pp_c4_book_free(resumed);
}

static void test_c4_book_damaged(void)
{
    uint64_t unused;
    pp_c4_book *b = build(NULL, NULL, NULL, &unused);
    size_t len;
    unsigned char *buf = b ? save(b, &len) : NULL;
    CHECK(buf != NULL);
    if (!buf) {
        pp_c4_book_free(b);
        return;
    }
    pp_c4_book *r = NULL;
    pp_error err;
    unsigned char *d = malloc(len);
    /* the magic, the version, the size, a cut, one byte more */
    memcpy(d, buf, len);
    d[0] = 'X';
    CHECK_EQ_INT(pp_c4_book_load(d, len, &r, &err), PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "not a Connect Four book");
    memcpy(d, buf, len);
    d[8] = 9;
    CHECK_EQ_INT(pp_c4_book_load(d, len, &r, &err), PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "version 9");
    memcpy(d, buf, len);
    d[9] = 9; /* 9 x 4: keys of 45 bits, entries of 7 bytes */
    CHECK_EQ_INT(pp_c4_book_load(d, len, &r, &err), PP_ERR_INPUT);
    d[9] = 2; /* no such board */
    CHECK_EQ_INT(pp_c4_book_load(d, len, &r, &err), PP_ERR_LIMIT);
    CHECK_EQ_INT(pp_c4_book_load(buf, len - 1, &r, &err), PP_ERR_INPUT);
    CHECK_EQ_INT(pp_c4_book_load(buf, 10, &r, &err), PP_ERR_INPUT);
    CHECK_EQ_INT(pp_c4_book_load(NULL, 0, &r, &err), PP_ERR_INPUT);
    /* two entries swapped: out of order */
    memcpy(d, buf, len);
    memcpy(d + 16, buf + 20, 4);
    memcpy(d + 20, buf + 16, 4);
    CHECK_EQ_INT(pp_c4_book_load(d, len, &r, &err), PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "out of order");
    /* a score no 5 x 4 position has: 64 + 30 */
    memcpy(d, buf, len);
    d[16] = (unsigned char)((d[16] & 0x80) | 94);
    CHECK_EQ_INT(pp_c4_book_load(d, len, &r, &err), PP_ERR_INPUT);
    CHECK(r == NULL);
    /* every truncation and every single byte flipped: an error or a book, never a crash */
    for (size_t cut = 0; cut < len; cut += 7) {
        if (pp_c4_book_load(buf, cut, &r, &err) == PP_OK) pp_c4_book_free(r);
        r = NULL;
    }
    for (size_t i = 0; i < 64 && i < len; i++) {
        memcpy(d, buf, len);
        d[i] ^= 0x5a;
        if (pp_c4_book_load(d, len, &r, &err) == PP_OK) pp_c4_book_free(r);
        r = NULL;
    }
    free(d);
    free(buf);
    pp_c4_book_free(b);
}

/* Three threads, a solver each: the same file as one thread (in WebAssembly,
 * where no thread starts, the calling thread does it all). */
static void test_c4_book_threads(void)
{
    uint64_t unused;
    pp_c4_book *one = build(NULL, NULL, NULL, &unused);
    pp_c4_solver *s[3] = {solver(), solver(), solver()};
    pp_c4_book *three = NULL;
    pp_error err;
    CHECK_EQ_INT(pp_c4_book_build(s, 3, BW, BH, BDEPTH, NULL, NULL, NULL, &three, &err), PP_OK);
    CHECK(one && three);
    if (one && three) {
        size_t a, b;
        unsigned char *x = save(one, &a), *y = save(three, &b);
        CHECK(x && y && a == b && memcmp(x, y, a) == 0);
        free(x);
        free(y);
    }
    /* stopped from the progress hook in a thread: the complete levels kept */
    int stop[2] = {3, 0};
    pp_c4_book *part = NULL;
    CHECK_EQ_INT(pp_c4_book_build(s, 3, BW, BH, BDEPTH, NULL, stop_after, stop, &part, &err), PP_ERR_CANCELLED);
    CHECK(part && pp_c4_book_depth(part) == 2); /* three levels: complete to 2 stones */
    for (int i = 0; i < 3; i++) pp_c4_solver_free(s[i]);
    pp_c4_book_free(one);
    pp_c4_book_free(three);
    pp_c4_book_free(part);
}

void suite_connect4_book(void)
{
    RUN(test_c4_book_round_trip);
    RUN(test_c4_book_games);
    RUN(test_c4_book_mirror);
    RUN(test_c4_book_resume_and_stop);
    RUN(test_c4_book_damaged);
    RUN(test_c4_book_threads);
}
