/* gdl_search.c: a GDL game searched from one state on the grounded network
 * (pp_gdl_search_*), for games whose state graph is too big to enumerate
 * or whose answer is shallow.
 *
 * Two roles taking turns: the outcome from the first role's side is a score
 * 0 (second wins), 1 (draw) or 2 (first wins), by comparing the two goals
 * at a terminal as the retrograde solve does. The search asks null-window
 * questions "score >= t?" (t = 2: does the first role win? t = 1: does it
 * not lose?), each answered true, false, or unknown when the depth limit
 * cut a line before its end; iterative deepening asks again one ply deeper
 * until both bounds meet. A depth-limited search cannot mistake a cut line
 * for a result (unknown spreads up as such), so every true or false is a
 * proof, valid at any depth; the table keeps them for good.
 *
 * Each question is asked leaning one way at a time: leaning to true, an
 * unknown child answers an AND node (the second role's) at once, since that
 * node cannot be proven true within the depth, and only an OR node looks on
 * for a proof among its children; leaning to false, the other way round. So
 * an iteration that proves nothing costs a search with cut-offs, not the
 * whole tree of the depth (which a three-valued search that looks for a
 * proof in both directions at every node walks): the gdl2qbf games' shallow
 * wins take 7,800 to 16,600 nodes instead of 64,000 to 568,000. The table
 * records which leaning an unknown holds for (tt_turns.unknown_lean).
 *
 * Move order: the table's move; then the moves that set the propositions
 * the mover's ways to win read most (see win_weights); among those, the two
 * killer moves of the ply, then the history heuristic (moves that cut
 * before, weighted by depth squared).
 * Every child's state is made before any is searched (the network's
 * values are those of the node only until a child is evaluated), so two
 * looks come before the first subtree: a child that ends the game
 * answering the question (the terminal's cone alone is evaluated, see
 * cone_build), then enhanced transposition cutoffs, each child looked up in
 * the table, one already proven to answer ending the node. The first look
 * comes first because it needs no memory beyond the node's: a node
 * refuted by an immediate win (most nodes of a Connect Four search) makes
 * no table probes for its children, whose cache misses cost more than the
 * look (Connect Four 6x5 in GDL: 13% less time, the same nodes).
 *
 * The table: a Zobrist hash of the base propositions (one random 64-bit key
 * per proposition, XORed over those that hold; a child's hash from its
 * parent's by the propositions that changed) picks a bucket of two entries;
 * each entry keeps the state's bits beside its key and a hit compares them
 * all, so a false hit (two states of the same hash) is excluded, not merely
 * unlikely. Replacement keeps the entry with the larger subtree.
 *
 * One role (a puzzle): for each goal value from the best down, iterative
 * deepening asks "is a terminal of at least this goal within d moves?";
 * the first d that succeeds is the fewest moves; a search that never met
 * its depth limit and found nothing proves the goal unreachable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdl_internal.h"

enum { R_FALSE = 0, R_TRUE = 1, R_UNKNOWN = 2 }; /* turns */
/* which answer a depth-limited question looks for (see test) */
enum { LEAN_TRUE = 1, LEAN_FALSE = 2 };
enum { P_FOUND = 0, P_NONE = 1, P_HORIZON = 2 }; /* puzzles */
#define NO_PATH 0xFFFFu

/* An entry: what is known of one state, for two roles taking turns or for
 * a puzzle (tt_slot makes it for the search's kind) */
typedef struct tt_turns {
    uint8_t lo, hi;       /* the score is proven within [lo, hi] */
    uint8_t unknown_t;    /* "score >= unknown_t?" is unknown to depth unknown_depth ... */
    uint8_t unknown_lean; /* ... for the questions leaning these ways (LEAN_*) */
    uint16_t unknown_depth;
    uint8_t pn_t;    /* df-pn: the threshold that pn and dn are for (0: none) */
    uint32_t pn, dn; /* df-pn: proof and disproof numbers of "score >= pn_t?" */
} tt_turns;

typedef struct tt_puzzle {
    uint32_t goal;         /* the goal index + 1 the entry answers (gv[goal - 1]; 0: none) */
    uint16_t none_within;  /* no path to that goal within this many moves (NO_PATH: none at all) */
    uint16_t found_within; /* a path within this many moves (NO_PATH: none known) */
} tt_puzzle;

typedef struct tt_ent {
    uint64_t key; /* 0: empty */
    int16_t move; /* the move that answered (index in the mover's moves, in the entry's frame: mv_in), -1 */
    uint8_t work; /* log2 of the nodes searched below it */
    union {
        tt_turns turns;
        tt_puzzle puzzle;
    };
} tt_ent;
/* the entry's size sets how many fit in a budget of memory */
_Static_assert(sizeof(tt_ent) == 32, "a table entry is 32 bytes");

typedef struct ply_buf {
    uint64_t *kids;      /* maxmoves * W */
    uint64_t *khash;     /* maxmoves * ns: each child's images' hashes (see canon) */
    int32_t *kmove;      /* the mover's move index of each child */
    uint32_t *order;     /* positions in search order */
    uint64_t *score;     /* ordering scores */
    uint32_t *cpn, *cdn; /* df-pn: the children's proof and disproof numbers */
} ply_buf;

/* A stopped node's loop: where it was, for the next step (see resume) */
typedef struct stop_rec {
    uint64_t nodes0; /* the search's nodes when the node's loop began */
    uint32_t j, nk;  /* the child it stopped at, of nk */
    int8_t mover;
    int8_t flag; /* turns: a child was unknown; puzzles: one met the horizon */
} stop_rec;

struct pp_gdl_search {
    pp_gdl *g;
    gdl_net *n;
    int nroles, puzzle;
    uint32_t W, maxmoves, maxd; /* words of a state; the most moves of a role; the deepest line */
    uint64_t *root, *root_hash; /* the root's bits and its images' hashes */
    uint8_t *noop[2];           /* by role and move: it is the constant noop */
    ply_buf *ply;
    uint32_t nply; /* ply buffers made so far */
    /* the move order (see expand) */
    struct {
        int32_t (*killer)[2]; /* by ply: its two killer moves, -1 */
        uint32_t *hist[2];    /* by role and move: the history heuristic */
        uint32_t *wt[2];      /* by base proposition: the role's ways to win reading it (win_weights); NULL: none */
    } order;
    /* the table (see tt_probe and tt_slot) */
    struct {
        unsigned char *ents; /* entries of stride bytes: a tt_ent, then the state's W words */
        pp_big big;          /* their memory (huge pages natively) */
        size_t stride;
        uint64_t size, used, max; /* entries: now, filled, at most */
    } tt;
    /* progress */
    uint64_t nodes, node_limit;
    uint64_t root_nodes; /* the nodes searched before this root (see reroot) */
    int aborted;
    pp_status fail;
    pp_error *err;
    int lo, hi, solved;
    int32_t *gv; /* puzzles: the goal values, best first */
    uint32_t ngv, gi;
    int32_t moves;
    uint32_t depth, first_depth, done_depth;
    uint64_t deepening;
    double ms;
    /* the state phase evaluated incrementally (gdl_incr.c): whole, and
     * the terminal's cone alone for the look at a node's children */
    gdl_incr whole, cone;
    int algo;        /* PP_GDL_SEARCH_ALPHABETA, _DFPN or _AUTO */
    int answered_by; /* the algorithm whose proof narrowed the bounds last */
    /* df-pn (see run_dfpn) */
    struct {
        uint64_t nodes, used;  /* auto: the first pass's nodes, those used */
        int state;             /* 0: df-pn may run; 1: auto's first pass is over; 2: given up */
        const uint64_t **path; /* the states on the current line, root first */
        uint64_t *path_hash;   /* their hashes (the identity's) */
    } pn;
    /* the outcomes still reachable (gdl_latch.c, the option frozen):
     * checked where a node is expanded, until it shows it does not pay */
    struct {
        gdl_latch *rules; /* NULL: not checked */
        uint64_t cuts;    /* the nodes it answered */
    } latch;
    /* a run stopped by its node limit, taken up by the next (see resume) */
    struct {
        stop_rec *at;        /* by ply: the stopped line's nodes */
        uint32_t len, depth; /* plies recorded; the iteration's depth */
        int q;               /* the question being asked (pp_gdl_search_run) */
        int valid;           /* a stopped line is kept for the next step */
        int replaying;       /* this step goes down it */
    } rs;
    /* the principal line (see build_pv) */
    struct {
        int32_t *kmove; /* a node's legal moves (not a ply's: a stopped line keeps those) */
        int32_t move[PP_GDL_SEARCH_PV];
        int8_t role[PP_GDL_SEARCH_PV];
        uint32_t len;
        uint64_t *hash; /* the current state's images' hashes */
    } pv;
    /* the rules' symmetries (gdl_sym.c): the table holds one state of each
     * orbit, the image of least hash. A state's hash is carried as the
     * vector of its ns images' hashes (the identity's first), each updated
     * from a move's changed propositions through zs (proposition i's key
     * in image x: zs[i * ns + x]). last is the element that mapped the
     * state of the last tt_find or tt_slot onto its entry's. */
    struct {
        gdl_symset set;
        uint32_t ns, last;
        uint64_t *zob; /* proposition i's Zobrist key (the identity's image) */
        uint64_t *zs;
        uint64_t *cbits; /* image's output */
    } sym;
};

