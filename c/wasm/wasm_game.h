/* wasm_game.h: a parsed game as the search exports (c/wasm/wasm_search.c)
 * take it. Whoever parses the game (wasm_tree.c for the typed trees and the
 * board games, wasm_gdl_tree.c for rules in GDL) fills one in, with hooks
 * for what only it knows, so that the search links into a module without
 * every game's parser. */
#ifndef PP_WASM_GAME_H
#define PP_WASM_GAME_H

#include "wasm_internal.h"

typedef struct ppw_game ppw_game;
struct ppw_game {
    int kind;
    void *obj; /* the parser's own object (pp_tree, pp_ttt, ...) */
    const pp_game *game;
    void (*release)(ppw_game *h);                 /* frees obj */
    double (*info)(const ppw_game *h, int which); /* facts past the generic ones (ppw_game_info); NULL: none */
    /* The range MCTS scales rewards by when the game's own is open (a typed
     * tree: its leaves'); 1 with it in lo, hi; NULL or 0: the game's. */
    int (*reward_range)(const ppw_game *h, int32_t *lo, int32_t *hi);
    /* The whole tree in preorder (game move order), once expanded. */
    uint32_t nodes;
    int32_t *parent, *moves, *value, *player;
};

/* A game handle around obj and its pp_game; NULL (obj released) when out of memory. */
ppw_game *ppw_game_wrap(int kind, void *obj, const pp_game *game, void (*release)(ppw_game *),
                        double (*info)(const ppw_game *, int));

#endif
