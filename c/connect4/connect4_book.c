/* connect4_book.c: Connect Four's opening book: exact scores of the
 * positions a game against the solver reaches near its start, computed by
 * the solver itself, so that a game from the empty board is answered at
 * once where a search would take minutes.
 *
 * Which positions. A book of depth D is built for the games in which the
 * solver follows the book and the other side (a person) plays anything,
 * with the solver as X and as O. At each position of fewer than D stones in
 * those games the person is shown the score of every column, and the
 * solver needs the score of every column to pick its move; a column's score
 * is minus the score of the position it leads to (or a win at once). So the
 * book holds the score of every child of every such position, except wins
 * at once and full boards:
 *
 *   the solver to move:  its children scored; it plays the best, the most
 *                        central of equals, then the leftmost (the page's
 *                        pickBest); only that child is followed
 *   the person to move:  its children scored; every child is followed
 *
 * A position and its mirror image have one entry (the key of either, the
 * smaller), so the book also answers every game's mirror image.
 *
 * The file (every number little-endian):
 *
 *   offset  bytes  what
 *   0       8      "PPC4BOOK"
 *   8       1      version: 1
 *   9       1      width w
 *   10      1      height h
 *   11      1      depth D: complete to positions of D stones
 *   12      4      count n of entries
 *   16      n * B  the entries, sorted by key, B = ceil((w*(h+1) + 7) / 8)
 *                  bytes each (7 on 7 x 6):
 *
 *       bit  w*(h+1)+6 ............ 7  6 ........ 0
 *           +--------------------------+-----------+
 *           | key (w*(h+1) bits)       | score+64  |
 *           +--------------------------+-----------+
 *
 * The key of a position: the stones of the side to move plus all stones
 * plus the bottom cell of every column, on the bitboard of game_connect4.c
 * (column c owns bits c*(h+1) .. c*(h+1)+h), so that each column reads as
 * its stones with a 1 just above them: unique for every position; the
 * entry keeps the smaller of the key and its mirror's (columns reversed).
 * The score is the side to move's (Pons' scores, perfect_play.h).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "connect4_internal.h"

#define BOOK_MAGIC "PPC4BOOK"
#define BOOK_VERSION 1
#define BOOK_HEADER 16
/* The most entries a book may hold (a build stops with PP_ERR_LIMIT). */
#define BOOK_MAX_ENTRIES (UINT32_C(1) << 24)

/* A hash set of entries, key << 7 | (score + 64), open addressing (linear
 * probing), 0 for an empty slot (a key is never 0: it holds every column's
 * bottom-or-above bit). The table is at most half full. */
struct pp_c4_book {
    int w, h, depth;
    uint32_t count;
    uint32_t cap; /* a power of two */
    uint64_t *slot;
};

static int key_bits(int w, int h) { return w * (h + 1); }
static int entry_bytes(int w, int h) { return (key_bits(w, h) + 7 + 7) / 8; }

static uint64_t mirror_key(uint64_t key, int w, int h)
{
    const uint64_t col = (((uint64_t)1) << (h + 1)) - 1;
    uint64_t m = 0;
    for (int c = 0; c < w; c++) m |= ((key >> (c * (h + 1))) & col) << ((w - 1 - c) * (h + 1));
    return m;
}

/* The canonical key of a position: the smaller of its key and its mirror's. */
static uint64_t position_key(const pp_c4 *p)
{
    uint64_t mask = p->pos.mask;
    uint64_t cur = p->pos.n % 2 ? p->pos.first ^ mask : p->pos.first;
    uint64_t key = cur + mask + p->bottom;
    uint64_t m = mirror_key(key, p->w, p->h);
    return m < key ? m : key;
}

static uint32_t slot_of(const pp_c4_book *b, uint64_t key)
{
    uint64_t x = key * UINT64_C(0x9E3779B97F4A7C15);
    return (uint32_t)(x >> 32) & (b->cap - 1);
}

/* The slot holding key, or the empty slot where it would go. */
static uint32_t find(const pp_c4_book *b, uint64_t key)
{
    uint32_t i = slot_of(b, key);
    while (b->slot[i] && (b->slot[i] >> 7) != key) i = (i + 1) & (b->cap - 1);
    return i;
}

