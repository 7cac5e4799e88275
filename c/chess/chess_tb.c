/* chess_tb.c: chess endgame tables, built by retrograde analysis with the
 * tables they convert into first, kept in a per-process cache, and probed.
 *
 * Building a table (pp_tb_build):
 *   1. Build every table one capture or promotion leads to (recursively;
 *      KK is a draw and needs none).
 *   2. Run the generic retrograde solver on the table's game (game_chess.c):
 *      checkmates are seeded as losses at ply 0, stalemates as drawn
 *      terminals, and captures and promotions enter as exits at the ply the
 *      smaller table gives, so depth to mate is exact across conversions.
 *   3. Keep one byte per index entry (game_chess.h) and free the solver.
 * Five-piece pawnless tables (pp_tb_build_large, natively) are built the
 * same way, once the peak memory worked out from step 1's list of tables
 * (pp_tb_build_bytes) is found within the caller's limit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_chess.h"
#include "internal.h"

typedef struct tb_table {
    chi_material m;
    uint8_t *val; /* m.size bytes */
    pp_tb_stats st;
} tb_table;

#define TB_CACHE 64
static tb_table *cache[TB_CACHE];
static int ncache;

static tb_table *find(const char *name)
{
    for (int i = 0; i < ncache; i++)
        if (strcmp(cache[i]->m.name, name) == 0) return cache[i];
    return NULL;
}

void pp_tb_clear(void)
{
    for (int i = 0; i < ncache; i++) {
        free(cache[i]->val);
        free(cache[i]);
    }
    ncache = 0;
}

/* The value byte of a position without a usable en passant square, from
 * the cache (CHG_INVALID if its table is not built). */
static uint8_t probe_plain(void *ctx, const chb_pos *p)
{
    (void)ctx;
    chi_material m;
    int flip;
    chi_material_of(p, &m, &flip);
    if (m.n == 2) return CHG_DRAW; /* bare kings */
    const tb_table *t = find(m.name);
    if (!t) return CHG_INVALID;
    chb_pos q;
    if (flip) chi_flip(p, &q);
    else q = *p;
    return t->val[chi_index(&m, &q)];
}

/* The value byte of any legal position: an en passant square that can be
 * used adds one ply of search over the moves. */
static uint8_t probe_any(const chb_pos *p)
{
    if (p->ep < 0 || !chb_ep_possible(p)) {
        chb_pos q = *p;
        q.ep = -1;
        return probe_plain(NULL, &q);
    }
    chb_move mv[CHB_MAX_MOVES];
    int n = chb_moves(p, mv);
    int best_win = -1, best_loss = -1, draw = 0;
    for (int i = 0; i < n; i++) {
        chb_pos c;
        chb_play(p, &mv[i], &c);
        uint8_t v = probe_any(&c);
        if (v == CHG_INVALID) return CHG_INVALID;
        if (CHG_LOSES(v)) {
            if (best_win < 0 || v < best_win) best_win = v;
        } else if (CHG_WINS(v)) {
            if (v > best_loss) best_loss = v;
        } else draw = 1;
    }
    if (best_win >= 0) return (uint8_t)(best_win + 1);
    if (draw) return CHG_DRAW;
    return (uint8_t)(best_loss + 1); /* n > 0: an ep capture exists */
}

/* The material of m with slot `gone` removed (-1: none) and slot `i`
 * turned into `promo` (0: unchanged), normalised; into out[k] if not KK. */
static int add_material(const chi_material *m, int gone, int i, int promo, chi_material *out, int k)
{
    chb_pos p = {0, 0, -1, {0}, {0}, {0}};
    for (int s = 0; s < m->n; s++) {
        if (s == gone) continue;
        p.type[p.n] = (uint8_t)(s == i && promo ? promo : m->type[s]);
        p.color[p.n] = m->color[s];
        p.n++;
    }
    int flip;
    chi_material_of(&p, &out[k], &flip);
    return out[k].n > 2 ? k + 1 : k;
}

