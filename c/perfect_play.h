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
 *
 * Contents, in this order (search for a heading to jump to it):
 *   Status and errors, Outcomes        what every call shares
 *   The event trace                     the seam between a solver and any picture of it
 *   Retrograde analysis                 the generic solver of state graphs (BFS coloring)
 *   Depth-first minimax                 the naive DFS and DFS+memo over the same games
 *   Cat and Mouse (LeetCode 913), Cat and Mouse II (LeetCode 1728)
 *   Chess endgame tablebases            retrograde analysis of up to five pieces
 *   Game trees                          pp_game, minimax and alpha-beta; then the tree
 *                                       games: typed trees, tic-tac-toe, Nim, Can I Win,
 *                                       Predict the Winner, 一双木棋, Triangle War, the board chase
 *   Connect Four                        its bitboards, dedicated solver and opening book
 *   Proof-number search                 PN, PN² and df-pn over any pp_game
 *   Monte Carlo tree search             UCT and MCTS-Solver over any pp_game
 *   Stone games and friends             the DP games
 *   Games in the Game Description Language   reading, grounding, enumerating, searching
 *   Zero-sum matrix games               solved exactly (a saddle point, else the simplex)
 *   GDL games of every kind             each role's security value, max^n (simultaneous
 *                                       moves, three roles or more)
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
    PP_ERR_INPUT = 1,    /* the input text or instance is invalid */
    PP_ERR_LIMIT = 2,    /* the instance exceeds a documented limit */
    PP_ERR_NOMEM = 3,    /* an allocation failed */
    PP_ERR_BUDGET = 4,   /* an exhaustive solver ran out of its budget */
    PP_ERR_ARG = 5,      /* the API was misused (NULL handle, bad option) */
    PP_ERR_CANCELLED = 6 /* a progress callback asked the solver to stop */
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
    PP_DRAW = 0,   /* also: not (yet) decided */
    PP_WIN0 = 1,   /* player 0 wins (Cat and Mouse: the mouse) */
    PP_WIN1 = 2,   /* player 1 wins (Cat and Mouse: the cat) */
    PP_INVALID = 3 /* not a state of the game (e.g. the cat in the hole) */
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
 * Each family's events, what their words a b c hold and the steps they
 * name, are listed in its own section:
 *   kinds  1 to 5    retrograde coloring           Retrograde analysis
 *   kinds  6 to 11   depth-first search            Depth-first minimax
 *   kinds 12 to 19   minimax and alpha-beta        Game trees (and Connect Four)
 *   kinds 20 to 27   dynamic programming           Stone games and friends
 *   kinds 28 to 29   Connect Four's root probes    Connect Four
 *   kinds 30 to 31   proof-number search           Proof-number search
 *   kinds 32 to 38   Monte Carlo tree search       Monte Carlo tree search
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
    /* game trees: kinds 12 to 19 */
    PP_EV_AB_ENTER = 12,
    PP_EV_AB_LEAF = 13,
    PP_EV_AB_HIT = 14,
    PP_EV_AB_MOVE = 15,
    PP_EV_AB_VALUE = 16,
    PP_EV_AB_RAISE = 17,
    PP_EV_AB_CUTOFF = 18,
    PP_EV_AB_EXIT = 19,
    /* stone games and friends: kinds 20 to 27 */
    PP_EV_DP_CELL = 20,
    PP_EV_DP_READ = 21,
    PP_EV_DP_CHOICE = 22,
    PP_EV_DP_PAIR = 23,
    PP_EV_DP_CALL = 24,
    PP_EV_DP_HIT = 25,
    PP_EV_DP_MARK = 26,
    PP_EV_DP_BASE = 27,
    /* Connect Four's dedicated stages (pp_c4_solve_traced) */
    PP_EV_C4_PROBE = 28,
    PP_EV_C4_BOUNDS = 29,
    /* proof-number search (pp_pn_set_trace) */
    PP_EV_PN_NODE = 30,
    PP_EV_PN_MARK = 31,
    /* Monte Carlo tree search (pp_mcts_new's trace): node ids are indices
     * in the tree, the root 0 */
    PP_EV_MC_SELECT = 32,  /* child parent visits-before    step 1 */
    PP_EV_MC_EXPAND = 33,  /* node children first-child     step 2 */
    PP_EV_MC_MOVE = 34,    /* ply move 0: a playout's move  step 3 (the first PP_MCTS_TRACE_MOVES) */
    PP_EV_MC_PLAYOUT = 35, /* node length value: its end    step 3 */
    PP_EV_MC_BACKUP = 36,  /* node value path-length        step 4 (reward on path[0 .. length)) */
    PP_EV_MC_PROVE = 37,   /* node lo hi: the solver's bounds changed   step 4 */
    PP_EV_MC_CHOOSE = 38,  /* child move visits: the answer step 5 */
    PP_EV_KINDS = 39       /* every kind is below this */
} pp_event_kind;

typedef struct pp_trace pp_trace;

/* A trace that keeps at most max_events records. */
pp_status pp_trace_new(uint32_t max_events, pp_trace **out, pp_error *err);
/* Records only the kinds whose bit (1ull << kind) is set in mask; 0 records
 * every kind (the default). E.g. a coarse retrograde trace for large
 * instances: (1u << PP_EV_SEED) | (1u << PP_EV_COLOR). */
void pp_trace_set_filter(pp_trace *t, uint64_t mask);
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
int pp_event_format(const int32_t *record, const struct pp_retro_game *game, const char *const players[2], char *buf,
                    size_t size);
/* The whole trace in the file format above: writes at most size bytes,
 * returns the number of bytes the whole file needs. */
size_t pp_trace_serialize(const pp_trace *t, uint32_t nstates, void *buf, size_t size);

/* ------------------------------------------------------------------------
 * Retrograde analysis: the generic interface a game offers the solver.
 *
 * States are the integers 0 .. nstates-1. The solver never names a game.
 */

/* Trace events (records as in the trace section above):
 *
 * Retrograde coloring (state ids are the game's; outcomes PP_DRAW, PP_WIN0, PP_WIN1):
 *   SEED   state outcome 0            step 1: a terminal state, decided
 *   POP    state outcome remoteness   step 2: taken from the queue's head
 *   PARENT parent child 0             step 3: a parent of the popped state
 *   DEGREE state remaining 0          step 5: counter of a losing option dropped
 *   COLOR  state outcome remoteness   step 4 (its mover wins here) or
 *                                     step 6 (its counter reached 0: a loss)
 */
enum { PP_STATE_INVALID = 0, PP_STATE_TERMINAL = 1, PP_STATE_INNER = 2 };

typedef struct pp_state_info {
    uint8_t kind;    /* PP_STATE_INVALID, _TERMINAL or _INNER */
    uint8_t mover;   /* player to move (0 or 1) */
    uint8_t outcome; /* terminal states: PP_WIN0, PP_WIN1, or PP_DRAW (a drawn
                      * terminal: decided, never queued, its parents never
                      * learn from it) */
    uint32_t moves;  /* inner states: number of legal moves (children) inside
                      * the state space, plus exits that lead to a draw */
} pp_state_info;

/* A state's parents in one row (pp_retro_game.parents_rows): base + list[i]
 * for each i < count whose list[i] is neither skip[0] nor skip[1], in that
 * order. E.g. Cat and Mouse: the parents of (mouse m, cat c, mouse to move)
 * are (m, c', cat to move) for the cat's neighbours c' of c but the hole
 * and m, all in the row of states (m, *, cat to move). A skipped entry in
 * the list must name a state (base + skip[k]) decided from the start,
 * a won terminal or an invalid state, not a drawn terminal (there: the cat
 * in the hole, the cat on the mouse): an untraced solve reads its cell
 * rather than testing for it. */
typedef struct pp_parent_row {
    const int32_t *list;
    uint32_t count, base;
    int32_t skip[2];
} pp_parent_row;

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
    /* Optional: exits (conversions), the moves of state s that leave the
     * state space into results known already (chess: a capture into a
     * smaller table). *win_at: 0 if no exit wins for s's mover, else 1 + the
     * least remoteness of an exit child lost for the opponent. *lose_at: 0 if
     * no exit loses, else 1 + the largest remoteness of an exit child won by
     * the opponent. Exits to a draw are counted in info.moves instead. The
     * solver decides s a win at ply win_at unless an in-state-space move wins
     * sooner, and a loss (every counted move lost) no sooner than lose_at. */
    void (*exits)(void *ctx, uint32_t state, uint32_t *win_at, uint32_t *lose_at);
    /* Optional (bulk seeding): the info of states first .. first + count - 1
     * into out[0 .. count - 1], as info would give them one by one. */
    void (*info_range)(void *ctx, uint32_t first, uint32_t count, pp_state_info *out);
    /* Optional (bulk reverse edges): the parents of states[0 .. count - 1],
     * each state's list as parents would write it, one after another into
     * out; ends[i] is where state i's list ends. Returns the total (at most
     * count * max_parents). The solver pops states in batches and asks for
     * all their parents in one call instead of one call a state. */
    uint32_t (*parents_batch)(void *ctx, const uint32_t *states, uint32_t count, uint32_t *out, uint32_t *ends);
    /* Optional (structured reverse edges, the fastest): the parents of
     * states[0 .. count - 1] as rows (out[i] for states[i]; see
     * pp_parent_row), the same states in the same order as parents gives. */
    void (*parents_rows)(void *ctx, const uint32_t *states, uint32_t count, pp_parent_row *out);
    /* Optional: PP_LAYER_SCAN solves in layer-scan mode, no queue: each ply
     * scans the states for those decided at the ply before. Same outcomes,
     * remoteness and counts; slower; events within a ply in state order (see
     * c/solvers/retrograde.c). 3 bytes a state when max_moves is at most
     * PP_LAYER_SCAN_NARROW_MOVES (2 if max_remoteness is also small, below),
     * else 4 (6 past 8191 moves);
     * PP_LAYER_SCAN_WIDE keeps the 4-byte layout anyway (the reference the
     * narrow one is tested against). */
    int layer_scan;
    /* Optional (packed bulk seeding, the fastest): the info of states first ..
     * first + count - 1 as one 16-bit word each (PP_PACKED_*), as info would
     * give them; a game whose states may have more than PP_PACKED_MAX_MOVES
     * moves leaves it NULL. Lets a game fill repeated rows by memcpy. */
    void (*info_packed)(void *ctx, uint32_t first, uint32_t count, uint16_t *out);
    /* Optional: 0 keeps the library's budget (PP_MEMORY_BUDGET, what the
     * page may hold). Else the most this game's solve may allocate, checked
     * against pp_retro_game_bytes before allocating: the five-piece chess
     * tables, natively (over a gigabyte). */
    uint64_t memory_budget;
    /* Optional (layer-scan mode): 0, or a bound on every remoteness and
     * every exit's ply (win_at, lose_at). At most PP_LAYER_SCAN_BYTE_PLIES,
     * with at most PP_LAYER_SCAN_NARROW_MOVES moves, the layer scan keeps 2
     * bytes a state instead of 3; a solve that passes it stops with
     * PP_ERR_LIMIT. */
    uint32_t max_remoteness;
} pp_retro_game;

/* pp_retro_game.layer_scan: 0 (a queue), or the layer scan's layout. */
#define PP_LAYER_SCAN 1
#define PP_LAYER_SCAN_WIDE 2
#define PP_LAYER_SCAN_NARROW_MOVES 63u
#define PP_LAYER_SCAN_BYTE_PLIES 254u

/* A packed state info (pp_retro_game.info_packed):
 *
 *    15                      3    2    1    0
 *   +-------------------------+------+--------+
 *   |  moves (inner states)   | mover|  kind  |
 *   +-------------------------+------+--------+
 *   kind 0: inner, with `moves` moves (at least 1 unless it has exits);
 *   1 or 2: terminal won by player 0 or 1 (PP_WIN0, PP_WIN1), moves 0;
 *   3: invalid, moves 0; 3 with moves 1: a drawn terminal. */
#define PP_PACKED_MAX_MOVES 8191u
#define PP_PACKED_INNER(moves, mover) ((uint16_t)((uint32_t)(moves) << 3 | (uint32_t)(mover) << 2))
#define PP_PACKED_TERMINAL(winner, mover) ((uint16_t)((uint32_t)(mover) << 2 | (uint32_t)(winner)))
#define PP_PACKED_INVALID(mover) ((uint16_t)((uint32_t)(mover) << 2 | 3u))
#define PP_PACKED_DRAWN_TERMINAL(mover) ((uint16_t)(8u | (uint32_t)(mover) << 2 | 3u))

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

/* Bytes pp_retro_new would allocate for a game of nstates states (what the
 * solve itself touches: at most 8 bytes a state, 6 with narrow cells). */
uint64_t pp_retro_bytes(uint32_t nstates, uint32_t max_parents);
/* Bytes pp_retro_new allocates for this game exactly (its cell width and
 * mode known): what the page states before a solve. */
uint64_t pp_retro_game_bytes(const pp_retro_game *g);
/* Bytes the per-state arrays below take once asked for (9 a state). */
uint64_t pp_retro_view_bytes(uint32_t nstates);

/* Prepares a solve: classifies every state and seeds the queue. The game
 * (and trace, which may be NULL) must outlive the solver. */
pp_status pp_retro_new(const pp_retro_game *game, pp_trace *trace, pp_retro **out, pp_error *err);
/* Prepares another solve in r, keeping its memory when big enough (the page
 * solves again on every edit). On failure r holds no solve until a reset
 * succeeds. */
pp_status pp_retro_reset(pp_retro *r, const pp_retro_game *game, pp_trace *trace, pp_error *err);
/* Works through at most `budget` reverse edges; *done becomes 1 when every
 * state that can be decided is. Call again until done (progress, cancel). */
pp_status pp_retro_run(pp_retro *r, uint64_t budget, int *done);
/* 1 once every decidable state is decided (the per-state arrays are final). */
int pp_retro_done(const pp_retro *r);
void pp_retro_free(pp_retro *r);

uint32_t pp_retro_nstates(const pp_retro *r);
/* Per state, built on the first call once pp_retro_run has reported done
 * (NULL before that, or out of memory: only the trace tells the story): outcome (PP_DRAW/WIN0/WIN1/INVALID), remoteness (moves to the
 * end under perfect play, the winner hurrying and the loser delaying; -1 if
 * undecided or invalid), cause (the child that decided a win, the last child
 * counted for a loss, -1 for terminal, undecided and invalid states), and
 * (pp_retro_degree) a state's counter: its moves not yet known to lose. */
const uint8_t *pp_retro_outcomes(const pp_retro *r);
const int32_t *pp_retro_remoteness(const pp_retro *r);
const int32_t *pp_retro_cause(const pp_retro *r);
uint32_t pp_retro_degree(const pp_retro *r, uint32_t state);
/* One state's outcome, read from the solve itself, and remoteness, from
 * the arrays above (built on the first call): PP_INVALID and -1 before done. */
uint8_t pp_retro_outcome_of(const pp_retro *r, uint32_t state);
int32_t pp_retro_remoteness_of(const pp_retro *r, uint32_t state);
/* Calls fn(ctx, state, remoteness) once for every decided state of a finished
 * solve (in order of remoteness), without building the views above: for a
 * game that keeps its own compact copy of the result (the chess tables). */
void pp_retro_each_decided(const pp_retro *r, void (*fn)(void *ctx, uint32_t state, int32_t remoteness), void *ctx);
/* Layer-scan mode (pp_retro_game.layer_scan), once done: one byte a state,
 * out[s] = fn(ctx, outcome, remoteness) (the outcome pp_retro_outcome_of
 * gives; remoteness -1 where undecided), written over the solve's own
 * cells, so that no more memory is held than while solving, and handed
 * over (the caller frees it). The solver keeps its stats only: every other
 * call then sees no state. NULL, the solver untouched, if the solve is not
 * done or not in layer-scan mode. */
