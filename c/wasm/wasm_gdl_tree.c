/* wasm_gdl_tree.c: rules in GDL as a game for the search's exports
 * (wasm_search.c): minimax and alpha-beta from the initial state, MAX the
 * first role, values its goal. Linked into pp-gdl beside the reasoner, so
 * pp-tree stays free of it. web/src/engine/binding-tree.js binds it.
 */
#include <stdlib.h>
#include <string.h>

#include "wasm_game.h"

/* The kind number binding-tree.js gives rules in GDL (TREE_GAMES). */
#define KIND_GDL 9

typedef struct gdl_tree {
    pp_gdl *rules;
    pp_gdl_game *game;
    pp_game outcome; /* ppw_gdl_game_parse_outcome's game: the rules' valued -1, 0, 1 */
} gdl_tree;

static void release(ppw_game *h)
{
    gdl_tree *t = h->obj;
    if (!t) return;
    pp_gdl_game_free(t->game); /* before the rules it plays */
    pp_gdl_free(t->rules);
    free(t);
}

/* Facts past the generic ones: 10 roles. */
static double gdl_info(const ppw_game *h, int which)
{
    const gdl_tree *t = h->obj;
    return which == 10 ? pp_gdl_role_count(t->rules) : 0;
}

/* Reads, checks and grounds rules and makes their initial state the root of
 * a search. NULL with the message in ppw_error(): the rules' first
 * diagnostic, a limit, or more roles than the search plays. */
EXPORT ppw_game *ppw_gdl_game_parse(const char *text)
{
    ppw_clear_error();
    if (!text) return ppw_fail(PP_ERR_ARG, "no rules text"), NULL;
    gdl_tree *t = calloc(1, sizeof *t);
    if (!t) return ppw_fail(PP_ERR_NOMEM, "out of memory"), NULL;
    if (pp_gdl_parse(text, strlen(text), &t->rules, &ppw_last_error) != PP_OK ||
        pp_gdl_game_new(t->rules, NULL, &t->game, &ppw_last_error) != PP_OK) {
        pp_gdl_free(t->rules);
        free(t);
        return NULL;
    }
    return ppw_game_wrap(KIND_GDL, t, pp_gdl_game_of(t->game), release, gdl_info);
}

/* For playing against the solver (wasm_versus.c), whose words read a
 * value's sign: the rules valued by their outcome, -1 the second role wins,
 * 0 a draw, 1 the first wins (pp_gdl_game_outcome's 0, 1, 2 less one), the
 * game's other functions the rules' own. */
static void *inner(void *ctx) { return ((const gdl_tree *)ctx)->game; }
static int vs_player(void *ctx, const void *pos)
{
    const pp_game *g = pp_gdl_game_of(inner(ctx));
    return g->player(g->ctx, pos);
}
static int vs_leaf(void *ctx, const void *pos, int32_t *value)
{
    const pp_game *g = pp_gdl_game_of(inner(ctx));
    int32_t v;
    if (!g->leaf(g->ctx, pos, &v)) return 0;
    *value = v - 1;
    return 1;
}
static uint32_t vs_moves(void *ctx, const void *pos, int32_t *out)
{
    const pp_game *g = pp_gdl_game_of(inner(ctx));
    return g->moves(g->ctx, pos, out);
}
static void vs_play(void *ctx, const void *pos, int32_t move, void *child)
{
    const pp_game *g = pp_gdl_game_of(inner(ctx));
    g->play(g->ctx, pos, move, child);
}
static uint64_t vs_hash(void *ctx, const void *pos)
{
    const pp_game *g = pp_gdl_game_of(inner(ctx));
    return g->hash(g->ctx, pos);
}

/* The rules as ppw_gdl_game_parse reads them, valued by their outcome (-1,
 * 0, 1: above) for playing against the solver; two roles only. NULL with
 * the message in ppw_error(). */
EXPORT ppw_game *ppw_gdl_game_parse_outcome(const char *text)
{
    ppw_clear_error();
    if (!text) return ppw_fail(PP_ERR_ARG, "no rules text"), NULL;
    gdl_tree *t = calloc(1, sizeof *t);
    if (!t) return ppw_fail(PP_ERR_NOMEM, "out of memory"), NULL;
    if (pp_gdl_parse(text, strlen(text), &t->rules, &ppw_last_error) != PP_OK ||
        pp_gdl_game_new(t->rules, NULL, &t->game, &ppw_last_error) != PP_OK) {
        pp_gdl_free(t->rules);
        free(t);
        return NULL;
    }
    if (pp_gdl_role_count(t->rules) != 2) {
        release(&(ppw_game){.obj = t});
        return ppw_fail(PP_ERR_INPUT, "playing against the solver needs two roles taking turns"), NULL;
    }
    pp_gdl_game_outcome(t->game);
    t->outcome = *pp_gdl_game_of(t->game);
    t->outcome.ctx = t;
    t->outcome.lo = -1;
    t->outcome.hi = 1;
    t->outcome.player = vs_player;
    t->outcome.leaf = vs_leaf;
    t->outcome.moves = vs_moves;
    t->outcome.play = vs_play;
    t->outcome.hash = vs_hash;
    return ppw_game_wrap(KIND_GDL, t, &t->outcome, release, gdl_info);
}

/* Role r's name (0 the first, MAX), NULL out of range. */
EXPORT const char *ppw_gdl_game_role(const ppw_game *h, int r)
{
    return h && h->kind == KIND_GDL ? pp_gdl_role_name(((const gdl_tree *)h->obj)->rules, r) : NULL;
}

/* The text of move `code` (e.g. "(mark 1 1)") in the position after the
 * move codes path[0..len) from the initial state, as a game against the
 * search reaches; NULL for a code that is not a move there (the message in
 * ppw_error()). Valid until the next call. */
EXPORT const char *ppw_gdl_game_move(const ppw_game *h, const int32_t *path, uint32_t len, int32_t code)
{
    static char name[256];
    ppw_clear_error();
    if (!h || h->kind != KIND_GDL) return ppw_fail(PP_ERR_ARG, "no rules in GDL"), NULL;
    if (len && !path) return ppw_fail(PP_ERR_ARG, "no moves"), NULL;
    gdl_tree *t = h->obj;
    const pp_game *g = h->game;
    _Alignas(8) unsigned char pos[PP_AB_MAX_STATE], next[PP_AB_MAX_STATE];
    int32_t codes[PP_AB_MAX_MOVES];
    memcpy(pos, g->root, g->state_bytes);
    for (uint32_t i = 0; i <= len; i++) {
        int32_t v;
        int32_t want = i < len ? path[i] : code;
        if (g->leaf(g->ctx, pos, &v)) return ppw_fail(PP_ERR_ARG, "a move after the game is over"), NULL;
        uint32_t n = g->moves(g->ctx, pos, codes), j = 0;
        while (j < n && codes[j] != want) j++;
        if (j == n) return ppw_fail(PP_ERR_ARG, "a move that is not legal in its position"), NULL;
        if (i == len) break;
        g->play(g->ctx, pos, want, next);
        memcpy(pos, next, g->state_bytes);
    }
    pp_gdl_game_move_name(t->game, pos, code, name, sizeof name);
    return name;
}