/* Step 1's list: the materials one capture or promotion of m leads to. */
static int conversions(const chi_material *m, chi_material *out)
{
    int k = 0;
    for (int i = 2; i < m->n; i++) {
        k = add_material(m, i, -1, 0, out, k); /* piece i is taken */
        if (m->type[i] != CHB_P) continue;
        for (int promo = CHB_Q; promo <= CHB_N; promo++) {
            k = add_material(m, -1, i, promo, out, k); /* pawn i promotes */
            for (int j = 2; j < m->n; j++)             /* ... taking piece j */
                if (m->color[j] != m->color[i]) k = add_material(m, j, i, promo, out, k);
        }
    }
    return k;
}

static void stats_of(tb_table *t)
{
    pp_tb_stats *st = &t->st;
    memset(st, 0, sizeof *st);
    snprintf(st->material, sizeof st->material, "%s", t->m.name);
    st->entries = t->m.size;
    st->longest[0] = st->longest[1] = -1;
    uint32_t longest_idx[2] = {0, 0};
    for (uint32_t s = 0; s < t->m.base; s++) { /* en passant entries are not positions of their own */
        uint8_t v = t->val[s];
        if (v == CHG_INVALID) continue;
        int stm = (int)(s & 1);
        st->positions[stm]++;
        if (v == CHG_DRAW) {
            st->draws[stm]++;
            continue;
        }
        int plies = v - 1, moves = (plies + 1) / 2;
        if (moves >= PP_TB_HIST) moves = PP_TB_HIST - 1;
        if (CHG_WINS(v)) {
            st->wins[stm]++;
            st->hist[0][moves]++;
            if (moves > st->longest[stm]) {
                st->longest[stm] = moves;
                longest_idx[stm] = s;
            }
        } else {
            st->losses[stm]++;
            st->hist[1][moves]++;
        }
    }
    for (int c = 0; c < 2; c++) {
        if (st->longest[c] < 0) continue;
        chb_pos p;
        chi_board(&t->m, longest_idx[c], &p);
        chb_fen(&p, st->longest_fen[c], sizeof st->longest_fen[c]);
    }
    st->bytes_kept = t->m.size;
}

/* Step 2's start: the table's game and a solver seeded for it. */
static pp_status tb_start(const chi_material *m, pp_trace *trace, uint64_t budget, chg_game **cg_out, pp_retro **r_out,
                          pp_error *err)
{
    chg_game *cg = malloc(sizeof *cg);
    if (!cg) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    chg_init(cg, m, probe_plain, NULL);
    cg->g.memory_budget = budget; /* 0: the library's (the page's) */
    /* the fast path needs the tables captures lead to (built in step 1) */
    for (int j = 2; j < m->n; j++) {
        chi_material c;
        chg_capture_material(cg, j, &c);
        const uint8_t *val = c.n > 2 ? chg_table_values(c.name) : NULL;
        if (c.n == 2 || val) chg_set_capture(cg, j, val);
    }
    pp_retro *r = NULL;
    pp_status s = pp_retro_new(&cg->g, trace, &r, err);
    if (s != PP_OK) {
        free(cg);
        return s;
    }
    *cg_out = cg;
    *r_out = r;
    return PP_OK;
}

/* Step 3 of a finished solve: one byte per entry (game_chess.h), into the
 * cache; frees the solver and the game either way. The bytes are written
 * over the solver's own cells (pp_retro_take_bytes), so building never
 * holds more than the solver's 2 bytes an entry (4 past 63 moves). */
static uint8_t value_byte(void *ctx, uint8_t outcome, int32_t remoteness)
{
    int *too_long = ctx;
    if (outcome == PP_INVALID) return CHG_INVALID;
    if (outcome == PP_DRAW) return CHG_DRAW; /* undecided, or a drawn terminal */
    if (remoteness > 253) *too_long = 1;
    return remoteness > 253 ? CHG_DRAW : (uint8_t)(remoteness + 1);
}