uint8_t *pp_retro_take_bytes(pp_retro *r, uint8_t (*fn)(void *ctx, uint8_t outcome, int32_t remoteness), void *ctx);
void pp_retro_get_stats(const pp_retro *r, pp_retro_stats *out);
/* The ply (remoteness) whose layer the solve is working through now, for
 * progress reports while pp_retro_run has not reported done. */
uint32_t pp_retro_ply(const pp_retro *r);
/* The states decided at each ply so far into out[0 .. n): ply 0 the seeds,
 * the ply being decided what is decided of it yet (remoteness, as the SEED
 * and COLOR events tell it, without a trace). Returns one more than the
 * highest ply with a decision (0 before any; may pass n). For progress by
 * ply. */
uint32_t pp_retro_ply_counts(const pp_retro *r, uint64_t *out, uint32_t n);

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

/* Trace events (records as in the trace section above):
 *
 * Depth-first search, naive and with memo (pp_dfs_solve; outcomes as for retrograde):
 *   LEAF     state outcome 0          step 1: a terminal state
 *   MEMO_HIT state outcome 0          step 2: answered from the memo (memo only)
 *   CYCLE    state 0 0                step 3: already on the path: called a draw
 *   ENTER    state depth 0            step 4: put on the path, moves to try
 *   CHILD    state child outcome      step 5: a move's result came back
 *   EXIT     state outcome 0          step 6 (a winning move: return at once)
 *                                     or step 7 (moves done: draw, else loss)
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
pp_status pp_dfs_solve(const pp_retro_game *game, pp_dfs_kind kind, uint32_t start, uint64_t budget, pp_trace *trace,
                       uint8_t *answer, uint8_t *labels, pp_dfs_stats *stats, pp_error *err);

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
#define PP_CATMOUSE_MAX_NODES 5000 /* 50 million states: 400 MiB (the page's WASM may grow to 4 GiB) */
#define PP_CATMOUSE_MIN_NODES 3

typedef struct pp_catmouse pp_catmouse;

/* Parses LeetCode input text: `graph = [[2,5],[3],...]` or the bare JSON
 * value, and checks every rule of the problem (see the errors in
 * tests/c/test_catmouse_input.c). */
pp_status pp_catmouse_parse(const char *text, size_t len, pp_catmouse **out, pp_error *err);
/* A graph from adjacency lists (CSR: node i lists adj[off[i] .. off[i+1]-1]). */
pp_status pp_catmouse_from_lists(int n, const int32_t *off, const int32_t *adj, pp_catmouse **out, pp_error *err);
/* A random valid graph: n nodes, about avg_degree edges per node, given seed. */
pp_status pp_catmouse_random(int n, int avg_degree, uint64_t seed, pp_catmouse **out, pp_error *err);
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
 * Chess endgame tablebases: every ending of up to four pieces,
 * kings included, built by retrograde analysis (the generic solver above)
 * with the tables each converts into (captures, promotions) built first.
 * Built tables stay in a per-process cache until pp_tb_clear.
 *
 * DTM (depth to mate) is counted in MOVES of the side that mates: with the
 * winner to move, mate in N moves = 2N - 1 plies; a side to move that loses
 * in L plies (L even) is "mated in L/2" (0: checkmated now).
 */
#define PP_TB_HIST 128

typedef struct pp_tb_stats {
    char material[16];                     /* the table's name, the stronger side white ("KQKR") */
    uint32_t entries;                      /* index entries (legal or not) */
    uint64_t positions[2];                 /* legal positions (one per symmetry class), white / black to move */
    uint64_t wins[2], draws[2], losses[2]; /* per side to move: it wins, draws, loses */
    uint64_t hist[2][PP_TB_HIST];          /* [0]: mate in N moves, [1]: mated in N, by N */
    int longest[2];                        /* longest mate in moves, white / black to move and winning; -1: none */
    char longest_fen[2][100];              /* a position of that length */
    uint64_t bytes_building;               /* bytes the solver held while building */
    uint64_t bytes_kept;                   /* bytes kept for the table */
} pp_tb_stats;

/* Builds the table of a material ("KRK", "KQKR"; either colour first: the
 * table is the one with the stronger side white) and its conversions. */
pp_status pp_tb_build(const char *material, pp_tb_stats *out, pp_error *err);
/* A built table's value bytes, one an index entry (c/chess/chess_index.h
 * draws the index): 0 a draw, 255 not a position (illegal, or another
 * index of a position), else the plies to mate + 1 for the side to move
 * (odd plies: it mates; even: it is mated). *entries: the index entries;
 * *positions_end: the entries before the en passant ones (KPKP), the only
 * ones that are positions of their own. Builds nothing: PP_ERR_INPUT for a
 * material that is not one, PP_ERR_LIMIT for a table not in the cache. The
 * bytes belong to the cache (valid until pp_tb_clear). */
pp_status pp_tb_values(const char *material, const uint8_t **values, uint32_t *entries, uint32_t *positions_end,
                       pp_error *err);
/* Tables in the cache; frees them all. */
int pp_tb_count(void);
void pp_tb_clear(void);

typedef struct pp_chess_move {
    char uci[6]; /* "e7e8q" */
    int outcome; /* for the side to move if it plays the move: 1 win, -1 loss, 0 draw */
    int dtm;     /* moves, as for the position; -1 for a draw */
    int plies;   /* -1 for a draw */
} pp_chess_move;

typedef struct pp_chess_answer {
    char material[16]; /* the table probed ("KQKR") */
    int outcome;       /* 1: the side to move mates, -1: it is mated, 0: draw */
    int dtm;           /* mate in / mated in this many moves; -1 for a draw */
    int plies;         /* -1 for a draw */
    int best;          /* index in moves[] of a best move, -1 if none */
    int nmoves;
    pp_chess_move moves[256];
} pp_chess_answer;

/* Solves a FEN (six fields, or the first four; castling '-'), building the
 * tables it needs. PP_ERR_INPUT names what is wrong with the FEN. */
pp_status pp_chess_solve_fen(const char *fen, pp_chess_answer *out, pp_error *err);
/* Reads a FEN as pp_chess_solve_fen does, building nothing: the table it
 * needs into material ("KQKR"; "KK" for bare kings), or PP_ERR_INPUT. */
pp_status pp_chess_check_fen(const char *fen, char material[16], pp_error *err);

/* A table built in slices (the page: progress, cancel): pp_tb_job_new lists
 * the material's table and the conversions not in the cache yet, in build
 * order; each pp_tb_job_run does at most `budget` reverse edges (the first
 * call of each table seeds it, unbudgeted) and sets *done once every table
 * is in the cache. Freeing an unfinished job drops the table it was on. */
#define PP_TB_PLIES 256
typedef struct pp_tb_job pp_tb_job;
typedef struct pp_tb_progress {
    char target[16];               /* the table asked for ("KQKR") */
    char material[16];             /* the table being built now ("" when done) */
    int table, tables;             /* its number among the job's tables (0-based), their count */
    uint32_t entries;              /* its index entries */
    uint64_t states;               /* its legal positions (once seeded) */
    uint64_t decided;              /* its positions decided so far */
    uint64_t relaxations;          /* its reverse edges looked at so far */
    int top;                       /* the highest ply decided so far */
    uint64_t per_ply[PP_TB_PLIES]; /* positions decided at each ply (a BFS layer) so far, in the
                                    * table last worked on (once done: the one asked for) */
} pp_tb_progress;
pp_status pp_tb_job_new(const char *material, pp_tb_job **out, pp_error *err);
pp_status pp_tb_job_run(pp_tb_job *j, uint64_t budget, int *done, pp_error *err);
void pp_tb_job_progress(const pp_tb_job *j, pp_tb_progress *out);
void pp_tb_job_free(pp_tb_job *j); /* NULL: no-op */

/* Five-piece pawnless tables, natively (KRBKR, KBNKN, KBBKN: about 1.3 GB
 * while building; not in the page). pp_tb_build_bytes: the most memory
 * building the material's table (up to five pieces) and the ones it
 * converts into (those not in the cache) will hold at once, worked out
 * without allocating; name gets the table's own name ("KRBKR"), or NULL.
 * pp_tb_build_large: pp_tb_build for up to five pieces, refusing with
 * PP_ERR_LIMIT before allocating when that is over memory_limit bytes.
 * pp_chess_probe_fen: pp_chess_solve_fen for up to five pieces; a
 * five-piece table must be in the cache (PP_ERR_LIMIT if not). */
pp_status pp_tb_build_bytes(const char *material, uint64_t *bytes, char name[16], pp_error *err);
pp_status pp_tb_build_large(const char *material, uint64_t memory_limit, pp_tb_stats *out, pp_error *err);
pp_status pp_chess_probe_fen(const char *fen, pp_chess_answer *out, pp_error *err);

/* ------------------------------------------------------------------------
 * Game trees: minimax and alpha-beta.
 *
 * A two-player zero-sum game of perfect information seen as a tree. Player
 * MAX (0) wants the value high, player MIN (1) wants it low; every value is
 * an int32 from MAX's point of view, strictly between -PP_AB_INF and
 * PP_AB_INF. A game offers the search a pp_game; the search never names a
 * game. Positions are small blobs of state_bytes bytes that the search
 * copies, one per ply (copy-make: play writes the child next to its parent).
 *
 * The searches, as the teaching material writes them (max/min form: alpha
 * is raised by MAX, beta lowered by MIN; cut when alpha >= beta). The step
 * numbers are what the trace records; MIN's lines are MAX's plus 10:
 *
 *   doMax(S, alpha, beta)                     doMin(S, alpha, beta)
 *    1. enter S with the window [alpha, beta]  11.
 *    2. if S is a leaf: return value(S)        12.
 *    3. the table, the memo or the game's      13.
 *       bounds may answer S, or narrow the window
 *    4. for each move m (in the chosen order): 14.
 *    5.   now = doMin(S after m, alpha, beta)  15.   now = doMax(...)
 *    6.   if now > alpha: alpha = now          16.   if now < beta: beta = now
 *    7.   if alpha >= beta: cut, return beta   17.   if alpha >= beta: cut, return alpha
 *    8. return alpha                           18. return beta
 *
 * That is fail-hard (PP_AB_HARD): an inner node's value lies in [alpha,
 * beta]. (At a cut the teaching material returns alpha at step 7, the
 * value that caused the cut; returning beta instead is what keeps the
 * value inside the window.) Fail-soft (PP_AB_SOFT) keeps best = the largest (MIN: smallest)
 * `now` and returns it at steps 7 and 8, so it may lie outside the window:
 * value <= alpha means "at most value", value >= beta "at least value".
 * Plain minimax (PP_AB_MINIMAX) has no window (it reports [-inf, +inf]),
 * never cuts, and returns best at step 8.
 *
 * The trace events of these searches (kinds 12 to 19) are listed with the
 * others in the trace section above.
 */

/* Trace events (records as in the trace section above):
 *
 * Minimax and alpha-beta (pp_ab_*; the steps are the pseudocode's above).
 * Node ids are the preorder index of the visit: the root is
 * 0, and each move tried numbers its child next. The step names the line;
 * a step of 10 or more means MIN is to move at the node. In the file
 * header, "states" is then the number of node ids handed out.
 *   AB_ENTER  node alpha beta     step 1/11: an inner node, its window
 *   AB_LEAF   node value 0        step 2/12: a leaf and its value
 *   AB_HIT    node value bound    step 3/13: the table, the memo or the game's
 *                                 static bounds know something of the node
 *                                 (bound: 0 exact, 1 at least, 2 at most);
 *                                 without an AB_ENTER before it, the entry
 *                                 answered the node; right after one, it
 *                                 may narrow the window (then an AB_RAISE
 *                                 at the same step follows)
 *   AB_MOVE   node move child     step 4/14: try move `move` (its index in
 *                                 the game's own move list) into `child`
 *   AB_VALUE  node child value    step 5/15: the child's value came back
 *   AB_RAISE  node which value    step 6/16 (or 3/13): alpha raised (which 0),
 *                                 beta lowered (1), or best improved (2:
 *                                 minimax and fail-soft)
 *   AB_CUTOFF node tried moves    step 7/17: cut after `tried` of the node's
 *                                 `moves` moves; the moves not tried (no
 *                                 AB_MOVE for them) are skipped
 *   AB_EXIT   node value bound    step 7/17 (cut) or 8/18 (moves done): the
 *                                 node's value and what it means (bound as
 *                                 for AB_HIT: exact, at least, at most)
 * Values at or beyond +-PP_AB_INF print as +inf / -inf.
 */
#define PP_AB_INF 1000000000
/* The deepest game the search plays out: 一双木棋 on 10 x 10 is 100 plies. */
#define PP_AB_MAX_DEPTH 128
#define PP_AB_MAX_MOVES 256 /* moves from one position */
#define PP_AB_MAX_STATE 256 /* bytes of one position */

enum { PP_AB_MAX = 0, PP_AB_MIN = 1 };
enum { PP_AB_EXACT = 0, PP_AB_LOWER = 1, PP_AB_UPPER = 2 }; /* bounds */

typedef struct pp_game {
    const char *name;     /* e.g. "tic-tac-toe" */
    void *ctx;            /* passed to every function below */
    uint32_t state_bytes; /* size of a position, 1 .. PP_AB_MAX_STATE */
    uint32_t max_moves;   /* no position has more moves, 1 .. PP_AB_MAX_MOVES */
    uint32_t max_depth;   /* no game from root lasts more plies (<= PP_AB_MAX_DEPTH) */
    int32_t lo, hi;       /* every leaf value lies in [lo, hi] */
    const void *root;     /* the position to solve */
    /* The player to move: PP_AB_MAX or PP_AB_MIN. */
    int (*player)(void *ctx, const void *pos);
    /* 1 if the game is over at pos, with its value; 0 otherwise (then the
     * position has at least one move). */
    int (*leaf)(void *ctx, const void *pos, int32_t *value);
    /* Writes the moves (game-defined codes) and returns their count. */
    uint32_t (*moves)(void *ctx, const void *pos, int32_t *out);
    /* Writes the position after `move` into child (state_bytes bytes). */
    void (*play)(void *ctx, const void *pos, int32_t move, void *child);
    /* Optional: play and leaf in one call (the search then asks leaf only
     * of the root): writes child as play does and returns what leaf(child)
     * would, with the value. One call through a pointer fewer per position,
     * which WebAssembly pays for more than native code does. */
    int (*play_leaf)(void *ctx, const void *pos, int32_t move, void *child, int32_t *value);
    /* Optional, for --order best/worst: how promising `move` looks to the
     * player to move (higher is better). */
    int32_t (*order)(void *ctx, const void *pos, int32_t move);
    /* Optional, for the table and the memo: a key of the position. Two
     * positions with the same key must have the same value (less banked). */
    uint64_t (*hash)(void *ctx, const void *pos);
    /* Optional: the part of the value already decided at pos (e.g. the
     * score difference so far). The table stores values less this, so that
     * positions reached with different scores share entries. */
    int32_t (*banked)(void *ctx, const void *pos);
    /* Optional: bounds every value reachable from pos obeys (lo <= value <=
     * hi; +-PP_AB_INF: none), e.g. "a win from here takes at least one more
     * move" (mate-distance pruning). Alpha-beta treats them like a table
     * entry: outside the window they answer the position, inside they narrow
     * the window. Plain minimax ignores them. */
    void (*bounds)(void *ctx, const void *pos, int32_t *lo, int32_t *hi);
    /* For the memo (0: none): hash < 2^key_bits, and the key alone decides
     * the value (no banked part). At most PP_AB_MEMO_MAX_BITS. */
    uint32_t key_bits;
    /* Optional: why the game cannot go on from pos, a position that is not
     * a leaf where moves() lists none (rules in GDL whose roles move at once
     * there: no turn to search). The searches fail with it (PP_ERR_INPUT)
     * in place of their message about the game's moves; NULL: none. */
    const char *(*stuck)(void *ctx, const void *pos);
} pp_game;

#define PP_AB_MEMO_MAX_BITS 28
#define PP_AB_TT_MAX_BITS 24
#define PP_AB_TT_DEFAULT_BITS 20

