/* ref_catmouse2.c: Cat and Mouse II by fixpoint iteration (see ref_catmouse2.h). */
#include "ref_catmouse2.h"

#include <stdlib.h>
#include <string.h>

enum { UNDECIDED = 0, MOUSE = 1, CAT = 2, INVALID = 3 };

typedef struct board {
    int rows, cols, P, jump[2]; /* jump[0] the mouse's, jump[1] the cat's */
    const char *cells;
    int food;
} board;

static board make_board(int rows, int cols, const char *cells, int cat_jump, int mouse_jump)
{
    board b = {rows, cols, rows * cols, {mouse_jump, cat_jump}, cells, -1};
    for (int p = 0; p < b.P; p++)
        if (cells[p] == 'F') b.food = p;
    return b;
}

/* The cells a player on p can jump to, staying included; returns the count. */
static int jumps(const board *b, int p, int who, int *out)
{
    int n = 0, r0 = p / b->cols, c0 = p % b->cols;
    out[n++] = p;
    for (int dir = 0; dir < 4; dir++) {
        int dr = dir == 0 ? -1 : dir == 1 ? 1 : 0, dc = dir == 2 ? -1 : dir == 3 ? 1 : 0;
        for (int k = 1; k <= b->jump[who]; k++) {
            int r = r0 + dr * k, c = c0 + dc * k;
            if (r < 0 || r >= b->rows || c < 0 || c >= b->cols || b->cells[r * b->cols + c] == '#') break;
            out[n++] = r * b->cols + c;
        }
    }
    return n;
}

/* The game's end, from the rules: 0 if it goes on. */
static int ended(const board *b, int m, int c)
{
    if (b->cells[m] == '#' || b->cells[c] == '#') return INVALID;
    if (c == m) return CAT;       /* the cat on the mouse */
    if (c == b->food) return CAT; /* the cat got to the food */
    if (m == b->food) return MOUSE;
    return 0;
}

void ref_catmouse2(int rows, int cols, const char *cells, int cat_jump, int mouse_jump, uint8_t *outcome,
                   int32_t *remote)
{
    board b = make_board(rows, cols, cells, cat_jump, mouse_jump);
    size_t ns = (size_t)b.P * b.P * 2;
    uint8_t *next = malloc(ns);
    int to[64];
    for (int m = 0; m < b.P; m++)
        for (int c = 0; c < b.P; c++)
            for (int t = 0; t < 2; t++) {
                int e = ended(&b, m, c);
                outcome[REF2_ID(b.P, m, c, t)] = (uint8_t)e;
                remote[REF2_ID(b.P, m, c, t)] = e == MOUSE || e == CAT ? 0 : -1;
            }
    for (int round = 1;; round++) {
        memcpy(next, outcome, ns);
        int changed = 0;
        for (int m = 0; m < b.P; m++)
            for (int c = 0; c < b.P; c++)
                for (int t = 0; t < 2; t++) {
                    size_t s = REF2_ID(b.P, m, c, t);
                    if (outcome[s] != UNDECIDED) continue;
                    int me = t == 0 ? MOUSE : CAT, any_win = 0, all_lose = 1;
                    int n = jumps(&b, t == 0 ? m : c, t, to);
                    for (int i = 0; i < n; i++) {
                        uint8_t o = outcome[t == 0 ? REF2_ID(b.P, to[i], c, 1) : REF2_ID(b.P, m, to[i], 0)];
                        if (o == me) any_win = 1;
                        if (o != 3 - me) all_lose = 0;
                    }
                    if (any_win) next[s] = (uint8_t)me;
                    else if (all_lose) next[s] = (uint8_t)(3 - me);
                    if (next[s] != UNDECIDED) {
                        remote[s] = round;
                        changed = 1;
                    }
                }
        memcpy(outcome, next, ns);
        if (!changed) break;
    }
    free(next);
}

int ref_catmouse2_within(int rows, int cols, const char *cells, int cat_jump, int mouse_jump, int turns)
{
    board b = make_board(rows, cols, cells, cat_jump, mouse_jump);
    size_t ns = (size_t)b.P * b.P * 2;
    /* win[s]: the mouse makes sure of the food from s within k turns, for
     * k = 0, 1, ..., turns in place. */
    uint8_t *win = malloc(ns), *prev = malloc(ns);
    int to[64], mouse = 0, cat = 0;
    for (int p = 0; p < b.P; p++) {
        if (cells[p] == 'M') mouse = p;
        if (cells[p] == 'C') cat = p;
    }
    for (int m = 0; m < b.P; m++)
        for (int c = 0; c < b.P; c++)
            for (int t = 0; t < 2; t++) win[REF2_ID(b.P, m, c, t)] = ended(&b, m, c) == MOUSE;
    for (int k = 1, changed = 1; k <= turns && changed; k++) { /* unchanged: so it stays */
        memcpy(prev, win, ns);
        for (int m = 0; m < b.P; m++)
            for (int c = 0; c < b.P; c++)
                for (int t = 0; t < 2; t++) {
                    size_t s = REF2_ID(b.P, m, c, t);
                    if (ended(&b, m, c)) continue; /* a finished game stays as it ended */
                    int n = jumps(&b, t == 0 ? m : c, t, to), some = 0, every = 1;
                    for (int i = 0; i < n; i++) {
                        int w = prev[t == 0 ? REF2_ID(b.P, to[i], c, 1) : REF2_ID(b.P, m, to[i], 0)];
                        some |= w;
                        every &= w;
                    }
                    win[s] = (uint8_t)(t == 0 ? some : every);
                }
        changed = memcmp(prev, win, ns) != 0;
    }
    int answer = win[REF2_ID(b.P, mouse, cat, 0)];
    free(win);
    free(prev);
    return answer;
}
