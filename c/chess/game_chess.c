/* game_chess.c: one chess table (a material) as a game of the retrograde
 * solver: states are the table's index entries (chess_index.h).
 *
 * Moves inside the table are the non-capturing, non-promoting moves; a
 * capture or a promotion leaves the table (an exit) into a smaller table
 * built before, whose value the probe gives. Positions related by a board
 * symmetry are one state, so a state counts its distinct children (and
 * lists its distinct parents): two moves into one state are one option.
 *
 * The players: 0 = white, 1 = black (PP_WIN0 = white wins).
 */
#include <stdio.h>
#include <string.h>

#include "game_chess.h"

#define MAX_LIST 256

static int is_exit(const chb_move *m) { return m->capture || m->promo; }

/* Appends v to the set a[0..n) unless present; returns the new count. */
static int add_unique(uint32_t *a, int n, uint32_t v)
{
    for (int i = 0; i < n; i++)
        if (a[i] == v) return n;
    a[n] = v;
    return n + 1;
}

/* The same for the set a[from..n) only. */
static int add_unique_from(uint32_t *a, int from, int n, uint32_t v)
{
    for (int i = from; i < n; i++)
        if (a[i] == v) return n;
    a[n] = v;
    return n + 1;
}

/* Walks the moves of the legal position p (state s): distinct in-table
 * children plus drawn exits (the counter), and the exits' win_at/lose_at. */
static uint32_t walk(const chg_game *cg, uint32_t s, const chb_pos *p, const chb_move *mv, int n, uint32_t *win_out,
                     uint32_t *lose_out)
{
    uint32_t kids[MAX_LIST], win_at = 0, lose_at = 0;
    int nk = 0, draws = 0;
    int diag = s < cg->m.base && chi_diagonal(&cg->m, p->sq[0]);
    int fast = diag || (s < cg->m.base && chi_incremental(&cg->m, p->sq[0]));
    if (fast) {
        /* The moves of pieces other than the white king keep the
         * symmetries (chi_incremental, chi_diagonal): off the diagonal,
         * distinct moves give distinct children, listed without a search;
         * on it, the least of two indices, searched. The rest are checked
         * against them below. */
        uint32_t st = diag ? chi_index_transposed(&cg->m, p->sq, p->stm) : 0;
        for (int i = 0; i < n; i++) {
            if (is_exit(&mv[i]) || mv[i].dbl || mv[i].from == p->sq[0]) continue;
            int slot = 1;
            while (p->sq[slot] != mv[i].from) slot++;
            uint32_t w = cg->weight[slot];
            uint32_t kid = (s ^ 1u) - mv[i].from * w + mv[i].to * w;
            if (!diag) {
                kids[nk++] = kid;
                continue;
            }
            uint32_t kt = (st ^ 1u) - cg->transpose[mv[i].from] * w + cg->transpose[mv[i].to] * w;
            nk = add_unique(kids, nk, kt < kid ? kt : kid);
        }
    }
    /* every child listed so far has the white king's square of s (the
     * index's top field): a child with another cannot be one of them */
    int nfast = nk, top = 6 * (cg->m.n - 1) + 1;
    for (int i = 0; i < n; i++) {
        if (fast && !is_exit(&mv[i]) && !mv[i].dbl && mv[i].from != p->sq[0]) continue;
        if (fast && !is_exit(&mv[i]) && mv[i].from == p->sq[0] && cg->king_field[mv[i].to] >= 0) {
            /* the white king onto a square of its own symmetry: a new top field */
            uint32_t kid = ((s ^ 1u) & ((1u << top) - 1)) | (uint32_t)cg->king_field[mv[i].to] << top;
            nk = add_unique_from(kids, nfast, nk, kid);
            continue;
        }
        chb_pos c;
        chb_play(p, &mv[i], &c);
        if (!is_exit(&mv[i])) {
            uint32_t kid = chi_state(&cg->m, &c); /* p is in slot order */
            nk = add_unique_from(kids, kid >> top == s >> top ? 0 : nfast, nk, kid);
            continue;
        }
        uint8_t v = cg->probe(cg->probe_ctx, &c);
        if (v == CHG_DRAW) draws++;
        else if (CHG_LOSES(v)) {
            if (win_at == 0 || v < win_at) win_at = v; /* 1 + the child's plies */
        } else if (CHG_WINS(v) && v > lose_at) lose_at = v;
    }
    *win_out = win_at;
    *lose_out = lose_at;
    return (uint32_t)(nk + draws);
}