typedef enum pp_ab_algo { PP_AB_MINIMAX = 0, PP_AB_HARD = 1, PP_AB_SOFT = 2 } pp_ab_algo;
typedef enum pp_ab_order { PP_ORDER_GIVEN = 0, PP_ORDER_BEST = 1, PP_ORDER_WORST = 2 } pp_ab_order;

typedef struct pp_ab_options {
    pp_ab_algo algo;
    pp_ab_order order;   /* best/worst-first by the game's order(); stable */
    int tt;              /* a transposition table (needs the game's hash); its
                         * best move for a position is then tried first */
    uint32_t tt_bits;    /* 2^tt_bits entries (24 bytes each), 2 to 24; 0: 20 */
    int memo;            /* the won/lost sets (needs key_bits; 2^key_bits / 4 bytes) */
    uint64_t budget;     /* positions to visit at most; 0: no limit */
    int32_t alpha, beta; /* the root window (alpha < beta); narrowed to the
                          * game's [lo, hi] when that leaves it non-empty */
} pp_ab_options;

/* algo PP_AB_HARD, given order, no table, no memo, no budget, the window
 * [-PP_AB_INF, PP_AB_INF]. */
void pp_ab_defaults(pp_ab_options *o);

typedef struct pp_ab_stats {
    uint64_t nodes;         /* positions visited (leaves, answered, expanded) */
    uint64_t leaves;        /* leaves evaluated */
    uint64_t inner;         /* positions expanded (AB_ENTER) */
    uint64_t cutoffs;       /* AB_CUTOFF events */
    uint64_t first_cutoffs; /* ... made by the first move tried */
    uint64_t tt_hits;       /* table entries found for the position */
    uint64_t tt_answers;    /* ... that answered it without a search */
    uint64_t tt_stores;     /* results written to the table */
    uint64_t memo_hits;     /* positions answered by the won/lost sets */
    uint32_t max_depth;     /* deepest ply reached */
} pp_ab_stats;

typedef struct pp_ab_result {
    int32_t value;     /* the root's value (see the bound) */
    int bound;         /* PP_AB_EXACT, or LOWER / UPPER when it failed high / low */
    int32_t best_move; /* index in the root's move list of the move that set
                        * the value (raised alpha or best); -1 if none did */
    pp_ab_stats stats;
} pp_ab_result;

typedef struct pp_ab pp_ab;

/* Prepares a search of game->root. The game (and trace, may be NULL) must
 * outlive it. Fails with PP_ERR_ARG for a game or options that cannot work
 * together (e.g. --tt without a hash), PP_ERR_LIMIT over the limits above. */
pp_status pp_ab_new(const pp_game *game, const pp_ab_options *opt, pp_trace *trace, pp_ab **out, pp_error *err);
/* Goes on for about `steps` more positions (it pauses between moves);
 * *done becomes 1 when the root is solved. PP_ERR_BUDGET when the options' budget runs out (the search stops
 * there for good); PP_ERR_LIMIT past PP_AB_MAX_DEPTH. */
pp_status pp_ab_run(pp_ab *ab, uint64_t steps, int *done, pp_error *err);
/* The result once done; the statistics so far at any time. */
void pp_ab_get_result(const pp_ab *ab, pp_ab_result *out);
/* Node ids handed out so far (the trace's ids are below this; ids are
 * int32 in the trace, far more than a trace's cap of events). */
uint32_t pp_ab_node_count(const pp_ab *ab);
void pp_ab_free(pp_ab *ab);

/* pp_ab_new + pp_ab_run to the end + the result (opt NULL: defaults). */
pp_status pp_ab_solve(const pp_game *game, const pp_ab_options *opt, pp_trace *trace, pp_ab_result *out, pp_error *err);

/* Knuth and Moore's minimal tree: the fewest leaves alpha-beta can examine
 * in a uniform tree of branching b and depth d (with the best ordering),
 * b^ceil(d/2) + b^floor(d/2) - 1; UINT64_MAX if it does not fit. */
uint64_t pp_ab_minimal_leaves(uint32_t b, uint32_t d);

/* ---- tree: an abstract game tree (game_tree.c) ----
 *
 * Typed as nested lists of leaf values, e.g. [[3,12,8],[2,4,6],[14,5,2]]
 * (`tree = ...` or the bare value): a list is an inner node, an integer a
 * leaf. The root maximizes unless set to minimize; players alternate.
 * Limits: PP_TREE_MAX_NODES nodes, at most 32 levels of lists (the input
 * reader's nesting limit), at most PP_AB_MAX_MOVES children to a node,
 * |value| < PP_AB_INF.
 *
 * A random uniform tree (branching b, depth d, leaf values uniform in
 * [lo, hi] from the seed; as text `branching = 3, depth = 4, lo = 0,
 * hi = 99, seed = 7`, names required) is implicit: a leaf's value is a hash of its index,
 * so only the inner nodes' values are stored. Limit: PP_TREE_MAX_INNER inner
 * nodes.
 *
 * Both kinds know every node's true minimax value: the game's order() is
 * that oracle (best-first then searches the minimal tree).
 */
#define PP_TREE_MAX_NODES (1u << 20)
#define PP_TREE_MAX_INNER (1u << 25)

typedef struct pp_tree pp_tree;

pp_status pp_tree_parse(const char *text, size_t len, pp_tree **out, pp_error *err);
pp_status pp_tree_random(uint32_t branching, uint32_t depth, int32_t lo, int32_t hi, uint64_t seed, pp_tree **out,
                         pp_error *err);
void pp_tree_free(pp_tree *t);
/* PP_AB_MAX (the default) or PP_AB_MIN moves at the root. */
void pp_tree_set_root_player(pp_tree *t, int player);
const pp_game *pp_tree_game(const pp_tree *t);
/* The smallest and largest leaf values (the game's lo and hi stay open, so
 * that alpha-beta's windows start at infinity; MCTS scales its rewards by these). */
void pp_tree_leaf_range(const pp_tree *t, int32_t *lo, int32_t *hi);
uint64_t pp_tree_nodes(const pp_tree *t);
uint64_t pp_tree_leaves(const pp_tree *t);
uint32_t pp_tree_depth(const pp_tree *t);
/* The true minimax value of the root (the oracle's). */
int32_t pp_tree_value(const pp_tree *t);

/* ---- tic-tac-toe on 3x3 and 4x4 (game_tictactoe.c) ----
 *
 * Input: `board = ["X.O","...","..."]` (3 or 4 rows of 3 or 4 cells; X, O,
 * '.' or ' ' for empty, either case), or the bare list. X moves first, so
 * the player to move is X when the counts are equal; positions no game can
 * reach are refused (LeetCode 794's rules). X is MAX: the value is +1 (X
 * wins), 0 (draw) or -1 (O wins). The moves are the empty cells in
 * row-major order; the key is canonical under the board's 8 symmetries.
 */
#define PP_TTT_MIN_SIZE 3
#define PP_TTT_MAX_SIZE 4

typedef struct pp_ttt pp_ttt;

pp_status pp_ttt_parse(const char *text, size_t len, pp_ttt **out, pp_error *err);
/* n x n cells row-major ('X', 'O', '.', ' ', either case); to_move 0 (X),
 * 1 (O), or -1: from the counts, with every rule checked. With to_move
 * given, only a board where both have a line is refused (UVa 10111 says
 * whose move it is). */
pp_status pp_ttt_from_cells(int n, const char *cells, int to_move, pp_ttt **out, pp_error *err);
void pp_ttt_free(pp_ttt *t);
const pp_game *pp_ttt_game(const pp_ttt *t);
int pp_ttt_size(const pp_ttt *t);
int pp_ttt_to_move(const pp_ttt *t);                /* PP_AB_MAX (X) or PP_AB_MIN (O) */
int pp_ttt_cell(const pp_ttt *t, int row, int col); /* 'X', 'O', '.' */
/* The cell (row * n + col) of the root's move with this index; -1 if none. */
int pp_ttt_move_cell(const pp_ttt *t, int32_t index);

/* ---- Nim (LeetCode 292) and Can I Win (LeetCode 464) as game trees ----
 * (game_nim.c, game_caniwin.c; their DP solvers are in the stone-games
 * section). The first player is MAX; the value is +1 when the first player
 * wins (LeetCode's true), -1 when not.
 *
 * Nim: `n = 4`; take 1 to 3 stones, the last stone wins. The tree is n
 * plies deep: n above PP_NIM_MAX_N is refused with PP_ERR_LIMIT.
 * Can I Win: `maxChoosableInteger = 10, desiredTotal = 11` (1 to 20, 0 to
 * 300). The key is the used-number bitmask: the won/lost memo (--memo)
 * needs 2^maxChoosableInteger pairs of bits.
 */
#define PP_NIM_MAX_N PP_AB_MAX_DEPTH
#define PP_CANIWIN_MAX_CHOOSABLE 20
#define PP_CANIWIN_MAX_TOTAL 300

typedef struct pp_nim pp_nim;
pp_status pp_nim_parse(const char *text, size_t len, pp_nim **out, pp_error *err);
pp_status pp_nim_new(int64_t n, pp_nim **out, pp_error *err);
void pp_nim_free(pp_nim *t);
const pp_game *pp_nim_game(const pp_nim *t);

typedef struct pp_caniwin pp_caniwin;
pp_status pp_caniwin_parse(const char *text, size_t len, pp_caniwin **out, pp_error *err);
pp_status pp_caniwin_new(int64_t max_choosable, int64_t desired_total, pp_caniwin **out, pp_error *err);
void pp_caniwin_free(pp_caniwin *t);
const pp_game *pp_caniwin_game(const pp_caniwin *t);

/* ---- Predict the Winner (LeetCode 486) as a game tree (game_predict.c) ----
 *
 * `nums = [1,5,233,7]` (1 to 20 numbers, each 0 to 10^7). Player 1 is MAX;
 * the value is player 1's total minus player 2's; LeetCode's answer is
 * value >= 0. Moves: 0 takes the left end, 1 the right end (one move when
 * one number is left). The difference so far is banked; the key is the
 * interval left.
 */
#define PP_PREDICT_MAX_N 20
#define PP_PREDICT_MAX_NUM 10000000

typedef struct pp_predict pp_predict;
pp_status pp_predict_parse(const char *text, size_t len, pp_predict **out, pp_error *err);
pp_status pp_predict_new(const int64_t *nums, int n, pp_predict **out, pp_error *err);
void pp_predict_free(pp_predict *t);
const pp_game *pp_predict_game(const pp_predict *t);

/* ---- 一双木棋: the Young-tableau game (Luogu P4363; game_young.c) ----
 *
 * `a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]`: n x m scores (1 <= n, m
 * <= 10, each 0 to 100000). A cell may be taken once the cells above it and
 * to its left are; the first player (MAX) scores a, the second b. The value
 * is the first player's total minus the second's. Moves: extend row i.
 * The score difference is banked; the key is the staircase of row lengths.
 */
#define PP_YOUNG_MAX_SIDE 10
#define PP_YOUNG_MAX_SCORE 100000

typedef struct pp_young pp_young;
pp_status pp_young_parse(const char *text, size_t len, pp_young **out, pp_error *err);
/* a and b: n * m scores, row-major. */
pp_status pp_young_new(int n, int m, const int64_t *a, const int64_t *b, pp_young **out, pp_error *err);
void pp_young_free(pp_young *t);
const pp_game *pp_young_game(const pp_young *t);

/* ---- Triangle War (POJ 1085; game_triangle.c) ----
 *
 * `moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5]]`: the lines drawn so far, as
 * pairs of pegs (numbered 1 to 10 from the top row down, left to right),
 * from the start of the game; A drew first. A line that completes a triangle
 * wins it and another move. A is MAX; the value is A's triangles minus B's
 * at the end of perfect play (never 0: there are 9). The difference so far
 * is banked; the key is (lines drawn, player to move).
 */
typedef struct pp_triangle pp_triangle;
pp_status pp_triangle_parse(const char *text, size_t len, pp_triangle **out, pp_error *err);
/* moves pairs of pegs (2 * moves ints), replayed from the empty grid. */
pp_status pp_triangle_new(const int32_t *pegs, int moves, pp_triangle **out, pp_error *err);
void pp_triangle_free(pp_triangle *t);
const pp_game *pp_triangle_game(const pp_triangle *t);
int pp_triangle_to_move(const pp_triangle *t); /* PP_AB_MAX (A) or PP_AB_MIN (B) */
int pp_triangle_score(const pp_triangle *t);   /* A's triangles minus B's so far */
/* The edge index (0 to 17) of the line between pegs i and j; -1 if none. */
int pp_triangle_edge(int i, int j);

/* ---- the board chase of CQOI2013 棋盘游戏 (Luogu P4576; game_chase.c) ----
 *
 * `n = 2, white = [1,1], black = [2,2]` (squares from 1; 2 <= n <= 20).
 * White (MAX) moves first, one step; black one or two steps in a straight
 * line; a capture wins. The winner hurries, the loser delays: a win on move
 * s is worth PP_CHASE_WIN - s to white, -(PP_CHASE_WIN - s) to black; the
 * search stops at 3n moves (a draw, 0), which no game reaches (see the file).
 */
#define PP_CHASE_MAX_N 20
#define PP_CHASE_WIN 1000

typedef struct pp_chase pp_chase;
pp_status pp_chase_parse(const char *text, size_t len, pp_chase **out, pp_error *err);
pp_status pp_chase_new(int n, int r1, int c1, int r2, int c2, pp_chase **out, pp_error *err);
void pp_chase_free(pp_chase *t);
const pp_game *pp_chase_game(const pp_chase *t);
/* The start's value (as the tree search gives it) by retrograde analysis of
 * every position, with no move cap: milliseconds on 20 x 20. */
pp_status pp_chase_solve_retro(const pp_chase *t, int32_t *value, pp_error *err);
/* The judge's words for a value: "WHITE 1", "BLACK 2" or "DRAW" (like snprintf). */
int pp_chase_format(int32_t value, char *buf, size_t size);

/* ------------------------------------------------------------------------
 * Connect Four (c/connect4/, game_connect4.c).
 *
 * Boards of w columns and h rows, 4 <= w, h <= 9, w * (h + 1) <= 64 (one
 * bitboard column of h + 1 bits). A position is a move sequence of 1-based
 * column digits ("4453"; "" is the empty board). Scores follow the Connect
 * Four solver community (Pons), generalised to w x h: for the side to move,
 * 0 for a draw, floor((w*h + 1 - n) / 2) if it wins with a stone played onto a
 * board of n stones, the negative for a loss. */

/* Trace events (records as in the trace section above):
 *
 * Connect Four's dedicated stages (pp_c4_solve_traced): kinds 12 to 19 as
 * the game trees' (negamax, the steps listed at pp_c4_solve_traced), and:
 *   C4_PROBE  0 med child     step 12: a null-window search of the root,
 *                             window [med, med + 1], as node `child`
 *   C4_BOUNDS 0 min max       step 14: the bounds on the score so far
 */
#define PP_C4_MIN_SIZE 4
#define PP_C4_MAX_SIZE 9

typedef struct pp_c4 pp_c4;

/* Parses moves (len bytes) on a w x h board. PP_ERR_INPUT names the move and
 * why: "move 5 ('4'): column 4 is full" and the like; PP_ERR_LIMIT for a size
 * outside the limits. */
pp_status pp_c4_parse(int w, int h, const char *moves, size_t len, pp_c4 **out, pp_error *err);
/* Reads a board size "WxH" (len bytes, such as "7x6"; the CLI's --size) into
 * *w and *h: PP_ERR_INPUT when it is not of that form, PP_ERR_LIMIT when the
 * board is outside the limits above; *w and *h change only on PP_OK. */
pp_status pp_c4_parse_size(const char *text, size_t len, int *w, int *h, pp_error *err);
void pp_c4_free(pp_c4 *p);
int pp_c4_width(const pp_c4 *p);
int pp_c4_height(const pp_c4 *p);
int pp_c4_stones(const pp_c4 *p);
/* 1 if the last move won (the game is over), else 0. */
int pp_c4_won(const pp_c4 *p);
/* 1 if column col (0-based) can take a stone. */
int pp_c4_can_play(const pp_c4 *p, int col);
/* Plays column col (0-based) when it can be played and the game is not over;
 * PP_ERR_ARG otherwise. */