static pp_status grow(pp_c4_book *b, uint32_t need, pp_error *err)
{
    if (need > BOOK_MAX_ENTRIES)
        return pp__fail(err, PP_ERR_LIMIT, "a book of %u entries: at most %u", need, BOOK_MAX_ENTRIES);
    if (b->cap && need <= b->cap / 2) return PP_OK;
    uint32_t cap = 1024;
    while (cap / 2 < need) cap *= 2;
    uint64_t *slot = calloc(cap, sizeof *slot);
    if (!slot) return pp__fail(err, PP_ERR_NOMEM, "out of memory for a book of %u entries", need);
    uint64_t *old = b->slot;
    uint32_t oldcap = b->cap;
    b->slot = slot;
    b->cap = cap;
    for (uint32_t i = 0; i < oldcap; i++)
        if (old[i]) b->slot[find(b, old[i] >> 7)] = old[i];
    free(old);
    return PP_OK;
}

static pp_status put(pp_c4_book *b, uint64_t key, int score, pp_error *err)
{
    pp_status st = grow(b, b->count + 1, err);
    if (st != PP_OK) return st;
    uint32_t i = find(b, key);
    if (!b->slot[i]) b->count++;
    b->slot[i] = key << 7 | (uint64_t)(score + 64);
    return PP_OK;
}

static pp_status book_new(int w, int h, pp_c4_book **out, pp_error *err)
{
    *out = NULL;
    if (w < PP_C4_MIN_SIZE || w > PP_C4_MAX_SIZE || h < PP_C4_MIN_SIZE || h > PP_C4_MAX_SIZE || key_bits(w, h) + 7 > 64)
        return pp__fail(err, PP_ERR_LIMIT, "a book of %dx%d boards: width * (height + 1) must be at most 57", w, h);
    pp_c4_book *b = calloc(1, sizeof *b);
    if (!b) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    b->w = w;
    b->h = h;
    pp_status st = grow(b, 1, err);
    if (st != PP_OK) {
        free(b);
        return st;
    }
    *out = b;
    return PP_OK;
}

void pp_c4_book_free(pp_c4_book *b)
{
    if (!b) return;
    free(b->slot);
    free(b);
}

int pp_c4_book_width(const pp_c4_book *b) { return b ? b->w : 0; }
int pp_c4_book_height(const pp_c4_book *b) { return b ? b->h : 0; }
int pp_c4_book_depth(const pp_c4_book *b) { return b ? b->depth : 0; }
uint32_t pp_c4_book_count(const pp_c4_book *b) { return b ? b->count : 0; }

int pp_c4_book_get(const pp_c4_book *b, const pp_c4 *p, int32_t *score)
{
    if (!b || !p || p->w != b->w || p->h != b->h || p->pos.won) return 0;
    uint64_t e = b->slot[find(b, position_key(p))];
    if (!e) return 0;
    *score = (int32_t)(e & 127) - 64;
    return 1;
}