static pp_status tb_keep(const chi_material *m, chg_game *cg, pp_retro *r, pp_error *err)
{
    pp_status s = PP_OK;
    /* what the solver held (its cells and remoteness, the batch scratch),
     * the game, and what pp_retro_new keeps */
    uint64_t building = pp_retro_game_bytes(&cg->g) + sizeof *cg;
    int too_long = 0;
    tb_table *t = NULL;
    if (ncache >= TB_CACHE) s = pp__fail(err, PP_ERR_LIMIT, "more than %d tables in the cache", TB_CACHE);
    if (s == PP_OK && !(t = calloc(1, sizeof *t)))
        s = pp__fail(err, PP_ERR_NOMEM, "out of memory for the %s table", m->name);
    if (s == PP_OK && !(t->val = pp_retro_take_bytes(r, value_byte, &too_long)))
        s = pp__fail(err, PP_ERR_NOMEM, "the %s table's solve is not finished", m->name);
    if (s == PP_OK && too_long) s = pp__fail(err, PP_ERR_LIMIT, "a mate longer than 253 plies in %s", m->name);
    pp_retro_free(r);
    free(cg);
    if (s != PP_OK) {
        if (t) free(t->val);
        free(t);
        return s;
    }
    t->m = *m;
    stats_of(t);
    t->st.bytes_building = building;
    cache[ncache++] = t;
    return PP_OK;
}

/* Step 1's order: the tables a build of m makes, conversions first (as a
 * depth-first walk of the captures and promotions finds them), those in
 * the cache left out; appended to list[0 .. *n). */
static pp_status plan(const chi_material *m, chi_material *list, int *n, int cap, int depth, pp_error *err)
{
    if (find(m->name)) return PP_OK;
    for (int i = 0; i < *n; i++)
        if (strcmp(list[i].name, m->name) == 0) return PP_OK;
    if (depth > 16) return pp__fail(err, PP_ERR_LIMIT, "conversions nested too deep at %s", m->name);
    chi_material conv[64];
    int nc = conversions(m, conv);
    for (int i = 0; i < nc; i++) {
        pp_status s = plan(&conv[i], list, n, cap, depth + 1, err);
        if (s != PP_OK) return s;
    }
    if (*n >= cap || ncache + *n >= TB_CACHE)
        return pp__fail(err, PP_ERR_LIMIT, "more than %d tables in the cache", TB_CACHE);
    list[(*n)++] = *m;
    return PP_OK;
}

/* What a table holds while it is built (the solver, as pp_retro_new
 * allocates it, its game, and the table's record allocated before the
 * solver is freed) and once kept (one byte an entry and the record). */
static uint64_t solver_bytes(const chi_material *m)
{
    static chg_game cg; /* 9 KiB: off the stack; only its pp_retro_game is read */
    chg_init(&cg, m, probe_plain, NULL);
    return pp_retro_game_bytes(&cg.g) + sizeof cg + sizeof(tb_table);
}
static uint64_t kept_bytes(const chi_material *m) { return (uint64_t)m->size + sizeof(tb_table); }

/* The peak of building list[0 .. n) in order: while table i is built,
 * the tables before it are kept. */
static uint64_t plan_bytes(const chi_material *list, int n)
{
    uint64_t kept = 0, peak = 0;
    for (int i = 0; i < n; i++) {
        uint64_t now = kept + solver_bytes(&list[i]);
        if (now > peak) peak = now;
        kept += kept_bytes(&list[i]);
    }
    return kept > peak ? kept : peak;
}

/* Builds m and its conversions; budget as pp_retro_game.memory_budget. */
static pp_status build(const chi_material *m, uint64_t budget, pp_error *err)
{
    /* Step 1. The tables it converts into first, in plan's order; it last. */
    chi_material list[TB_CACHE];
    int n = 0;
    pp_status s = plan(m, list, &n, TB_CACHE, 0, err);
    for (int i = 0; i < n && s == PP_OK; i++) {
        /* Step 2. The retrograde analysis of this one. */
        chg_game *cg = NULL;
        pp_retro *r = NULL;
        s = tb_start(&list[i], NULL, budget, &cg, &r, err);
        if (s != PP_OK) return s;
        int done = 0;
        pp_retro_run(r, UINT64_MAX, &done);
        /* Step 3. One byte per entry. */
        s = tb_keep(&list[i], cg, r, err);
    }
    return s;
}

/* A material's table ("KRQK" -> KQKR, the stronger side white) into m; 0
 * with the message in err if it is not one (PP_ERR_INPUT). */
