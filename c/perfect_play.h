/* perfect_play.h: the public contract of the Perfect Play solver library.
 *
 * Everything a program may use is declared here; what this header does not
 * declare is not API. Public names start with pp_ / PP_.
 *
 * Conventions
 * - Functions that can fail return a pp_status and fill a caller-owned
 *   pp_error (which may be NULL) with a one-line message naming what is wrong
 *   and where. The library never aborts or exits, whatever the input.
 * - Opaque handles come from *_new / *_parse and go back through *_free;
 *   every *_free(NULL) is a no-op.
 * - Limits are checked before allocating: an instance too large for the
 *   documented limits fails with PP_ERR_LIMIT, never with an abort.
 */
#ifndef PERFECT_PLAY_H
#define PERFECT_PLAY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PP_VERSION "0.1.0"

typedef enum pp_status {
    PP_OK = 0,
    PP_ERR_INPUT = 1,  /* the input text or instance is invalid */
    PP_ERR_LIMIT = 2,  /* the instance exceeds a documented limit */
    PP_ERR_NOMEM = 3,  /* an allocation failed */
    PP_ERR_BUDGET = 4, /* an exhaustive solver ran out of its budget */
    PP_ERR_ARG = 5     /* the API was misused (NULL handle, bad option) */
} pp_status;

typedef struct pp_error {
    pp_status code;
    char msg[256];
} pp_error;

const char *pp_status_name(pp_status code);

/* ------------------------------------------------------------------------
 * Outcomes. A two-player game names its players 0 and 1 (Cat and Mouse:
 * 0 = mouse, 1 = cat). An outcome is who wins, with the values LeetCode 913
 * prints: 0 draw, 1 player 0 wins, 2 player 1 wins.
 */
enum {
    PP_DRAW = 0,    /* also: not (yet) decided */
    PP_WIN0 = 1,    /* player 0 wins (Cat and Mouse: the mouse) */
    PP_WIN1 = 2,    /* player 1 wins (Cat and Mouse: the cat) */
    PP_INVALID = 3  /* not a state of the game (e.g. the cat in the hole) */
};

/* ------------------------------------------------------------------------
 * The event trace: the seam between a solver and any picture of it.
 *
 * A trace is a flat array of fixed-size records of four int32 words:
 *
 *         word 0          word 1     word 2     word 3
 *   +-------------------+----------+----------+----------+
 *   | kind | step << 8  |    a     |    b     |    c     |
 *   +-------------------+----------+----------+----------+
 *
 * Events are semantic (what the algorithm did), never visual. Each record
 * names the numbered step of the solver's pseudocode it belongs to, so a
 * page can highlight that line (pp_event_kind_of, pp_event_step).
 * Recording stops at the capacity given to pp_trace_new and sets the
 * truncated flag; the solve itself goes on and stays correct.
 *
 * Retrograde coloring (state ids are the game's; outcome as above):
 *   SEED   state outcome 0            step 1: a terminal state, decided
 *   POP    state outcome remoteness   step 2: taken from the queue's head
 *   PARENT parent child 0             step 3: a parent of the popped state
 *   DEGREE state remaining 0          step 5: counter of a losing option dropped
 *   COLOR  state outcome remoteness   step 4 (its mover wins here) or
 *                                     step 6 (its counter reached 0: a loss)
 *
 * Depth-first search, naive and with memo (pp_dfs_solve; outcome as above):
 *   LEAF     state outcome 0          step 1: a terminal state
 *   MEMO_HIT state outcome 0          step 2: answered from the memo (memo only)
 *   CYCLE    state 0 0                step 3: already on the path: called a draw
 *   ENTER    state depth 0            step 4: put on the path, moves to try
 *   CHILD    state child outcome      step 5: a move's result came back
 *   EXIT     state outcome 0          step 6 (a winning move: return at once)
 *                                     or step 7 (moves done: draw, else loss)
 *
 * Trace file (pp_trace_serialize), little-endian:
 *   offset 0  8 bytes  magic "PPTRACE\0"
 *          8  u32      format version (PP_TRACE_VERSION)
 *         12  u32      words per record (4)
 *         16  u32      number of records
 *         20  u32      flags: bit 0 = truncated
 *         24  u32      number of states of the game
 *         28  u32      reserved (0)
 *         32  ...      records
 */
#define PP_TRACE_VERSION 1
#define PP_TRACE_WORDS 4
#define PP_TRACE_HEADER_BYTES 32

typedef enum pp_event_kind {
    PP_EV_SEED = 1,
    PP_EV_POP = 2,
    PP_EV_PARENT = 3,
    PP_EV_DEGREE = 4,
    PP_EV_COLOR = 5,
    PP_EV_ENTER = 6,
    PP_EV_LEAF = 7,
    PP_EV_CYCLE = 8,
    PP_EV_MEMO_HIT = 9,
    PP_EV_CHILD = 10,
    PP_EV_EXIT = 11,
    /* game trees (issue 4): kinds 12 to 19 */
    /* stone games and friends (issue 5): kinds 20 to 27 */
    PP_EV_KINDS = 32 /* every kind is below this */
} pp_event_kind;