/* The state's info, and its exits into *win_at, *lose_at. */
static void info_exits(const chg_game *cg, uint32_t s, pp_state_info *out, uint32_t *win_at, uint32_t *lose_at)
{
    chb_pos p;
    memset(out, 0, sizeof *out);
    *win_at = *lose_at = 0;
    if (!chi_valid(&cg->m, s, &p)) return; /* PP_STATE_INVALID; p is in slot order */
    out->mover = (uint8_t)p.stm;
    chb_move mv[CHB_MAX_MOVES];
    int n = chb_moves(&p, mv);
    if (n == 0) {
        /* checkmate: the mover loses; stalemate: a drawn terminal */
        out->kind = PP_STATE_TERMINAL;
        out->outcome = chb_in_check(&p, p.stm) ? (p.stm == CHB_WHITE ? PP_WIN1 : PP_WIN0) : PP_DRAW;
        return;
    }
    out->kind = PP_STATE_INNER;
    out->moves = walk(cg, s, &p, mv, n, win_at, lose_at);
}

static void info(void *ctx, uint32_t s, pp_state_info *out)
{
    uint32_t win_at, lose_at;
    info_exits(ctx, s, out, &win_at, &lose_at);
}

static void info_range(void *ctx, uint32_t first, uint32_t count, pp_state_info *out)
{
    chg_game *cg = ctx;
    cg->range_first = first;
    cg->range_count = count < CHG_RANGE ? count : CHG_RANGE;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t win_at, lose_at;
        info_exits(cg, first + i, &out[i], &win_at, &lose_at);
        if (i < CHG_RANGE) {
            cg->range_win[i] = (uint8_t)win_at;
            cg->range_lose[i] = (uint8_t)lose_at;
        }
    }
}

/* The en passant entries of position q (a parent, side to move c): the
 * same board right after a double step of the other side's pawn, when
 * that pawn could be taken en passant. Appended to out[0..k). */
static int add_ep_parents(const chg_game *cg, const chb_pos *q, uint32_t *out, int k)
{
    for (int i = 0; i < q->n; i++) {
        if (q->type[i] != CHB_P || q->color[i] == q->stm) continue;
        int white = q->color[i] == CHB_WHITE, r = q->sq[i] >> 3;
        if (r != (white ? 3 : 4)) continue;
        chb_pos e = *q;
        e.ep = q->sq[i] + (white ? -8 : 8);
        int from = q->sq[i] + (white ? -16 : 16);
        int empty = 1;
        for (int j = 0; j < q->n; j++) empty &= q->sq[j] != e.ep && q->sq[j] != from;
        if (empty && chb_ep_possible(&e)) k = add_unique(out, k, chi_state(&cg->m, &e));
    }
    return k;
}

