/* cli.c: the native command line, `perfect-play solve GAME INPUT` (docs/cli.md is its contract).
 *
 * Exit status: 0 answered, 2 bad input or usage (one line on stderr),
 * 3 an exhaustive solver ran out of its budget, 1 anything else.
 */
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const usage =
    "usage: perfect-play solve GAME INPUT [--algo NAME] [--json] [--trace FILE] [--trace-cap N] [--budget N]\n"
    "       perfect-play judge PROBLEM < in > out   (a judge's exact formats:\n                                                uva10111, poj1085, luogu-p4363, luogu-p4576)\n"
    "       perfect-play tablebase MATERIAL [--json] [--fen FEN] [--max-memory MiB]   (chess: KRK, KQKR, ...;\n                                                five pieces pawnless natively: KRBKR)\n"
    "       perfect-play book connect-four DEPTH FILE [--size WxH] [--from FILE] [--jobs N]   (Connect Four's opening book)\n"
    "       perfect-play check gdl FILE   (the diagnostics of rules in GDL; exit 0 when clean)\n"
    "       perfect-play --help | -h | --version\n"
    "\n"
    "GAME   cat-mouse     (LeetCode 913)  graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n"
    "       cat-mouse-ii  (LeetCode 1728) grid = [\"####F\",\"#C...\",\"M....\"], catJump = 1, mouseJump = 2\n"
    /* game trees */
    "       tree          (a game tree)   [[3,12,8],[2,4,6],[14,5,2]]\n"
    "       tic-tac-toe   (3x3 or 4x4)    board = [\"X.O\",\"...\",\"...\"]\n"
    "       young-tableau (Luogu P4363)   a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]\n"
    "       triangle-war  (POJ 1085)      moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5]]\n"
    "       board-chase   (Luogu P4576)   n = 2, white = [1,1], black = [2,2]\n"
    /* DP games */
    "       nim           (LeetCode 292)  n = 4\n"
    "       can-i-win     (LeetCode 464)  maxChoosableInteger = 10, desiredTotal = 11\n"
    "       predict-the-winner (LC 486)   nums = [1,5,2]\n"
    "       stone-game    (LeetCode 877)  piles = [5,3,4,5]\n"
    "       stone-game-ii (LeetCode 1140) piles = [2,7,9,4,4]\n"
    "       stone-game-iii (LC 1406)      values = [1,2,3,7]\n"
    "       stone-game-iv (LeetCode 1510) n = 1\n"
    "       stone-game-v  (LeetCode 1563) stoneValue = [6,2,3,4,5,5]\n"
    "       stone-game-vi (LeetCode 1686) aliceValues = [1,3], bobValues = [2,1]\n"
    "       stone-game-vii (LC 1690)      stones = [5,3,1,4,2]\n"
    /* chess endgame tablebases */
    "       chess-endgame (up to 4 pieces) '8/8/8/8/8/2k5/1R6/K7 w - - 0 1' (a FEN; answers in moves)\n"
    "       gdl           (Game Description Language) a FILE of rules, '-' for standard input:\n"
    "                     first wins, second wins, draw; a puzzle: solved in N moves, goal G;\n"
    "                     simultaneous moves or three roles or more: each role's guaranteed goal\n"
    "INPUT  LeetCode input text as above, or the bare values; '-' reads standard input\n";
