/* ref_catmouse.c: Cat and Mouse by fixpoint iteration (see ref_catmouse.h). */
#include "ref_catmouse.h"

#include <stdlib.h>
#include <string.h>

enum { DRAW = 0, MOUSE = 1, CAT = 2, INVALID = 3 };

static size_t id(int n, int m, int c, int t) { return ((size_t)m * n + c) * 2 + t; }

void ref_catmouse(int n, const int32_t *off, const int32_t *adj, uint8_t *outcome, int32_t *remote)
{
    size_t ns = (size_t)n * n * 2;
    uint8_t *next = malloc(ns);
    for (int m = 0; m < n; m++)
        for (int c = 0; c < n; c++)
            for (int t = 0; t < 2; t++) {
                size_t s = id(n, m, c, t);
                remote[s] = -1;
                outcome[s] = DRAW;
                if (c == 0) outcome[s] = INVALID;
                else if (m == 0) outcome[s] = MOUSE, remote[s] = 0;
                else if (m == c) outcome[s] = CAT, remote[s] = 0;
                else {
                    /* A mover with no legal move has lost: the game ends there. */
                    int from = t == 0 ? m : c, moves = 0;
                    for (int32_t k = off[from]; k < off[from + 1]; k++) moves += t == 0 || adj[k] != 0;
                    if (!moves) outcome[s] = t == 0 ? CAT : MOUSE, remote[s] = 0;
                }
            }
    for (int round = 1;; round++) {
        memcpy(next, outcome, ns);
        int changed = 0;
        for (int m = 1; m < n; m++)
            for (int c = 1; c < n; c++)
                for (int t = 0; t < 2; t++) {
                    size_t s = id(n, m, c, t);
                    if (outcome[s] != DRAW || m == c) continue;
                    int me = t == 0 ? MOUSE : CAT;
                    int any_win = 0, all_lose = 1;
                    int from = t == 0 ? m : c;
                    for (int32_t k = off[from]; k < off[from + 1]; k++) {
                        int to = adj[k];
                        if (t == 1 && to == 0) continue; /* the cat never enters the hole */
                        uint8_t o = outcome[t == 0 ? id(n, to, c, 1) : id(n, m, to, 0)];
                        if (o == me) any_win = 1;
                        if (o == DRAW) all_lose = 0;
                        if (o == me) all_lose = 0;
                    }
                    if (any_win) next[s] = (uint8_t)me;
                    else if (all_lose) next[s] = (uint8_t)(3 - me);
                    if (next[s] != DRAW) {
                        remote[s] = round;
                        changed = 1;
                    }
                }
        memcpy(outcome, next, ns);
        if (!changed) break;
    }
    free(next);
}