pp_status pp_c4_play(pp_c4 *p, int col, pp_error *err);
/* The position as a pp_game for the generic search (minimax, alpha-beta):
 * the first player is MAX, values are the Pons score of the first player;
 * order() prefers central columns. */
const pp_game *pp_c4_game(const pp_c4 *p);
/* A game's value (first player's) as the score of the side to move. */
int32_t pp_c4_score_from_value(const pp_c4 *p, int32_t value);
/* Monte Carlo tree search's playouts on the bitboards (a pp_mcts_playout_fn
 * for pp_mcts_set_playout over pp_c4_game: ctx the pp_c4, pos one of its
 * positions): the engine's random and decisive policies, move for move. */
uint32_t pp_c4_playout(void *ctx, const void *pos, int policy, uint64_t *rng, int32_t *moves, uint32_t cap,
                       int32_t *value);

/* The stages, each including those before it. The first three run on the
 * generic search (pp_c4_game); the others are a dedicated negamax. */
typedef enum pp_c4_stage {
    PP_C4_MINIMAX = 0,
    PP_C4_ALPHABETA,
    PP_C4_CENTRE,     /* centre-first move order */
    PP_C4_BITBOARD,   /* dedicated bitboard negamax */
    PP_C4_TT,         /* + transposition table (upper bounds) */
    PP_C4_ITERATIVE,  /* + null-window search iterating on the score */
    PP_C4_ANTICIPATE, /* + only moves that do not lose at once */
    PP_C4_THREATS,    /* + moves ordered by the winning spots they create */
    PP_C4_STRONGEST,  /* + bounds and exact scores in the table with the best
                         move, mirror keys, enhanced transposition cutoff,
                         the claimeven bound, useful threats first */
    PP_C4_STAGES
} pp_c4_stage;
/* "minimax", "alphabeta", "centre-first", "bitboard", "tt", "iterative",
 * "anticipate", "threats", "strongest"; NULL out of range. */
const char *pp_c4_stage_name(int stage);
int pp_c4_stage_parse(const char *name); /* -1 if unknown */

/* A solver keeps its transposition table between positions (reset when the
 * board size changes). tt_bits: 2^tt_bits entries of 8 bytes (12 on boards
 * whose keys pass tt_bits + 46 bits, such as 9x6 and 8x7 with small
 * tables), 10 to 27 natively (1 GiB), to 26 in WebAssembly (the memory
 * budget); 0: the default (C4_TT_DEFAULT_BITS in connect4_solver.c). The
 * part of the table a solve uses grows with it: a large table costs a short
 * solve nothing. */
typedef struct pp_c4_solver pp_c4_solver;
pp_status pp_c4_solver_new(uint32_t tt_bits, pp_c4_solver **out, pp_error *err);
void pp_c4_solver_free(pp_c4_solver *s);
/* Solves p with a stage: its exact score (weak: only its sign). budget
 * counts positions explored (0: none); PP_ERR_BUDGET when it runs out.
 * *nodes (may be NULL) gets the positions explored. A position already won
 * has no score: PP_ERR_ARG. */
pp_status pp_c4_solve(pp_c4_solver *s, const pp_c4 *p, int stage, int weak, uint64_t budget, int32_t *score,
                      uint64_t *nodes, pp_error *err);
/* pp_c4_solve when the caller knows bounds on the score or needs only some:
 * *score is the score clamped to [lo, hi] (lo when the score is at most lo,
 * hi when at least hi, else exact). The stages from bitboard on search only
 * within the range, so a narrow one is a short solve: [x - 1, x] asks
 * whether the score reaches x. lo > hi: PP_ERR_ARG. */
pp_status pp_c4_solve_range(pp_c4_solver *s, const pp_c4 *p, int stage, int32_t lo, int32_t hi, uint64_t budget,
                            int32_t *score, uint64_t *nodes, pp_error *err);
/* The null-window probes of s's last solve by a stage from iterative on (the
 * root's search narrowing [lo, hi] on the score): up to max, 5 numbers each
 * in out: the window's low end med (the window is [med, med + 1]), the
 * search's answer, then lo and hi after it, the positions explored so far.
 * Returns how many. */
int pp_c4_solver_probes(const pp_c4_solver *s, double *out, int max);
/* Progress of a long solve by a dedicated stage (bitboard on): every
 * 2^every_log2 positions explored, a solve calls fn with the positions
 * explored so far and the bounds [lo, hi] known on the score (from iterative
 * on they narrow with each null window [window, window + 1]; before, the
 * whole range). A nonzero return stops the solve: it unwinds and returns
 * PP_ERR_CANCELLED, the table holding only true bounds (the next solve is
 * exact). The hook changes no score and no count. fn NULL: none (the
 * default). every_log2: 10 to 40. */
typedef struct pp_c4_progress {
    uint64_t nodes;
    int32_t lo, hi, window;
} pp_c4_progress;
typedef int (*pp_c4_progress_fn)(const pp_c4_progress *p, void *ctx);
pp_status pp_c4_solver_set_progress(pp_c4_solver *s, uint32_t every_log2, pp_c4_progress_fn fn, void *ctx,
                                    pp_error *err);

/* The dedicated stages traced (a separate compile of their search: the
 * untraced one pays nothing). Negamax: every value is the score for the side
 * to move at its node. Node ids are handed out in preorder: with the stages
 * bitboard and tt the root is node 0; from iterative on, node 0 is the
 * solve itself (its window [min, max] is the bounds on the score) and each
 * null-window probe searches the root as a new child of it. The events are
 * the game trees' (AB_*; AB_RAISE which: 0 alpha, 1 beta) with the steps of
 * this pseudocode, and two of their own:
 *
 *   negamax(P, alpha, beta):                       fail-hard
 *    1. enter P with the window [alpha, beta]      AB_ENTER node alpha beta
 *    2. P's score is known at once: a full board,  AB_EXIT node score exact
 *       (anticipate) no move that does not lose
 *    3. the stones left bound the score: narrow    AB_RAISE; AB_EXIT if empty
 *       [alpha, beta] to them; empty: return
 *    4. (tt) the table's entry for P: a bound      AB_HIT node v bound, then
 *       that may end the search or narrow the      AB_RAISE or AB_EXIT (it cut)
 *       window
 *    5. (strongest) a child's entry, at most cv,   AB_HIT node -cv at-least, then
 *       proves P at least -cv: may cut (stored)    AB_RAISE or AB_EXIT
 *    6. for each move m, in the stage's order:     AB_MOVE node column child
 *    7.   v = -negamax(P + m, -beta, -alpha)       AB_VALUE node child v
 *         (before anticipate, a move the opponent  (child -1: no search)
 *         answers with four is scored, not searched)
 *    8.   v >= beta: (strongest) store P >= v;     AB_CUTOFF node tried moves,
 *         return v                                 AB_EXIT node v at-least
 *    9.   v > alpha: alpha = v                     AB_RAISE node 0 v
 *   10. (tt) store P <= alpha; return alpha        AB_EXIT node alpha bound
 *   solve(P), from iterative on:
 *   11. [min, max]: the scores P can have          AB_ENTER 0 min max
 *   12. while min < max: med between them          C4_PROBE 0 med child
 *   13.   r = negamax(P, med, med + 1)             AB_VALUE 0 child r
 *   14.   r <= med: max = r, else min = r          C4_BOUNDS 0 min max
 *   15. return min                                 AB_EXIT 0 min exact
 *
 * Exits state their bound from the node's first window: at most when the
 * value <= alpha, at least when >= beta, else exact. */
enum {
    PP_C4_STEP_ENTER = 1,
    PP_C4_STEP_KNOWN,
    PP_C4_STEP_STONES,
    PP_C4_STEP_TABLE,
    PP_C4_STEP_ETC,
    PP_C4_STEP_MOVE,
    PP_C4_STEP_CHILD,
    PP_C4_STEP_CUT,
    PP_C4_STEP_RAISE,
    PP_C4_STEP_DONE,
    PP_C4_STEP_ROOT,
    PP_C4_STEP_PROBE,
    PP_C4_STEP_ANSWER,
    PP_C4_STEP_BOUNDS,
    PP_C4_STEP_RESULT
};
typedef struct pp_c4_trace_stats {
    uint64_t nodes;     /* positions explored, as pp_c4_solve counts them */
    uint64_t tt_hits;   /* table entries used: the position's (step 4) and
                         * children's that raise alpha (step 5) */
    uint64_t tt_cuts;   /* ... that ended the position's search */
    uint64_t tt_stores; /* results written to the table */
    uint64_t cutoffs;   /* searches cut by a child's score (step 8) */
    uint32_t probes;    /* null-window searches of the root */
    uint32_t ids;       /* node ids handed out (the trace's are below) */
} pp_c4_trace_stats;
/* pp_c4_solve with the search's events recorded into trace (its cap bounds
 * them; the solve goes on past it): the same score and positions explored.
 * The generic stages (minimax to centre-first) record the game trees'
 * max/min events (pp_ab_*) with X as MAX, and count only nodes, tt_hits,
 * cutoffs and ids. */
pp_status pp_c4_solve_traced(pp_c4_solver *s, const pp_c4 *p, int stage, int weak, uint64_t budget, pp_trace *trace,
                             int32_t *score, pp_c4_trace_stats *stats, pp_error *err);

/* Connect Four's opening book (connect4_book.c, where its file format is
 * drawn): exact scores of the positions that games from the empty board
 * reach near their start, when the solver follows the book and the other
 * side plays anything, the solver as X or as O. A book of depth D scores
 * every column of every such position of fewer than D stones; a position
 * and its mirror image share an entry. */
typedef struct pp_c4_book pp_c4_book;
/* Reads a book file's bytes (copied: bytes may be freed after). PP_ERR_INPUT
 * for anything that is not a well-formed book. */
pp_status pp_c4_book_load(const void *bytes, size_t len, pp_c4_book **out, pp_error *err);
void pp_c4_book_free(pp_c4_book *b);
int pp_c4_book_width(const pp_c4_book *b);
int pp_c4_book_height(const pp_c4_book *b);
int pp_c4_book_depth(const pp_c4_book *b);
uint32_t pp_c4_book_count(const pp_c4_book *b);
/* 1 and the exact score of p (for the side to move) if the book holds it
 * (or its mirror image), else 0. */
int pp_c4_book_get(const pp_c4_book *b, const pp_c4 *p, int32_t *score);
/* Writes the book's file into buf when cap is large enough; returns the
 * bytes the file takes (0 out of memory). */
size_t pp_c4_book_save(const pp_c4_book *b, void *buf, size_t cap);
/* Building: level by level (the positions of n stones in the book's games,
 * n = 0, 1, ...), each child scored by the strongest stage unless start
 * (may be NULL) holds it; one thread a solver (nsolvers of them, each
 * keeping its table throughout; fewer threads where they cannot start,
 * as in WebAssembly): the book is the same whatever their number. fn (may
 * be NULL) is called, one call at a time, after each search (moves: the
 * position searched) and after each level (moves NULL; the book's depth is
 * then the stones to which it is complete; level_positions the next
 * level's positions); a nonzero return stops the build with
 * PP_ERR_CANCELLED, *out then holding the book so far (every entry of
 * start among them), its depth the stones to which it is complete. */
#define PP_C4_BOOK_MAX_THREADS 64
typedef struct pp_c4_book_progress {
    int level;                  /* the stones of the positions being expanded */
    uint32_t level_positions;   /* positions in that level */
    uint32_t level_done;        /* of them finished */
    uint32_t entries;           /* in the book so far */
    uint64_t solved;            /* searches run */
    uint64_t nodes, last_nodes; /* positions explored by them, by the last */
} pp_c4_book_progress;
typedef int (*pp_c4_book_progress_fn)(const pp_c4_book_progress *p, const pp_c4_book *b, const char *moves, void *ctx);
pp_status pp_c4_book_build(pp_c4_solver *const *solvers, int nsolvers, int w, int h, int depth, const pp_c4_book *start,
                           pp_c4_book_progress_fn fn, void *ctx, pp_c4_book **out, pp_error *err);

/* ------------------------------------------------------------------------
 * Proof-number search over any pp_game (pn.c): PN, PN² and df-pn.
 *
 * The question is a threshold t: "can MAX force a value >= t?". OR nodes
 * are the positions where MAX moves, AND nodes those where MIN moves; a
 * leaf is proven when its value is >= t, disproven otherwise (the game's
 * bounds() decide a position the same way when they put its value on one
 * side of t). Each node carries a proof number (the fewest leaves still to
 * prove to prove it) and a disproof number; 0 and PP_PN_INF mark a solved
 * node. The exact value is found by bisection over the game's [lo, hi]:
 * value = the largest t proven, so a win/draw/loss game takes two proofs.
 * With options.proof, each proof also narrows the range to the values its
 * leaves have: a proof of value >= t whose every end is worth at least m
 * shows value >= m (a disproof likewise from above), so a game with a wide
 * range and few leaf values (a typed tree: +-PP_AB_INF) takes a few proofs,
 * not one per bit of the range.
 *
 *   PN   (Allis 1994): best-first; from the root, at OR nodes the child of
 *        least proof number, at AND nodes of least disproof number, down to
 *        the most-proving node, which is expanded; then the numbers of its
 *        ancestors along that path are recomputed. Positions are shared by a
 *        table (the graph is a DAG): a node reached through another parent
 *        has its numbers recomputed from its children when a later descent
 *        passes through it.
 *   PN²  (Breuker 2001): PN whose new children are each evaluated by a
 *        second PN search of at most pn2_budget expansions, thrown away
 *        after (its root's numbers and whether it was solved are kept).
 *   DFPN (Nagai 2002): depth-first with thresholds (a child is searched until
 *        its numbers pass the thresholds its parent gives), a fixed table
 *        with replacement (solved entries and larger subtrees kept), and
 *        the 1 + epsilon trick (Pawlewicz and Lew 2007): the child's proof
 *        threshold at an OR node is min(th, max(pn2 + 1, pn2 * (1 + eps))),
 *        pn2 the second-smallest proof number, and likewise at AND nodes.
 *
 * Soundness. A table entry is keyed by the game's hash (hash() is the
 * game's promise that equal keys have equal values less the banked part),
 * the banked part, and the ply from the root: keying by ply makes the
 * graph acyclic even for a game whose positions repeat, so no cycle (and
 * no graph-history interaction) can arise; a position reached at two
 * depths is two nodes. A game without hash() is keyed by its bytes.
 * Past PP_AB_MAX_DEPTH plies the search fails with PP_ERR_LIMIT, as
 * alpha-beta does.
 *
 * Memory. Every table the search allocates is counted against
 * options.memory (bytes, default PP_PN_DEFAULT_MEMORY, at most
 * PP_PN_MAX_MEMORY), checked before the allocation; a growth that would
 * pass it fails with PP_ERR_BUDGET ("the memory limit ..."), a failed
 * allocation with PP_ERR_NOMEM. The tables start small and grow to what
 * the game needs: PN's store by doubling, df-pn's table (a cache: full,
 * it replaces entries) by doubling while a quarter of it is in use, up to
 * half the limit. PN² keeps the positions its second-level searches solve
 * in that table, for the rest of the proof.
 *
 * Budget. options.budget counts expansions (0: none). df-pn's full table
 * never fails the memory limit, so only a budget stops it; the budget a
 * caller gives by default is pp_pn_default_budget(memory), scaled to the
 * memory as the GDL search scales its table: the command line's and the
 * page's defaults. When a budget runs out the message gives the root's
 * proof and disproof numbers, and an estimate of the budget that may
 * answer (pp_pn_budget_factor; the result's root_pn, root_dn and
 * budget_factor).
 *
 * The proof. With options.proof, each final threshold proof is extracted:
 * for "value >= v" one MAX move at every MAX node and every MIN reply at
 * every MIN node, down to leaves worth >= v (or positions whose bounds()
 * say so); for "value < v + 1" the same with the players' roles swapped.
 * Positions identical byte for byte at the same ply are one node, so a
 * proof is a DAG; its size is its number of nodes. Nodes are numbered
 * from 0 (the root); node i's edges are first[i] .. first[i] + count[i] - 1,
 * edge e leading to child[e] by the move of index move[e] in the game's
 * list. Proof slot 0 holds MAX's proofs (value >= threshold), slot 1 MIN's
 * (value < threshold).
 */