/* The hashes of the state's images into h[0..ns) */
static void hash_of(const struct pp_gdl_search *s, const uint64_t *bits, uint64_t *h)
{
    uint32_t ns = s->sym.ns;
    memset(h, 0, ns * 8);
    for (uint32_t w = 0; w < s->W; w++)
        for (uint64_t x = bits[w]; x; x &= x - 1) {
            const uint64_t *z = s->sym.zs + (size_t)(w * 64 + (uint32_t)__builtin_ctzll(x)) * ns;
            for (uint32_t k = 0; k < ns; k++) h[k] ^= z[k];
        }
}

/* ---- the table ---- */

#define ENT(tab, i) ((tt_ent *)((tab) + (size_t)(i)*s->tt.stride))
#define ENT_BITS(e) ((uint64_t *)((e) + 1))

static inline int same_bits(const uint64_t *a, const uint64_t *b, uint32_t W)
{
    for (uint32_t w = 0; w < W; w++)
        if (a[w] != b[w]) return 0;
    return 1;
}

/* The orbit's representative: the state's image of least hash (h: the
 * images' hashes). Its hash; the element mapping the state onto it in *bx. */
static inline uint64_t canon(const pp_gdl_search *s, const uint64_t *h, uint32_t *bx)
{
    uint64_t best = h[0];
    *bx = 0;
    for (uint32_t x = 1; x < s->sym.ns; x++)
        if (h[x] < best) best = h[x], *bx = x;
    return best;
}

/* The bits of the state's image under element x (x != 0), into s->sym.cbits */
static const uint64_t *image(pp_gdl_search *s, const uint64_t *bits, uint32_t x)
{
    const uint32_t *perm = s->sym.set.base + (size_t)x * s->sym.set.nbase;
    memset(s->sym.cbits, 0, s->W * 8);
    for (uint32_t w = 0; w < s->W; w++)
        for (uint64_t y = bits[w]; y; y &= y - 1) {
            uint32_t j = perm[w * 64 + (uint32_t)__builtin_ctzll(y)];
            s->sym.cbits[j >> 6] |= 1ull << (j & 63);
        }
    return s->sym.cbits;
}

/* A move of the state last looked up, from its entry's frame (stored) and
 * into it (mv_out). */
static inline int mv_in(const pp_gdl_search *s, int mover, uint32_t sym, int m)
{
    if (m < 0 || !sym) return m;
    return (int)s->sym.set.move_inv[mover][(size_t)sym * s->sym.set.nmoves[mover] + (uint32_t)m];
}

static inline int16_t mv_out(const pp_gdl_search *s, int mover, int m)
{
    if (m < 0 || !s->sym.last) return (int16_t)m;
    return (int16_t)s->sym.set.move[mover][(size_t)s->sym.last * s->sym.set.nmoves[mover] + (uint32_t)m];
}

/* The entry of the state's orbit (bits: the state's, hv: its images'
 * hashes), else NULL; the representative's hash into *h, and its bits into
 * *cb when they were needed (a key matched; else NULL). The state's bits
 * are mapped onto the representative's only then. */
static tt_ent *tt_probe(pp_gdl_search *s, const uint64_t *bits, const uint64_t *hv, uint64_t *h, const uint64_t **cb)
{
    *h = canon(s, hv, &s->sym.last);
    uint64_t key = *h ? *h : 1;
    uint64_t i = (*h & (s->tt.size - 1)) & ~(uint64_t)1;
    *cb = s->sym.last ? NULL : bits;
    for (int k = 0; k < 2; k++) {
        tt_ent *e = ENT(s->tt.ents, i + k);
        if (e->key != key) continue;
        if (!*cb) *cb = image(s, bits, s->sym.last);
        if (same_bits(ENT_BITS(e), *cb, s->W)) return e;
    }
    return NULL;
}

static inline tt_ent *tt_find(pp_gdl_search *s, const uint64_t *bits, const uint64_t *hv)
{
    uint64_t h;
    const uint64_t *cb;
    return tt_probe(s, bits, hv, &h, &cb);
}

static inline void tt_prefetch(const pp_gdl_search *s, const uint64_t *hv)
{
    uint32_t x;
    uint64_t h = canon(s, hv, &x);
    __builtin_prefetch(s->tt.ents + (size_t)((h & (s->tt.size - 1)) & ~(uint64_t)1) * s->tt.stride);
}

/* Doubles the table (while within its budget) when it is three quarters
 * full: a small game never pays for touching a big table. */
static void tt_grow(pp_gdl_search *s)
{
    uint64_t size = s->tt.size * 2;
    if (size > s->tt.max) return;
    pp_big nb;
    unsigned char *nt = pp__big_zalloc(size * s->tt.stride, &nb);
    if (!nt) {
        s->tt.max = s->tt.size; /* stay at this size */
        return;
    }
    uint64_t used = 0;
    for (uint64_t k = 0; k < s->tt.size; k++) {
        tt_ent *e = ENT(s->tt.ents, k);
        if (!e->key) continue;
        uint64_t i = (e->key & (size - 1)) & ~(uint64_t)1;
        tt_ent *a = ENT(nt, i), *b = ENT(nt, i + 1);
        tt_ent *d = !a->key ? a : !b->key ? b : a->work <= b->work ? a : b;
        if (!d->key) used++;
        memcpy(d, e, s->tt.stride);
    }
    pp__big_free(&s->tt.big);
    s->tt.ents = nt, s->tt.big = nb, s->tt.size = size, s->tt.used = used;
}

/* The entry of this state, made (replacing the smaller of the bucket) if it
 * is not there. */
static tt_ent *tt_slot(pp_gdl_search *s, const uint64_t *bits, const uint64_t *hv, uint64_t work)
{
    uint64_t h;
    const uint64_t *cb;
    tt_ent *e = tt_probe(s, bits, hv, &h, &cb);
    if (e) {
        uint8_t lw = (uint8_t)pp__work_bits(work);
        if (lw > e->work) e->work = lw;
        return e;
    }
    bits = cb ? cb : image(s, bits, s->sym.last);
    if (s->tt.used * 4 > s->tt.size * 3 && s->tt.size < s->tt.max) tt_grow(s);
    uint64_t i = (h & (s->tt.size - 1)) & ~(uint64_t)1;
    tt_ent *a = ENT(s->tt.ents, i), *b = ENT(s->tt.ents, i + 1);
    e = !a->key ? a : !b->key ? b : a->work <= b->work ? a : b;
    if (!e->key) s->tt.used++;
    e->key = h ? h : 1;
    memcpy(ENT_BITS(e), bits, s->W * 8);
    e->move = -1;
    if (s->puzzle) e->puzzle = (tt_puzzle){.goal = 0, .none_within = 0, .found_within = NO_PATH};
    else e->turns = (tt_turns){.lo = 0, .hi = 2, .pn = 1, .dn = 1};
    e->work = (uint8_t)pp__work_bits(work);
    return e;
}

/* The state phase incrementally (gdl_incr.c), twice over. The whole
 * evaluation runs every rule, so the goals, legal moves and frame of any
 * state are at hand. The cone runs only the rules terminal depends on, in
 * values of its own: it answers "is this state terminal?" for the look at
 * a node's children before any is searched, and for the nodes at the depth
 * limit, and leaves the whole evaluation at the node, one move from each
 * child. Measured in
 * instructions (callgrind): 5 to 13% fewer on Breakthrough 4x4, GT-2-2
 * fatty, Dots and Boxes 2x3 and numerical tic-tac-toe; 2% more on Connect
 * Four, whose cone is most of the rules (its lines) and whose two
 * evaluations then differ from their last states by more moves. */

/* Marks carried down the state phase's rules: each derived atom read by a
 * rule whose head is marked gets the head's marks too (through its positive
 * literals only, if pos_only), until nothing changes (a recursive segment
 * may feed itself). */
