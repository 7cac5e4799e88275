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

/* ------------------------------------------------------------------------
 * The fast path: pawnless materials without two pieces of one kind, every
 * table a capture leads to known (chg_set_capture). A state's legal moves
 * come from bitboards and are counted, not listed: off the diagonal the
 * identity is a position's one symmetry and a move of any piece but the
 * white king gives a child of its own; with the white king on the diagonal
 * a1-h8 and no other piece on it, two such moves never give children one
 * symmetry apart either (that needs all pieces but the one or two moved on
 * the diagonal). The white king's moves are listed (at most 8) and
 * compared with each other, and with the counted children when the
 * symmetry brings the king back to its own square (counted_child): every
 * position of such a material takes this path, none goes to walk().
 */
static inline uint8_t capture_value(const chg_game *cg, int j, const uint8_t *sq, int i, int to, int child_stm,
                                    const int cn)
{
    const struct chg_capture *c = &cg->cap[j];
    if (!c->val) return CHG_DRAW; /* bare kings */
    uint8_t csq[CHB_MAX_PIECES] = {0};
    for (int k = 0; k < cn; k++) {
        int q = c->from[k] == i ? to : sq[c->from[k]];
        csq[k] = (uint8_t)(c->flip ? q ^ 56 : q);
    }
    return c->val[chi_index_plain(cn, csq, child_stm ^ c->flip)];
}

/* Counts the captures in targets of piece i (the exits) into draws,
 * *win_at and *lose_at, as walk() does (n: the material's pieces). */
static inline void captures(const chg_game *cg, const uint8_t *sq, const int8_t *slot_at, int i, uint64_t targets,
                            int child_stm, int *draws, uint32_t *win_at, uint32_t *lose_at, const int n)
{
    for (; targets; targets &= targets - 1) {
        int to = __builtin_ctzll(targets);
        uint8_t v = capture_value(cg, slot_at[to], sq, i, to, child_stm, n - 1);
        if (v == CHG_DRAW) (*draws)++;
        else if (CHG_LOSES(v)) {
            if (*win_at == 0 || v < *win_at) *win_at = v;
        } else if (CHG_WINS(v) && v > *lose_at) *lose_at = v;
    }
}

/* A white king's child kid whose white-king field is s's (its move left
 * the triangle and the symmetry brought the king back to its square) is
 * one of the counted children iff it is s with one other piece of ours
 * moved to a square counted for it (tq[i]): the child's index with the
 * king's square fixed is its plain one, or with the king on the diagonal
 * (no other piece there) also its transposed one. ref: s ^ 1's fields
 * (the plain ones) or st ^ 1's (map: the transposition, so a field's
 * square in the real board is map[field]). */
static int counted_child(const chi_material *m, uint32_t kid, const uint8_t *ref, const uint64_t *tq,
                         const uint8_t *map)
{
    int moved = -1, to = 0;
    uint32_t x = kid >> 1;
    for (int i = m->n - 1; i >= 1; i--, x >>= 6) {
        if ((int)(x & 63) == ref[i]) continue;
        if (moved >= 0) return 0; /* two fields differ */
        moved = i;
        to = (int)(x & 63);
    }
    if (moved < 2) return 0; /* the same board, or the black king moved */
    return (int)(tq[moved] >> (map ? map[to] : to) & 1);
}

/* The squares of s's pieces (the fast path's index: the king pair's slot,
 * then 6 bits a piece, the side to move in bit 0). */
static inline void fast_squares(const chg_game *cg, uint32_t s, uint8_t *sq, const int n)
{
    uint32_t x = s >> 1;
    for (int i = n - 1; i >= 1; i--, x >>= 6) sq[i] = (uint8_t)(x & 63);
    sq[0] = cg->king_sq[x];
}

/* The state's info and exits (exits_only: only *win_at, *lose_at), for a
 * material of n pieces (a constant in each copy: see fast_walk). */