/* Trace events (records as in the trace section above):
 *
 * Proof-number search (pp_pn_set_trace). Node ids are visit ids, handed
 * out as alpha-beta's are: the root is 0, and a child gets the next id
 * when an AB_MOVE (kind 15: node move child, the move's index in the
 * game's list) reaches it, so a page maps them to drawn nodes the same
 * way. PN and PN² give a position one id per threshold proof (a position
 * reached again through a transposition keeps its first id); df-pn gives
 * a call's children new ids at every call (re-expansions included).
 * Numbers are unsigned 32-bit: PP_PN_INF reads as -1 in an int32 word.
 * Steps 1 to 7 are PN's pseudocode, 21 to 27 df-pn's:
 *   PN_MARK 0 t 0          step 1/21: a threshold proof starts: value >= t?
 *   PN_NODE 0 pn dn        step 1: the root's first numbers
 *   PN_NODE node pn dn     step 3: on the most-proving path (root first,
 *                          the most-proving node last)
 *   PN_MARK node moves 0   step 4/23: the node is expanded; then per new
 *                          child an AB_MOVE and a PN_NODE (child pn dn:
 *                          its first numbers) at the same step
 *   PN_NODE node pn dn     step 5: the expanded node and its ancestors,
 *                          recomputed from their children (bottom up)
 *   PN_NODE 0 pn dn        step 6/27: the proof is over (pn 0: proven,
 *                          dn 0: disproven)
 *   PN_NODE child pn dn    step 7: PN²'s second-level search of a new child
 *   PN_NODE node pn dn     step 22: df-pn's MID at a decided position
 *   PN_NODE node pn dn     step 24: MID's node, from its children's numbers
 *   PN_MARK child tpn tdn  step 25: MID goes down to child with these
 *                          thresholds (1 + epsilon on the runner-up)
 *   PN_NODE node pn dn     step 26: MID stores the node's numbers, returns
 * PN²'s second level and proof extraction record nothing.
 */
#define PP_PN_INF UINT32_MAX
#define PP_PN_DEFAULT_MEMORY ((uint64_t)1 << 30)
#define PP_PN_MAX_MEMORY ((uint64_t)1 << 34)
#define PP_PN_MIN_MEMORY ((uint64_t)1 << 16)
#define PP_PN_DEFAULT_PN2_BUDGET 200
#define PP_PN_DFPN_MIN_STEPS 1024

typedef enum pp_pn_algo { PP_PN_PN = 0, PP_PN_PN2 = 1, PP_PN_DFPN = 2 } pp_pn_algo;

typedef struct pp_pn_options {
    pp_pn_algo algo;
    int exact;            /* 1: the exact value by bisection; 0: one proof of value >= threshold */
    int32_t threshold;    /* the question when !exact */
    uint64_t budget;      /* positions expanded, all proofs together; 0: no limit */
    uint64_t memory;      /* bytes; 0: PP_PN_DEFAULT_MEMORY */
    uint32_t pn2_budget;  /* PN²: expansions per second-level search; 0: the default */
    uint32_t epsilon_pct; /* df-pn: epsilon in percent (25: 1.25); 0: the default 25 */
    int proof;            /* extract the proofs */
    int mobility;         /* a new open position starts at (1, m) where MAX moves, (m, 1)
                           * where MIN moves, m its number of moves; 0: (1, 1) */
} pp_pn_options;

/* PN, exact, no budget, the default memory, no proof. */
void pp_pn_defaults(pp_pn_options *o);
/* The expansions a search within `memory` bytes (0: PP_PN_DEFAULT_MEMORY)
 * is given by default: PP_PN_BUDGET_PER_MIB a MiB, 1 GiB 200 million.
 * Measured, it never binds before the memory limit on the inputs LeetCode
 * allows for Can I Win and Predict the Winner (docs/performance.md). */
#define PP_PN_BUDGET_PER_MIB 200000u
uint64_t pp_pn_default_budget(uint64_t memory);
/* An estimate of how many times `budget` may answer a search whose root
 * reached the numbers pn, dn when it ran out: min(pn, dn) more expansions
 * at least where no position repeats, doubled for re-expansions, rounded
 * up to a power of two (at least 2). A low estimate where positions repeat. */
uint32_t pp_pn_budget_factor(uint64_t budget, uint32_t pn, uint32_t dn);

typedef struct pp_pn_stats {
    uint64_t expanded;     /* positions whose moves were generated (both levels) */
    uint64_t generated;    /* children created or looked up */
    uint64_t reexpanded;   /* df-pn: expansions of a position its table had expanded before */
    uint64_t pn2_expanded; /* PN²: expansions in the second level (part of expanded) */
    uint64_t tt_entries;   /* positions in the table at the end of the largest proof */
    uint64_t tt_bytes;     /* bytes of the tables at their largest */
    uint64_t node_bytes;   /* bytes one table position takes (its share of every array) */
    uint32_t proofs;       /* threshold proofs run */
    uint32_t max_depth;    /* deepest ply expanded */
} pp_pn_stats;

typedef struct pp_pn_result {
    int32_t value;             /* exact: the value */
    int proven;                /* threshold: 1 when value >= threshold was proven, 0 when disproven */
    int32_t best_move;         /* index in the root's move list of a move that keeps the value
                           * (from the proof at MAX's root, the disproof at MIN's); -1 if
                           * the root is a leaf or no proof was extracted */
    uint64_t proof_size;       /* nodes of the proof of value >= lower (0: none, or trivial) */
    uint64_t disproof_size;    /* nodes of the proof of value < upper */
    int32_t lower, upper;      /* exact: lower = value, upper = value + 1 (the two questions) */
    uint32_t root_pn, root_dn; /* the budget ran out: the root's numbers then */
    uint32_t budget_factor;    /* and about how many times the budget may answer (pp_pn_budget_factor) */
    pp_pn_stats stats;
} pp_pn_result;

/* A proof (see above): MAX forces value >= threshold (max_wins 1), or MIN
 * forces value < threshold (max_wins 0). nodes 0: none was extracted (or
 * the question is trivial: every value is >= the game's lo). */
typedef struct pp_pn_proof {
    int32_t threshold;
    int max_wins;
    uint32_t nodes;
    const uint32_t *first, *count; /* per node */
    const uint32_t *child;
    const uint16_t *move;
} pp_pn_proof;

typedef struct pp_pn pp_pn;

/* Prepares a search of game->root. PP_ERR_ARG for bad options or game;
 * PP_ERR_LIMIT for a memory limit over PP_PN_MAX_MEMORY or under
 * PP_PN_MIN_MEMORY. The game must outlive the search. */
pp_status pp_pn_new(const pp_game *game, const pp_pn_options *opt, pp_pn **out, pp_error *err);
/* Goes on for about `steps` more expansions (df-pn: at least
 * PP_PN_DFPN_MIN_STEPS, as it resumes from the root and re-expands the
 * path it was on); *done becomes 1 when the answer is known. PP_ERR_BUDGET when the budget or the memory runs out
 * (the search stops there for good), PP_ERR_LIMIT past PP_AB_MAX_DEPTH. */
pp_status pp_pn_run(pp_pn *x, uint64_t steps, int *done, pp_error *err);
void pp_pn_get_result(const pp_pn *x, pp_pn_result *out);
/* which 0: MAX's proof, of value >= lower (threshold mode: of value >=
 * threshold when proven); 1: MIN's, of value < upper (threshold mode: of
 * value < threshold when disproven). */
void pp_pn_get_proof(const pp_pn *x, int which, pp_pn_proof *out);
void pp_pn_free(pp_pn *x);
/* Records the search's events into t (NULL: none; see the proof-number
 * trace above); call before the first pp_pn_run. t must outlive x. */
void pp_pn_set_trace(pp_pn *x, pp_trace *t);
/* Visit ids handed out to the trace so far (at least 1: the root). */
uint32_t pp_pn_node_count(const pp_pn *x);
/* pp_pn_new + pp_pn_run to the end + the result. */
pp_status pp_pn_solve(const pp_game *game, const pp_pn_options *opt, pp_pn_result *out, pp_error *err);

/* ------------------------------------------------------------------------
 * Monte Carlo tree search over any pp_game (mcts.c): UCT with MCTS-Solver.
 *
 * Not an exact solver: it samples. Each iteration (the step numbers are the
 * pseudocode's):
 *
 *   mcts(root):
 *    1. select: from the root, while the node is expanded, go to an
 *       unvisited child (at random), else the child with the highest
 *       UCB1 = mean + c * sqrt(ln N / n) for the player to move
 *    2. expand: a node reached after its first visit gets its children
 *    3. playout: random moves (or decisive ones) to the end of the game
 *    4. backup: the result's reward on every node of the path; with the
 *       solver, the path's bounds from their children's (a proven root stops)
 *    5. when the iterations are spent: the most visited root move
 *
 * Rewards lie in [0, 1]: (value - lo) / (hi - lo) of the game's range (or
 * the options'), so
 * win/draw/loss games give 1, 1/2 and 0, and scored games their score
 * scaled. A mean is the reward of the player to move at the node's parent.
 * The solver (MCTS-Solver, score-bounded) keeps exact lower and upper
 * bounds on every node's value; equal bounds are a proof (a win, a loss, a
 * draw, an exact score). The only randomness is splitmix64 from the seed,
 * and the arithmetic is the same natively and in WebAssembly, so a seed
 * gives the same statistics everywhere.
 */
#define PP_MCTS_DEFAULT_ITERATIONS 10000
#define PP_MCTS_MAX_ITERATIONS 4000000000ull         /* a node's visits are 32-bit */
#define PP_MCTS_DEFAULT_MEMORY ((uint64_t)256 << 20) /* bytes of the tree (32 a node) */
#define PP_MCTS_MIN_MEMORY ((uint64_t)64 << 10)
#define PP_MCTS_MAX_MEMORY ((uint64_t)16 << 30)
#define PP_MCTS_TRACE_MOVES 64 /* a playout's moves traced; past them its length and result */

typedef enum pp_mcts_playout { PP_MCTS_RANDOM = 0, PP_MCTS_DECISIVE = 1 } pp_mcts_playout;

typedef struct pp_mcts_options {
    uint64_t iterations; /* the budget: 1 .. PP_MCTS_MAX_ITERATIONS */
    uint64_t seed;       /* the generator's seed */
    double uct_c;        /* the exploration constant c, 0 to 100; sqrt(2) by default */
    int solver;          /* MCTS-Solver: proven values backed up */
    int playout;         /* pp_mcts_playout: uniform random, or decisive (a move
                          * that wins at once, else one that leaves the
                          * opponent no win at once; a win is a leaf whose
                          * reward for the mover is above 1/2) */
    uint64_t max_memory; /* bytes the tree may take (0: the default); past
                          * them the search stops with PP_ERR_BUDGET and keeps
                          * its statistics */
    int range;           /* 1: rewards scaled by [lo, hi] below, not the game's
                          * (a typed tree's game is open, its leaves are not) */
    int32_t lo, hi;
} pp_mcts_options;

/* PP_MCTS_DEFAULT_ITERATIONS, seed 1, c = sqrt(2), no solver, random
 * playouts, PP_MCTS_DEFAULT_MEMORY. */
void pp_mcts_defaults(pp_mcts_options *o);

typedef struct pp_mcts_move {
    int32_t move; /* the game's move code */
    uint32_t visits;
    double mean;    /* the mean reward of the player to move at the root */
    double ucb;     /* its UCB1 score now (-1: never visited) */
    int32_t lo, hi; /* the solver's bounds on its value (the game's range
                       * without the solver, but at a leaf) */
    int proven;     /* lo == hi is a proof */
} pp_mcts_move;

typedef struct pp_mcts_result {
    uint64_t iterations;    /* done */
    uint64_t nodes;         /* in the tree */
    uint64_t bytes;         /* the tree's memory */
    uint64_t playout_plies; /* moves played in playouts */
    uint32_t max_depth;     /* deepest node of the tree reached */
    uint32_t nmoves;        /* the root's moves (0: not expanded yet) */
    int32_t best;           /* index of the chosen root move, -1: none yet */
    int32_t best_move;      /* its move code */
    int proven;             /* the root's value is proven: value */
    int32_t value;
    int32_t lo, hi;  /* the root's bounds */
    int max_to_move; /* MAX moves at the root */
} pp_mcts_result;

typedef struct pp_mcts pp_mcts;

/* Prepares a search of game->root (game and trace must outlive it; trace
 * may be NULL). PP_ERR_ARG for bad options or game, PP_ERR_LIMIT for a
 * memory limit outside PP_MCTS_MIN_MEMORY .. PP_MCTS_MAX_MEMORY. */
pp_status pp_mcts_new(const pp_game *game, const pp_mcts_options *opt, pp_trace *trace, pp_mcts **out, pp_error *err);
/* Runs up to `iterations` more iterations (within the options' budget);
 * *done becomes 1 when the budget is spent or the root is proven.
 * PP_ERR_BUDGET when the tree passes its memory limit (the statistics so
 * far stay readable), PP_ERR_LIMIT past PP_AB_MAX_DEPTH. */
pp_status pp_mcts_run(pp_mcts *m, uint64_t iterations, int *done, pp_error *err);
void pp_mcts_get_result(const pp_mcts *m, pp_mcts_result *out);
/* The root's moves, in the game's order, into out[0 .. min(count, cap));
 * returns the count (0 before the root is expanded). */
uint32_t pp_mcts_root_moves(const pp_mcts *m, pp_mcts_move *out, uint32_t cap);
void pp_mcts_free(pp_mcts *m);
/* A game's own playout (step 3), for speed (pp_c4_playout: Connect Four's,
 * on its bitboards): from pos, not a leaf, to the end of the game by the
 * policy (pp_mcts_playout), drawing from *rng with the library's splitmix64
 * exactly as the engine's own playout does (a move list in the game's order,
 * the draw's remainder by the count), so that one seed gives the same tree
 * with it or without it. The first `cap` moves into moves (NULL when cap is
 * 0); returns the plies played (0: the game failed) with the final value. */
typedef uint32_t (*pp_mcts_playout_fn)(void *ctx, const void *pos, int policy, uint64_t *rng, int32_t *moves,
                                       uint32_t cap, int32_t *value);
/* Playouts by fn (with the game's ctx; NULL: the engine's, through the
 * game's functions); call before the first pp_mcts_run. */
void pp_mcts_set_playout(pp_mcts *m, pp_mcts_playout_fn fn);
/* fn(ctx, iteration, best) after each iteration (1-based) after which the
 * choice, pp_mcts_result.best, differs from the one fn was last told (from
 * the choice when fn was set): a convergence plot's changes of choice, at
 * the cost of a comparison an iteration. fn NULL: none. */
typedef void (*pp_mcts_choice_fn)(void *ctx, uint64_t iteration, int32_t best);
void pp_mcts_on_choice(pp_mcts *m, pp_mcts_choice_fn fn, void *ctx);
/* pp_mcts_new + pp_mcts_run to the end + the result (opt NULL: defaults). */
pp_status pp_mcts_solve(const pp_game *game, const pp_mcts_options *opt, pp_mcts_result *out, pp_error *err);