static void mark_below(const gdl_net *n, uint8_t *mark, int pos_only)
{
    uint32_t d0 = n->base0 + n->nbase;
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t k = n->nstate_segs; k-- > 0;)
            for (uint32_t pc = n->state_segs[k].start; pc < n->state_segs[k].end;
                 pc += 3 + n->code[pc + 1] + n->code[pc + 2]) {
                uint32_t h = n->code[pc];
                if (h & GDL_NEXT_BIT || !mark[h]) continue;
                uint32_t len = n->code[pc + 1] + (pos_only ? 0 : n->code[pc + 2]);
                for (uint32_t j = 0; j < len; j++) {
                    uint32_t a = n->code[pc + 3 + j];
                    if (a >= d0 && a < n->state1 && (mark[a] | mark[h]) != mark[a]) mark[a] |= mark[h], changed = 1;
                }
            }
    }
}

/* The terminal's cone: the derived atoms terminal reads through any chain
 * of rules, into s->cone (not built when terminal is never true). */
static int cone_build(pp_gdl_search *s)
{
    gdl_net *n = s->n;
    if (n->terminal < 0 || !s->whole.ok) return 1;
    uint8_t *keep = calloc((size_t)n->natoms + 1, 1);
    if (!keep) return 0;
    keep[n->terminal] = 1;
    mark_below(n, keep, 0);
    int ok = gdl_incr_build(s->n, &s->cone, keep);
    free(keep);
    return ok;
}

/* The whole state phase for bits, in the network's values */
static void eval_state(pp_gdl_search *s, const uint64_t *bits)
{
    if (s->whole.ok) gdl_incr_eval(&s->whole, s->n, bits);
    else gdl_eval_state(s->n, bits);
}

/* Is the state terminal? The cone's answer where there is one (the
 * network's values untouched), else the whole evaluation's. */
static int is_terminal(pp_gdl_search *s, const uint64_t *bits)
{
    gdl_net *n = s->n;
    if (n->terminal < 0) return 0;
    if (s->cone.ok) {
        gdl_incr_eval(&s->cone, n, bits);
        return s->cone.val[n->terminal];
    }
    eval_state(s, bits);
    return n->val[n->terminal];
}

/* ---- a node's moves ---- */

static int fail_at(pp_gdl_search *s, const uint64_t *bits, const char *what, int role)
{
    if (s->fail) return 0;
    char facts[240];
    size_t at = 0;
    facts[0] = '\0';
    for (uint32_t i = 0; i < s->n->nbase && at + 1 < sizeof facts; i++) {
        if (!(bits[i >> 6] >> (i & 63) & 1)) continue;
        int k = snprintf(facts + at, sizeof facts - at, "%s%s", at ? " " : "", s->g->names + s->g->name_off[i]);
        if (k < 0 || (size_t)k >= sizeof facts - at) {
            strcpy(facts + sizeof facts - 4, "...");
            break;
        }
        at += (size_t)k;
    }
    const gdl_prog *p = &s->g->prog;
    if (role >= 0)
        s->fail = pp__fail(s->err, PP_ERR_INPUT, "line %u, column %u: %s %s: %s", p->role_line[role], p->role_col[role],
                           what, gdl_sym_name(&p->syms, p->gt[p->roles[role]].sym), facts);
    else
        s->fail =
            pp__fail(s->err, PP_ERR_INPUT, "line %u, column %u: %s: %s", p->role_line[1], p->role_col[1], what, facts);
    s->aborted = 1;
    return 0;
}

static int32_t goal_of(const gdl_net *n, int r)
{
    int32_t best = INT32_MIN;
    for (uint32_t k = 0; k < n->ngoals[r]; k++)
        if (n->val[n->goals[r][k].atom] && n->goals[r][k].value > best) best = n->goals[r][k].value;
    return best;
}

/* After gdl_eval_state of a state that is not terminal: the mover, its
 * legal moves into b->kmove (the count returned) and every role's choice
 * (the others' single move). 0 on a rules problem (s->fail set). */
static uint32_t node_moves(pp_gdl_search *s, const uint64_t *bits, ply_buf *b, int *mover, int32_t choice[2])
{
    const gdl_net *n = s->n;
    uint32_t count[2] = {0, 0};
    int32_t first[2] = {-1, -1};
    for (int r = 0; r < s->nroles; r++)
        for (uint32_t k = 0; k < n->nmoves[r]; k++)
            if (n->val[n->moves[r][k].legal]) {
                if (!count[r]) first[r] = (int32_t)k;
                count[r]++;
            }
    for (int r = 0; r < s->nroles; r++)
        if (!count[r])
            return (uint32_t)fail_at(s, bits, "no legal move in a reachable state that is not terminal for the role",
                                     r);
    int m;
    if (s->nroles == 1 || count[0] > 1) m = 0;
    else if (count[1] > 1) m = 1;
    else m = s->noop[0][first[0]] && !s->noop[1][first[1]] ? 1 : 0;
    if (s->nroles == 2 && count[0] > 1 && count[1] > 1)
        return (uint32_t)fail_at(
            s, bits,
            "simultaneous moves: both roles have several legal moves in a reachable state; only games "
            "where the roles take turns can be solved",
            -1);
    uint32_t k = 0;
    for (uint32_t i = 0; i < n->nmoves[m]; i++)
        if (n->val[n->moves[m][i].legal]) b->kmove[k++] = (int32_t)i;
    choice[0] = first[0], choice[1] = first[1];
    *mover = m;
    return k;
}

static int ensure_ply(pp_gdl_search *s, uint32_t ply)
{
    if (ply < s->nply) return 1;
    ply_buf *b = &s->ply[ply];
    b->kids = malloc((size_t)s->maxmoves * s->W * 8);
    b->khash = malloc((size_t)s->maxmoves * s->sym.ns * 8);
    b->kmove = malloc((size_t)s->maxmoves * 4);
    b->order = malloc((size_t)s->maxmoves * 4);
    b->score = malloc((size_t)s->maxmoves * 8);
    b->cpn = malloc((size_t)s->maxmoves * 4);
    b->cdn = malloc((size_t)s->maxmoves * 4);
    s->nply = ply + 1; /* freed with the rest even when one failed */
    if (!b->kids || !b->khash || !b->kmove || !b->order || !b->score || !b->cpn || !b->cdn) {
        if (!s->fail) s->fail = pp__fail(s->err, PP_ERR_NOMEM, "out of memory for the search");
        s->aborted = 1;
        return 0;
    }
    return 1;
}

/* The move order's weights. A role's ways to win are the state phase's
 * rules that lead, through positive literals, to its best goal and read two
 * base propositions or more (Connect Four's and tic-tac-toe's lines: (line
 * xplayer) from four cells); a proposition's weight for the role is the
 * number of them reading it. A move that sets propositions of greater
 * weight is searched first: the cells on more lines, which is what
 * "centre first" means in Connect Four, found from the rules. Measured on
 * Connect Four in GDL (nodes of a solve): 6x4 3.0 M to 0.52 M, 5x5 2.7 M to
 * 0.50 M, 6x5 98 M to 5.2 M. Weights that are all zero (no such rules:
 * Breakthrough's goal reads one cell) leave the killers and history alone.
 * Fails only for memory. */
static int win_weights(pp_gdl_search *s)
{
    gdl_net *n = s->n;
    uint32_t b0 = n->base0, b1 = n->base0 + n->nbase;
    uint8_t *mark = calloc((size_t)n->natoms + 1, 1);
    if (!mark) return 0;
    for (int q = 0; q < s->nroles; q++) {
        int32_t best = INT32_MIN;
        for (uint32_t k = 0; k < n->ngoals[q]; k++)
            if (n->goals[q][k].value > best) best = n->goals[q][k].value;
        for (uint32_t k = 0; k < n->ngoals[q]; k++)
            if (n->goals[q][k].value == best) mark[n->goals[q][k].atom] |= (uint8_t)(1u << q);
    }
    mark_below(n, mark, 1); /* the atoms the best goals read positively */
    for (uint32_t k = 0; k < n->nstate_segs; k++)
        for (uint32_t pc = n->state_segs[k].start; pc < n->state_segs[k].end;
             pc += 3 + n->code[pc + 1] + n->code[pc + 2]) {
            uint32_t h = n->code[pc], np = n->code[pc + 1], nb = 0;
            if (h & GDL_NEXT_BIT || !mark[h]) continue;
            for (uint32_t j = 0; j < np; j++) nb += n->code[pc + 3 + j] >= b0 && n->code[pc + 3 + j] < b1;
            if (nb < 2) continue;
            for (int q = 0; q < s->nroles; q++) {
                if (!(mark[h] >> q & 1)) continue;
                uint32_t **wt = &s->order.wt[q];
                if (!*wt && !(*wt = calloc((size_t)n->nbase + 1, sizeof **wt))) return free(mark), 0;
                for (uint32_t j = 0; j < np; j++) {
                    uint32_t a = n->code[pc + 3 + j];
                    if (a >= b0 && a < b1) s->order.wt[q][a - b0]++;
                }
            }
        }
    free(mark);
    return 1;
}