static inline __attribute__((always_inline)) void fast_walk_n(const chg_game *cg, uint32_t s, pp_state_info *out,
                                                              uint32_t *win_at, uint32_t *lose_at, int exits_only,
                                                              const int n)
{
    const chi_material *m = &cg->m;
    const int stm = (int)(s & 1), top = 6 * (n - 1) + 1;
    uint8_t sq[CHB_MAX_PIECES];
    fast_squares(cg, s, sq, n);
    uint64_t occ = 0, side[2] = {0, 0};
    int8_t slot_at[64];
    for (int i = 0; i < n; i++) {
        uint64_t b = 1ull << sq[i];
        if (occ & b) return; /* two pieces on a square: invalid (out is zeroed) */
        occ |= b;
        side[m->color[i]] |= b;
        slot_at[sq[i]] = (int8_t)i;
    }
    int wk = sq[0], bk = sq[1];
    if (chb_king_mask[wk] >> bk & 1) return; /* kings adjacent */
    int diag = cg->on_diag[wk], list = 0;
    uint32_t st = 0;
    if (diag) {
        /* another piece on the diagonal too: children listed and compared */
        for (int i = 1; i < n; i++) list |= cg->on_diag[sq[i]];
        /* canonical: the least of the plain and the transposed index */
        st = chi_index_sym(4, n, sq, stm);
        if (st < s) return;
    }
    const int us = stm, them = !stm, ks = us ? bk : wk, kt = us ? wk : bk;
    /* our attacks; the side not to move in check: not a legal position */
    uint64_t att[CHB_MAX_PIECES] = {0};
    for (int i = 2; i < n; i++)
        if (m->color[i] == us) {
            att[i] = chb_attacks(m->type[i], us, sq[i], occ);
            if (att[i] >> kt & 1) return;
        }
    /* theirs, through our king (where it may not step), and checks and pins */
    uint64_t occ_nok = occ & ~(1ull << ks), danger = chb_king_mask[kt], checkers = 0, pinned = 0;
    uint64_t pin_line[CHB_MAX_PIECES];
    for (int j = 2; j < n; j++) {
        if (m->color[j] != them) continue;
        uint64_t a = chb_attacks(m->type[j], them, sq[j], occ_nok);
        danger |= a;
        if (a >> ks & 1) checkers |= 1ull << sq[j];
        else if (m->type[j] != CHB_N) {
            /* a slider on a line with our king, one of our pieces between: pinned */
            uint64_t btw = chb_between[sq[j]][ks];
            int kind_ok = btw && (chb_reach[m->type[j]][them][sq[j]] >> ks & 1);
            uint64_t blockers = btw & occ;
            if (kind_ok && blockers && !(blockers & (blockers - 1)) && (blockers & side[us])) {
                pinned |= blockers;
                pin_line[slot_at[__builtin_ctzll(blockers)]] = btw | 1ull << sq[j];
            }
        }
    }
    memset(out, 0, sizeof *out);
    out->mover = (uint8_t)stm;
    *win_at = *lose_at = 0;
    uint64_t enemy = side[them] & ~(1ull << kt), evade = ~0ull;
    if (checkers) evade = checkers & (checkers - 1) ? 0 : checkers | chb_between[__builtin_ctzll(checkers)][ks];
    int legal = 0, quiet = 0, draws = 0, nl = 0;
    uint32_t listed[CHB_MAX_MOVES];
    uint64_t counted[CHB_MAX_PIECES] = {0}; /* per slot the quiet moves counted (not listed) */
    /* pieces but the king: counted (or listed) */
    int ki = us ? 1 : 0;
    uint64_t kt_moves = chb_king_mask[ks] & ~side[us] & ~danger;
    for (int i = us ? 1 : 2; i < n; i++) {
        if (m->color[i] != us) continue;
        uint64_t t;
        if (i == 1) {
            t = kt_moves; /* the black king: as any piece but the white king */
        } else {
            t = att[i] & ~side[us] & evade;
            if (pinned >> sq[i] & 1) t &= pin_line[i];
        }
        uint64_t tq = t & ~occ;
        legal += __builtin_popcountll(t);
        if (t & enemy) captures(cg, sq, slot_at, i, t & enemy, them, &draws, win_at, lose_at, n);
        if (exits_only) continue;
        if (!list) {
            quiet += __builtin_popcountll(tq);
            counted[i] = tq;
            continue;
        }
        const uint32_t w = cg->weight[i], base = (s ^ 1u) - sq[i] * w, tbase = (st ^ 1u) - cg->transpose[sq[i]] * w;
        for (; tq; tq &= tq - 1) {
            int to = __builtin_ctzll(tq);
            uint32_t kid = base + to * w, kt2 = tbase + cg->transpose[to] * w;
            nl = add_unique(listed, nl, kt2 < kid ? kt2 : kid);
        }
    }
    quiet += nl;
    /* the white king */
    if (us == CHB_WHITE) {
        legal += __builtin_popcountll(kt_moves);
        if (kt_moves & enemy) captures(cg, sq, slot_at, ki, kt_moves & enemy, them, &draws, win_at, lose_at, n);
    }
    if (exits_only) return;
    uint64_t kq = kt_moves & ~occ;
    if (us == CHB_WHITE) {
        /* the white king's children: one field changes, or the whole index */
        uint32_t kids[8];
        int nk = 0;
        for (; kq; kq &= kq - 1) {
            int to = __builtin_ctzll(kq);
            uint32_t kid;
            if (cg->king_field[to] >= 0) {
                kid = ((s ^ 1u) & ((1u << top) - 1)) | (uint32_t)cg->king_field[to] << top;
            } else {
                uint8_t csq[CHB_MAX_PIECES];
                memcpy(csq, sq, sizeof csq);
                csq[0] = (uint8_t)to;
                kid = chi_index_plain(n, csq, them);
                if (kid >> top == s >> top) {
                    /* may be one of the children counted or listed */
                    int dup = 0;
                    if (!list) {
                        uint8_t ref[CHB_MAX_PIECES], tref[CHB_MAX_PIECES];
                        for (int k = 1; k < n; k++) {
                            ref[k] = sq[k];
                            tref[k] = cg->transpose[sq[k]];
                        }
                        dup = counted_child(m, kid, ref, counted, NULL) ||
                              (diag && counted_child(m, kid, tref, counted, cg->transpose));
                    }
                    for (int k = 0; k < nl; k++) dup |= listed[k] == kid;
                    if (dup) continue;
                }
            }
            int dup = 0;
            for (int k = 0; k < nk; k++) dup |= kids[k] == kid;
            if (!dup) kids[nk++] = kid;
        }
        quiet += nk;
    }
    if (legal == 0) {
        /* checkmate: the mover loses; stalemate: a drawn terminal */
        out->kind = PP_STATE_TERMINAL;
        out->outcome = checkers ? (stm == CHB_WHITE ? PP_WIN1 : PP_WIN0) : PP_DRAW;
        return;
    }
    out->kind = PP_STATE_INNER;
    out->moves = (uint32_t)(quiet + draws);
    return;
}