/* ------------------------------------------------------------------------
 * Stone games and friends: dynamic programming.
 *
 * Ten LeetCode games whose answer is a table that fills itself. Alice
 * (player 0) moves first, Bob (player 1) second; both play perfectly.
 *
 *   PP_DP_...            GAME name           LeetCode input (as LeetCode shows it)  answer
 *   STONE_GAME           stone-game          877  piles = [5,3,4,5]                  true
 *   STONE_GAME_II        stone-game-ii      1140  piles = [2,7,9,4,4]                10
 *   STONE_GAME_III       stone-game-iii     1406  stoneValue = [1,2,3,7]             "Bob"
 *   STONE_GAME_IV        stone-game-iv      1510  n = 4                              true
 *   STONE_GAME_V         stone-game-v       1563  stoneValue = [6,2,3,4,5,5]         18
 *   STONE_GAME_VI        stone-game-vi      1686  aliceValues = [1,3], bobValues = [2,1]  1
 *   STONE_GAME_VII       stone-game-vii     1690  stones = [5,3,1,4,2]               6
 *   NIM                  nim                 292  n = 4                              false
 *   CAN_I_WIN            can-i-win           464  maxChoosableInteger = 10, desiredTotal = 11  false
 *   PREDICT_THE_WINNER   predict-the-winner  486  nums = [1,5,2]                     false
 *
 * (1406 also takes the older statement's name, `values = [...]`.) The bare
 * values in order are accepted too.
 *
 * Inputs: LeetCode's constraints are accepted, and larger sizes up to this
 * tool's limits below (PP_ERR_LIMIT beyond, checked before allocating). Any
 * list may be of any length from 1 (Stone Game's even length and odd sum
 * are not required: its answer is "Alice ends with more", which is
 * LeetCode's wherever LeetCode's rules hold). Values must be integers with
 * |v| <= PP_DP_MAX_VALUE, positive where the problem says so (piles, stones,
 * 1563's and 1686's values), 0 or more for 486's nums; 1406's may be
 * negative. Every sum is taken in 64 bits.
 *
 * The table. Each solve fills a rows x cols table of cells; a cell's id is
 * row * cols + col, and the 1-row tables are indexed by col alone. Per cell:
 * value, choice (the move that wins the max; its meaning below), for the
 * pair forms a second value, and whether it was computed at all.
 *
 *   problem / algo         rows x cols   cell             value               choice
 *   877, 486  dp           n x n         (i,j): piles     mover's best total  0 take i (left),
 *                                        i..j left        (second: the        1 take j (right)
 *                                                         other's total)
 *   877, 486  diff         n x n         (i,j)            mover's lead        0 left, 1 right
 *   486  flawed-memo       n x n         (le,ri)          memo: 1 if player 1 0/1 the side that
 *                                                         wins (as stored)    decided, -1 none
 *   1690 dp                n x n         (i,j)            mover's lead        0 left, 1 right
 *   1563 dp                n x n         (i,j)            Alice's best score  k: the split
 *                                                         from the row i..j   i..k | k+1..j
 *   1140 dp                n x (n+1)     (i,M): piles i.. mover's best total  x piles taken
 *                                        left, M so far   (second: other's)
 *   1406 dp                1 x (n+1)     i: stones i..    mover's best total  k stones taken
 *                                        left             (second: other's)
 *   1510, 292  dp, sieve   1 x (N+1)     k stones left    1 mover wins,       stones a win takes
 *                                                         0 mover loses       (0 for a loss)
 *   1686 dp (greedy)       1 x n         r: the r-th pick points it gains     the stone taken
 *   1686 exhaustive        1 x 2^n       set of taken     mover's lead        the stone taken
 *                                        stones (bits)
 *   464  dp                1 x 2^m       set of numbers   1 mover wins,       a winning number,
 *                                        used (bit k-1:   0 mover loses       -1 for a loss
 *                                        number k)
 *
 * Ties between choices go to the first one tried (left; fewer piles; the
 * leftmost split; the smallest move; the lowest stone). The sieve records
 * the move of a cell's first marker instead (the largest winning move).
 * 1140 computes only the cells with M <= max(1, i) (M never exceeds the
 * piles taken so far); 464 and the flawed exhibit only the cells their
 * recursion reaches. Nim builds its table only for n <= PP_DP_NIM_TABLE_MAX;
 * beyond, the answer is n % 4 != 0, the period the table shows
 * (pp_dp_by_period), and the table is empty (0 x 0).
 *
 * The replay: the game played out along the table's choices, one
 * pp_dp_move per move. A loser, with no better move, takes the smallest
 * (1 stone, the square 1, the smallest number left). Its scores add up to
 * the table's answer: the pair forms (877/486 dp, 1140, 1406): Alice's
 * total = the first cell's value, Bob's = its second; the lead forms
 * (diff, 1690, 1686 exhaustive): Alice - Bob = the first cell's value;
 * 1563: Alice's total = the answer; 1686 greedy: the totals' sign is the
 * answer. In the win/lose games (1510, 292, 464) the last mover wins and
 * the scores stay 0 (464: a move's gain is the number said). The flawed
 * exhibit has no replay.
 */

/* Trace events (records as in the trace section above):
 *
 * Dynamic programming (pp_dp_solve; kinds 20 to 27). Cells are the
 * table's ids (see above); values are the table's,
 * clamped to +-2147483647 (the table itself holds them in 64 bits).
 *   DP_CELL   cell value choice   a cell computed: its value, the winning choice
 *   DP_READ   cell value from     an earlier cell read (its value as used:
 *                                 the pair forms read the second) for `from`;
 *                                 cell -1: a recursion's base case below
 *   DP_CHOICE cell choice value   a move weighed at cell: what it is worth
 *                                 to the mover (1686 greedy: the r-th stone
 *                                 and its a + b)
 *   DP_PAIR   cell first second   the pair forms: both totals of the cell
 *   DP_CALL   cell arg aux        a memo search entered cell (464: arg the
 *                                 total so far; 486 flawed: arg player 1's
 *                                 lead so far, aux 1 if player 1 moves)
 *   DP_HIT    cell value 0        the memo answered the call
 *   DP_MARK   cell from move      the sieve: `cell` wins, by `move` to `from`
 *   DP_BASE   -1 arg value        486 flawed: an empty row (le > ri) returns
 *                                 value = (arg >= 0)
 * Steps, per solver (the pseudocode the page shows; words are ours):
 *   take from either end (877, 486 dp and diff; 1690), by diagonals:
 *     1. (i,i): the mover takes the last pile       CELL [PAIR]
 *     2. for len = 2..n, i = 0..n-len, j = i+len-1:
 *     3.   take i: gain + (second | -lead) of (i+1,j) READ CHOICE
 *     4.   take j: gain + (second | -lead) of (i,j-1) READ CHOICE
 *     5.   keep the better (left on a tie)           CELL [PAIR]
 *     gain: piles[i] / piles[j]; 1690: the sum of what remains.
 *   take from the front, 1406 (suffix i = n..0) and 1140 ((i,M), i = n-1..0,
 *   M = 1..max(1,i): M never exceeds the piles taken so far):
 *     1. 1406: cell n, nothing left: (0,0)          CELL PAIR
 *     2. 1140: 2M >= piles left: take them all      CELL PAIR
 *     3. take x = 1..3 (1..2M): sum + second of the cell after   READ CHOICE
 *     4. keep the largest (fewer stones on a tie)   CELL PAIR
 *   win/lose over k stones (1510 squares, 292 1..3), per k:
 *     1. k = 0: the mover has no move and loses     CELL
 *     2. for k = 1..N, for each move t <= k:
 *     3.   read k - t                              READ
 *     4.   it loses: k wins by t                    CELL
 *     5. no move leaves a loss: k loses             CELL
 *   the sieve form:
 *     1. every cell starts unmarked
 *     2. for i = 0..N: marked: i wins               CELL
 *     3.   unmarked: i loses                        CELL
 *     4.   so i + t wins for each move t            MARK (each write)
 *   split the row (1563), by diagonals, for each split k of (i,j):
 *     1. (i,i): one stone, no more rounds: 0        CELL
 *     2. for len = 2..n, i, j, k = i..j-1: L = sum(i..k), R = sum(k+1..j)
 *     3.   L < R: Bob drops the right: L + (i,k)    READ CHOICE
 *     4.   L > R: Bob drops the left: R + (k+1,j)   READ CHOICE
 *     5.   L = R: Alice keeps the better row        READ READ CHOICE
 *     6. keep the best split (leftmost on a tie)    CELL
 *   1686 greedy:
 *     1. order the stones by a + b, largest first   CHOICE (r) stone a+b
 *     2. the r-th goes to Alice (r even) or Bob     CELL (r) gain stone
 *   1686 exhaustive, sets from all taken down to none:
 *     1. all taken: 0                               CELL
 *     2. for each set, the mover is its size's parity; for each stone s left:
 *     3.   value of s to the mover - lead of set+s  READ CHOICE
 *     4.   keep the best                            CELL
 *   464 memo over used-number sets:
 *     1. desiredTotal <= 0: reached already: true   CELL
 *     2. 1 + ... + m < desiredTotal: false          CELL
 *     3. win(set, total): enter                     CALL
 *     4.   the memo knows the set                   HIT
 *     5.   a number k reaches desiredTotal: win     CHOICE CELL
 *     6.   else win(set + k) loses: win by k        READ [CELL]
 *     7.   no k wins: lose                          CELL
 *   486 flawed memo (f(player, le, ri, lead): is player 1 the winner?):
 *     1. n <= 2: player 1 takes the larger: true    CELL
 *     2. enter                                      CALL
 *     3. le > ri: return lead >= 0                  BASE
 *     4. memo[le][ri] known: return it (the flaw:   HIT
 *        it was stored for another lead)
 *     5. try left, then right: a result good for    READ [CELL]
 *        the mover is stored and returned
 *     6. neither was: store and return the other    CELL
 */
#define PP_DP_MAX_VALUE 1000000000 /* |value| of any list entry */
#define PP_DP_MAX_ENDS 1000        /* 877, 486, 1690 (LeetCode: 500, 20, 1000) */
#define PP_DP_MAX_STONE2 1000      /* 1140 (LeetCode: 100) */
#define PP_DP_MAX_STONE3 50000     /* 1406 (LeetCode: 50,000) */
#define PP_DP_MAX_SQUARES 100000   /* 1510's n (LeetCode: 10^5) */
#define PP_DP_MAX_SPLIT 500        /* 1563 (LeetCode: 500) */
#define PP_DP_MAX_STONE6 100000    /* 1686 (LeetCode: 10^5) */
#define PP_DP_MAX_EXHAUSTIVE 20    /* 1686 --algo exhaustive: 2^20 cells */
#define PP_DP_NIM_MAX 2147483647   /* 292's n (LeetCode: 2^31 - 1) */
#define PP_DP_NIM_TABLE_MAX 100000 /* 292: the table is built up to this n */
#define PP_DP_MAX_CHOOSABLE 20     /* 464 (LeetCode: 20): 2^20 cells */
#define PP_DP_MAX_DESIRED 300      /* 464 (LeetCode: 300) */

typedef enum pp_dp_problem {
    PP_DP_STONE_GAME = 0,
    PP_DP_STONE_GAME_II = 1,
    PP_DP_STONE_GAME_III = 2,
    PP_DP_STONE_GAME_IV = 3,
    PP_DP_STONE_GAME_V = 4,
    PP_DP_STONE_GAME_VI = 5,
    PP_DP_STONE_GAME_VII = 6,
    PP_DP_NIM = 7,
    PP_DP_CAN_I_WIN = 8,
    PP_DP_PREDICT_THE_WINNER = 9,
    PP_DP_PROBLEMS = 10
} pp_dp_problem;

typedef enum pp_dp_algo {
    PP_DP_ALGO_DP = 0,          /* "dp": the table (1686: the greedy), the default */
    PP_DP_ALGO_DIFF = 1,        /* "diff": 877, 486: one number per cell, the lead */
    PP_DP_ALGO_SIEVE = 2,       /* "sieve": 1510, 292: each loss marks what reaches it */
    PP_DP_ALGO_FLAWED_MEMO = 3, /* "flawed-memo": 486: the teaching exhibit */
    PP_DP_ALGO_EXHAUSTIVE = 4,  /* "exhaustive": 1686: every order of picks */
    PP_DP_ALGOS = 5
} pp_dp_algo;

/* Names: "stone-game" ... "stone-game-vii", "nim", "can-i-win",
 * "predict-the-winner"; "dp", "diff", "sieve", "flawed-memo", "exhaustive".
 * The lookups return -1 for an unknown name. */
const char *pp_dp_problem_name(pp_dp_problem p);
int pp_dp_problem_leetcode(pp_dp_problem p); /* e.g. 877 */
int pp_dp_problem_by_name(const char *name);
const char *pp_dp_algo_name(pp_dp_algo a);
int pp_dp_algo_by_name(const char *name);
/* 1 if the problem has that algorithm. */
int pp_dp_has_algo(pp_dp_problem p, pp_dp_algo a);

/* An instance of one of the problems. */
typedef struct pp_dp_input pp_dp_input;

/* Parses LeetCode input text for the problem and checks every rule, with a
 * message naming the entry (e.g. "column 10: piles[3] is -2: piles must be
 * positive"; see tests/c/test_dp_input.c). */
pp_status pp_dp_parse(pp_dp_problem p, const char *text, size_t len, pp_dp_input **out, pp_error *err);
/* The same checks on values: the list problems take a[0..n-1] (1686 also
 * b); the others take their integers in a[0] (and a[1]: desiredTotal). */
pp_status pp_dp_input_new(pp_dp_problem p, const int64_t *a, const int64_t *b, uint32_t n, pp_dp_input **out,
                          pp_error *err);
void pp_dp_input_free(pp_dp_input *in);
pp_dp_problem pp_dp_input_problem(const pp_dp_input *in);
/* List problems: the entries (which 1: bobValues; NULL if none) and their
 * count; number problems: their integers, count 0. */
uint32_t pp_dp_input_count(const pp_dp_input *in);
const int64_t *pp_dp_input_values(const pp_dp_input *in, int which);
int64_t pp_dp_input_number(const pp_dp_input *in, int which);

typedef struct pp_dp pp_dp;

typedef struct pp_dp_stats {
    uint64_t nodes;     /* cells computed (DP_CELL events) */
    uint64_t reads;     /* earlier cells read (DP_READ) */
    uint64_t choices;   /* moves weighed (DP_CHOICE) */
    uint64_t calls;     /* memo searches: calls entered (DP_CALL) */
    uint64_t memo_hits; /* memo searches: calls the memo answered (DP_HIT) */
    uint64_t marks;     /* the sieve: cells marked won (DP_MARK) */
} pp_dp_stats;

typedef struct pp_dp_move {
    int32_t player; /* 0 Alice, 1 Bob */
    int32_t cell;   /* the cell the move is made from */
    int32_t move;   /* that cell's choice (a loser's: the smallest move) */
    int32_t next;   /* the cell it leads to; -1 when no cell is left */
    int64_t gain;   /* the mover's points for it (1563: the row kept) */
} pp_dp_move;

/* Solves the instance by the algorithm (PP_ERR_ARG if the problem has not
 * got it), recording events into trace (may be NULL). The input may be
 * freed afterwards. */
pp_status pp_dp_solve(const pp_dp_input *in, pp_dp_algo algo, pp_trace *trace, pp_dp **out, pp_error *err);
void pp_dp_free(pp_dp *d);

pp_dp_problem pp_dp_problem_of(const pp_dp *d);
pp_dp_algo pp_dp_algo_of(const pp_dp *d);
/* The answer as a number: 1 true / 0 false; 1406 and 1686: 1 Alice wins,
 * -1 Bob wins, 0 a tie; 1140, 1563, 1690: the score. */
int64_t pp_dp_answer(const pp_dp *d);
/* The answer as LeetCode prints it (true, 10, "Alice"), like snprintf. */
int pp_dp_format_answer(const pp_dp *d, char *buf, size_t size);
/* 1 if Nim's answer came from the period, with no table. */
int pp_dp_by_period(const pp_dp *d);
void pp_dp_get_stats(const pp_dp *d, pp_dp_stats *out);

uint32_t pp_dp_rows(const pp_dp *d);
uint32_t pp_dp_cols(const pp_dp *d);
/* rows * cols entries each; second is NULL but for the pair forms. A cell
 * not computed has done 0 (its value and choice mean nothing). */
