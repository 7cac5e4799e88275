/* cli.h: the parts of the CLI that main's dispatch (cli.c) calls, one
 * file per family, and the options it hands them (not library API). The
 * parts call only the helpers of cli_common.h, included here, never cli.c. */
#ifndef PP_CLI_H
#define PP_CLI_H

#include <stdio.h>

#include "cli_common.h"
#include "perfect_play.h"

#define DEFAULT_TRACE_CAP (1u << 24)
#define DEFAULT_BUDGET 10000000ull /* states the DFS searches may enter */

typedef struct options {
    const char *game, *input, *algo, *trace_file;
    int json;
    uint32_t trace_cap;
    uint64_t budget;
    const char *order, *root; /* game trees: --order given|best|worst, --root max|min */
    int tt, memo;             /* game trees: --tt, --memo */
    uint64_t memory;          /* game trees, pn, pn2, dfpn: --memory BYTES (0: the library's default) */
    const char *size;         /* connect-four: --size WxH */
    int weak;                 /* connect-four: --weak */
    int no_symmetry;          /* gdl: --no-symmetry, the search's table keys states as they are */
    int frozen;               /* gdl: --frozen, the search's cut where the outcome can no longer change */
    const char *book;         /* connect-four: --book FILE */
    int budget_set;           /* --budget was given */
    uint64_t max_memory;      /* gdl: --max-memory MiB (0: the default) */
    /* game trees, --algo mcts: --iterations N, --seed S, --uct-c C, --solver, --playout random|decisive */
    uint64_t iterations, seed;
    double uct_c;
    int seed_set, uct_c_set, solver;
    const char *playout;
    const char *mcts_option; /* the first of those given, for a message when the algorithm is not mcts */
} options;

/* One `solve GAME` each: the INPUT text in, the answer out; an exit status. */
typedef int (*cli_solve_fn)(const options *o, const char *text, size_t len);

/* --algo mcts's options (--iterations, --seed, --uct-c, --solver, --playout,
 * --memory) into mc over its defaults: 0, or 2 after a message (cli_mcts.c). */
int cli_mcts_options(const options *o, pp_mcts_options *mc);

/* A finished Monte Carlo tree search, as cli_mcts_json prints it. */
typedef struct cli_mcts_report {
    const pp_mcts_options *mc;
    const pp_mcts_result *res;
    const pp_mcts_move *moves; /* res->nmoves root moves */
    const int32_t *exact;      /* each root move's exact value */
    int32_t value;             /* the root's exact value */
    int32_t lo, hi;            /* the range rewards are scaled by */
    int64_t draw2;             /* twice the value that is a draw: win and loss lie either side */
    double seconds;            /* the search's */
    /* NULL: a move is its index in the game's list; else prints root move
     * k's name as a JSON string (ctx its own) */
    void (*name)(void *ctx, uint32_t k);
    void *ctx;
} cli_mcts_report;
/* The --json fields of r after "answer" (no braces; a trace's after them
 * are the caller's): algo, value, bound, best_move, iterations,
 * iterations_per_second, seed, uct_c, solver, playout, reward, proven,
 * proven_value, moves, stats. */
void cli_mcts_json(const cli_mcts_report *r);

/* cli_catmouse.c */
int cli_solve_cat_mouse(const options *o, const char *text, size_t len);
int cli_solve_cat_mouse2(const options *o, const char *text, size_t len);

/* Game trees: cli_tree.c. `judge PROBLEM` reads standard input in
 * the judge's format and writes the judge's output (text = all of stdin). */
int cli_solve_tree(const options *o, const char *text, size_t len);
int cli_solve_tic_tac_toe(const options *o, const char *text, size_t len);
int cli_judge_uva10111(const options *o, const char *text, size_t len);
int cli_solve_young_tableau(const options *o, const char *text, size_t len);
int cli_judge_luogu_p4363(const options *o, const char *text, size_t len);
int cli_solve_triangle_war(const options *o, const char *text, size_t len);
int cli_judge_poj1085(const options *o, const char *text, size_t len);
int cli_solve_board_chase(const options *o, const char *text, size_t len);
int cli_judge_luogu_p4576(const options *o, const char *text, size_t len);
/* nim, can-i-win, predict-the-winner with --algo minimax, alphabeta or
 * alphabeta-soft (the offer protocol below; the rows are cli_dp.c's). */
int cli_tree_offer(const options *o, const char *text, size_t len);

/* Stone games and friends: cli_dp.c. One function serves every
 * row of stone-game .. stone-game-vii, nim, can-i-win, predict-the-winner
 * (it reads o->game).
 *
 * Games whose algorithms live in two files. nim, can-i-win and
 * predict-the-winner are DP tables here (--algo dp, and sieve or
 * flawed-memo where they exist) and game trees in cli_tree.c (minimax,
 * alphabeta, alphabeta-soft). games[] holds one row per name; the file
 * that registered it first owns it (these three: cli_dp.c), and its
 * default --algo is the owner's. Each file offers its algorithms through
 *     int cli_<file>_offer(const options *o, const char *text, size_t len);
 * which returns CLI_NOT_MINE, printing nothing, when o->algo is not one of
 * its algorithms for o->game (NULL is the owner's default), and otherwise
 * solves and returns the exit status. The owner's row function calls its
 * own offer, then the other file's (one line at the marked place in
 * cli_solve_dp), then reports an unknown algorithm. */
#define CLI_NOT_MINE (-1)
int cli_dp_offer(const options *o, const char *text, size_t len);
int cli_solve_dp(const options *o, const char *text, size_t len);

/* Connect Four: cli_connect4.c. */
int cli_solve_connect_four(const options *o, const char *text, size_t len);
/* `book connect-four DEPTH FILE [--size WxH] [--from FILE] [--jobs N]`: builds an opening book (argv as main's). */
int cli_c4_book(int argc, char **argv);
/* Chess endgame tablebases: cli_chess.c. `tablebase MATERIAL`
 * is a command of its own (argv as main's). */
int cli_solve_chess(const options *o, const char *text, size_t len);
int cli_tablebase(int argc, char **argv);
/* Games in the Game Description Language: cli_gdl.c (INPUT a file, '-'
 * standard input). `check gdl FILE` lists the rules' diagnostics. */
int cli_solve_gdl(const options *o, const char *text, size_t len);
int cli_check_gdl(const options *o, const char *text, size_t len);

#endif