static uint32_t parents(void *ctx, uint32_t s, uint32_t *out)
{
    const chg_game *cg = ctx;
    chb_pos p, par[MAX_LIST];
    if (!chi_board(&cg->m, s, &p)) return 0;
    if (s >= cg->m.base) {
        /* after a double step: the one parent is the pawn two squares back */
        chb_pos q = p;
        int moved = p.stm == CHB_BLACK ? 2 : 3;
        q.sq[moved] = (uint8_t)(p.sq[moved] + (p.stm == CHB_BLACK ? -16 : 16));
        q.stm = !p.stm;
        q.ep = -1;
        if (chb_in_check(&q, p.stm) || chb_illegal(&q)) return 0;
        out[0] = chi_index_slots(&cg->m, q.sq, q.stm);
        return 1;
    }
    int diag = chi_diagonal(&cg->m, p.sq[0]);
    if (!cg->m.ep && (diag || chi_incremental(&cg->m, p.sq[0]))) {
        /* un-moves of other pieces than the white king: the index changes
         * by one slot's term (see walk) */
        uint8_t slot[MAX_LIST], from[MAX_LIST];
        int n = chb_unmove_list(&p, slot, from), k = 0, nk = 0;
        uint32_t king[8], st = diag ? chi_index_transposed(&cg->m, p.sq, p.stm) : 0;
        int top = 6 * (cg->m.n - 1) + 1;
        for (int i = 0; i < n; i++) {
            int j = slot[i];
            if (j == 0 && cg->king_field[from[i]] >= 0) {
                king[nk++] = ((s ^ 1u) & ((1u << top) - 1)) | (uint32_t)cg->king_field[from[i]] << top;
            } else if (j == 0) {
                uint8_t sq[CHB_MAX_PIECES];
                memcpy(sq, p.sq, sizeof sq);
                sq[0] = from[i];
                king[nk++] = chi_index_slots(&cg->m, sq, !p.stm);
            } else {
                uint32_t w = cg->weight[j];
                uint32_t q = (s ^ 1u) - p.sq[j] * w + from[i] * w;
                if (!diag) {
                    out[k++] = q;
                    continue;
                }
                uint32_t qt = (st ^ 1u) - cg->transpose[p.sq[j]] * w + cg->transpose[from[i]] * w;
                k = add_unique(out, k, qt < q ? qt : q);
            }
        }
        int nfast = k;
        for (int i = 0; i < nk; i++) k = add_unique_from(out, king[i] >> top == s >> top ? 0 : nfast, k, king[i]);
        return (uint32_t)k;
    }
    int n = chb_unmoves(&p, par), k = 0;
    for (int i = 0; i < n; i++) {
        if (cg->m.ep) {
            /* a double step that can be taken en passant leads to the
             * en passant entry, not to s */
            int j = 0;
            while (j < p.n && par[i].sq[j] == p.sq[j]) j++;
            int d = par[i].sq[j] - p.sq[j];
            if (p.type[j] == CHB_P && (d == 16 || d == -16)) {
                chb_pos e = p;
                e.ep = (par[i].sq[j] + p.sq[j]) / 2;
                if (chb_ep_possible(&e)) continue;
            }
            k = add_ep_parents(cg, &par[i], out, k);
        }
        k = add_unique(out, k, chi_index_slots(&cg->m, par[i].sq, par[i].stm));
    }
    return (uint32_t)k;
}

/* The exits of s (see pp_retro_game.exits): captures and promotions. */
static void exits(void *ctx, uint32_t s, uint32_t *win_at, uint32_t *lose_at)
{
    chg_game *cg = ctx;
    if (s - cg->range_first < cg->range_count) {
        *win_at = cg->range_win[s - cg->range_first];
        *lose_at = cg->range_lose[s - cg->range_first];
        return;
    }
    chb_pos p;
    chb_move mv[CHB_MAX_MOVES];
    *win_at = *lose_at = 0;
    if (!chi_board(&cg->m, s, &p)) return;
    walk(cg, s, &p, mv, chb_exit_moves(&p, mv), win_at, lose_at); /* the captures and promotions only */
}

static int describe(void *ctx, uint32_t s, char *buf, size_t size)
{
    const chg_game *cg = ctx;
    chb_pos p;
    char fen[100];
    if (!chi_board(&cg->m, s, &p)) return snprintf(buf, size, "-");
    chb_fen(&p, fen, sizeof fen);
    return snprintf(buf, size, "%s", fen);
}

void chg_init(chg_game *cg, const chi_material *m, chg_probe_fn probe, void *probe_ctx)
{
    memset(cg, 0, sizeof *cg);
    cg->m = *m;
    cg->probe = probe;
    cg->probe_ctx = probe_ctx;
    for (int i = 0; i < m->n; i++) cg->weight[i] = chi_weight(m, i);
    for (int i = 0; i < 64; i++) {
        cg->transpose[i] = chi_transpose(i);
        cg->king_field[i] = (int8_t)(m->dups ? -1 : chi_king_field(m, i));
    }
    cg->g.nstates = m->size;
    cg->g.max_parents = MAX_LIST;
    cg->g.max_moves = CHB_MAX_MOVES;
    cg->g.ctx = cg;
    cg->g.info = info;
    cg->g.parents = parents;
    cg->g.exits = exits;
    cg->g.info_range = info_range;
    cg->g.describe = describe;
    cg->g.players[0] = "white";
    cg->g.players[1] = "black";
}