static int own_material(const char *material, chi_material *m, pp_error *err)
{
    if (!chi_parse_material(material, m, err ? err->msg : (char[256]){0}, 256)) {
        if (err) err->code = PP_ERR_INPUT;
        return 0;
    }
    chb_pos p = {0, 0, -1, {0}, {0}, {0}};
    p.n = m->n;
    memcpy(p.type, m->type, sizeof p.type);
    memcpy(p.color, m->color, sizeof p.color);
    int flip;
    chi_material_of(&p, m, &flip); /* the table's own orientation */
    return 1;
}

pp_status pp_tb_build(const char *material, pp_tb_stats *out, pp_error *err)
{
    chi_material m;
    if (!material) return pp__fail(err, PP_ERR_ARG, "pp_tb_build: no material");
    if (!own_material(material, &m, err)) return PP_ERR_INPUT;
    if (m.n == 2) return pp__fail(err, PP_ERR_INPUT, "KK has no table: bare kings are a draw");
    pp_status s = build(&m, 0, err);
    if (s != PP_OK) return s;
    if (out) *out = find(m.name)->st;
    return PP_OK;
}

pp_status pp_tb_values(const char *material, const uint8_t **values, uint32_t *entries, uint32_t *positions_end,
                       pp_error *err)
{
    chi_material m;
    if (!material || !values || !entries || !positions_end)
        return pp__fail(err, PP_ERR_ARG, "pp_tb_values: no material");
    if (!own_material(material, &m, err)) return PP_ERR_INPUT;
    const tb_table *t = m.n > 2 ? find(m.name) : NULL;
    if (!t) return pp__fail(err, PP_ERR_LIMIT, "the %s table is not built", m.n > 2 ? m.name : "KK");
    *values = t->val;
    *entries = t->m.size;
    *positions_end = t->m.base;
    return PP_OK;
}

int pp_tb_count(void) { return ncache; }

const uint8_t *chg_table_values(const char *name)
{
    const tb_table *t = find(name);
    return t ? t->val : NULL;
}

static int dtm_of(uint8_t v) { return v == CHG_DRAW ? -1 : ((v - 1) + 1) / 2; }

/* pp_chess_solve_fen with up to max_pieces pieces (five: from the cache only). */
static pp_status solve_fen(const char *fen, int max_pieces, pp_chess_answer *out, pp_error *err)
{
    chb_pos p;
    char msg[200];
    if (!fen || !out) return pp__fail(err, PP_ERR_ARG, "pp_chess_solve_fen: no FEN or no output");
    memset(out, 0, sizeof *out);
    if (!chb_parse_fen_max(fen, max_pieces, &p, msg, sizeof msg)) return pp__fail(err, PP_ERR_INPUT, "%s", msg);
    chi_material m;
    int flip;
    chi_material_of(&p, &m, &flip);
    snprintf(out->material, sizeof out->material, "%s", m.name);
    if (m.n > 2) {
        if (m.n > 4 && !find(m.name))
            return pp__fail(err, PP_ERR_LIMIT, "the %s table is not built (perfect-play tablebase %s builds it)",
                            m.name, m.name);
        pp_status s = build(&m, 0, err);
        if (s != PP_OK) return s;
    }
    uint8_t v = probe_any(&p);
    if (v == CHG_INVALID) return pp__fail(err, PP_ERR_INPUT, "the position is not in the %s table", m.name);
    out->outcome = CHG_WINS(v) ? 1 : CHG_LOSES(v) ? -1 : 0;
    out->plies = v == CHG_DRAW ? -1 : v - 1;
    out->dtm = dtm_of(v);
    chb_move mv[CHB_MAX_MOVES];
    int n = chb_moves(&p, mv);
    out->best = -1;
    for (int i = 0; i < n; i++) {
        chb_pos c;
        chb_play(&p, &mv[i], &c);
        uint8_t cv = probe_any(&c);
        pp_chess_move *o = &out->moves[out->nmoves++];
        chb_uci(&mv[i], o->uci);
        /* the move's result for the side to move: the child's, turned round */
        uint8_t mine = cv == CHG_DRAW ? CHG_DRAW : (uint8_t)(cv + 1);
        o->outcome = CHG_WINS(mine) ? 1 : CHG_LOSES(mine) ? -1 : 0;
        o->plies = mine == CHG_DRAW ? -1 : mine - 1;
        o->dtm = dtm_of(mine);
        if (mine == v && out->best < 0) out->best = i;
    }
    return PP_OK;
}