const int64_t *pp_dp_values(const pp_dp *d);
const int64_t *pp_dp_seconds(const pp_dp *d);
const int32_t *pp_dp_choices(const pp_dp *d);
const uint8_t *pp_dp_done(const pp_dp *d);
/* A cell's name as traces write it: "(1,3)" (i,j or i,M), "(5)" for the
 * 1-row tables, "{1,3}" for sets; like snprintf. */
int pp_dp_describe(const pp_dp *d, int32_t cell, char *buf, size_t size);
/* A pp_retro_game that only names cells (nstates = rows * cols, describe
 * as above), for pp_event_format and trace files; valid while d lives. */
const pp_retro_game *pp_dp_namer(const pp_dp *d);

/* The optimal play along the table (see above), and its totals. */
uint32_t pp_dp_replay_count(const pp_dp *d);
const pp_dp_move *pp_dp_replay(const pp_dp *d);
void pp_dp_scores(const pp_dp *d, int64_t out[2]);

/* ------------------------------------------------------------------------
 * Games in the Game Description Language (c/gdl/): GDL in KIF syntax
 * (Love, Hinrichs, Haley, Schkufza, Genesereth, Stanford 2008), read by our
 * own reasoner, its state graph enumerated and solved by the engines above.
 *
 * Read: case-insensitive symbols, `;` comments, `?variables`, `(<= head
 * body...)`, role, init, true, does, next, legal, goal, terminal, distinct,
 * not, or; base and input are ignored. Recursion and stratified negation.
 * Solved: one role (a puzzle: the best goal reachable, in the fewest moves)
 * or two roles taking turns (at every state at most one role has more than
 * one legal move) by the solves below; every other game (simultaneous moves,
 * three roles or more) by its security values (pp_gdl_values_*, at the end).
 *
 * Diagnostics are one line each with the line and column they are about;
 * a failing pp_gdl_parse / pp_gdl_solve puts the first into err->msg as
 * "line L, column C: message".
 */
#define PP_GDL_MAX_TEXT (1u << 20)  /* bytes of rules */
#define PP_GDL_MAX_DEPTH 64         /* nesting of parentheses */
#define PP_GDL_MAX_RULES 50000      /* rules after `or` is expanded */
#define PP_GDL_MAX_TERMS (1u << 22) /* ground terms (atoms included) */
#define PP_GDL_MAX_CODE (1u << 25)  /* words of ground rules */
#define PP_GDL_MAX_WORK 100000000u  /* match attempts while grounding */
#define PP_GDL_MAX_BASE (1u << 16)  /* base propositions (state bits) */
#define PP_GDL_MAX_MOVES 4096       /* legal moves of a role in one state */
#define PP_GDL_MAX_STATES (1u << 24)
#define PP_GDL_MAX_EDGES (1u << 27)

typedef struct pp_gdl_diag {
    uint32_t line, col;
    char msg[200];
} pp_gdl_diag;

typedef struct pp_gdl pp_gdl;

/* Reads, checks and grounds rules. PP_ERR_INPUT with the first diagnostic
 * (pp_gdl_check lists them all); PP_ERR_LIMIT past a limit above. */
pp_status pp_gdl_parse(const char *text, size_t len, pp_gdl **out, pp_error *err);
void pp_gdl_free(pp_gdl *g);
/* Every diagnostic of the rules into out (at most max; returns how many
 * there are): the reader's and the rules' checks, then, when those pass,
 * the state graph's (up to max_states states; 0: PP_GDL_MAX_STATES): a
 * reachable state where a role has no legal move, a reachable terminal
 * without a goal for every role (for simultaneous moves or three roles or
 * more, on the graph of joint moves, which must not go round).
 * Limits are diagnostics too. 0 when the rules are clean. */
uint32_t pp_gdl_check(const char *text, size_t len, uint32_t max_states, pp_gdl_diag *out, uint32_t max);
int pp_gdl_role_count(const pp_gdl *g);
const char *pp_gdl_role_name(const pp_gdl *g, int role); /* NULL out of range */
/* Base propositions: the facts a state may hold (true(F) for each). */
uint32_t pp_gdl_base_count(const pp_gdl *g);
/* Base proposition i as text ("(cell 1 1 x)"), like snprintf. */
int pp_gdl_base_name(const pp_gdl *g, uint32_t i, char *buf, size_t size);
/* uint64 words of one state's bits (bit i: base proposition i holds). */
uint32_t pp_gdl_state_words(const pp_gdl *g);
/* Ground rules after folding the static part (the network's size). */
uint64_t pp_gdl_ground_rules(const pp_gdl *g);

/* The state graph and its solution. */
enum { PP_GDL_TURNS = 0, PP_GDL_PUZZLE = 1 };

typedef struct pp_gdl_options {
    uint32_t max_states; /* 0: PP_GDL_MAX_STATES */
    uint32_t trace_cap;  /* events of the retrograde trace to keep; 0: none;
                           * PP_GDL_TRACE_WHOLE: room for every event */
    uint32_t trace_mask; /* 0: every kind (see pp_trace_set_filter) */
} pp_gdl_options;

#define PP_GDL_TRACE_WHOLE 0xFFFFFFFFu

typedef struct pp_gdl_graph pp_gdl_graph;

/* What a solved graph holds; arrays owned by the graph. States are numbered
 * in BFS order from the initial state (0), so depth never decreases. */
typedef struct pp_gdl_view {
    int kind; /* PP_GDL_TURNS or PP_GDL_PUZZLE */
    int roles;
    uint32_t states, terminal_states, edges, moves, words;
    const int32_t *depth;      /* BFS depth from the initial state */
    const int32_t *offsets;    /* states + 1: state s's edges offsets[s] .. offsets[s+1] */
    const int32_t *targets;    /* edges: the state a move leads to */
    const int32_t *move_of;    /* edges: the move's label (pp_gdl_move_name) */
    const int8_t *mover;       /* role to move; -1 at a terminal */
    const uint8_t *terminal;   /* 1 at a terminal */
    const uint8_t *outcome;    /* turns: PP_DRAW (or undecided), PP_WIN0 (the first role
                                 * wins: a higher goal than the other's), PP_WIN1;
                                 * puzzles: PP_WIN0 the best goal of the game is
                                 * reachable, PP_WIN1 not, PP_DRAW no terminal is */
    const int32_t *value;      /* the first role's goal under perfect play (turns:
                                 * the most it can make sure of; puzzles: the best
                                 * it can reach); the least goal where play need never end */
    const int32_t *remoteness; /* turns: moves to the end under perfect play (the
                                 * winner hurrying), -1 where drawn but 0 at a terminal;
                                 * puzzles: fewest moves to a terminal of that value */
    const int32_t *goals;      /* states * roles: a terminal's goals, else -1 */
    const uint64_t *bits;      /* states * words: each state's base propositions */
    uint64_t relaxations;      /* reverse edges the retrograde solves looked at */
    uint32_t solves;           /* retrograde solves run (one per goal threshold) */
} pp_gdl_view;

/* Enumerates every state reachable from init by joint moves and solves
 * them. PP_ERR_INPUT (with line and column) for the state graph's
 * diagnostics (see pp_gdl_check), PP_ERR_LIMIT past max_states. */
pp_status pp_gdl_solve(const pp_gdl *g, const pp_gdl_options *opt, pp_gdl_graph **out, pp_error *err);
void pp_gdl_graph_free(pp_gdl_graph *s);
void pp_gdl_graph_view(const pp_gdl_graph *s, pp_gdl_view *out);
/* A move's label: the moving role's move as text ("(mark 1 1)"). */
const char *pp_gdl_move_name(const pp_gdl_graph *s, uint32_t move);
/* The trace of the retrograde solve (turns: win, loss or draw by comparing
 * goals; puzzles: the best goal reachable), NULL without one. */
const pp_trace *pp_gdl_graph_trace(const pp_gdl_graph *s);
/* That solve's game (states, parents, describe "#12"), valid while s lives. */
const pp_retro_game *pp_gdl_graph_retro(const pp_gdl_graph *s);
/* Milliseconds of enumerating and of solving. */
void pp_gdl_graph_times(const pp_gdl_graph *s, double *enumerate_ms, double *solve_ms);

/* The same solve in steps of bounded work, for progress and cancel (the
 * page calls a step at a time from JS): pp_gdl_job_new, pp_gdl_job_step
 * until *done (each enumerates states until `budget` network evaluations
 * are spent, or links the graph, or solves until `budget` reverse edges are
 * looked at), pp_gdl_job_take for the graph; pp_gdl_job_free always. A
 * failed step fails the job. g must outlive the job; one job per pp_gdl at
 * a time (its evaluator is shared). */
typedef struct pp_gdl_budget {
    uint64_t max_bytes;       /* 0: PP_MEMORY_BUDGET on the state arrays alone (as
                               * pp_gdl_solve); else the most the whole solve may
                               * hold (graph, engine, trace), checked before each
                               * allocation: past it, PP_ERR_LIMIT naming it. A
                               * PP_GDL_TRACE_WHOLE trace is then whole where it
                               * fits, else the decisions only (SEED, COLOR), else
                               * none (pp_gdl_progress says which) */
    uint32_t trace_whole_max; /* with PP_GDL_TRACE_WHOLE: 0, or the most events of
                               * a whole trace; past it the decisions only */
} pp_gdl_budget;
enum { PP_GDL_PHASE_ENUMERATE = 0, PP_GDL_PHASE_LINK = 1, PP_GDL_PHASE_SOLVE = 2, PP_GDL_PHASE_DONE = 3 };
typedef struct pp_gdl_job pp_gdl_job;
typedef struct pp_gdl_progress {
    int phase;              /* PP_GDL_PHASE_* */
    uint32_t states;        /* states found so far */
    uint32_t expanded;      /* of them, with their moves enumerated */
    uint32_t edges;         /* moves found so far */
    uint32_t stage, stages; /* retrograde solves done, and to do (one a seeding) */
    uint64_t relaxations;   /* reverse edges looked at so far */
    uint64_t decided;       /* states decided in the running solve */
    uint32_t ply;           /* the running solve's ply */
    uint64_t bytes;         /* the solve's memory: held while enumerating; at
                           * PP_GDL_PHASE_LINK, before that step allocates, what
                           * the graph, the link, the solve and the trace will
                           * hold; then what they hold */
    uint32_t trace_mask;    /* the trace's kinds (0: every kind) */
    int traced;             /* 1 when a trace is kept */
} pp_gdl_progress;
pp_status pp_gdl_job_new(const pp_gdl *g, const pp_gdl_options *opt, const pp_gdl_budget *budget, pp_gdl_job **out,
                         pp_error *err);
pp_status pp_gdl_job_step(pp_gdl_job *j, uint64_t budget, int *done, pp_error *err);
void pp_gdl_job_progress(const pp_gdl_job *j, pp_gdl_progress *out);
pp_gdl_graph *pp_gdl_job_take(pp_gdl_job *j); /* NULL before done; then the caller's */
void pp_gdl_job_free(pp_gdl_job *j);

/* The rules as a pp_game for minimax and alpha-beta (the reasoner plays the
 * moves; no state graph): MAX is the first role, values are its goal, a
 * position is a state's bits. root: a state's bits (pp_gdl_state_words
 * words), NULL for the initial state. Valid while g lives; g's evaluator is
 * shared, so one search at a time per pp_gdl. PP_ERR_LIMIT when a state is
 * over PP_AB_MAX_STATE bytes or a role over PP_AB_MAX_MOVES moves. */
typedef struct pp_gdl_game pp_gdl_game;
pp_status pp_gdl_game_new(pp_gdl *g, const uint64_t *root, pp_gdl_game **out, pp_error *err);
const pp_game *pp_gdl_game_of(const pp_gdl_game *t);
/* Two roles: values the leaves 0 (the second role wins), 1 (a draw) or 2
 * (the first wins), the goals compared as the retrograde solve does, in
 * place of the first role's goal; a puzzle keeps its goal. */
void pp_gdl_game_outcome(pp_gdl_game *t);
/* The text of `move` (a code of the game's moves at pos, e.g. "(mark 1 1)"),
 * like snprintf; "?" for a code that is not one of the mover's. */
int pp_gdl_game_move_name(pp_gdl_game *t, const void *pos, int32_t move, char *buf, size_t size);
void pp_gdl_game_free(pp_gdl_game *t);

/* Search from one state on the reasoner (no state graph): for two roles
 * taking turns, iterative deepening of null-window tests on the outcome
 * (first wins? then first does not lose?), each three-valued (proven true,
 * proven false, unknown past the depth reached), with a transposition table
 * keyed by a Zobrist hash of the state's base propositions (each entry
 * keeps the state's bits, so a hit is exact), the table's move first,
 * killer moves, the history heuristic and enhanced transposition cutoffs.
 * For a puzzle: the best goal reachable and the fewest moves to it, by
 * iterative deepening per goal value from the best down with the same
 * table. Nothing about any particular game is known to it. */
typedef struct pp_gdl_search pp_gdl_search;

typedef struct pp_gdl_search_options {
    uint64_t max_bytes;   /* the table's memory; 0: 64 MiB */
    uint32_t max_depth;   /* plies searched at most; 0: PP_GDL_SEARCH_MAX_DEPTH */
    uint32_t first_depth; /* the first iteration's depth; 0: 1 */
    uint64_t deepening;   /* iterations one ply deeper while the search has used
                           * fewer nodes than this (shallow wins found first),
                           * then one to the end; 0: 20000 */
    int algo;             /* two roles: PP_GDL_SEARCH_ALPHABETA (0), _DFPN or _AUTO
                           * (puzzles: always iterative deepening) */
    uint64_t dfpn_nodes;  /* _AUTO: the df-pn first pass's nodes; 0: 30000 */
    int frozen;           /* two roles, alpha-beta: cut a node whose outcome can no
                           * longer change, by the propositions that keep their
                           * value for good (c/gdl/gdl_latch.c); 0: off (it saves
                           * nodes on the draws of generalized tic-tac-toe, about
                           * as much time as it costs) */
    int no_symmetry;      /* 1: the table keys states as they are; 0: one state of
                           * each orbit under the rules' symmetries (gdl_sym.c) */
} pp_gdl_search_options;

/* How the outcome of two roles is searched. ALPHABETA: iterative deepening
 * with null windows. DFPN: df-pn proves or disproves "the first role wins",
 * then (if not) "the first role does not lose", with the same table (a game
 * whose state repeats on a line, where df-pn gives up, goes on by
 * alpha-beta). AUTO: a short df-pn pass on "the first role wins" (shallow
 * wins, found with far fewer nodes than by deepening), then alpha-beta with
 * the table it left. Every answer is exact. */
enum { PP_GDL_SEARCH_ALPHABETA = 0, PP_GDL_SEARCH_DFPN = 1, PP_GDL_SEARCH_AUTO = 2 };

#define PP_GDL_SEARCH_MAX_DEPTH 1000
#define PP_GDL_SEARCH_PV 64

typedef struct pp_gdl_search_result {
    int kind;   /* PP_GDL_TURNS or PP_GDL_PUZZLE */
    int solved; /* 1: the answer below is exact */
    /* turns: what is proven of the outcome, from the first role's side:
     * lo <= outcome <= hi on the scale 0 (second wins), 1 (draw), 2 (first
     * wins); solved when lo == hi. outcome: PP_WIN0, PP_WIN1 or PP_DRAW. */
    int lo, hi;
    uint8_t outcome;
    /* puzzles: the best goal reachable and the fewest moves to it (moves -1:
     * no terminal is reachable); while unsolved, goal_tried is the goal being
     * tried and depth the moves proven not to reach it */
    int32_t goal, moves, goal_tried;
    uint32_t depth; /* the deepest iteration completed */
    uint64_t nodes, tt_entries, tt_capacity;
    double ms;
    uint32_t pv_len;     /* the principal line: pv_len moves (pp_gdl_search_move) */
    int answered_by;     /* PP_GDL_SEARCH_ALPHABETA or _DFPN: which proved the
                         * last bound (the answer when solved) */
    uint32_t symmetries; /* the rules' symmetries the table used, the identity
                          * counted (1: none) */
} pp_gdl_search_result;