/* Every child of the evaluated node into b, with its hash; then the order. */
static void expand(pp_gdl_search *s, ply_buf *b, uint32_t ply, uint32_t nk, int mover, int32_t choice[2],
                   const uint64_t *bits, const uint64_t *h, int ttmove)
{
    uint32_t W = s->W, ns = s->sym.ns;
    for (uint32_t i = 0; i < nk; i++) {
        uint64_t *c = b->kids + (size_t)i * W;
        choice[mover] = b->kmove[i];
        gdl_eval_next(s->n, choice, s->nroles, c);
        /* one pass over the propositions the move changed: the hashes, and
         * the weight of those it sets (see win_weights) */
        uint64_t *hc = b->khash + (size_t)i * ns;
        const uint32_t *wt = s->order.wt[mover];
        uint64_t wsum = 0;
        memcpy(hc, h, ns * 8);
        for (uint32_t w = 0; w < W; w++)
            for (uint64_t x = c[w] ^ bits[w]; x; x &= x - 1) {
                uint32_t p = w * 64 + (uint32_t)__builtin_ctzll(x);
                const uint64_t *z = s->sym.zs + (size_t)p * ns;
                for (uint32_t k = 0; k < ns; k++) hc[k] ^= z[k];
                if (wt && (c[w] >> (p & 63) & 1)) wsum += wt[p];
            }
        tt_prefetch(s, hc);
        /* the order's keys, most significant first: the table's move; the
         * weight of what the move sets; a killer; the history (< 2^31) */
        int32_t mv = b->kmove[i];
        uint64_t sc = s->order.hist[mover][mv] | (wsum < 0xFFFFF ? wsum : 0xFFFFF) << 40;
        if (mv == s->order.killer[ply][0]) sc |= (uint64_t)1 << 38;
        else if (mv == s->order.killer[ply][1]) sc |= (uint64_t)1 << 37;
        if (mv == ttmove) sc = UINT64_MAX;
        b->score[i] = sc;
        /* insertion by score, stable */
        uint32_t j = i;
        while (j > 0 && b->score[b->order[j - 1]] < sc) b->order[j] = b->order[j - 1], j--;
        b->order[j] = i;
    }
}

static void good_move(pp_gdl_search *s, uint32_t ply, int mover, int32_t mv, uint32_t depth)
{
    if (s->order.killer[ply][0] != mv) s->order.killer[ply][1] = s->order.killer[ply][0], s->order.killer[ply][0] = mv;
    uint32_t d = depth > 60000 ? 60000 : depth;
    uint64_t v = (uint64_t)s->order.hist[mover][mv] + (uint64_t)d * d;
    s->order.hist[mover][mv] = v > UINT32_MAX / 2 ? UINT32_MAX / 2 : (uint32_t)v;
}

/* ---- a search in steps ----
 *
 * The page searches in steps of a few thousand nodes, so that progress shows
 * and Cancel answers. A step that runs out of nodes in the middle of an
 * iteration keeps its line: each node on it records, as the recursion
 * unwinds, where its loop over the children was (stop_rec); its children,
 * their order and its state stay in the ply buffers, which nothing else
 * touches until the next step. The next step asks the same question at the
 * same depth, goes down the recorded line without counting, probing or
 * expanding those nodes again, and takes each loop up where it stopped. So a
 * search in steps visits the very nodes of one uninterrupted run, and
 * answers with the same move: without this, killers and history changed by
 * the stopped subtree reordered the line's nodes when the step started again
 * from the root (connect-3 6x6 in 20,000-node steps took 1.8 times the nodes
 * of one run, and answered with another winning move). */

/* A node's loop stopped at child j: record it for the next step. */
static void stopped(pp_gdl_search *s, uint32_t ply, uint32_t j, uint32_t nk, int mover, int flag, uint64_t nodes0)
{
    if (s->fail) return;
    stop_rec *r = &s->rs.at[ply];
    r->j = j, r->nk = nk, r->mover = (int8_t)mover, r->flag = (int8_t)flag, r->nodes0 = nodes0;
    if (ply + 1 > s->rs.len) s->rs.len = ply + 1;
}

/* A node entered on the recorded line: its record, else NULL. The deepest
 * recorded node ends the replay: everything after it is searched as usual. */
static const stop_rec *resume(pp_gdl_search *s, uint32_t ply)
{
    if (!s->rs.replaying) return NULL;
    if (ply >= s->rs.len) {
        s->rs.replaying = 0, s->rs.len = 0;
        return NULL;
    }
    if (ply + 1 == s->rs.len) s->rs.replaying = 0, s->rs.len = 0;
    return &s->rs.at[ply];
}

/* The node limit, checked before a node is counted: the node that finds it
 * reached is searched (and counted) by the next step. */
static inline int out_of_nodes(pp_gdl_search *s)
{
    if (s->nodes >= s->node_limit) {
        s->aborted = 1;
        return 1;
    }
    s->nodes++;
    return 0;
}

/* ---- two roles: is the score at least t? ---- */

static int score_of(const gdl_net *n, pp_gdl_search *s, const uint64_t *bits)
{
    int32_t a = goal_of(n, 0), b = goal_of(n, 1);
    if (a == INT32_MIN) return fail_at(s, bits, "a reachable terminal state has no goal for the role", 0), -1;
    if (b == INT32_MIN) return fail_at(s, bits, "a reachable terminal state has no goal for the role", 1), -1;
    return a > b ? 2 : a < b ? 0 : 1;
}

/* --frozen: where fewer than one check in LATCH_PAYS has cut after
 * LATCH_TRIAL checks, the rules give the analysis nothing to see (Connect
 * Four's cells are read through views it does not resolve), and it stops */
#define LATCH_TRIAL 16384u
#define LATCH_PAYS 64u

/* The outcomes still reachable answer "score >= t?" (R_TRUE, R_FALSE;
 * -1: they do not); the analysis is dropped where it does not pay. */
static int latch_cut(pp_gdl_search *s, const uint64_t *bits, const uint64_t *h, int t)
{
    int lo, hi;
    uint64_t checks = gdl_latch_checks(s->latch.rules);
    if (checks >= LATCH_TRIAL && s->latch.cuts * LATCH_PAYS < checks) { /* it does not pay here */
        gdl_latch_free(s->latch.rules);
        s->latch.rules = NULL;
        return -1;
    }
    if (!gdl_latch_scores(s->latch.rules, bits, &lo, &hi) || (t > lo && t <= hi)) return -1;
    tt_ent *e = tt_slot(s, bits, h, 1);
    if (lo > e->turns.lo) e->turns.lo = (uint8_t)lo;
    if (hi < e->turns.hi) e->turns.hi = (uint8_t)hi;
    s->latch.cuts++;
    return t <= lo ? R_TRUE : R_FALSE;
}

/* The node's answer to "score >= t?" proven by its mover's move m (a
 * child's answer): stored, and returned */
static int proven_by(pp_gdl_search *s, const uint64_t *bits, const uint64_t *h, int t, int mover, int32_t m)
{
    tt_ent *e = tt_slot(s, bits, h, 1);
    if (mover == 0) e->turns.lo = (uint8_t)t;
    else e->turns.hi = (uint8_t)(t - 1);
    e->move = mv_out(s, mover, m);
    return mover == 0 ? R_TRUE : R_FALSE;
}

/* The looks at an expanded node's children before any subtree: a move
 * that ends the game answering the question (at depth 1 the loop over the
 * children looks at each just as soon), then enhanced transposition
 * cutoffs. The node's answer (R_UNKNOWN on a rules problem), else -1. */