typedef struct pp_trace pp_trace;

/* A trace that keeps at most max_events records. */
pp_status pp_trace_new(uint32_t max_events, pp_trace **out, pp_error *err);
/* Records only the kinds whose bit (1u << kind) is set in mask; 0 records
 * every kind (the default). E.g. a coarse retrograde trace for large
 * instances: (1u << PP_EV_SEED) | (1u << PP_EV_COLOR). */
void pp_trace_set_filter(pp_trace *t, uint32_t mask);
#define PP_TRACE_COARSE ((1u << PP_EV_SEED) | (1u << PP_EV_COLOR))
void pp_trace_free(pp_trace *t);
uint32_t pp_trace_count(const pp_trace *t);
int pp_trace_truncated(const pp_trace *t);
/* The records: pp_trace_count(t) * PP_TRACE_WORDS int32 words. */
const int32_t *pp_trace_records(const pp_trace *t);
const char *pp_event_name(int kind);
int pp_event_kind_of(const int32_t *record);
/* The pseudocode step an event belongs to (see each solver's comment). */
int pp_event_step(const int32_t *record);
/* One record as a line of text, e.g. "COLOR (3,5,cat) mouse 3"; returns the
 * length it needs (like snprintf). States are written by the game's describe
 * (game may be NULL: plain ids); players by the given labels (may be NULL). */
struct pp_retro_game;
int pp_event_format(const int32_t *record, const struct pp_retro_game *game,
                    const char *const players[2], char *buf, size_t size);
/* The whole trace in the file format above: writes at most size bytes,
 * returns the number of bytes the whole file needs. */
size_t pp_trace_serialize(const pp_trace *t, uint32_t nstates, void *buf, size_t size);

/* ------------------------------------------------------------------------
 * Retrograde analysis: the generic interface a game offers the solver.
 *
 * States are the integers 0 .. nstates-1. The solver never names a game.
 */
enum { PP_STATE_INVALID = 0, PP_STATE_TERMINAL = 1, PP_STATE_INNER = 2 };

typedef struct pp_state_info {
    uint8_t kind;    /* PP_STATE_INVALID, _TERMINAL or _INNER */
    uint8_t mover;   /* player to move (0 or 1) */
    uint8_t outcome; /* terminal states: PP_WIN0 or PP_WIN1 */
    uint32_t moves;  /* inner states: number of legal moves (children) */
} pp_state_info;

typedef struct pp_retro_game {
    uint32_t nstates;
    uint32_t max_parents; /* no state has more parents than this */
    uint32_t max_moves;   /* no state has more moves than this */
    void *ctx;
    void (*info)(void *ctx, uint32_t state, pp_state_info *out);
    /* Writes the states with a legal move into `state` (their count is
     * returned, at most max_parents). Invalid states are never listed. */
    uint32_t (*parents)(void *ctx, uint32_t state, uint32_t *out);
    /* Optional (the DFS solvers need it): writes the states one move from
     * `state` (at most max_moves) and returns their count. */
    uint32_t (*children)(void *ctx, uint32_t state, uint32_t *out);
    /* Optional: a short name of the state for traces and views, like
     * snprintf (e.g. Cat and Mouse writes "(3,5,cat)"). */
    int (*describe)(void *ctx, uint32_t state, char *buf, size_t size);
    const char *players[2]; /* e.g. "mouse", "cat" */
} pp_retro_game;

typedef struct pp_retro pp_retro;

typedef struct pp_retro_stats {
    uint64_t states;      /* valid states */
    uint64_t seeds;       /* terminal states (and movers without a move) */
    uint64_t pops;        /* states taken from the queue */
    uint64_t relaxations; /* reverse edges looked at (parents visited) */
    uint64_t decided;     /* states with a winner */
    uint64_t wins[2];     /* decided states won by player 0 / player 1 */
    uint64_t draws;       /* valid states never decided */
    uint64_t queue_peak;  /* largest queue length seen */
} pp_retro_stats;

/* Bytes pp_retro_new would allocate for a game of nstates states. */
uint64_t pp_retro_bytes(uint32_t nstates, uint32_t max_parents);

/* Prepares a solve: classifies every state and seeds the queue. The game
 * (and trace, which may be NULL) must outlive the solver. */
pp_status pp_retro_new(const pp_retro_game *game, pp_trace *trace, pp_retro **out,
                       pp_error *err);
/* Works through at most `budget` reverse edges; *done becomes 1 when every
 * state that can be decided is. Call again until done (progress, cancel). */