/* root: a state's bits (pp_gdl_state_words words), NULL for the initial
 * state. Valid while g lives; g's evaluator is shared (one search or solve
 * at a time per pp_gdl). PP_ERR_INPUT for three or more roles. */
pp_status pp_gdl_search_new(pp_gdl *g, const uint64_t *root, const pp_gdl_search_options *opt, pp_gdl_search **out,
                            pp_error *err);
/* Searches until solved or until about max_nodes more nodes (0: no limit);
 * *done 1 when solved. Can be called again: the table is kept, the
 * iteration that ran out restarts. PP_ERR_INPUT (with the state) for a
 * reachable state where a role has no move or both have several. */
pp_status pp_gdl_search_run(pp_gdl_search *s, uint64_t max_nodes, int *done, pp_error *err);
/* A new root (bits as for _new) for the same search: the table, killers and
 * history are kept (they are about states and moves, so a game's next reply
 * starts from what the last one learned); the bounds, answer, depth, line,
 * node count and time start over. */
pp_status pp_gdl_search_reroot(pp_gdl_search *s, const uint64_t *bits, pp_error *err);
void pp_gdl_search_get(const pp_gdl_search *s, pp_gdl_search_result *out);
/* The principal line's move i (0: the first move) as text ("(mark 1 1)"),
 * and its role; like snprintf. */
int pp_gdl_search_move(const pp_gdl_search *s, uint32_t i, int *role, char *buf, size_t size);
void pp_gdl_search_free(pp_gdl_search *s);

/* One state played by hand, with no state graph (the page's game against
 * the search): who moves, the mover's legal moves by name, the state a move
 * leads to, a terminal's goals. States are pp_gdl_state_words words. Each
 * call evaluates the state on g's network, so not while a search or solve
 * of g is between two of its steps. PP_ERR_INPUT for a state that is not
 * terminal where a role has no legal move, or both have several. */
typedef struct pp_gdl_turn {
    int terminal;     /* 1: the game is over */
    int mover;        /* the role to move; -1 at a terminal */
    uint32_t moves;   /* the mover's legal moves (pp_gdl_turn_move) */
    int32_t goals[2]; /* at a terminal, each role's goal (-1: none) */
} pp_gdl_turn;
/* The initial state's bits into out. */
pp_status pp_gdl_init_state(const pp_gdl *g, uint64_t *out);
pp_status pp_gdl_turn_of(pp_gdl *g, const uint64_t *bits, pp_gdl_turn *out, pp_error *err);
/* The mover's legal move i (in the rules' order) as text, like snprintf. */
int pp_gdl_turn_move(pp_gdl *g, const uint64_t *bits, uint32_t i, char *buf, size_t size);
/* The state after the mover plays its legal move i into out. */
pp_status pp_gdl_turn_play(pp_gdl *g, const uint64_t *bits, uint32_t i, uint64_t *out, pp_error *err);

/* ------------------------------------------------------------------------
 * Zero-sum matrix games, solved exactly (c/solvers/matrix_game.c): the row
 * player picks a row, the column player a column, the row player gets the
 * entry and maximises it. The value v and an optimal mixed strategy for
 * each side, in exact fractions: the row strategy gets at least v against
 * every column, the column strategy holds every row to at most v. Every
 * answer is verified both ways in exact arithmetic before it is returned.
 *
 * The entries are scaled to integers (by the least common multiple of their
 * denominators) and shifted to be positive; a saddle point (a pure solution)
 * is looked for first; else the column player's linear program (maximise
 * the sum of y subject to A y <= 1, y >= 0) is solved by the simplex method
 * in integers (fraction-free pivoting: every tableau entry is an integer,
 * the tableau is them over one common denominator, the last pivot) with
 * Bland's rule, so degenerate games cannot cycle; the row strategy is the
 * dual solution. The smaller side is taken as the constraints (the game
 * transposed and negated when it has more rows than columns). Support
 * enumeration (every square submatrix whose equalising strategies are both
 * mixed strategies, Shapley and Snow) is the second, independent method.
 *
 * Arithmetic is 128-bit, every operation checked: past it, PP_ERR_LIMIT
 * with a message, never a wrong answer. Fractions cross the API as 64-bit
 * numerator and denominator (a result that does not fit is PP_ERR_LIMIT).
 * Memory: the integer matrix and the tableau, about 32 bytes a cell, so at
 * most PP_MGAME_MAX_CELLS cells (64 MiB); nothing is allocated before the
 * size is checked. The library never aborts.
 */
typedef struct pp_frac {
    int64_t num, den; /* den > 0, lowest terms */
} pp_frac;

#define PP_MGAME_MAX_SIDE 65536u         /* rows or columns */
#define PP_MGAME_MAX_CELLS (1u << 21)    /* rows * columns */
#define PP_MGAME_MAX_SUPPORTS (1u << 24) /* support pairs enumeration may try */

enum { PP_MGAME_AUTO = 0, PP_MGAME_SIMPLEX = 1, PP_MGAME_SUPPORT = 2 };

typedef struct pp_mgame_stats {
    int method;        /* PP_MGAME_SIMPLEX or _SUPPORT: what solved it */
    int saddle;        /* 1: a saddle point (pure strategies) answered */
    uint64_t pivots;   /* simplex pivots */
    uint64_t supports; /* support pairs tried */
} pp_mgame_stats;

/* a: rows * cols entries, row-major (a[i * cols + j]), each with den > 0.
 * method: PP_MGAME_AUTO (a saddle point, else the simplex), _SIMPLEX or
 * _SUPPORT (support enumeration, up to PP_MGAME_MAX_SUPPORTS pairs). Into
 * value, row (rows entries) and col (cols entries); stats may be NULL.
 * PP_ERR_ARG for a missing array, a zero or negative denominator, no rows
 * or no columns; PP_ERR_LIMIT past the sizes above or past 128-bit
 * arithmetic; PP_ERR_NOMEM. */
pp_status pp_mgame_solve(const pp_frac *a, uint32_t rows, uint32_t cols, int method, pp_frac *value, pp_frac *row,
                         pp_frac *col, pp_mgame_stats *stats, pp_error *err);
/* Checks a claimed solution exactly: both strategies are probability
 * vectors, the row strategy gets at least value against every column and
 * the column strategy holds every row to at most value. PP_OK when it is
 * optimal; PP_ERR_INPUT naming the first thing that fails; PP_ERR_LIMIT
 * past 128-bit arithmetic. */
pp_status pp_mgame_verify(const pp_frac *a, uint32_t rows, uint32_t cols, pp_frac value, const pp_frac *row,
                          const pp_frac *col, pp_error *err);
/* -1, 0 or 1 as a < b, a == b, a > b (exact). */
int pp_frac_cmp(pp_frac a, pp_frac b);
/* "50", "100/3", "-7/2", like snprintf. */
int pp_frac_print(pp_frac f, char *buf, size_t size);

/* ------------------------------------------------------------------------
 * GDL games of every kind: security values (c/gdl/gdl_value.c). The state
 * graph of joint moves (every combination of the roles' legal moves) from
 * init, refused when it goes round (GDL requires every game to end); then,
 * by backward induction, each role's security value at every state: the
 * goal it can make sure of in expectation with a mixed strategy whatever
 * the other roles do, the others one coalition (at each state the matrix
 * game of the role's moves against the coalition's joint moves, entries the
 * successors' values for the role, solved exactly by pp_mgame_solve). For
 * two roles whose goals always add up to a constant the two values add up
 * to it. Turn-taking games of three roles or more also get max^n: each
 * mover takes the successor best for itself, ties to its first legal move
 * in the reasoner's order (pp_gdl_turn_move's). Any number of roles up to
 * PP_GDL_MAX_ROLES, simultaneous moves or not.
 */
#define PP_GDL_MAX_ROLES 16
#define PP_GDL_MAX_JOINT 65536u /* joint moves of one state */

enum { PP_GDL_SIMULTANEOUS = 2 }; /* a kind beside PP_GDL_TURNS and PP_GDL_PUZZLE */

typedef struct pp_gdl_value_options {
    uint32_t max_states; /* 0: PP_GDL_MAX_STATES; past it PP_ERR_LIMIT */
    uint64_t max_bytes;  /* the graph and the values; 0: the library's budget (768 MiB);
                          * checked before each allocation, past it PP_ERR_LIMIT */
    uint64_t budget;     /* network evaluations (a state's and each joint move's);
                          * 0: no limit; past it PP_ERR_BUDGET */
    int no_bounds;       /* 1: every role's game at every state by the linear
                          * program (PP_MGAME_SIMPLEX), no pure bounds first;
                          * the same values, slower: the tests' reference */
    int search;          /* PP_GDL_VALUES_BI (0): backward induction, every state
                          * valued; PP_GDL_VALUES_BIAB: serialized alpha-beta
                          * bounds and a search from the start that values a
                          * state exactly only where its parent needs it (the
                          * start's values and strategies the same; other states'
                          * values exact only where the search pinned them:
                          * pp_gdl_values_bounds) */
} pp_gdl_value_options;

enum { PP_GDL_VALUES_BI = 0, PP_GDL_VALUES_BIAB = 1 };

typedef struct pp_gdl_values pp_gdl_values;
typedef struct pp_gdl_values_info {
    int kind; /* PP_GDL_SIMULTANEOUS: some state has two roles or more
                                * with several legal moves; else PP_GDL_TURNS (or
                                * PP_GDL_PUZZLE for one role) */
    int roles;
    uint32_t states, terminal_states;
    uint64_t joint_moves;     /* the graph's edges */
    uint64_t matrix_games;    /* solved with several rows and several columns */
    uint64_t saddles;         /* of them, pinned by the pure bounds: the maxmin (the
                            * role commits first) equals the minmax (the
                            * coalition does), a saddle point, no linear program */
    uint64_t linear_programs; /* simplex runs (the rest; with no_bounds, every game) */
    uint64_t pivots;          /* simplex pivots, of all of them */
    int has_maxn;             /* 1: turn-taking with three roles or more */
    double enumerate_ms, solve_ms;
    /* PP_GDL_VALUES_BIAB (each count of role games, a state's value for a role;
     * matrix_games, saddles, linear_programs and pivots count the games the
     * search solved, on their matrices less the rows and columns the bounds
     * dominate): */
    int search;                /* the options' */
    uint64_t valued_exactly;   /* games of states that are not terminal whose
                                * exact value the search established */
    uint64_t pinned_by_bounds; /* of them, by their bounds meeting, no matrix solved */
    uint64_t searches;         /* states searched (a state again with another window counts again) */
} pp_gdl_values_info;

/* Enumerates and solves. PP_ERR_INPUT (the message names the state) for a
 * reachable state that is not terminal where a role has no legal move, a
 * terminal without a goal for a role, a graph that goes round;
 * PP_ERR_LIMIT past max_states, max_bytes, PP_GDL_MAX_JOINT or a matrix
 * game's arithmetic; PP_ERR_BUDGET. g's evaluator is used (one solve at a
 * time per pp_gdl); g must outlive the result. */
pp_status pp_gdl_values_solve(pp_gdl *g, const pp_gdl_value_options *opt, pp_gdl_values **out, pp_error *err);
void pp_gdl_values_free(pp_gdl_values *v);
/* The same solve in steps of bounded work, for progress and cancel (the
 * page calls a step at a time from JS; pp_gdl_values_solve runs these
 * steps without a limit): pp_gdl_values_new, then pp_gdl_values_step until
 * *done (each enumerates states until `budget` network evaluations are
 * spent, or orders the graph, or values states in that order until their
 * joint moves reach `budget`; 0: no limit), then the readers below, which
 * answer "none" before it is done; pp_gdl_values_free always. A failed step
 * fails the solve (PP_ERR_ARG on the next). The same errors as
 * pp_gdl_values_solve, each from the step that meets it. */
enum {
    PP_GDL_VALUES_ENUMERATE = 0, /* step 1: states found, each expanded in turn */
    PP_GDL_VALUES_ORDER = 1,     /* step 2: the postorder, one step */
    PP_GDL_VALUES_SOLVE = 2,     /* step 3: states valued in that order */
    PP_GDL_VALUES_DONE = 3,
    PP_GDL_VALUES_FAILED = 4
};
typedef struct pp_gdl_values_progress {
    int phase;                /* PP_GDL_VALUES_* */
    uint32_t states;          /* found so far */
    uint32_t expanded;        /* of them, with their joint moves enumerated */
    uint64_t joint_moves;     /* found so far */
    uint32_t valued;          /* states with their values (step 3) */
    uint64_t linear_programs; /* so far */
} pp_gdl_values_progress;
pp_status pp_gdl_values_new(pp_gdl *g, const pp_gdl_value_options *opt, pp_gdl_values **out, pp_error *err);
pp_status pp_gdl_values_step(pp_gdl_values *v, uint64_t budget, int *done, pp_error *err);
void pp_gdl_values_get_progress(const pp_gdl_values *v, pp_gdl_values_progress *out);
/* The backward induction's order: the k-th state valued (k from 0 to
 * states - 1), each after every one of its successors (a postorder from
 * the start; the start last); UINT32_MAX past the states or before done. */
uint32_t pp_gdl_values_order(const pp_gdl_values *v, uint32_t k);
void pp_gdl_values_get(const pp_gdl_values *v, pp_gdl_values_info *out);
/* States in BFS order from init (0). Role's security value at a state
 * ({0, 0} out of range); max^n goal (-1 without max^n); the state's bits. */
pp_frac pp_gdl_values_security(const pp_gdl_values *v, uint32_t state, int role);
/* A role's bounds on its security value at a state: equal (the value)
 * wherever it is known, always with PP_GDL_VALUES_BI; with _BIAB the
 * search's bounds, and pp_gdl_values_security is {0, 0} where they differ.
 * 0, or -1 out of range. */
int pp_gdl_values_bounds(const pp_gdl_values *v, uint32_t state, int role, pp_frac *lo, pp_frac *hi);
int32_t pp_gdl_values_maxn(const pp_gdl_values *v, uint32_t state, int role);
const uint64_t *pp_gdl_values_state(const pp_gdl_values *v, uint32_t state);
/* The initial state's optimal mixed strategy of a role: its legal moves
 * there (0 at a terminal start), move i's name as text like snprintf and its
 * probability (-1 past the moves). */
uint32_t pp_gdl_values_moves(const pp_gdl_values *v, int role);
int pp_gdl_values_strategy(const pp_gdl_values *v, int role, uint32_t i, pp_frac *prob, char *buf, size_t size);
/* Any state's matrix games. A role's legal moves at a state (0 at a
 * terminal or out of range); its move i's name like snprintf (-1 past
 * them; evaluates the state with g's evaluator). The successor of joint move
 * e (role 0's move the most significant digit, the last role's the fastest;
 * UINT32_MAX past the state's joint moves). */
uint32_t pp_gdl_values_legal(const pp_gdl_values *v, uint32_t state, int role);
int pp_gdl_values_move_name(const pp_gdl_values *v, uint32_t state, int role, uint32_t i, char *buf, size_t size);
uint32_t pp_gdl_values_successor(const pp_gdl_values *v, uint32_t state, uint32_t e);
/* Role's matrix game at a state that is not terminal, as the solve saw it:
 * rows its legal moves, columns the other roles' joint moves (their moves
 * in role order, the last role's the fastest), a row-major entries (rows x
 * cols) the successors' security values for the role; solved again exactly
 * (pp_mgame_solve, PP_MGAME_AUTO) into row (the role's optimal mixed
 * strategy, rows entries), col (the coalition's, cols entries) and value
 * (the role's security value there). At the start, row is
 * pp_gdl_values_strategy's. PP_ERR_ARG for a terminal state, a state or
 * role out of range or a missing array; the solver's errors otherwise. */
pp_status pp_gdl_values_matrix(const pp_gdl_values *v, uint32_t state, int role, pp_frac *a, pp_frac *row, pp_frac *col,
                               pp_frac *value, pp_error *err);

#ifdef __cplusplus
}
#endif
#endif