pp_status pp_chess_solve_fen(const char *fen, pp_chess_answer *out, pp_error *err)
{
    return solve_fen(fen, 4, out, err);
}

pp_status pp_chess_probe_fen(const char *fen, pp_chess_answer *out, pp_error *err)
{
    return solve_fen(fen, CHB_MAX_PIECES, out, err);
}

/* ------------------------------------------------------------------------
 * Five pieces (natively): the same build, its peak memory worked out from
 * the plan before anything is allocated (pp_tb_build_bytes) and held to a
 * limit the caller gives (the machine's available memory).
 */
static pp_status parse_large(const char *material, chi_material *m, pp_error *err)
{
    char msg[256];
    if (!material) return pp__fail(err, PP_ERR_ARG, "no material");
    if (!chi_parse_material_max(material, CHB_MAX_PIECES, m, msg, sizeof msg))
        return pp__fail(err, PP_ERR_INPUT, "%s", msg);
    chb_pos p = {0, 0, -1, {0}, {0}, {0}};
    p.n = m->n;
    memcpy(p.type, m->type, sizeof p.type);
    memcpy(p.color, m->color, sizeof p.color);
    int flip;
    chi_material_of(&p, m, &flip); /* the table's own orientation */
    if (m->n == 2) return pp__fail(err, PP_ERR_INPUT, "KK has no table: bare kings are a draw");
    return PP_OK;
}

pp_status pp_tb_build_bytes(const char *material, uint64_t *bytes, char name[16], pp_error *err)
{
    chi_material m, list[TB_CACHE];
    int n = 0;
    pp_status s = parse_large(material, &m, err);
    if (s == PP_OK) s = plan(&m, list, &n, TB_CACHE, 0, err);
    if (s != PP_OK) return s;
    if (bytes) *bytes = plan_bytes(list, n);
    if (name) snprintf(name, 16, "%s", m.name);
    return PP_OK;
}

pp_status pp_tb_build_large(const char *material, uint64_t memory_limit, pp_tb_stats *out, pp_error *err)
{
    chi_material m, list[TB_CACHE];
    int n = 0;
    pp_status s = parse_large(material, &m, err);
    if (s == PP_OK) s = plan(&m, list, &n, TB_CACHE, 0, err);
    if (s != PP_OK) return s;
    uint64_t need = plan_bytes(list, n);
    if (need > memory_limit)
        return pp__fail(err, PP_ERR_LIMIT, "building %s needs %llu MiB at its peak; the limit is %llu MiB", m.name,
                        (unsigned long long)((need + (1u << 20) - 1) >> 20), (unsigned long long)(memory_limit >> 20));
    s = build(&m, memory_limit, err);
    if (s != PP_OK) return s;
    if (out) *out = find(m.name)->st;
    return PP_OK;
}

/* ------------------------------------------------------------------------
 * A build in slices (pp_tb_job): the same three steps as build(), the
 * tables listed first (Step 1, in the order build() would make them) and
 * each solved a budget of reverse edges at a time, so a page can show
 * progress and cancel. Per ply, the positions decided come from the
 * solver's own count (pp_retro_ply_counts), read after each slice: the
 * build runs untraced, the loops the CLI's build runs. (They came from the
 * solver's SEED and COLOR events before, a trace record written and read
 * again for every position decided: 5-6% of KQKR's build in the page.)
 */
#define JOB_TABLES 64

struct pp_tb_job {
    chi_material list[JOB_TABLES]; /* to build, conversions first */
    int n, cur;                    /* tables listed; the one being built */
    chg_game *cg;                  /* cur's solve, NULL between tables */
    pp_retro *r;
    int top; /* the highest ply seen in cur */
    uint64_t per_ply[PP_TB_PLIES];
    char target[16];
};

