/* gdl_turn.c: one state of a GDL game played by hand (pp_gdl_turn_*): who
 * moves, the mover's legal moves by name, the state a move leads to and a
 * terminal's goals, with no state graph. The page's game against the search
 * plays its moves through these while the search answers from the state
 * reached.
 *
 * Who moves is decided as the state graph decides it (gdl_graph.c): the
 * role with more than one legal move; when both have one, the one whose
 * move is not named noop (the first role if that does not tell); a
 * puzzle's one role everywhere. The other role plays its single move.
 */
#include <stdio.h>
#include <string.h>

#include "gdl_internal.h"

static int named_noop(const gdl_prog *p, uint32_t term)
{
    return p->gt[term].arity == 0 && strcmp(gdl_sym_name(&p->syms, p->gt[term].sym), "noop") == 0;
}

/* The k-th legal move (index into net.moves[r]) of role r in the evaluated
 * state, -1 past the last; *count: how many there are. */
static int32_t legal_move(const gdl_net *n, int r, uint32_t k, uint32_t *count)
{
    int32_t found = -1;
    uint32_t c = 0;
    for (uint32_t i = 0; i < n->nmoves[r]; i++) {
        if (!n->val[n->moves[r][i].legal]) continue;
        if (c == k) found = (int32_t)i;
        c++;
    }
    if (count) *count = c;
    return found;
}

static int32_t goal_of(const gdl_net *n, int r)
{
    int32_t best = -1;
    for (uint32_t k = 0; k < n->ngoals[r]; k++)
        if (n->val[n->goals[r][k].atom] && n->goals[r][k].value > best) best = n->goals[r][k].value;
    return best;
}

/* Evaluates bits on g's network and fills out. */
static pp_status turn_eval(pp_gdl *g, const uint64_t *bits, pp_gdl_turn *out, pp_error *err)
{
    gdl_net *n = &g->net;
    int nroles = g->prog.nroles;
    memset(out, 0, sizeof *out);
    out->mover = -1;
    out->goals[0] = out->goals[1] = -1;
    if (nroles < 1 || nroles > 2)
        return pp__fail(err, PP_ERR_INPUT, "%d roles: only one role (a puzzle) or two taking turns can be played",
                        nroles);
    gdl_eval_state(n, bits);
    if (n->terminal >= 0 && n->val[n->terminal]) {
        out->terminal = 1;
        for (int r = 0; r < nroles; r++) out->goals[r] = goal_of(n, r);
        return PP_OK;
    }
    uint32_t count[2] = {0, 0};
    for (int r = 0; r < nroles; r++) legal_move(n, r, 0, &count[r]);
    int mover;
    if (nroles == 1 || count[0] > 1) mover = 0;
    else if (count[1] > 1) mover = 1;
    else if (count[0] == 1 && count[1] == 1) {
        int n0 = named_noop(&g->prog, n->moves[0][legal_move(n, 0, 0, NULL)].term);
        int n1 = named_noop(&g->prog, n->moves[1][legal_move(n, 1, 0, NULL)].term);
        mover = n0 && !n1 ? 1 : 0;
    } else mover = count[0] ? 0 : 1;
    if (nroles == 2 && count[0] > 1 && count[1] > 1)
        return pp__fail(err, PP_ERR_INPUT, "both roles have several legal moves: simultaneous moves are not played");
    for (int r = 0; r < nroles; r++)
        if (!count[r])
            return pp__fail(err, PP_ERR_INPUT, "a state that is not terminal where %s has no legal move",
                            pp_gdl_role_name(g, r));
    out->mover = mover;
    out->moves = count[mover];
    return PP_OK;
}

pp_status pp_gdl_init_state(const pp_gdl *g, uint64_t *out)
{
    if (!g || !out) return PP_ERR_ARG;
    memcpy(out, g->net.init, (size_t)g->net.words * 8);
    return PP_OK;
}

pp_status pp_gdl_turn_of(pp_gdl *g, const uint64_t *bits, pp_gdl_turn *out, pp_error *err)
{
    if (!g || !bits || !out) return pp__fail(err, PP_ERR_ARG, "no rules, state or place for the turn");
    return turn_eval(g, bits, out, err);
}

int pp_gdl_turn_move(pp_gdl *g, const uint64_t *bits, uint32_t i, char *buf, size_t size)
{
    pp_gdl_turn t;
    pp_error err;
    if (!g || !bits || turn_eval(g, bits, &t, &err) != PP_OK || t.terminal || i >= t.moves)
        return snprintf(buf, size, "?");
    int32_t k = legal_move(&g->net, t.mover, i, NULL);
    return gdl_gterm_print(&g->prog, g->net.moves[t.mover][k].term, buf, size);
}

pp_status pp_gdl_turn_play(pp_gdl *g, const uint64_t *bits, uint32_t i, uint64_t *out, pp_error *err)
{
    if (!g || !bits || !out) return pp__fail(err, PP_ERR_ARG, "no rules, state or place for the next state");
    pp_gdl_turn t;
    pp_status st = turn_eval(g, bits, &t, err);
    if (st != PP_OK) return st;
    if (t.terminal) return pp__fail(err, PP_ERR_ARG, "the game is over: no move can be played");
    if (i >= t.moves) return pp__fail(err, PP_ERR_ARG, "move %u of %u legal moves", i, t.moves);
    int32_t choice[2] = {-1, -1};
    for (int r = 0; r < g->prog.nroles; r++) choice[r] = legal_move(&g->net, r, 0, NULL);
    choice[t.mover] = legal_move(&g->net, t.mover, i, NULL);
    gdl_eval_next(&g->net, choice, g->prog.nroles, out);
    return PP_OK;
}