/* The options, a string of their own (ISO C's string length limit is 4095). */
static const char *const usage_options =
    "--algo      retrograde (default); cat-mouse also: naive-dfs (exact, exponential),\n"
    "            memo-dfs (DFS with memo: flawed on purpose, --json lists its wrong labels)\n"
    "--json      one JSON object: answer, stats, per-state outcomes and remoteness\n"
    "--trace     write the event trace to FILE (binary format of perfect_play.h;\n"
    "            a FILE ending in .txt gets one event per line instead)\n"
    "--trace-cap the most events the trace keeps (default 16777216)\n"
    "--budget    the most states a DFS search enters (default 10000000); past it: exit 3\n"
    /* game trees */
    "game trees: --algo alphabeta (default, fail-hard), alphabeta-soft, minimax (for nim,\n"
    "            can-i-win, predict-the-winner: dp is the default, these are the others);\n"
    "            --order given|best|worst, --tt (transposition table), --memo (won/lost sets),\n"
    "            --root max|min (tree); --budget counts positions visited;\n"
    "            --algo pn, pn2, dfpn: proof-number search (the value by threshold proofs;\n"
    "            --memory BYTES bounds its tables (default 1G, grown as needed); --budget counts\n"
    "            expansions (default 200000 a MiB of --memory: 1G, 209715200);\n"
    "            --json adds the proofs, nodes expanded, table entries, time)\n"
    "            --algo mcts: Monte Carlo tree search (UCT); --iterations N (10000), --seed S (1),\n"
    "            --uct-c C (1.414), --solver (MCTS-Solver), --playout random|decisive, --memory\n"
    "            BYTES for its tree (256M); prints the exact answer, --json adds its moves\n"
    "            (visits, mean reward, UCB, proven, exact value) and its chosen best_move\n"
    "DP games:   --algo dp (default); predict-the-winner, stone-game: diff; nim, stone-game-iv:\n"
    "            sieve; stone-game-vi: exhaustive; predict-the-winner: flawed-memo (the exhibit)\n"
    /* Connect Four */
    "connect-four: INPUT a move sequence of 1-based columns ('4453'; '' the empty board; '-' one\n"
    "            a line, the table kept between lines); --size WxH (default 7x6); --weak (1, 0, -1);\n"
    "            --algo minimax, alphabeta, centre-first, bitboard, tt, iterative, anticipate,\n"
    "            threats, strongest (default); pn, pn2, dfpn: proof-number search on the generic\n"
    "            game (--memory, --budget as the game trees'); --json adds best moves, column scores,\n"
    "            nodes, time;\n"
    "            --algo mcts: Monte Carlo tree search on bitboard playouts, the game trees' options\n"
    "            (rewards by the outcome); prints the exact score, --json adds its moves (columns)\n"
    "            beside each column's exact score (with --book, the book's);\n"
    "            --book FILE answers from an opening book where it holds the position\n"
    /* games in GDL */
    "gdl:        --algo auto|retrograde|alphabeta|pn|pn2|dfpn|bialphabeta, --max-memory MiB (1024), --budget N, --frozen, --no-symmetry\n";

static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf) return NULL;
    for (;;) {
        if (n + 1 >= cap) {
            if (cap > ((size_t)256 << 20)) break; /* the parser refuses such sizes anyway */
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                return NULL;
            }
            buf = b;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        if (got == 0) break;
        n += got;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

static const struct {
    const char *name;
    cli_solve_fn solve;
} games[] = {
    {"cat-mouse", cli_solve_cat_mouse},
    {"cat-mouse-ii", cli_solve_cat_mouse2},
    /* game trees */
    {"tree", cli_solve_tree},
    {"tic-tac-toe", cli_solve_tic_tac_toe},
    {"young-tableau", cli_solve_young_tableau},
    {"triangle-war", cli_solve_triangle_war},
    {"board-chase", cli_solve_board_chase},
    /* stone games and friends */
    {"stone-game", cli_solve_dp},
    {"stone-game-ii", cli_solve_dp},
    {"stone-game-iii", cli_solve_dp},
    {"stone-game-iv", cli_solve_dp},
    {"stone-game-v", cli_solve_dp},
    {"stone-game-vi", cli_solve_dp},
    {"stone-game-vii", cli_solve_dp},
    {"nim", cli_solve_dp},
    {"can-i-win", cli_solve_dp},
    {"predict-the-winner", cli_solve_dp},
    /* Connect Four */
    {"connect-four", cli_solve_connect_four},
    /* chess endgame tablebases */
    {"chess-endgame", cli_solve_chess},
    /* games in the Game Description Language */
    {"gdl", cli_solve_gdl},
};

/* game trees: `judge PROBLEM < in > out` reads and writes an online
 * judge's exact formats. */
static const struct {
    const char *name;
    cli_solve_fn run;
} judges[] = {
    {"uva10111", cli_judge_uva10111},
    {"luogu-p4363", cli_judge_luogu_p4363},
    {"poj1085", cli_judge_poj1085},
    {"luogu-p4576", cli_judge_luogu_p4576},
};

static int judge(int argc, char **argv)
{
    size_t k = 0, n = sizeof judges / sizeof judges[0];
    if (argc != 3) return cli_fail(2, "usage: perfect-play judge PROBLEM < in > out");
    while (k < n && strcmp(argv[2], judges[k].name) != 0) k++;
    if (k == n) {
        fprintf(stderr, "perfect-play: unknown problem '%s' (available:", argv[2]);
        for (size_t i = 0; i < n; i++) fprintf(stderr, "%s %s", i ? "," : "", judges[i].name);
        fprintf(stderr, ")\n");
        return 2;
    }
    size_t len;
    char *text = read_all(stdin, &len);
    if (!text) return cli_fail(1, "out of memory reading standard input");
    options o = {.game = argv[2], .trace_cap = DEFAULT_TRACE_CAP, .budget = DEFAULT_BUDGET};
    int status = judges[k].run(&o, text, len);
    free(text);
    return status;
}

static int unknown_game(const char *name)
{
    fprintf(stderr, "perfect-play: unknown game '%s' (available:", name);
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) fprintf(stderr, "%s %s", i ? "," : "", games[i].name);
    fprintf(stderr, ")\n");
    return 2;
}

