/* game_chess.h: one chess table as a game of the retrograde solver
 * (internal to the chess tablebase files; prefix chg_). */
#ifndef PP_GAME_CHESS_H
#define PP_GAME_CHESS_H

#include "chess_index.h"
#include "perfect_play.h"

/* A table's value of a position, one byte:
 *
 *     0          draw
 *     1 .. 254   decided: plies + 1, with plies the distance to mate for the
 *                side to move (even: it is mated, odd: it mates)
 *     255        not a legal position in canonical form
 */
#define CHG_DRAW 0
#define CHG_INVALID 255
#define CHG_WINS(v) ((v) != CHG_DRAW && (v) != CHG_INVALID && (((v)-1) & 1))
#define CHG_LOSES(v) ((v) != CHG_DRAW && (v) != CHG_INVALID && !(((v)-1) & 1))

/* The value of a position outside the table (after a capture or a
 * promotion), from tables built before; no en passant square. */
typedef uint8_t (*chg_probe_fn)(void *ctx, const chb_pos *p);

#define CHG_RANGE 4096

typedef struct chg_game {
    pp_retro_game g; /* ctx points back at this struct */
    chi_material m;
    uint32_t weight[CHB_MAX_PIECES]; /* chi_weight per slot */
    uint8_t transpose[64];           /* chi_transpose */
    int8_t king_field[64];           /* chi_king_field, all -1 with two pieces of one kind */
    chg_probe_fn probe;
    void *probe_ctx;
    /* The fast path (game_chess.c; pawnless, no two pieces of one kind,
     * every table a capture leads to given by chg_set_capture): per white
     * king field its square, per square 1 on the diagonal a1-h8, per
     * captured slot the table the capture leads to (val NULL: bare kings)
     * and where its slots come from (flip: colours swapped). */
    int fast;
    uint8_t king_sq[32], on_diag[64];
    struct chg_capture {
        const uint8_t *val;
        chi_material m;
        int flip, set;
        int8_t from[CHB_MAX_PIECES];
    } cap[CHB_MAX_PIECES];
    /* info_range finds the exits too; the solver asks for them right after
     * (seeding), so the range's are kept (win_at and lose_at, the value
     * bytes of game_chess.h, fit a byte), for states range_first ..
     * range_first + range_count - 1 */
    uint32_t range_first, range_count;
    uint8_t range_win[CHG_RANGE], range_lose[CHG_RANGE];
} chg_game;

/* Fills cg (which must stay where it is while the game is in use). */
void chg_init(chg_game *cg, const chi_material *m, chg_probe_fn probe, void *probe_ctx);
/* The material left when slot j (2 .. n - 1) of cg's is taken, normalised
 * (its name says which table to give chg_set_capture). */
void chg_capture_material(const chg_game *cg, int j, chi_material *out);
/* That table's bytes (NULL for bare kings): once every slot's is given,
 * seeding and exits take the fast path where it applies. */
void chg_set_capture(chg_game *cg, int j, const uint8_t *val);
/* The bytes of a table in the cache (chess_tb.c), NULL if not built. */
const uint8_t *chg_table_values(const char *name);

#endif