pp_status pp_retro_run(pp_retro *r, uint64_t budget, int *done);
/* 1 once every decidable state is decided (the per-state arrays are final). */
int pp_retro_done(const pp_retro *r);
void pp_retro_free(pp_retro *r);

uint32_t pp_retro_nstates(const pp_retro *r);
/* Per state, filled in once pp_retro_run has reported done (before that
 * only the trace tells the story): outcome (PP_DRAW/WIN0/WIN1/INVALID), remoteness (moves to the
 * end under perfect play, the winner hurrying and the loser delaying; -1 if
 * undecided or invalid), cause (the child that decided a win, the last child
 * counted for a loss, -1 for terminal, undecided and invalid states), and
 * (pp_retro_degree) a state's counter: its moves not yet known to lose. */
const uint8_t *pp_retro_outcomes(const pp_retro *r);
const int32_t *pp_retro_remoteness(const pp_retro *r);
const int32_t *pp_retro_cause(const pp_retro *r);
uint32_t pp_retro_degree(const pp_retro *r, uint32_t state);
void pp_retro_get_stats(const pp_retro *r, pp_retro_stats *out);

/* ------------------------------------------------------------------------
 * Depth-first minimax over the same games, as the teaching material writes
 * it: a state on the current path is called a draw (the cycle check).
 *
 * PP_DFS_NAIVE is exact but exponential: it gives up after `budget` calls
 * with PP_ERR_BUDGET. PP_DFS_MEMO adds a memo of each state's result and is
 * kept, deliberately, with its known flaw: a result computed while some
 * state of a cycle was on the path (and so called a draw) is memoized as if
 * it were final, so on graphs with cycles it labels some won or lost states
 * as draws. Compare its labels with pp_retro's to see where.
 */
typedef enum pp_dfs_kind { PP_DFS_NAIVE = 0, PP_DFS_MEMO = 1 } pp_dfs_kind;

#define PP_UNSEEN 0xFF /* a label the memo never stored */

typedef struct pp_dfs_stats {
    uint64_t nodes;     /* calls that entered a state (ENTER events) */
    uint64_t leaves;    /* terminal states reached */
    uint64_t cycles;    /* calls cut by the on-path check */
    uint64_t memo_hits; /* calls answered by the memo */
    uint64_t max_depth; /* longest path */
} pp_dfs_stats;

/* Solves from `start`. *answer gets the start's outcome (PP_DRAW, PP_WIN0,
 * PP_WIN1). labels (nstates bytes, may be NULL) gets the memo: each stored
 * state's outcome, PP_UNSEEN elsewhere (the naive search stores nothing).
 * stats may be NULL. */
pp_status pp_dfs_solve(const pp_retro_game *game, pp_dfs_kind kind, uint32_t start, uint64_t budget,
                       pp_trace *trace, uint8_t *answer, uint8_t *labels, pp_dfs_stats *stats,
                       pp_error *err);

/* ------------------------------------------------------------------------
 * Cat and Mouse (LeetCode 913).
 *
 * An undirected graph; node 0 is the hole, the mouse starts on node 1 and
 * moves first, the cat starts on node 2 and may never enter the hole.
 * The mouse wins on reaching the hole, the cat on reaching the mouse;
 * a repeated position is a draw.
 *
 * State ids (use pp_catmouse_state; the layout keeps every state's parents
 * within one row, for speed):
 *   mouse to move (turn 0): s = cat * n + mouse
 *   cat to move   (turn 1): s = n * n + mouse * n + cat
 * States with the cat on node 0 are invalid.
 * A mover without a legal move (only on nodes no game can reach) loses.
 */
#define PP_CATMOUSE_MAX_NODES 2000
#define PP_CATMOUSE_MIN_NODES 3

typedef struct pp_catmouse pp_catmouse;

/* Parses LeetCode input text: `graph = [[2,5],[3],...]` or the bare JSON
 * value, and checks every rule of the problem (see the errors in
 * tests/c/test_catmouse_input.c). */
pp_status pp_catmouse_parse(const char *text, size_t len, pp_catmouse **out, pp_error *err);
/* A graph from adjacency lists (CSR: node i lists adj[off[i] .. off[i+1]-1]). */
pp_status pp_catmouse_from_lists(int n, const int32_t *off, const int32_t *adj,
                                 pp_catmouse **out, pp_error *err);
/* A random valid graph: n nodes, about avg_degree edges per node, given seed. */
pp_status pp_catmouse_random(int n, int avg_degree, uint64_t seed, pp_catmouse **out,
                             pp_error *err);
/* The complete graph on n nodes. */
pp_status pp_catmouse_complete(int n, pp_catmouse **out, pp_error *err);
void pp_catmouse_free(pp_catmouse *g);