pp_status pp_c4_book_load(const void *bytes, size_t len, pp_c4_book **out, pp_error *err)
{
    const unsigned char *d = bytes;
    *out = NULL;
    if (!d || len < BOOK_HEADER || memcmp(d, BOOK_MAGIC, 8) != 0)
        return pp__fail(err, PP_ERR_INPUT, "not a Connect Four book (it must begin with %s)", BOOK_MAGIC);
    if (d[8] != BOOK_VERSION)
        return pp__fail(err, PP_ERR_INPUT, "book version %d: this build reads version %d", d[8], BOOK_VERSION);
    int w = d[9], h = d[10], depth = d[11];
    uint32_t n = (uint32_t)d[12] | (uint32_t)d[13] << 8 | (uint32_t)d[14] << 16 | (uint32_t)d[15] << 24;
    pp_c4_book *b = NULL;
    pp_status st = book_new(w, h, &b, err);
    if (st != PP_OK) return st;
    if (depth > w * h) {
        pp_c4_book_free(b);
        return pp__fail(err, PP_ERR_INPUT, "book depth %d on a %dx%d board", depth, w, h);
    }
    int eb = entry_bytes(w, h), kb = key_bits(w, h);
    if (n > BOOK_MAX_ENTRIES || (len - BOOK_HEADER) / (size_t)eb != n || (len - BOOK_HEADER) % (size_t)eb) {
        pp_c4_book_free(b);
        return pp__fail(err, PP_ERR_INPUT, "book of %u entries of %d bytes: the file has %zu bytes, not %zu", n, eb,
                        len, BOOK_HEADER + (size_t)n * eb);
    }
    st = grow(b, n, err);
    const uint64_t max_score = (uint64_t)(w * h + 1) / 2;
    uint64_t prev = 0;
    for (uint32_t i = 0; st == PP_OK && i < n; i++) {
        const unsigned char *q = d + BOOK_HEADER + (size_t)i * eb;
        uint64_t e = 0;
        for (int k = eb - 1; k >= 0; k--) e = e << 8 | q[k];
        uint64_t key = e >> 7;
        int score = (int)(e & 127) - 64;
        if (key >> kb || !key || (i && key <= prev) || (uint64_t)(score < 0 ? -score : score) > max_score)
            st =
                pp__fail(err, PP_ERR_INPUT, "book entry %u: a key out of order or out of range, or score %d", i, score);
        else st = put(b, key, score, err);
        prev = key;
    }
    if (st != PP_OK) {
        pp_c4_book_free(b);
        return st;
    }
    b->depth = depth;
    *out = b;
    return PP_OK;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

size_t pp_c4_book_save(const pp_c4_book *b, void *buf, size_t cap)
{
    if (!b) return 0;
    int eb = entry_bytes(b->w, b->h);
    size_t need = BOOK_HEADER + (size_t)b->count * eb;
    if (!buf || cap < need) return need;
    uint64_t *sorted = malloc((b->count ? b->count : 1) * sizeof *sorted);
    if (!sorted) return 0;
    uint32_t k = 0;
    for (uint32_t i = 0; i < b->cap; i++)
        if (b->slot[i]) sorted[k++] = b->slot[i];
    qsort(sorted, k, sizeof *sorted, cmp_u64); /* by key: the score is the low bits */
    unsigned char *d = buf;
    memcpy(d, BOOK_MAGIC, 8);
    d[8] = BOOK_VERSION;
    d[9] = (unsigned char)b->w;
    d[10] = (unsigned char)b->h;
    d[11] = (unsigned char)b->depth;
    for (int i = 0; i < 4; i++) d[12 + i] = (unsigned char)(k >> (8 * i));
    for (uint32_t i = 0; i < k; i++)
        for (int j = 0; j < eb; j++) d[BOOK_HEADER + (size_t)i * eb + j] = (unsigned char)(sorted[i] >> (8 * j));
    free(sorted);
    return need;
}

/* ---- building ----
 *
 * Level by level: the positions of n stones in the book's games (a move
 * sequence each, and whether the solver or the person is to move there;
 * both when the two games meet) give the positions of n + 1 stones to score
 * and, once scored, the next level.
 *
 * A position where only the person moves is not searched for: each of its
 * children is the solver's turn in the next level, where all of that
 * child's own children are scored, and so its score, the best of theirs,
 * comes without a search of its own (about half the searches of a level).
 * Only the last level searches them. So when level n ends, the positions
 * of n stones are all in the book, and those of n + 1 stones too unless a
 * position of the level left them to the next: the book's depth is then n
 * or n + 1, and D when a build to D ends. */

enum { ROLE_SOLVER = 1, ROLE_PERSON = 2 };

typedef struct node {
    char moves[PP_C4_MAX_SIZE * PP_C4_MAX_SIZE + 1];
    int n;
    int roles; /* ROLE_SOLVER, ROLE_PERSON: whose turn it is in the book's games */
} node;

/* A level: its nodes, and a hash set from a position's exact key (not the
 * mirror's: a position and its mirror can continue differently under the
 * tie rule) to its node, so that a position reached by two move orders is
 * one node with both roles. */
typedef struct level {
    node *v;
    size_t len, cap;
    uint64_t *key; /* the exact keys, where idx is not 0 */
    uint32_t *idx; /* node index + 1; 0 empty */
    uint32_t kcap;
} level;

static uint32_t key_slot(uint64_t key, uint32_t cap)
{
    return (uint32_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 40) & (cap - 1);
}

static pp_status level_push(level *l, uint64_t key, const char *moves, int n, int roles, pp_error *err)
{
    if (l->len + 1 > l->kcap / 2) {
        uint32_t cap = l->kcap ? 2 * l->kcap : 1024;
        if (cap > (UINT32_C(1) << 27)) return pp__fail(err, PP_ERR_LIMIT, "a book level of more than 2^26 positions");
        uint64_t *k = calloc(cap, sizeof *k);
        uint32_t *x = calloc(cap, sizeof *x);
        if (!k || !x) {
            free(k);
            free(x);
            return pp__fail(err, PP_ERR_NOMEM, "out of memory for a book level");
        }
        for (uint32_t i = 0; i < l->kcap; i++) {
            if (!l->idx[i]) continue;
            uint32_t j = key_slot(l->key[i], cap);
            while (x[j]) j = (j + 1) & (cap - 1);
            k[j] = l->key[i];
            x[j] = l->idx[i];
        }
        free(l->key);
        free(l->idx);
        l->key = k;
        l->idx = x;
        l->kcap = cap;
    }
    uint32_t j = key_slot(key, l->kcap);
    while (l->idx[j]) {
        if (l->key[j] == key) {
            l->v[l->idx[j] - 1].roles |= roles;
            return PP_OK;
        }
        j = (j + 1) & (l->kcap - 1);
    }
    if (l->len == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        node *v = realloc(l->v, cap * sizeof *v);
        if (!v) return pp__fail(err, PP_ERR_NOMEM, "out of memory for a book level");
        l->v = v;
        l->cap = cap;
    }
    node *x = &l->v[l->len++];
    memcpy(x->moves, moves, (size_t)n);
    x->moves[n] = '\0';
    x->n = n;
    x->roles = roles;
    l->key[j] = key;
    l->idx[j] = (uint32_t)l->len;
    return PP_OK;
}

static void level_clear(level *l)
{
    l->len = 0;
    if (l->idx) memset(l->idx, 0, l->kcap * sizeof *l->idx);
}

static void level_free(level *l)
{
    free(l->v);
    free(l->key);
    free(l->idx);
}

static uint64_t exact_key(const pp_c4 *p)
{
    uint64_t mask = p->pos.mask;
    uint64_t cur = p->pos.n % 2 ? p->pos.first ^ mask : p->pos.first;
    return cur + mask + p->bottom;
}

/* The solver's choice among the columns of equal best score: the most
 * central, then the leftmost (web/src/lib/connect4.js pickBest). */
static int central_before(int a, int b, int w)
{
    int da = abs(2 * a - (w - 1)), db = abs(2 * b - (w - 1));
    return da < db || (da == db && a < b);
}

/* The build of one level, shared by its threads: each takes the next
 * position of `cur`, scores its children (searching outside the lock) and
 * adds its followers to `next`. Everything below is read and written under
 * `lock`, but the level being scored (cur), which no thread changes. */
typedef struct build {
    pthread_mutex_t lock;
    int w, h, n;
    const level *cur;
    level *next;
    size_t take; /* the next position of cur to score */
    int last;    /* the last level: no next */
    int later;   /* a position of the level left its children to the next */
    pp_c4_book *b;
    const pp_c4_book *start;
    pp_c4_book_progress pr;
    pp_c4_book_progress_fn fn;
    void *ctx;
    pp_status st; /* the first failure (PP_OK until then): every thread stops */
    pp_error err;
} build;

typedef struct worker {
    build *bd;
    pp_c4_solver *s;
} worker;

static void fail_build(build *bd, pp_status st, const pp_error *err)
{
    if (bd->st == PP_OK) {
        bd->st = st;
        bd->err = *err;
    }
}

static void *score_level(void *arg)
{
    worker *wk = arg;
    build *bd = wk->bd;
    const int w = bd->w, h = bd->h, n = bd->n;
    pp_error err = {PP_OK, ""};
    for (;;) {
        pthread_mutex_lock(&bd->lock);
        if (bd->st != PP_OK || bd->take >= bd->cur->len) {
            pthread_mutex_unlock(&bd->lock);
            break;
        }
        node x = bd->cur->v[bd->take++];
        pthread_mutex_unlock(&bd->lock);
        pp_status st = PP_OK;
        int col_score[PP_C4_MAX_SIZE], open[PP_C4_MAX_SIZE];
        char moves[sizeof x.moves];
        memcpy(moves, x.moves, sizeof moves);
        /* the person's turn alone, not the last level: the children's
         * scores come from the next level (see above) */
        const int later = x.roles == ROLE_PERSON && !bd->last;
        if (later) {
            pthread_mutex_lock(&bd->lock);
            bd->later = 1;
            pthread_mutex_unlock(&bd->lock);
        }
        // Step 2. Every child of the position scored: a win at once, a
        // full board, the book's entry, or a search (then stored).
        for (int c = 0; st == PP_OK && c < w; c++) {
            pp_c4 *q = NULL;
            moves[n] = (char)('1' + c);
            moves[n + 1] = '\0';
            open[c] = 0;
            if (pp_c4_parse(w, h, moves, (size_t)n + 1, &q, NULL) != PP_OK) continue; /* a full column */
            open[c] = 1;
            if (q->pos.won) {
                col_score[c] = (w * h + 1 - n) / 2;
                open[c] = 2; /* the game ends: nothing to follow */
            } else if (q->pos.n == w * h) {
                col_score[c] = 0;
                open[c] = 2;
            } else if (later) {
                col_score[c] = 0; /* not read: no choice is made at the person's turn */
                /* the starting book's score kept meanwhile, so that a file saved
                 * before the next level ends still holds all the start held */
                int32_t v;
                if (bd->start && pp_c4_book_get(bd->start, q, &v)) {
                    pthread_mutex_lock(&bd->lock);
                    st = put(bd->b, position_key(q), v, &err);
                    pthread_mutex_unlock(&bd->lock);
                }
            } else {
                int32_t v = 0;
                int have = 0;
                uint64_t key = position_key(q);
                pthread_mutex_lock(&bd->lock);
                uint64_t e = bd->b->slot[find(bd->b, key)];
                if (e) {
                    v = (int32_t)(e & 127) - 64;
                    have = 1;
                } else if (bd->start && pp_c4_book_get(bd->start, q, &v)) {
                    st = put(bd->b, key, v, &err);
                    have = 1;
                }
                pthread_mutex_unlock(&bd->lock);
                if (!have) {
                    uint64_t nodes = 0;
                    st = pp_c4_solve(wk->s, q, PP_C4_STRONGEST, 0, 0, &v, &nodes, &err);
                    pthread_mutex_lock(&bd->lock);
                    if (st == PP_OK) st = put(bd->b, key, v, &err);
                    bd->pr.solved++;
                    bd->pr.nodes += nodes;
                    bd->pr.last_nodes = nodes;
                    bd->pr.entries = bd->b->count;
                    if (st == PP_OK && bd->st == PP_OK && bd->fn && bd->fn(&bd->pr, bd->b, moves, bd->ctx))
                        st = pp__fail(&err, PP_ERR_CANCELLED, "the book's build was stopped");
                    pthread_mutex_unlock(&bd->lock);
                }
                col_score[c] = -v;
            }
            pp_c4_free(q);
        }
        moves[n] = '\0';
        // Step 3. The next level: the solver's best child (the person's
        // turn there), every child of the person's (the solver's turn).
        int best = -1;
        for (int c = 0; c < w; c++)
            if (open[c] && (best < 0 || col_score[c] > col_score[best] ||
                            (col_score[c] == col_score[best] && central_before(c, best, w))))
                best = c;
        pthread_mutex_lock(&bd->lock);
        /* the solver's turn: its own score, the best column's, for the
         * person's turn before it, whose children were left to this level
         * (none before the empty board: the book holds only children) */
        if (st == PP_OK && (x.roles & ROLE_SOLVER) && best >= 0 && n > 0) {
            pp_c4 *p = NULL;
            st = pp_c4_parse(w, h, moves, (size_t)n, &p, &err);
            if (st == PP_OK) st = put(bd->b, position_key(p), col_score[best], &err);
            bd->pr.entries = bd->b->count;
            pp_c4_free(p);
        }
        for (int c = 0; st == PP_OK && c < w && !bd->last; c++) {
            int roles = 0;
            if ((x.roles & ROLE_SOLVER) && c == best) roles |= ROLE_PERSON;
            if (x.roles & ROLE_PERSON) roles |= ROLE_SOLVER;
            if (open[c] != 1 || !roles) continue;
            moves[n] = (char)('1' + c);
            pp_c4 *q = NULL;
            st = pp_c4_parse(w, h, moves, (size_t)n + 1, &q, &err);
            if (st == PP_OK) st = level_push(bd->next, exact_key(q), moves, n + 1, roles, &err);
            pp_c4_free(q);
            moves[n] = '\0';
        }
        if (st == PP_OK) bd->pr.level_done++;
        else fail_build(bd, st, &err);
        pthread_mutex_unlock(&bd->lock);
        if (st != PP_OK) break;
    }
    return NULL;
}

pp_status pp_c4_book_build(pp_c4_solver *const *solvers, int nsolvers, int w, int h, int depth, const pp_c4_book *start,
                           pp_c4_book_progress_fn fn, void *ctx, pp_c4_book **out, pp_error *err)
{
    *out = NULL;
    if (!solvers || nsolvers < 1 || nsolvers > PP_C4_BOOK_MAX_THREADS)
        return pp__fail(err, PP_ERR_ARG, "a book's build takes 1 to %d solvers", PP_C4_BOOK_MAX_THREADS);
    for (int i = 0; i < nsolvers; i++)
        if (!solvers[i]) return pp__fail(err, PP_ERR_ARG, "no solver");
    if (depth < 1 || depth > w * h) return pp__fail(err, PP_ERR_ARG, "book depth %d: must be 1 to %d", depth, w * h);
    if (start && (start->w != w || start->h != h))
        return pp__fail(err, PP_ERR_ARG, "the starting book is for %dx%d boards, not %dx%d", start->w, start->h, w, h);
    pp_c4_book *b = NULL;
    pp_status st = book_new(w, h, &b, err);
    if (st != PP_OK) return st;
    level cur = {0}, next = {0};
    build bd;
    memset(&bd, 0, sizeof bd);
    if (pthread_mutex_init(&bd.lock, NULL) != 0) {
        pp_c4_book_free(b);
        return pp__fail(err, PP_ERR_NOMEM, "no lock for the book's build");
    }
    bd.w = w;
    bd.h = h;
    bd.b = b;
    bd.start = start;
    bd.fn = fn;
    bd.ctx = ctx;
    // Step 1. The empty board: the solver's turn (as X) and the person's (the solver as O).
    st = level_push(&cur, 0, "", 0, ROLE_SOLVER | ROLE_PERSON, err);
    for (int n = 0; st == PP_OK && n < depth; n++) {
        level_clear(&next);
        bd.n = n;
        bd.cur = &cur;
        bd.next = &next;
        bd.take = 0;
        bd.last = n + 1 >= depth;
        bd.later = 0;
        bd.pr.level = n;
        bd.pr.level_positions = (uint32_t)cur.len;
        bd.pr.level_done = 0;
        /* one thread a solver, this one included; fewer if a thread cannot start (WebAssembly) */
        worker wk[PP_C4_BOOK_MAX_THREADS];
        pthread_t th[PP_C4_BOOK_MAX_THREADS];
        int started = 0;
        for (int i = 0; i < nsolvers; i++) wk[i] = (worker){&bd, solvers[i]};
        for (int i = 1; i < nsolvers; i++) {
            if (pthread_create(&th[started], NULL, score_level, &wk[i]) != 0) break;
            started++;
        }
        score_level(&wk[0]);
        for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
        if (bd.st != PP_OK) {
            st = bd.st;
            if (err) *err = bd.err;
            break;
        }
        b->depth = bd.later ? n : n + 1;
        bd.pr.entries = b->count;
        bd.pr.level_positions = (uint32_t)next.len;
        if (fn && fn(&bd.pr, b, NULL, ctx)) {
            st = pp__fail(err, PP_ERR_CANCELLED, "the book's build was stopped");
            break;
        }
        level t = cur;
        cur = next;
        next = t;
    }
    pthread_mutex_destroy(&bd.lock);
    level_free(&cur);
    level_free(&next);
    if (st != PP_OK && st != PP_ERR_CANCELLED) {
        pp_c4_book_free(b);
        return st;
    }
    *out = b;
    return st;
}