/* fast_walk_n with n a constant for 3, 4 and 5 pieces: its loops over the
 * pieces unrolled (V8 checks for interrupts on every loop iteration). */
static void fast_walk(const chg_game *cg, uint32_t s, pp_state_info *out, uint32_t *win_at, uint32_t *lose_at,
                      int exits_only)
{
    switch (cg->m.n) {
    case 3: fast_walk_n(cg, s, out, win_at, lose_at, exits_only, 3); break;
    case 4: fast_walk_n(cg, s, out, win_at, lose_at, exits_only, 4); break;
    case 5: fast_walk_n(cg, s, out, win_at, lose_at, exits_only, 5); break;
    default: fast_walk_n(cg, s, out, win_at, lose_at, exits_only, cg->m.n);
    }
}

/* The state's info, and its exits into *win_at, *lose_at. */
static void info_exits(const chg_game *cg, uint32_t s, pp_state_info *out, uint32_t *win_at, uint32_t *lose_at)
{
    chb_pos p;
    memset(out, 0, sizeof *out);
    *win_at = *lose_at = 0;
    if (cg->fast) {
        fast_walk(cg, s, out, win_at, lose_at, 0);
        return;
    }
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

/* The fast path's parents (see fast_walk): un-moves from bitboards; -1
 * when it does not cover s. A parent must be legal: the side to move in s
 * (not to move there) not attacked. n: the material's pieces, a constant
 * in each copy (see fast_walk). */
static inline __attribute__((always_inline)) int fast_parents_n(const chg_game *cg, uint32_t s, uint32_t *out,
                                                                const int n)
{
    const chi_material *m = &cg->m;
    const int stm = (int)(s & 1), top = 6 * (n - 1) + 1;
    uint8_t sq[CHB_MAX_PIECES];
    fast_squares(cg, s, sq, n);
    int diag = cg->on_diag[sq[0]], list = 0;
    if (diag)
        for (int i = 1; i < n; i++) list |= cg->on_diag[sq[i]]; /* parents compared */
    uint64_t occ = 0;
    for (int i = 0; i < n; i++) occ |= 1ull << sq[i];
    const int c = !stm, ks = stm ? sq[1] : sq[0];
    uint32_t st = diag ? chi_index_sym(4, n, sq, stm) : 0;
    uint32_t king[8];
    int k = 0, nk = 0;
    for (int i = 0; i < n; i++) {
        if (m->color[i] != c) continue;
        const int t = m->type[i], from = sq[i];
        /* another piece of c that would reach ks once i is gone: i must
         * come back between them */
        uint64_t allowed = ~0ull, rest = occ & ~(1ull << from);
        for (int j = 2; j < n; j++)
            if (j != i && m->color[j] == c && (chb_reach[m->type[j]][c][sq[j]] >> ks & 1) &&
                !(chb_between[sq[j]][ks] & rest))
                allowed &= chb_between[sq[j]][ks];
        if (!allowed) continue;
        uint64_t xs = t == CHB_K ? chb_king_mask[from] : t == CHB_N ? chb_knight_mask[from] : chb_slider(t, from, occ);
        /* nor may i itself reach ks from where it came */
        uint64_t hits = t == CHB_K ? chb_king_mask[ks] : t == CHB_N ? chb_knight_mask[ks] : chb_slider(t, ks, rest);
        xs &= ~occ & allowed & ~hits;
        if (i == 0) {
            for (; xs; xs &= xs - 1) {
                int to = __builtin_ctzll(xs);
                if (cg->king_field[to] >= 0) {
                    king[nk++] = ((s ^ 1u) & ((1u << top) - 1)) | (uint32_t)cg->king_field[to] << top;
                } else {
                    uint8_t q[CHB_MAX_PIECES];
                    memcpy(q, sq, sizeof q);
                    q[0] = (uint8_t)to;
                    king[nk++] = chi_index_plain(n, q, c);
                }
            }
            continue;
        }
        const uint32_t w = cg->weight[i], base = (s ^ 1u) - from * w, tbase = (st ^ 1u) - cg->transpose[from] * w;
        for (; xs; xs &= xs - 1) {
            int to = __builtin_ctzll(xs);
            uint32_t q = base + to * w;
            if (diag) {
                uint32_t qt = tbase + cg->transpose[to] * w;
                if (qt < q) q = qt;
            }
            if (list) k = add_unique(out, k, q);
            else out[k++] = q;
        }
    }
    int nfast = k;
    for (int i = 0; i < nk; i++) k = add_unique_from(out, king[i] >> top == s >> top ? 0 : nfast, k, king[i]);
    return k;
}

/* fast_parents_n with n a constant for 3, 4 and 5 pieces (see fast_walk). */
static int fast_parents(const chg_game *cg, uint32_t s, uint32_t *out)
{
    switch (cg->m.n) {
    case 3: return fast_parents_n(cg, s, out, 3);
    case 4: return fast_parents_n(cg, s, out, 4);
    case 5: return fast_parents_n(cg, s, out, 5);
    default: return fast_parents_n(cg, s, out, cg->m.n);
    }
}

static uint32_t parents(void *ctx, uint32_t s, uint32_t *out)
{
    const chg_game *cg = ctx;
    if (cg->fast) {
        int k = fast_parents(cg, s, out);
        if (k >= 0) return (uint32_t)k;
    }
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
    pp_state_info info;
    if (cg->fast) {
        fast_walk(cg, s, &info, win_at, lose_at, 1);
        return;
    }
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

/* The material left when piece j is captured, and whether it reads with
 * the colours flipped. */
static void capture_material(const chg_game *cg, int j, chi_material *out, int *flip)
{
    const chi_material *m = &cg->m;
    chb_pos p = {0, 0, -1, {0}, {0}, {0}};
    for (int i = 0; i < m->n; i++) {
        if (i == j) continue;
        p.type[p.n] = m->type[i];
        p.color[p.n] = m->color[i];
        p.n++;
    }
    chi_material_of(&p, out, flip);
}

void chg_capture_material(const chg_game *cg, int j, chi_material *out)
{
    int flip;
    capture_material(cg, j, out, &flip);
}

void chg_set_capture(chg_game *cg, int j, const uint8_t *val)
{
    const chi_material *m = &cg->m;
    struct chg_capture *c = &cg->cap[j];
    capture_material(cg, j, &c->m, &c->flip);
    /* the child's slot k: the first unused parent slot of its type and colour */
    int used = 1 << j;
    for (int k = 0; k < c->m.n; k++)
        for (int i = 0; i < m->n; i++)
            if (!(used >> i & 1) && m->type[i] == c->m.type[k] && m->color[i] == (c->m.color[k] ^ c->flip)) {
                used |= 1 << i;
                c->from[k] = (int8_t)i;
                break;
            }
    c->val = val;
    c->set = 1;
    int all = !m->pawns && !m->dups && !m->ep;
    for (int i = 2; i < m->n; i++) all &= cg->cap[i].set;
    cg->fast = all;
}

/* No position of m has more legal moves than the side with the most
 * mobile pieces could make: a king 8, a queen 27, a rook 14, a bishop 13,
 * a knight 8, a pawn 12 (three targets, four promotions each). The solver
 * picks its byte cell from this bound (at most 63: every 3- and 4-piece
 * table). */
static uint32_t max_moves_of(const chi_material *m)
{
    static const uint8_t most[6] = {8, 27, 14, 13, 8, 12};
    uint32_t side[2] = {0, 0};
    for (int i = 0; i < m->n; i++) side[m->color[i] & 1] += most[m->type[i]];
    return side[0] > side[1] ? side[0] : side[1];
}

void chg_init(chg_game *cg, const chi_material *m, chg_probe_fn probe, void *probe_ctx)
{
    memset(cg, 0, sizeof *cg);
    if (!chb_ready) chb_tables_init(); /* the fast path reads the attack tables directly */
    if (!chi_ready) chi_tables_init(); /* and the symmetry tables (chi_index_plain) */
    cg->m = *m;
    cg->probe = probe;
    cg->probe_ctx = probe_ctx;
    for (int i = 0; i < m->n; i++) cg->weight[i] = chi_weight(m, i);
    for (int k = 0; k < (m->pawns ? 32 : 10); k++) cg->king_sq[k] = (uint8_t)chi_king_square(m, k);
    for (int i = 0; i < 64; i++) {
        cg->on_diag[i] = (uint8_t)((i & 7) == (i >> 3));
        cg->transpose[i] = chi_transpose(i);
        cg->king_field[i] = (int8_t)(m->dups ? -1 : chi_king_field(m, i));
    }
    cg->g.nstates = m->size;
    cg->g.max_parents = MAX_LIST;
    cg->g.max_moves = max_moves_of(m);
    cg->g.ctx = cg;
    cg->g.info = info;
    cg->g.parents = parents;
    cg->g.exits = exits;
    cg->g.info_range = info_range;
    cg->g.describe = describe;
    /* 2 bytes an entry while building, no queue (pp_retro_game.layer_scan):
     * a table's byte holds a remoteness up to 253 plies (game_chess.h), so
     * no exit's ply is over 254 (and a longer mate fails the table anyway) */
    cg->g.layer_scan = PP_LAYER_SCAN;
    cg->g.max_remoteness = PP_LAYER_SCAN_BYTE_PLIES;
    cg->g.players[0] = "white";
    cg->g.players[1] = "black";
}