int pp_catmouse_nodes(const pp_catmouse *g);
const int32_t *pp_catmouse_offsets(const pp_catmouse *g); /* n + 1 entries */
const int32_t *pp_catmouse_adjacency(const pp_catmouse *g);
uint32_t pp_catmouse_state(const pp_catmouse *g, int mouse, int cat, int turn);
uint32_t pp_catmouse_start(const pp_catmouse *g); /* (1, 2, mouse to move) */
/* The game as the retrograde solver sees it; valid while g lives. */
const pp_retro_game *pp_catmouse_retro(const pp_catmouse *g);

/* ------------------------------------------------------------------------
 * Cat and Mouse II (LeetCode 1728).
 *
 * A grid of 1 to 8 rows of 1 to 8 cells: '#' wall, '.' floor, and exactly
 * one 'C' (the cat), 'M' (the mouse) and 'F' (the food). The mouse moves
 * first; a move jumps 0 to catJump / mouseJump cells (1 to 8) up, down, left
 * or right, never over a wall or off the grid. The cat wins on the mouse's
 * cell or by reaching the food first; the mouse by reaching the food first,
 * within 1000 turns. LeetCode's answer: can the mouse win?
 *
 * Cells are numbered row-major: p = row * cols + col, P = rows * cols.
 * State ids (use pp_catmouse2_state), as Cat and Mouse's over cells:
 *   mouse to move (turn 0): s = cat * P + mouse
 *   cat to move   (turn 1): s = P * P + mouse * P + cat
 * States with either on a wall are invalid. The cat on the mouse or on the
 * food is a terminal cat win, else the mouse on the food a terminal mouse
 * win. States the solver leaves undecided are cat wins (see
 * game_catmouse2.c for these conventions and the turn limit).
 */
#define PP_CATMOUSE2_MAX_SIDE 8
#define PP_CATMOUSE2_MAX_JUMP 8
#define PP_CATMOUSE2_MAX_TURNS 1000

typedef struct pp_catmouse2 pp_catmouse2;

/* Parses LeetCode input text: `grid = ["####F","#C...","M...."], catJump = 1,
 * mouseJump = 2` or the bare values, and checks every rule of the problem
 * (see the errors in tests/c/test_catmouse2.c). */
pp_status pp_catmouse2_parse(const char *text, size_t len, pp_catmouse2 **out, pp_error *err);
/* A board from rows * cols cells, row-major (no terminators), same checks. */
pp_status pp_catmouse2_from_cells(int rows, int cols, const char *cells, int cat_jump, int mouse_jump,
                                  pp_catmouse2 **out, pp_error *err);
void pp_catmouse2_free(pp_catmouse2 *g);

int pp_catmouse2_rows(const pp_catmouse2 *g);
int pp_catmouse2_cols(const pp_catmouse2 *g);
/* The input's character at (row, col): '#', '.', 'C', 'M' or 'F'; 0 outside. */
int pp_catmouse2_cell(const pp_catmouse2 *g, int row, int col);
int pp_catmouse2_cat_jump(const pp_catmouse2 *g);
int pp_catmouse2_mouse_jump(const pp_catmouse2 *g);
/* Cells (row * cols + col) of the starts and the food. */
int pp_catmouse2_mouse_start(const pp_catmouse2 *g);
int pp_catmouse2_cat_start(const pp_catmouse2 *g);
int pp_catmouse2_food(const pp_catmouse2 *g);
/* A state's id from cells and turn (0 mouse to move, 1 cat), and back (-1s
 * for an id out of range). */
uint32_t pp_catmouse2_state(const pp_catmouse2 *g, int mouse, int cat, int turn);
void pp_catmouse2_decode(const pp_catmouse2 *g, uint32_t state, int *mouse, int *cat, int *turn);
uint32_t pp_catmouse2_start(const pp_catmouse2 *g); /* the starts, mouse to move */
/* The game as the retrograde solver sees it; valid while g lives. */
const pp_retro_game *pp_catmouse2_retro(const pp_catmouse2 *g);
/* From a finished solve of g's game: 1 if the mouse can make sure of the
 * food from `state` within `turns` moves (of either player), else 0; -1 if
 * r cannot be a solve of g (its number of states differs), the state is
 * out of range, or the solve is not finished (pp_retro_done). */
int pp_catmouse2_mouse_wins_within(const pp_catmouse2 *g, const pp_retro *r, uint32_t state, int turns);
/* LeetCode's answer: the start, within PP_CATMOUSE2_MAX_TURNS turns. */
int pp_catmouse2_answer(const pp_catmouse2 *g, const pp_retro *r);

/* ------------------------------------------------------------------------
 * Game trees: minimax and alpha-beta (issue 4).
 */

/* ------------------------------------------------------------------------
 * Stone games and friends: dynamic programming (issue 5).
 */

#ifdef __cplusplus
}
#endif
#endif