static int child_cut(pp_gdl_search *s, const ply_buf *b, uint32_t nk, int mover, const uint64_t *bits,
                     const uint64_t *h, int t, uint32_t depth)
{
    int max = mover == 0;
    if (depth >= 2) {
        for (uint32_t j = 0; j < nk; j++) {
            uint32_t i = b->order[j];
            const uint64_t *c = b->kids + (size_t)i * s->W;
            if (!is_terminal(s, c)) continue;
            eval_state(s, c);
            int sc = score_of(s->n, s, c);
            if (sc < 0) return R_UNKNOWN;
            if (max ? sc >= t : sc < t) return proven_by(s, bits, h, t, mover, b->kmove[i]);
        }
    }
    for (uint32_t i = 0; i < nk; i++) {
        tt_ent *c = tt_find(s, b->kids + (size_t)i * s->W, b->khash + (size_t)i * s->sym.ns);
        if (c && (max ? c->turns.lo >= t : c->turns.hi < t)) return proven_by(s, bits, h, t, mover, b->kmove[i]);
    }
    return -1;
}
static int test(pp_gdl_search *s, uint32_t ply, const uint64_t *bits, const uint64_t *h, int t, uint32_t depth,
                int lean)
{
    if (s->aborted) return R_UNKNOWN;
    ply_buf *b;
    int mover, max, unknown = 0;
    uint32_t nk, j0 = 0;
    uint64_t nodes0;
    const stop_rec *rec = resume(s, ply);
    if (rec) {
        b = &s->ply[ply];
        nk = rec->nk, mover = rec->mover, max = mover == 0;
        j0 = rec->j, unknown = rec->flag, nodes0 = rec->nodes0;
        goto children;
    }
    if (out_of_nodes(s)) return R_UNKNOWN;
    int ttmove = -1;
    tt_ent *e = tt_find(s, bits, h);
    uint32_t ttsym = s->sym.last;
    if (e) {
        if (e->turns.lo >= t) return R_TRUE;
        if (e->turns.hi < t) return R_FALSE;
        const tt_turns *q = &e->turns;
        if (q->unknown_t == t && q->unknown_depth >= depth && (q->unknown_lean & lean)) return R_UNKNOWN;
        ttmove = e->move;
    }
    gdl_net *n = s->n;
    /* at the depth limit only terminal matters: the cone answers it */
    int limit = depth == 0 || ply + 1 >= s->maxd;
    if (limit && !is_terminal(s, bits)) return R_UNKNOWN;
    eval_state(s, bits);
    if (n->terminal >= 0 && n->val[n->terminal]) {
        int sc = score_of(n, s, bits);
        if (sc < 0) return R_UNKNOWN;
        e = tt_slot(s, bits, h, 1);
        e->turns.lo = e->turns.hi = (uint8_t)sc;
        return sc >= t ? R_TRUE : R_FALSE;
    }
    if (limit) return R_UNKNOWN;
    if (!ensure_ply(s, ply)) return R_UNKNOWN;
    b = &s->ply[ply];
    int32_t choice[2];
    nk = node_moves(s, bits, b, &mover, choice);
    if (!nk) return R_UNKNOWN;
    ttmove = mv_in(s, mover, ttsym, ttmove);
    /* the outcomes still reachable (after the moves: a rules problem the
     * moves show is reported, not answered around) */
    int cut = s->latch.rules ? latch_cut(s, bits, h, t) : -1;
    if (cut >= 0) return cut;
    expand(s, b, ply, nk, mover, choice, bits, h, ttmove);
    max = mover == 0;
    nodes0 = s->nodes;
    if ((cut = child_cut(s, b, nk, mover, bits, h, t, depth)) >= 0) return cut;
children:
    for (uint32_t j = j0; j < nk; j++) {
        uint32_t i = b->order[j];
        int r = test(s, ply + 1, b->kids + (size_t)i * s->W, b->khash + (size_t)i * s->sym.ns, t, depth - 1, lean);
        if (s->aborted) return stopped(s, ply, j, nk, mover, unknown, nodes0), R_UNKNOWN;
        if (r == (max ? R_TRUE : R_FALSE)) {
            e = tt_slot(s, bits, h, s->nodes - nodes0);
            if (max) e->turns.lo = (uint8_t)(t > e->turns.lo ? t : e->turns.lo);
            else e->turns.hi = (uint8_t)(t - 1 < e->turns.hi ? t - 1 : e->turns.hi);
            e->move = mv_out(s, mover, b->kmove[i]);
            good_move(s, ply, mover, b->kmove[i], depth);
            return r;
        }
        if (r == R_UNKNOWN) {
            unknown = 1;
            /* the question leans the other way: an unknown child is this
             * node's answer, no proof is looked for among the rest */
            if (lean == (max ? LEAN_FALSE : LEAN_TRUE)) break;
        }
    }
    e = tt_slot(s, bits, h, s->nodes - nodes0);
    tt_turns *q = &e->turns;
    if (unknown) {
        if (q->unknown_t != t || q->unknown_depth < depth)
            q->unknown_depth = (uint16_t)depth, q->unknown_t = (uint8_t)t, q->unknown_lean = 0;
        if (q->unknown_depth == depth) q->unknown_lean |= (uint8_t)lean;
        if (e->move < 0) e->move = mv_out(s, mover, b->kmove[b->order[0]]);
        return R_UNKNOWN;
    }
    if (max) q->hi = (uint8_t)(t - 1 < q->hi ? t - 1 : q->hi);
    else q->lo = (uint8_t)(t > q->lo ? t : q->lo);
    if (e->move < 0) e->move = mv_out(s, mover, b->kmove[b->order[0]]);
    return max ? R_FALSE : R_TRUE;
}

/* ---- two roles: df-pn for "is the score at least t?" ----
 *
 * Depth-first proof-number search (Nagai) with the 1+epsilon trick of
 * Pawlewicz and Lew: a node's child is searched until its proof number
 * passes the second best sibling's by a quarter, which saves most of the
 * re-expansions plain df-pn makes on a DAG. Proof and disproof numbers live
 * in the same table as alpha-beta's bounds: a proof is stored as lo >= t, a
 * disproof as hi < t (exact, and shared with the alpha-beta search that may
 * follow), an unfinished node as (pn_t = t, pn, dn). The first role's moves are
 * OR nodes, the second's AND nodes. A state met again on its own line (the
 * rules let the game go round) or a line of PP_GDL_SEARCH_MAX_DEPTH plies
 * makes df-pn give up for good: its proofs so far stand (none was made
 * through a repetition), and alpha-beta, whose depth limits handle cycles,
 * answers the rest. */

#define PN_INF 0x7FFFFFFFu

static inline void child_pn(pp_gdl_search *s, const uint64_t *bits, const uint64_t *h, int t, uint32_t *pn,
                            uint32_t *dn)
{
    tt_ent *e = tt_find(s, bits, h);
    if (e) {
        if (e->turns.lo >= t) {
            *pn = 0, *dn = PN_INF;
            return;
        }
        if (e->turns.hi < t) {
            *pn = PN_INF, *dn = 0;
            return;
        }
        if (e->turns.pn_t == t) {
            *pn = e->turns.pn, *dn = e->turns.dn;
            return;
        }
    }
    *pn = 1, *dn = 1;
}

static inline uint32_t pn_add(uint32_t a, uint32_t b)
{
    uint64_t x = (uint64_t)a + b;
    return a == PN_INF || b == PN_INF ? PN_INF : x >= PN_INF ? PN_INF - 1 : (uint32_t)x;
}

/* 1 + epsilon: a child's threshold from the second best sibling's number */
static inline uint32_t pn_eps(uint32_t x)
{
    uint64_t y = (uint64_t)x + x / 4 + 1;
    return y >= PN_INF ? PN_INF : (uint32_t)y;
}