int main(int argc, char **argv)
{
    options o = {.trace_cap = DEFAULT_TRACE_CAP, .budget = DEFAULT_BUDGET}; /* the rest NULL and 0 */
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        fputs(usage_options, stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("perfect-play %s\n", PP_VERSION);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "judge") == 0) return judge(argc, argv);             /* game trees */
    if (argc >= 2 && strcmp(argv[1], "tablebase") == 0) return cli_tablebase(argc, argv); /* chess endgame tablebases */
    if (argc >= 2 && strcmp(argv[1], "book") == 0) return cli_c4_book(argc, argv);
    int check = argc >= 2 && strcmp(argv[1], "check") == 0; /* games in GDL */
    if (argc < 2 || (strcmp(argv[1], "solve") != 0 && !check)) {
        fputs(usage, stderr);
        fputs(usage_options, stderr);
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0) {
            o.json = 1;
        } else if (strcmp(a, "--tt") == 0 || strcmp(a, "--memo") == 0) { /* game trees */
            *(a[2] == 't' ? &o.tt : &o.memo) = 1;
        } else if (strcmp(a, "--weak") == 0) { /* Connect Four */
            o.weak = 1;
        } else if (strcmp(a, "--frozen") == 0) { /* GDL's search */
            o.frozen = 1;
        } else if (strcmp(a, "--no-symmetry") == 0) { /* GDL's search */
            o.no_symmetry = 1;
        } else if (strcmp(a, "--solver") == 0) { /* game trees: mcts */
            o.solver = 1;
            if (!o.mcts_option) o.mcts_option = a;
        } else if (strcmp(a, "--iterations") == 0 || strcmp(a, "--seed") == 0 || strcmp(a, "--uct-c") == 0 ||
                   strcmp(a, "--playout") == 0) { /* game trees: mcts */
            if (i + 1 >= argc) return cli_fail(2, "%s needs a value", a);
            const char *v = argv[++i];
            char *end;
            if (!o.mcts_option) o.mcts_option = a;
            if (strcmp(a, "--playout") == 0) {
                if (strcmp(v, "random") != 0 && strcmp(v, "decisive") != 0)
                    return cli_fail(2, "--playout is random or decisive, not '%s'", v);
                o.playout = v;
            } else if (strcmp(a, "--uct-c") == 0) {
                double c = strtod(v, &end);
                if (!*v || *end || !(c >= 0 && c <= 100))
                    return cli_fail(2, "--uct-c must be a number from 0 to 100, not '%s'", v);
                o.uct_c = c;
                o.uct_c_set = 1;
            } else {
                errno = 0;
                unsigned long long n = strtoull(v, &end, 10);
                int iterations = a[2] == 'i';
                /* ERANGE: past 2^64 - 1, which strtoull would give */
                if (*v < '0' || *v > '9' || *end || errno == ERANGE ||
                    (iterations && (n == 0 || n > PP_MCTS_MAX_ITERATIONS)))
                    return cli_fail(2,
                                    iterations ? "--iterations must be 1 to %llu, not '%s'"
                                               : "--seed must be a whole number from 0 to %llu, not '%s'",
                                    iterations ? (unsigned long long)PP_MCTS_MAX_ITERATIONS : ~0ull, v);
                if (iterations) o.iterations = n;
                else o.seed = n, o.seed_set = 1;
            }
        } else if (strcmp(a, "--size") == 0 || strcmp(a, "--book") == 0) {
            if (i + 1 >= argc) return cli_fail(2, "%s needs a value", a);
            *(a[2] == 's' ? &o.size : &o.book) = argv[++i];
        } else if (strcmp(a, "--memory") == 0) { /* game trees: pn, pn2, dfpn */
            if (i + 1 >= argc) return cli_fail(2, "%s needs a value", a);
            const char *v = argv[++i];
            char *end;
            unsigned long long m = strtoull(v, &end, 10);
            unsigned long long unit = *end == 'k' || *end == 'K'   ? 1ull << 10
                                      : *end == 'm' || *end == 'M' ? 1ull << 20
                                      : *end == 'g' || *end == 'G' ? 1ull << 30
                                                                   : 1;
            if (unit > 1) end++;
            if (*v < '1' || *v > '9' || *end || m > PP_PN_MAX_MEMORY / unit || m * unit < PP_PN_MIN_MEMORY)
                return cli_fail(2, "--memory must be %llu bytes to %llu (a suffix K, M or G multiplies), not '%s'",
                                (unsigned long long)PP_PN_MIN_MEMORY, (unsigned long long)PP_PN_MAX_MEMORY, v);
            o.memory = m * unit;
        } else if (strcmp(a, "--order") == 0 || strcmp(a, "--root") == 0) {
            if (i + 1 >= argc) return cli_fail(2, "%s needs a value", a);
            *(a[2] == 'o' ? &o.order : &o.root) = argv[++i];
        } else if (strcmp(a, "--algo") == 0 || strcmp(a, "--trace") == 0 || strcmp(a, "--trace-cap") == 0 ||
                   strcmp(a, "--budget") == 0 || strcmp(a, "--max-memory") == 0) {
            if (i + 1 >= argc) return cli_fail(2, "%s needs a value", a);
            const char *v = argv[++i];
            if (strcmp(a, "--algo") == 0) o.algo = v;
            else if (strcmp(a, "--trace") == 0) o.trace_file = v;
            else if (strcmp(a, "--budget") == 0) {
                char *end;
                unsigned long long b = strtoull(v, &end, 10);
                if (*v < '1' || *v > '9' || *end || b > (1ull << 50))
                    return cli_fail(2, "--budget must be a positive number of states, not '%s'", v);
                o.budget = b;
                o.budget_set = 1;
            } else if (strcmp(a, "--max-memory") == 0) {
                char *end;
                unsigned long long m = strtoull(v, &end, 10);
                if (*v < '1' || *v > '9' || *end || m > (1ull << 20))
                    return cli_fail(2, "--max-memory must be a positive number of MiB, not '%s'", v);
                o.max_memory = m;
            } else {
                char *end;
                unsigned long cap = strtoul(v, &end, 10);
                if (*v < '0' || *v > '9' || *end || cap > (1ul << 27))
                    return cli_fail(2, "--trace-cap must be a number of events up to 134217728, not '%s'", v);
                o.trace_cap = (uint32_t)cap;
            }
        } else if (a[0] == '-' && a[1] == '-') {
            return cli_fail(2, "unknown option '%s'", a);
        } else if (!o.game) {
            o.game = a;
        } else if (!o.input) {
            o.input = a;
        } else {
            return cli_fail(2, "unexpected argument '%s' (quote the INPUT as one argument)", a);
        }
    }
    if (!o.game) return cli_fail(2, "solve needs a GAME and an INPUT");
    if (o.mcts_option && (!o.algo || strcmp(o.algo, "mcts") != 0))
        return cli_fail(2, "%s is for --algo mcts (Monte Carlo tree search)", o.mcts_option);
    if (!o.input) return cli_fail(2, "solve %s needs an INPUT (LeetCode input text, or - for stdin)", o.game);
    size_t game = 0;
    while (game < sizeof games / sizeof games[0] && strcmp(o.game, games[game].name) != 0) game++;
    if (game == sizeof games / sizeof games[0]) return unknown_game(o.game);
    if (check && strcmp(o.game, "gdl") != 0) return cli_fail(2, "check knows only gdl, not '%s'", o.game);
    size_t len;
    char *text;
    if (strcmp(o.input, "-") == 0) {
        text = read_all(stdin, &len);
        if (!text) return cli_fail(1, "out of memory reading standard input");
    } else {
        len = strlen(o.input);
        text = malloc(len + 1);
        if (!text) return cli_fail(1, "out of memory");
        memcpy(text, o.input, len + 1);
    }
    int status = check ? cli_check_gdl(&o, text, len) : games[game].solve(&o, text, len);
    free(text);
    return status;
}