pp_status pp_tb_job_new(const char *material, pp_tb_job **out, pp_error *err)
{
    chi_material m;
    if (!material || !out) return pp__fail(err, PP_ERR_ARG, "pp_tb_job_new: no material or no output");
    *out = NULL;
    char msg[256];
    if (!chi_parse_material(material, &m, msg, sizeof msg)) return pp__fail(err, PP_ERR_INPUT, "%s", msg);
    chb_pos p = {0, 0, -1, {0}, {0}, {0}};
    p.n = m.n;
    memcpy(p.type, m.type, sizeof p.type);
    memcpy(p.color, m.color, sizeof p.color);
    int flip;
    chi_material_of(&p, &m, &flip);
    if (m.n == 2) return pp__fail(err, PP_ERR_INPUT, "KK has no table: bare kings are a draw");
    pp_tb_job *j = calloc(1, sizeof *j);
    if (!j) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    snprintf(j->target, sizeof j->target, "%s", m.name);
    pp_status s = plan(&m, j->list, &j->n, JOB_TABLES, 0, err);
    if (s != PP_OK) {
        pp_tb_job_free(j);
        return s;
    }
    *out = j;
    return PP_OK;
}

void pp_tb_job_free(pp_tb_job *j)
{
    if (!j) return;
    pp_retro_free(j->r);
    free(j->cg);
    free(j);
}

/* The positions decided so far at each ply into per_ply (no ply of a
 * chess solve passes 254, the table byte's limit, so all fit). */
static void job_count(pp_tb_job *j)
{
    uint32_t top = pp_retro_ply_counts(j->r, j->per_ply, PP_TB_PLIES);
    j->top = top ? (int)(top < PP_TB_PLIES ? top : PP_TB_PLIES) - 1 : 0;
}

pp_status pp_tb_job_run(pp_tb_job *j, uint64_t budget, int *done, pp_error *err)
{
    if (done) *done = 0;
    if (!j) return pp__fail(err, PP_ERR_ARG, "pp_tb_job_run: no job");
    if (j->cur >= j->n) {
        if (done) *done = 1;
        return PP_OK;
    }
    const chi_material *m = &j->list[j->cur];
    if (!j->r) {
        /* Step 2's start: the seeds (checkmates) are ply 0. */
        pp_status s = tb_start(m, NULL, 0, &j->cg, &j->r, err);
        if (s != PP_OK) return s;
        job_count(j);
        return PP_OK;
    }
    int finished = 0;
    pp_status s = pp_retro_run(j->r, budget, &finished);
    if (s != PP_OK) return pp__fail(err, s, "the %s table could not be built", m->name);
    job_count(j);
    if (!finished) return PP_OK;
    /* Step 3. */
    s = tb_keep(m, j->cg, j->r, err);
    j->cg = NULL;
    j->r = NULL;
    if (s != PP_OK) return s;
    j->cur++;
    if (done) *done = j->cur >= j->n;
    return PP_OK;
}

void pp_tb_job_progress(const pp_tb_job *j, pp_tb_progress *out)
{
    if (!out) return;
    memset(out, 0, sizeof *out);
    if (!j) return;
    snprintf(out->target, sizeof out->target, "%s", j->target);
    out->tables = j->n;
    out->table = j->cur;
    if (j->cur < j->n) {
        snprintf(out->material, sizeof out->material, "%s", j->list[j->cur].name);
        out->entries = j->list[j->cur].size;
    }
    if (j->r) {
        pp_retro_stats st;
        pp_retro_get_stats(j->r, &st);
        out->states = st.states;
        out->decided = st.decided;
        out->relaxations = st.relaxations;
    }
    out->top = j->top;
    memcpy(out->per_ply, j->per_ply, sizeof out->per_ply);
}

pp_status pp_chess_check_fen(const char *fen, char material[16], pp_error *err)
{
    chb_pos p;
    char msg[200];
    if (!fen || !material) return pp__fail(err, PP_ERR_ARG, "pp_chess_check_fen: no FEN or no output");
    material[0] = 0;
    if (!chb_parse_fen(fen, &p, msg, sizeof msg)) return pp__fail(err, PP_ERR_INPUT, "%s", msg);
    chi_material m;
    int flip;
    chi_material_of(&p, &m, &flip);
    snprintf(material, 16, "%s", m.name);
    return PP_OK;
}