static void mid(pp_gdl_search *s, uint32_t ply, const uint64_t *bits, const uint64_t *h, int t, uint32_t thpn,
                uint32_t thdn)
{
    if (s->aborted) return;
    if (++s->nodes > s->node_limit) {
        s->aborted = 1;
        return;
    }
    gdl_net *n = s->n;
    eval_state(s, bits);
    if (n->terminal >= 0 && n->val[n->terminal]) {
        int sc = score_of(n, s, bits);
        if (sc < 0) return;
        tt_ent *e = tt_slot(s, bits, h, 1);
        e->turns.lo = e->turns.hi = (uint8_t)sc;
        return;
    }
    if (ply + 1 >= s->maxd || !ensure_ply(s, ply)) {
        s->pn.state = 2, s->aborted = 1;
        return;
    }
    int ttmove = -1;
    tt_ent *e = tt_find(s, bits, h);
    uint32_t ttsym = s->sym.last;
    if (e) ttmove = e->move;
    ply_buf *b = &s->ply[ply];
    int mover;
    int32_t choice[2];
    uint32_t nk = node_moves(s, bits, b, &mover, choice);
    if (!nk) return;
    ttmove = mv_in(s, mover, ttsym, ttmove);
    expand(s, b, ply, nk, mover, choice, bits, h, ttmove);
    s->pn.path[ply] = bits, s->pn.path_hash[ply] = h[0];
    for (uint32_t i = 0; i < nk; i++) {
        const uint64_t *c = b->kids + (size_t)i * s->W;
        for (uint32_t k = 0; k <= ply; k++)
            if (s->pn.path_hash[k] == b->khash[(size_t)i * s->sym.ns] && same_bits(s->pn.path[k], c, s->W)) {
                s->pn.state = 2, s->aborted = 1; /* the game goes round: alpha-beta's job */
                return;
            }
        child_pn(s, c, b->khash + (size_t)i * s->sym.ns, t, &b->cpn[i], &b->cdn[i]);
    }
    int max = mover == 0;
    /* as OR/AND: "proof" p is the mover's number to bring to 0 (pn at OR, dn at AND) */
    uint32_t *cp = max ? b->cpn : b->cdn, *cd = max ? b->cdn : b->cpn;
    uint32_t thp = max ? thpn : thdn, thd = max ? thdn : thpn;
    uint64_t nodes0 = s->nodes;
    uint32_t p, d, best = b->order[0];
    for (;;) {
        uint32_t p1 = PN_INF, p2 = PN_INF;
        d = 0;
        best = b->order[0];
        for (uint32_t j = 0; j < nk; j++) { /* in move order: ties go to the better ordered */
            uint32_t i = b->order[j];
            d = pn_add(d, cd[i]);
            if (cp[i] < p1) p2 = p1, p1 = cp[i], best = i;
            else if (cp[i] < p2) p2 = cp[i];
        }
        p = p1;
        if (p == 0 || d == 0 || p >= thp || d >= thd) break;
        uint32_t cthp = pn_eps(p2) < thp ? pn_eps(p2) : thp;
        uint32_t cthd = thd == PN_INF ? PN_INF : thd - d + cd[best];
        const uint64_t *c = b->kids + (size_t)best * s->W;
        if (max) mid(s, ply + 1, c, b->khash + (size_t)best * s->sym.ns, t, cthp, cthd);
        else mid(s, ply + 1, c, b->khash + (size_t)best * s->sym.ns, t, cthd, cthp);
        if (s->aborted) return;
        child_pn(s, c, b->khash + (size_t)best * s->sym.ns, t, &b->cpn[best], &b->cdn[best]);
    }
    e = tt_slot(s, bits, h, s->nodes - nodes0 + 1);
    uint32_t pn = max ? p : d, dn = max ? d : p;
    /* the move of a proof or disproof (the one that answered, or the last
     * refuted); an unfinished node's most proving child is no good guess
     * for alpha-beta's order, so it is not kept */
    if (pn == 0) {
        if (t > e->turns.lo) e->turns.lo = (uint8_t)t;
        e->move = mv_out(s, mover, b->kmove[best]);
    } else if (dn == 0) {
        if (t - 1 < e->turns.hi) e->turns.hi = (uint8_t)(t - 1);
        e->move = mv_out(s, mover, b->kmove[best]);
    } else e->turns.pn_t = (uint8_t)t, e->turns.pn = pn, e->turns.dn = dn;
}

/* R_TRUE, R_FALSE, or R_UNKNOWN when the nodes ran out or df-pn gave up */
static int dfpn_question(pp_gdl_search *s, int t)
{
    mid(s, 0, s->root, s->root_hash, t, PN_INF, PN_INF);
    tt_ent *e = tt_find(s, s->root, s->root_hash);
    if (!e) return R_UNKNOWN;
    return e->turns.lo >= t ? R_TRUE : e->turns.hi < t ? R_FALSE : R_UNKNOWN;
}

/* df-pn's questions from the root: DFPN until the outcome is known (or the
 * nodes run out), AUTO one pass on "does the first role win?" within its
 * nodes. What it leaves unanswered goes to alpha-beta (s->aborted clear),
 * except when the caller's nodes ran out (s->aborted set). */
static void run_dfpn(pp_gdl_search *s)
{
    uint64_t limit = s->node_limit, pass_end = UINT64_MAX;
    if (s->algo == PP_GDL_SEARCH_AUTO) {
        pass_end = s->pn.used < s->pn.nodes ? s->nodes + (s->pn.nodes - s->pn.used) : s->nodes;
        if (pass_end < s->node_limit) s->node_limit = pass_end;
    }
    uint64_t nodes0 = s->nodes;
    while (s->lo < s->hi && !s->aborted) {
        int t = s->hi;
        if (s->algo == PP_GDL_SEARCH_AUTO && t != 2) break;
        int r = dfpn_question(s, t);
        if (r == R_TRUE) s->lo = t, s->answered_by = PP_GDL_SEARCH_DFPN;
        else if (r == R_FALSE) s->hi = t - 1, s->answered_by = PP_GDL_SEARCH_DFPN;
        if (s->algo == PP_GDL_SEARCH_AUTO) break;
    }
    s->pn.used += s->nodes - nodes0;
    if (s->lo == s->hi) s->solved = 1;
    if (s->fail) return;
    if (s->pn.state == 2) s->aborted = 0; /* gave up: alpha-beta goes on */
    else if (s->algo == PP_GDL_SEARCH_AUTO) {
        if (!s->aborted || s->pn.used >= s->pn.nodes) s->pn.state = 1;
        if (s->aborted && s->nodes <= limit) s->aborted = 0; /* the pass's nodes ran out, not the caller's */
    }
    s->node_limit = limit;
}

/* ---- one role: a terminal of goal >= gv[gi] within depth moves? ---- */

/* Entry e made to answer for goal tag: what it held for another goal goes */
static inline tt_puzzle *for_goal(tt_ent *e, uint32_t tag)
{
    if (e->puzzle.goal != tag) e->puzzle = (tt_puzzle){tag, 0, NO_PATH}, e->move = -1;
    return &e->puzzle;
}

static int ptest(pp_gdl_search *s, uint32_t ply, const uint64_t *bits, const uint64_t *h, uint32_t depth)
{
    if (s->aborted) return P_HORIZON;
    uint32_t tag = s->gi + 1;
    ply_buf *b;
    int mover, horizon = 0;
    uint32_t nk, j0 = 0;
    uint64_t nodes0;
    const stop_rec *rec = resume(s, ply);
    if (rec) {
        b = &s->ply[ply];
        nk = rec->nk, mover = rec->mover;
        j0 = rec->j, horizon = rec->flag, nodes0 = rec->nodes0;
        goto children;
    }
    if (out_of_nodes(s)) return P_HORIZON;
    int ttmove = -1;
    tt_ent *e = tt_find(s, bits, h);
    uint32_t ttsym = s->sym.last;
    if (e && e->puzzle.goal == tag) {
        if (e->puzzle.found_within <= depth) return P_FOUND;
        if (e->puzzle.none_within == NO_PATH) return P_NONE;
        if (e->puzzle.none_within >= depth) return P_HORIZON;
        ttmove = e->move;
    }
    gdl_net *n = s->n;
    eval_state(s, bits);
    if (n->terminal >= 0 && n->val[n->terminal]) {
        int32_t v = goal_of(n, 0);
        if (v == INT32_MIN)
            return fail_at(s, bits, "a reachable terminal state has no goal for the role", 0), P_HORIZON;
        tt_puzzle *q = for_goal(tt_slot(s, bits, h, 1), tag);
        if (v >= s->gv[s->gi]) q->found_within = 0;
        else q->none_within = NO_PATH;
        return v >= s->gv[s->gi] ? P_FOUND : P_NONE;
    }
    if (depth == 0 || ply + 1 >= s->maxd) return P_HORIZON;
    if (!ensure_ply(s, ply)) return P_HORIZON;
    b = &s->ply[ply];
    int32_t choice[2];
    nk = node_moves(s, bits, b, &mover, choice);
    if (!nk) return P_HORIZON;
    ttmove = mv_in(s, mover, ttsym, ttmove);
    expand(s, b, ply, nk, mover, choice, bits, h, ttmove);
    nodes0 = s->nodes;
    for (uint32_t i = 0; i < nk; i++) {
        tt_ent *c = tt_find(s, b->kids + (size_t)i * s->W, b->khash + (size_t)i * s->sym.ns);
        if (c && c->puzzle.goal == tag && c->puzzle.found_within <= depth - 1) {
            uint16_t len = (uint16_t)(c->puzzle.found_within + 1); /* c may move when the table grows */
            e = tt_slot(s, bits, h, 1);
            for_goal(e, tag)->found_within = len;
            e->move = mv_out(s, mover, b->kmove[i]);
            return P_FOUND;
        }
    }
children:
    for (uint32_t j = j0; j < nk; j++) {
        uint32_t i = b->order[j];
        int r = ptest(s, ply + 1, b->kids + (size_t)i * s->W, b->khash + (size_t)i * s->sym.ns, depth - 1);
        if (s->aborted) return stopped(s, ply, j, nk, mover, horizon, nodes0), P_HORIZON;
        if (r == P_FOUND) {
            e = tt_slot(s, bits, h, s->nodes - nodes0);
            for_goal(e, tag)->found_within = (uint16_t)depth;
            e->move = mv_out(s, mover, b->kmove[i]);
            good_move(s, ply, mover, b->kmove[i], depth);
            return P_FOUND;
        }
        if (r == P_HORIZON) horizon = 1;
    }
    tt_puzzle *q = for_goal(tt_slot(s, bits, h, s->nodes - nodes0), tag);
    q->none_within = horizon ? (uint16_t)(depth > q->none_within ? depth : q->none_within) : NO_PATH;
    return horizon ? P_HORIZON : P_NONE;
}

