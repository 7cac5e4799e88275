/* wasm_tree.c: the WebAssembly exports (ppw_*) of the game-tree pillar:
 * parse a game (typed or random tree, tic-tac-toe, Nim, Can I Win, Predict
 * the Winner, 一双木棋, Triangle War, the board chase, Connect Four) for the
 * search's exports (wasm_search.c: lay its whole tree out, minimax or
 * alpha-beta with a trace) and for playing against the solver
 * (wasm_versus.c). web/src/engine/binding-tree.js binds each of these once.
 */
#include <stdlib.h>
#include <string.h>

#include "wasm_game.h"

/* Game kinds, as binding-tree.js numbers them. */
enum {
    KIND_TREE,
    KIND_TTT,
    KIND_NIM,
    KIND_CANIWIN,
    KIND_PREDICT,
    KIND_YOUNG,
    KIND_TRIANGLE,
    KIND_CHASE,
    KIND_CONNECT4,
    KIND_COUNT
};

static void free_obj(int kind, void *obj)
{
    switch (kind) {
    case KIND_TREE: pp_tree_free(obj); break;
    case KIND_TTT: pp_ttt_free(obj); break;
    case KIND_NIM: pp_nim_free(obj); break;
    case KIND_CANIWIN: pp_caniwin_free(obj); break;
    case KIND_PREDICT: pp_predict_free(obj); break;
    case KIND_YOUNG: pp_young_free(obj); break;
    case KIND_TRIANGLE: pp_triangle_free(obj); break;
    case KIND_CHASE: pp_chase_free(obj); break;
    case KIND_CONNECT4: pp_c4_free(obj); break;
    default: break;
    }
}

static void release(ppw_game *h) { free_obj(h->kind, h->obj); }

/* The facts only these kinds have (ppw_game_info): trees 5 nodes, 6 leaves,
 * 7 depth, 8 the true value; tic-tac-toe 9 board side. */
static double kind_info(const ppw_game *h, int which)
{
    const pp_tree *t = h->kind == KIND_TREE ? h->obj : NULL;
    switch (which) {
    case 5: return t ? (double)pp_tree_nodes(t) : 0;
    case 6: return t ? (double)pp_tree_leaves(t) : 0;
    case 7: return t ? pp_tree_depth(t) : 0;
    case 8: return t ? pp_tree_value(t) : 0;
    case 9: return h->kind == KIND_TTT ? pp_ttt_size(h->obj) : 0;
    default: return 0;
    }
}

/* A typed tree's rewards for MCTS: its leaves' range (the game's is open). */
static int tree_range(const ppw_game *h, int32_t *lo, int32_t *hi)
{
    if (h->kind != KIND_TREE) return 0;
    pp_tree_leaf_range(h->obj, lo, hi);
    return 1;
}

/* Connect Four as "WxH:moves" (the size optional: 7x6), for the generic
 * stages (minimax, alpha-beta, centre-first) with their trace. */
static pp_status parse_connect4(const char *text, size_t len, pp_c4 **out)
{
    int w = 7, h = 6;
    const char *colon = memchr(text, ':', len);
    if (colon) {
        if (colon - text != 3 || text[0] < '0' || text[0] > '9' || (text[1] != 'x' && text[1] != 'X') ||
            text[2] < '0' || text[2] > '9')
            return ppw_fail(PP_ERR_INPUT, "the size before ':' must be WxH, e.g. 7x6"), PP_ERR_INPUT;
        w = text[0] - '0';
        h = text[2] - '0';
        len -= (size_t)(colon + 1 - text);
        text = colon + 1;
    }
    return pp_c4_parse(w, h, text, len, out, &ppw_last_error);
}

/* Parses `text` as a game of `kind`; minimize: the root of a tree minimizes
 * (other kinds ignore it). NULL with the message in ppw_error(). */
EXPORT ppw_game *ppw_game_parse(int kind, const char *text, int minimize)
{
    ppw_clear_error();
    if (!text) return ppw_fail(PP_ERR_ARG, "no input text"), NULL;
    if (kind < 0 || kind >= KIND_COUNT) return ppw_fail(PP_ERR_ARG, "no such game kind"), NULL;
    size_t len = strlen(text);
    void *obj = NULL;
    const pp_game *g = NULL;
    pp_status s = PP_ERR_ARG;
    switch (kind) {
    case KIND_TREE:
        s = pp_tree_parse(text, len, (pp_tree **)&obj, &ppw_last_error);
        if (s == PP_OK) {
            pp_tree_set_root_player(obj, minimize ? PP_AB_MIN : PP_AB_MAX);
            g = pp_tree_game(obj);
        }
        break;
    case KIND_TTT:
        s = pp_ttt_parse(text, len, (pp_ttt **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_ttt_game(obj);
        break;
    case KIND_NIM:
        s = pp_nim_parse(text, len, (pp_nim **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_nim_game(obj);
        break;
    case KIND_CANIWIN:
        s = pp_caniwin_parse(text, len, (pp_caniwin **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_caniwin_game(obj);
        break;
    case KIND_PREDICT:
        s = pp_predict_parse(text, len, (pp_predict **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_predict_game(obj);
        break;
    case KIND_YOUNG:
        s = pp_young_parse(text, len, (pp_young **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_young_game(obj);
        break;
    case KIND_TRIANGLE:
        s = pp_triangle_parse(text, len, (pp_triangle **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_triangle_game(obj);
        break;
    case KIND_CHASE:
        s = pp_chase_parse(text, len, (pp_chase **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_chase_game(obj);
        break;
    case KIND_CONNECT4:
        s = parse_connect4(text, len, (pp_c4 **)&obj);
        if (s == PP_OK) g = pp_c4_game(obj);
        break;
    }
    if (s != PP_OK) return NULL;
    ppw_game *h = ppw_game_wrap(kind, obj, g, release, kind_info);
    if (h && kind == KIND_TREE) h->reward_range = tree_range;
    return h;
}

/* Tic-tac-toe: the root's cell at (row, col): 'X', 'O' or '.'; 0 otherwise. */
EXPORT int ppw_game_ttt_cell(const ppw_game *h, int row, int col)
{
    return h && h->kind == KIND_TTT ? pp_ttt_cell(h->obj, row, col) : 0;
}