/* ---- the principal line: the table's moves from the root ---- */

static void build_pv(pp_gdl_search *s)
{
    s->pv.len = 0;
    uint64_t *cur = malloc((size_t)s->W * 8 * 2);
    if (!cur) return;
    uint64_t *nx = cur + s->W;
    memcpy(cur, s->root, s->W * 8);
    uint64_t *h = s->pv.hash;
    memcpy(h, s->root_hash, s->sym.ns * 8);
    ply_buf pb = {.kmove = s->pv.kmove}, *b = &pb; /* not a ply's: a stopped line keeps those */
    while (s->pv.len < PP_GDL_SEARCH_PV) {
        tt_ent *e = tt_find(s, cur, h);
        uint32_t sym = s->sym.last;
        if (!e || e->move < 0 || (s->puzzle && e->puzzle.goal != s->gi + 1)) break;
        eval_state(s, cur);
        if (s->n->terminal >= 0 && s->n->val[s->n->terminal]) break;
        int mover;
        int32_t choice[2];
        uint32_t nk = node_moves(s, cur, b, &mover, choice);
        int32_t m = mv_in(s, mover, sym, e->move);
        uint32_t i = 0;
        while (i < nk && b->kmove[i] != m) i++;
        if (i == nk) break;
        choice[mover] = m;
        gdl_eval_next(s->n, choice, s->nroles, nx);
        s->pv.move[s->pv.len] = m;
        s->pv.role[s->pv.len++] = (int8_t)mover;
        hash_of(s, nx, h);
        memcpy(cur, nx, s->W * 8);
    }
    free(cur);
}

/* ---- the API ---- */

static int cmp_desc(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* The table's entries for a budget of bytes: at most the most that fit,
 * starting at 2^16 (tt_grow doubles it as it fills) */
static void tt_size(pp_gdl_search *s, uint64_t bytes)
{
    s->tt.stride = sizeof(tt_ent) + (size_t)s->W * 8;
    uint64_t per = s->tt.stride, size = 1024;
    while (size * 2 * per <= bytes && size < ((uint64_t)1 << 34)) size *= 2;
    s->tt.max = size;
    if (size > (1u << 16)) size = 1u << 16;
    s->tt.size = size;
}

/* The rules' symmetries (none when asked, or without memory to find
 * them: the table keys states as they are), and each proposition's key in
 * each image. 0 when out of memory. */
static int sym_keys(pp_gdl_search *s, int no_symmetry)
{
    if (!no_symmetry && !gdl_sym_find(&s->g->prog, s->n, &s->sym.set)) gdl_symset_free(&s->sym.set);
    uint32_t ns = s->sym.ns = s->sym.set.count > 1 ? s->sym.set.count : 1;
    uint32_t nb = s->W * 64;
    s->sym.cbits = calloc(s->W, 8);
    s->sym.zs = malloc((size_t)nb * ns * 8);
    s->root_hash = malloc((size_t)ns * 8);
    s->pv.hash = malloc((size_t)ns * 8);
    if (!s->sym.cbits || !s->sym.zs || !s->root_hash || !s->pv.hash) return 0;
    const gdl_symset *set = &s->sym.set;
    uint64_t seed = 0x5EED5EED12345ull, *zob = s->sym.zob;
    for (uint32_t i = 0; i < nb; i++) zob[i] = pp__splitmix(&seed);
    for (uint32_t i = 0; i < nb; i++)
        for (uint32_t x = 0; x < ns; x++)
            s->sym.zs[(size_t)i * ns + x] = x && i < set->nbase ? zob[set->base[(size_t)x * set->nbase + i]] : zob[i];
    return 1;
}

pp_status pp_gdl_search_new(pp_gdl *g, const uint64_t *root, const pp_gdl_search_options *opt, pp_gdl_search **out,
                            pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "no place for the search");
    *out = NULL;
    if (!g) return pp__fail(err, PP_ERR_ARG, "no rules");
    int nroles = g->prog.nroles;
    if (nroles < 1 || nroles > 2)
        return pp__fail(err, PP_ERR_INPUT, "%d roles: only one role (a puzzle) or two taking turns can be solved",
                        nroles);
    pp_gdl_search_options o = {0};
    if (opt) o = *opt;
    pp_gdl_search *s = calloc(1, sizeof *s);
    if (!s) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
    gdl_net *n = &g->net;
    s->g = g;
    s->n = n;
    s->nroles = nroles;
    s->puzzle = nroles == 1;
    s->W = n->words ? n->words : 1;
    s->maxmoves = n->nmoves[0] > n->nmoves[1] ? n->nmoves[0] : n->nmoves[1];
    if (!s->maxmoves) s->maxmoves = 1;
    s->maxd = o.max_depth && o.max_depth < PP_GDL_SEARCH_MAX_DEPTH ? o.max_depth : PP_GDL_SEARCH_MAX_DEPTH;
    s->first_depth = o.first_depth ? o.first_depth : 1;
    s->depth = s->first_depth;
    s->deepening = o.deepening ? o.deepening : 20000;
    s->lo = 0, s->hi = 2;
    s->moves = -1;
    s->algo = o.algo == PP_GDL_SEARCH_DFPN || o.algo == PP_GDL_SEARCH_AUTO ? o.algo : PP_GDL_SEARCH_ALPHABETA;
    s->pn.nodes = o.dfpn_nodes ? o.dfpn_nodes : 30000;
    uint64_t bytes = o.max_bytes ? o.max_bytes : (uint64_t)64 << 20;
    tt_size(s, bytes);
    s->root = malloc((size_t)s->W * 8);
    s->sym.zob = malloc((size_t)s->W * 64 * 8);
    s->noop[0] = calloc(n->nmoves[0] + 1, 1);
    s->noop[1] = calloc(n->nmoves[1] + 1, 1);
    s->ply = calloc(s->maxd + 1, sizeof *s->ply);
    s->order.killer = malloc((size_t)(s->maxd + 1) * sizeof *s->order.killer);
    s->order.hist[0] = calloc(n->nmoves[0] + 1, sizeof *s->order.hist[0]);
    s->order.hist[1] = calloc(n->nmoves[1] + 1, sizeof *s->order.hist[1]);
    s->gv = malloc(((size_t)n->ngoals[0] + 1) * sizeof *s->gv);
    s->tt.ents = pp__big_zalloc(s->tt.size * s->tt.stride, &s->tt.big);
    s->pn.path = malloc((size_t)(s->maxd + 1) * sizeof *s->pn.path);
    s->pn.path_hash = malloc((size_t)(s->maxd + 1) * sizeof *s->pn.path_hash);
    s->rs.at = malloc((size_t)(s->maxd + 1) * sizeof *s->rs.at);
    s->pv.kmove = malloc((size_t)s->maxmoves * sizeof *s->pv.kmove);
    if (!s->rs.at || !s->pv.kmove || !s->pn.path || !s->pn.path_hash || !s->root || !s->sym.zob || !s->noop[0] ||
        !s->noop[1] || !s->ply || !s->order.killer || !s->order.hist[0] || !s->order.hist[1] || !s->gv || !s->tt.ents) {
        pp_gdl_search_free(s);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search's table (%llu MB)",
                        (unsigned long long)(s->tt.size * s->tt.stride >> 20));
    }
    if (!sym_keys(s, o.no_symmetry)) {
        pp_gdl_search_free(s);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
    }
    memset(s->root, 0, s->W * 8);
    memcpy(s->root, root ? root : n->init, n->words * 8);
    hash_of(s, s->root, s->root_hash);
    for (uint32_t i = 0; i <= s->maxd; i++) s->order.killer[i][0] = s->order.killer[i][1] = -1;
    for (int r = 0; r < nroles; r++)
        for (uint32_t k = 0; k < n->nmoves[r]; k++) {
            const gdl_gterm *t = &g->prog.gt[n->moves[r][k].term];
            s->noop[r][k] = t->arity == 0 && strcmp(gdl_sym_name(&g->prog.syms, t->sym), "noop") == 0;
        }
    if (!s->puzzle && o.frozen) s->latch.rules = gdl_latch_new(n); /* NULL: the search goes without */
    if (!gdl_incr_build(s->n, &s->whole, NULL) || !cone_build(s) || !win_weights(s)) {
        pp_gdl_search_free(s);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
    }
    for (uint32_t k = 0; k < n->ngoals[0]; k++) s->gv[k] = n->goals[0][k].value;
    qsort(s->gv, n->ngoals[0], sizeof *s->gv, cmp_desc);
    for (uint32_t k = 0; k < n->ngoals[0]; k++)
        if (!s->ngv || s->gv[s->ngv - 1] != s->gv[k]) s->gv[s->ngv++] = s->gv[k];
    *out = s;
    return PP_OK;
}

pp_status pp_gdl_search_run(pp_gdl_search *s, uint64_t max_nodes, int *done, pp_error *err)
{
    if (done) *done = 0;
    if (!s) return pp__fail(err, PP_ERR_ARG, "no search");
    if (s->fail) return pp__fail(err, s->fail, "the search stopped on an earlier error");
    double t0 = pp__now_ms();
    s->err = err;
    s->aborted = 0;
    s->node_limit = max_nodes ? s->nodes + max_nodes : UINT64_MAX;
    if (!s->puzzle && s->algo != PP_GDL_SEARCH_ALPHABETA && !s->pn.state) run_dfpn(s);
    /* a line stopped by the last step is taken up (see resume) */
    s->rs.replaying = s->rs.valid && s->rs.depth == s->depth;
    s->rs.valid = 0;
    if (!s->rs.replaying) s->rs.len = 0;
    int stepped = 0; /* the iterations' loop ran: a stop in it is taken up */
    while (!s->solved && !s->aborted) {
        stepped = 1;
        if (s->depth > s->maxd) break;
        uint32_t d = s->depth;
        if (s->puzzle) {
            if (s->gi >= s->ngv) {
                s->solved = 1, s->moves = -1;
                break;
            }
            s->rs.depth = d;
            int r = ptest(s, 0, s->root, s->root_hash, d);
            if (s->aborted) break;
            if (r == P_FOUND) s->solved = 1, s->moves = (int32_t)d;
            else if (r == P_NONE) s->gi++, s->depth = 0, s->done_depth = 0;
            else s->done_depth = d, s->depth++;
            continue; /* puzzles deepen one ply at a time: the fewest moves */
        }
        /* The questions: is the score at least hi? then, while more than one
         * value is left, at least lo + 1? Each leaning to true (an unknown
         * child answers an AND node), then to false (an OR node); a proof
         * narrows the bounds and the questions start again. A search to the
         * end asks about lo + 1 first: it runs only when no shallow win was
         * found, and there a proof that the first role cannot win is
         * the more likely answer and the dearer (Connect-4 6x4, a win for
         * the second role: 4.9 million nodes with the win question first,
         * 3.0 million with the draw question, whose proof alone answers). */
        int mid_first = d >= s->maxd;
        int progressed = 1;
        while (s->lo < s->hi && progressed && !s->aborted) {
            progressed = 0;
            s->rs.depth = d;
            for (int q = s->rs.replaying ? s->rs.q : 0; q < 4 && !progressed; q++) {
                if (q >= 2 && s->lo + 1 >= s->hi) break;
                int t = (q < 2) != mid_first ? s->hi : s->lo + 1;
                s->rs.q = q;
                int r = test(s, 0, s->root, s->root_hash, t, d, q & 1 ? LEAN_FALSE : LEAN_TRUE);
                if (s->aborted) break;
                if (r == R_TRUE) s->lo = t, progressed = 1, s->answered_by = PP_GDL_SEARCH_ALPHABETA;
                else if (r == R_FALSE) s->hi = t - 1, progressed = 1, s->answered_by = PP_GDL_SEARCH_ALPHABETA;
            }
        }
        if (s->aborted) break;
        if (s->lo == s->hi) s->solved = 1;
        else
            s->done_depth = d, s->depth = d >= s->maxd                                           ? d + 1
                                          : s->nodes - s->root_nodes - s->pn.used < s->deepening ? d + 1
                                                                                                 : s->maxd;
    }
    s->rs.valid = s->aborted && stepped;
    if (!s->rs.valid) s->rs.len = 0;
    s->rs.replaying = 0;
    s->aborted = 0;
    s->err = NULL;
    s->ms += pp__now_ms() - t0;
    if (s->fail) return s->fail;
    build_pv(s);
    if (s->fail) return s->fail;
    if (done) *done = s->solved || s->depth > s->maxd;
    return PP_OK;
}

pp_status pp_gdl_search_reroot(pp_gdl_search *s, const uint64_t *bits, pp_error *err)
{
    if (!s) return pp__fail(err, PP_ERR_ARG, "no search");
    if (!bits) return pp__fail(err, PP_ERR_ARG, "no state to search from");
    if (s->fail) return pp__fail(err, s->fail, "the search stopped on an earlier error");
    /* The table's entries, the killers and the history are about states and
     * moves, not about the root: they stay. What was proven or tried about
     * the old root goes. */
    memset(s->root, 0, s->W * 8);
    memcpy(s->root, bits, s->n->words * 8);
    hash_of(s, s->root, s->root_hash);
    s->lo = 0, s->hi = 2, s->solved = 0;
    s->moves = -1, s->gi = 0;
    s->depth = s->first_depth, s->done_depth = 0;
    s->root_nodes = s->nodes;
    s->ms = 0;
    s->pn.state = 0, s->pn.used = 0;
    s->answered_by = 0;
    s->pv.len = 0;
    s->rs.len = 0, s->rs.valid = 0;
    return PP_OK;
}

void pp_gdl_search_get(const pp_gdl_search *s, pp_gdl_search_result *out)
{
    memset(out, 0, sizeof *out);
    if (!s) return;
    out->kind = s->puzzle ? PP_GDL_PUZZLE : PP_GDL_TURNS;
    out->solved = s->solved;
    out->lo = s->lo, out->hi = s->hi;
    out->outcome = s->lo == 2 ? PP_WIN0 : s->hi == 0 ? PP_WIN1 : PP_DRAW;
    out->goal = s->puzzle && s->solved && s->moves >= 0 ? s->gv[s->gi] : 0;
    out->goal_tried = s->puzzle && s->gi < s->ngv ? s->gv[s->gi] : 0;
    out->moves = s->puzzle && s->solved ? s->moves : -1;
    out->depth = s->done_depth;
    out->nodes = s->nodes - s->root_nodes;
    out->tt_entries = s->tt.used;
    out->tt_capacity = s->tt.max;
    out->ms = s->ms;
    out->pv_len = s->pv.len;
    out->answered_by = s->answered_by;
    out->symmetries = s->sym.set.count ? s->sym.set.count : 1;
}

int pp_gdl_search_move(const pp_gdl_search *s, uint32_t i, int *role, char *buf, size_t size)
{
    if (!s || i >= s->pv.len) return snprintf(buf, size, "?");
    int r = s->pv.role[i];
    if (role) *role = r;
    return gdl_gterm_print(&s->g->prog, s->n->moves[r][s->pv.move[i]].term, buf, size);
}

void pp_gdl_search_free(pp_gdl_search *s)
{
    if (!s) return;
    for (uint32_t i = 0; i < s->nply; i++) {
        free(s->ply[i].kids), free(s->ply[i].khash), free(s->ply[i].kmove);
        free(s->ply[i].order), free(s->ply[i].score), free(s->ply[i].cpn), free(s->ply[i].cdn);
    }
    free(s->ply), free(s->order.killer), free(s->order.hist[0]), free(s->order.hist[1]), free(s->gv);
    free(s->order.wt[0]), free(s->order.wt[1]);
    gdl_incr_free(&s->whole), gdl_incr_free(&s->cone);
    free(s->pn.path), free(s->pn.path_hash), free(s->rs.at), free(s->pv.kmove);
    gdl_latch_free(s->latch.rules);
    gdl_symset_free(&s->sym.set);
    free(s->sym.cbits), free(s->sym.zs), free(s->root_hash), free(s->pv.hash);
    pp__big_free(&s->tt.big);
    free(s->root), free(s->sym.zob), free(s->noop[0]), free(s->noop[1]);
    free(s);
}
