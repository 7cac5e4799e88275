/* gdl_internal.h: what the files of the Game Description Language reader
 * share (not API; see perfect_play.h): the reader's nodes, the rules, the
 * ground terms and the grounded network evaluated per state.
 *
 *   text --gdl_read.c--> nodes --gdl_rules.c--> rules (checked)
 *        --gdl_ground.c--> ground rules over atoms, a network per phase
 *        --gdl_graph.c--> the state graph, solved (public pp_gdl_*)
 */
#ifndef PP_GDL_INTERNAL_H
#define PP_GDL_INTERNAL_H

#include <stdint.h>

#include "internal.h"

/* ---- growable arrays with a cap (limits checked before allocating) ---- */
typedef struct gdl_vec {
    uint32_t *v;
    uint32_t n, cap;
} gdl_vec;

/* Appends x; PP_ERR_LIMIT past `limit` elements, PP_ERR_NOMEM. */
pp_status gdl_push(gdl_vec *a, uint32_t x, uint32_t limit);
/* Makes room for `more` elements of `size` bytes at *p (count n, capacity
 * *cap), at most limit in all: 0 on success, else the status. */
pp_status gdl_grow(void **p, uint32_t *cap, uint32_t n, uint32_t more, size_t size, uint32_t limit);

/* ---- diagnostics ---- */
typedef struct gdl_diags {
    pp_gdl_diag *d;
    uint32_t n, cap;
    uint32_t max; /* keep at most this many (the rest are counted in n) */
} gdl_diags;
void gdl_diag(gdl_diags *ds, uint32_t line, uint32_t col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* ---- gdl_read.c: KIF text into nodes; symbols interned in lower case ---- */
enum { GDL_N_SYM = 1, GDL_N_VAR, GDL_N_LIST };

typedef struct gdl_node {
    uint8_t kind;
    uint32_t sym;        /* SYM, VAR: the name (a variable's without '?') */
    int32_t first, next; /* LIST: first item; every node: next sibling (-1) */
    uint32_t count;      /* LIST: items */
    uint32_t line, col;  /* where it starts (1-based) */
} gdl_node;

typedef struct gdl_syms {
    char *pool;
    uint32_t pool_n, pool_cap;
    uint32_t *off; /* symbol i's name at pool + off[i] */
    uint32_t n, cap;
    uint32_t *table; /* open addressing: symbol id + 1, 0 empty */
    uint32_t tcap;
} gdl_syms;

pp_status gdl_sym_intern(gdl_syms *s, const char *name, uint32_t len, uint32_t *out);
const char *gdl_sym_name(const gdl_syms *s, uint32_t id);
void gdl_syms_free(gdl_syms *s);

typedef struct gdl_text {
    gdl_node *nodes;
    uint32_t n, cap;
    gdl_vec top; /* the top-level forms */
} gdl_text;

/* Reads the text into t (symbols into syms). Unbalanced parentheses and the
 * limits become diagnostics; returns PP_OK, PP_ERR_INPUT (diagnostics
 * given), or PP_ERR_LIMIT / PP_ERR_NOMEM (err filled). */
pp_status gdl_read(const char *text, size_t len, gdl_syms *syms, gdl_text *t, gdl_diags *ds, pp_error *err);
void gdl_text_free(gdl_text *t);

/* ---- gdl_rules.c: the rules, or-expanded, with their checks ---- */
enum { GDL_T_CONST = 1, GDL_T_VAR, GDL_T_FN };

typedef struct gdl_pat { /* a term of a rule */
    uint8_t kind;
    uint32_t arity;
    uint32_t id;   /* CONST: its ground term; VAR: its index in the rule; FN: the symbol */
    uint32_t args; /* FN: its arguments at pats[args .. args + arity) */
} gdl_pat;

enum { GDL_L_POS = 1, GDL_L_NEG, GDL_L_DISTINCT, GDL_L_SAME };

typedef struct gdl_lit {
    uint8_t kind;
    uint32_t rel; /* POS, NEG: the relation's symbol */
    uint32_t arity;
    uint32_t args; /* at pats[args .. args + arity); DISTINCT, SAME: the two terms */
    uint32_t line, col;
} gdl_lit;

typedef struct gdl_rule {
    gdl_lit head;
    uint32_t body, nbody; /* lits[body .. body + nbody) */
    uint32_t nvars;
    uint32_t line, col;
} gdl_rule;

/* Ground terms, hash-consed: the same term always has the same id. An atom
 * is the ground term of its relation applied to its arguments. */
typedef struct gdl_gterm {
    uint32_t sym, arity;
    uint32_t args; /* gargs[args .. args + arity) */
    uint32_t size; /* nodes in preorder */
} gdl_gterm;

/* The special relations' symbols. */
enum {
    GDL_S_ROLE,
    GDL_S_INIT,
    GDL_S_TRUE,
    GDL_S_DOES,
    GDL_S_NEXT,
    GDL_S_LEGAL,
    GDL_S_GOAL,
    GDL_S_TERMINAL,
    GDL_S_DISTINCT,
    GDL_S_NOT,
    GDL_S_OR,
    GDL_S_IMPLIES,
    GDL_S_BASE,
    GDL_S_INPUT,
    GDL_S_AND,
    GDL_S_COUNT
};

typedef struct gdl_prog {
    gdl_syms syms;
    gdl_pat *pats;
    uint32_t npats, pats_cap;
    gdl_lit *lits;
    uint32_t nlits, lits_cap;
    gdl_rule *rules;
    uint32_t nrules, rules_cap;
    /* ground terms */
    gdl_gterm *gt;
    uint32_t ngt, gt_cap;
    uint32_t *gargs;
    uint32_t ngargs, gargs_cap;
    uint32_t *gtable; /* id + 1, 0 empty */
    uint32_t gtable_cap;
    /* relations, by symbol: arity (-1 unused) and where first seen */
    int32_t *rel_arity;
    uint32_t *rel_line, *rel_col;
    uint32_t rel_cap;
    uint32_t roles[PP_GDL_MAX_ROLES]; /* role constants (ground terms), declaration order */
    uint32_t role_line[PP_GDL_MAX_ROLES], role_col[PP_GDL_MAX_ROLES];
    int nroles;
} gdl_prog;

/* Builds the rules from the text and runs the checks of the rules alone
 * (safety, stratification, arities, roles, init, does). PP_ERR_INPUT when
 * a diagnostic was given. */
pp_status gdl_rules_build(gdl_prog *p, const gdl_text *t, gdl_diags *ds, pp_error *err);
void gdl_prog_free(gdl_prog *p);
pp_status gdl_gterm_intern(gdl_prog *p, uint32_t sym, uint32_t arity, const uint32_t *args, uint32_t *out,
                           pp_error *err);
/* A ground term as KIF text ("(mark 1 1)"), like snprintf. */
int gdl_gterm_print(const gdl_prog *p, uint32_t t, char *buf, size_t size);

/* The relations ordered for evaluation: SCCs of the dependency graph in
 * topological order (a relation after those its rules read). */
typedef struct gdl_order {
    uint32_t *rel_scc; /* by symbol: its SCC (UINT32_MAX: no relation) */
    uint8_t *scc_rec;  /* by SCC: recursive (a cycle through it) */
    /* by SCC: a (not ...) literal inside it (index in lits; UINT32_MAX:
     * none) and its rule's head relation. Stratified by relation it is
     * not; it may still be by ground atom ((goal r 100) from (not (goal r
     * 0))), which grounding decides (gdl_ground.c, stratify) */
    uint32_t *scc_neg_lit, *scc_neg_head;
    uint8_t *rel_phase; /* by symbol: GDL_PH_* */
    uint32_t nscc;
} gdl_order;
enum { GDL_PH_STATIC = 0, GDL_PH_STATE = 1, GDL_PH_MOVE = 2 };
pp_status gdl_rules_order(const gdl_prog *p, gdl_order *o, gdl_diags *ds, pp_error *err);
void gdl_order_free(gdl_order *o);

/* Tarjan's strongly connected components of the graph on n nodes whose
 * edges from v are adj[off[v] .. off[v + 1]), iteratively (a long chain of
 * rules never deepens the C stack). comp[v] gets v's component, numbered in
 * topological order: an edge goes from a component to itself or to a later
 * one, so with edges from a rule's body to its head, bodies come first.
 * *ncomp gets the count. Fails only for memory (PP_ERR_NOMEM, err set). */
pp_status gdl_scc(uint32_t n, const uint32_t *off, const uint32_t *adj, uint32_t *comp, uint32_t *ncomp, pp_error *err);

/* ---- gdl_ground.c: the grounded network ----
 *
 * Atoms are numbered in blocks, so that a state and a joint move each reset
 * one range of values:
 *
 *   0        base0         state1         does0         natoms
 *   | static | true(...) ... state-derived | does(...) ... move-derived |
 *   +--------+-----------------------------+----------------------------+
 *     once     reset and set per state        reset and set per joint move
 *
 * A ground rule is a flat record in `code`: head, npos, nneg, pos..., neg....
 * A segment is a run of records evaluated in one pass, or until nothing
 * changes when recursive.
 */
/* A move-phase rule's head with this bit is a next state's base
 * proposition (the bit's index below it), not an atom. */
#define GDL_NEXT_BIT 0x80000000u

typedef struct gdl_seg {
    uint32_t start, end; /* offsets in code */
    uint8_t rec;
} gdl_seg;

typedef struct gdl_move {
    uint32_t legal; /* the legal atom */
    uint32_t does;  /* the does atom it enables */
    uint32_t term;  /* the move's ground term */
} gdl_move;

typedef struct gdl_goal {
    uint32_t atom;
    int32_t value;
} gdl_goal;

typedef struct gdl_net {
    uint32_t natoms, base0, nbase, state1, does0;
    uint8_t *val;
    uint32_t *atom_term; /* atom -> its ground term */
    uint32_t *base_term; /* base i -> the ground term inside true(...) */
    uint32_t *code;
    uint32_t ncode;
    gdl_seg *state_segs, *move_segs;
    uint32_t nstate_segs, nmove_segs;
    /* move-phase rules triggered by one does atom: per does atom (CSR),
     * their code offsets and segments, in segment order */
    uint32_t *bucket_off; /* ndoes + 1 */
    uint32_t *bucket, *bucket_seg;
    /* frame rules (next from the state alone): code[frame0 .. frame1),
     * run per state into frame; base_of_next maps their move-block heads */
    uint32_t move0, frame0, frame1;
    uint64_t *frame;
    uint32_t *base_of_next;
    /* the state phase by cone (gdl_ground.c, build_cones): 0 terminal's,
     * 1 legal's and the moves', 2 the goals' */
    uint32_t *cone_code;
    gdl_seg *cone_segs[3];
    uint32_t ncone_segs[3];
    uint32_t *next_atom, *next_base, nnext;
    gdl_move *moves[PP_GDL_MAX_ROLES]; /* by role, declaration order */
    uint32_t nmoves[PP_GDL_MAX_ROLES];
    gdl_goal *goals[PP_GDL_MAX_ROLES];
    uint32_t ngoals[PP_GDL_MAX_ROLES];
    int32_t terminal; /* the terminal atom, -1 if never */
    uint32_t words;   /* uint64 words of a state */
    uint64_t *init;   /* the initial state */
    int32_t goal_lo, goal_hi;
    uint64_t ground_rules;
    /* changed by every evaluation of the state phase into val: an
     * incremental one (gdl_incr) whose values are the network's holds the
     * stamp it wrote, and starts again from scratch when it changed */
    uint64_t stamp;
} gdl_net;

pp_status gdl_ground(gdl_prog *p, const gdl_order *o, gdl_net *net, gdl_diags *ds, pp_error *err);
void gdl_net_free(gdl_net *net);
/* Evaluates everything that does not depend on does for state bits. */
void gdl_eval_state(gdl_net *net, const uint64_t *bits);
/* Then the move phase for one move of each role (index into moves[r]; -1
 * for a role that has none), writing the next state into out. */
void gdl_eval_next(gdl_net *net, const int32_t *choice, int nroles, uint64_t *out);

/* ---- gdl_incr.c: the state phase evaluated incrementally ---- */
typedef struct gdl_incr {
    int ok, valid, own; /* own: val is the incr's */
    uint32_t W;         /* words of a state */
    uint64_t stamp;     /* the network's stamp when val is the network's */
    uint32_t nr, *rpc, *head, *fo_off, *fo, *sup, *fsup, *stack, stack_cap;
    uint16_t *miss; /* by rule: its literals that do not hold (0: it fires) */
    uint64_t *last;
    uint8_t *val;    /* the atoms' values: the network's (whole) or its own (a cone) */
    uint64_t *frame; /* whole: the network's frame bits; a cone: NULL */
} gdl_incr;
/* The rules of the state phase into x (zeroed): all of them and the frame
 * rules, in the network's values (keep NULL), or in values of x's own those
 * whose head keep marks. 0 only for memory (x then holds nothing); x->ok
 * stays 0 where the state
 * phase is recursive (gdl_eval_state then). */
int gdl_incr_build(const gdl_net *n, gdl_incr *x, const uint8_t *keep);
/* The state phase for bits, from the counts of the state x evaluated last. */
void gdl_incr_eval(gdl_incr *x, gdl_net *n, const uint64_t *bits);
void gdl_incr_free(gdl_incr *x);

/* ---- gdl_latch.c: the outcomes still reachable from a state ---- */
typedef struct gdl_latch gdl_latch;
/* NULL when the analysis does not apply (recursive state rules for terminal
 * or the goals, no goals) or memory ran out: the search goes without. */
gdl_latch *gdl_latch_new(const gdl_net *n);
void gdl_latch_free(gdl_latch *l);
/* Two roles: the scores (0 second wins, 1 draw, 2 first wins) every state
 * reachable from bits lies within, into *smin and *smax; 0 when a role has
 * no goal left to reach (nothing said). */
int gdl_latch_scores(gdl_latch *l, const uint64_t *bits, int *smin, int *smax);
uint64_t gdl_latch_checks(const gdl_latch *l);

/* ---- gdl_sym.c: the rules' symmetries (see there) ---- */
#define GDL_SYM_MAX 64
typedef struct gdl_symset {
    uint32_t count;      /* group elements found, identity first (1: none but it) */
    uint32_t generators; /* candidates proven */
    uint32_t nbase, nmoves[2];
    uint32_t *base, *base_inv; /* element e: base i -> base[e * nbase + i] */
    uint32_t *move[2], *move_inv[2];
} gdl_symset;
/* Finds the symmetries of the grounded rules (count into g, 1 when none;
 * 0 only when memory ran out). May intern terms into p (looking images up). */
int gdl_sym_find(gdl_prog *p, const gdl_net *n, gdl_symset *g);
void gdl_symset_free(gdl_symset *g);

/* ---- gdl_value.c: the state graph of joint moves (pp_gdl_values_*) ---- */
/* pp_gdl_check's part for games of three roles or more or with
 * simultaneous moves: the graph enumerated and ordered, its problems (a
 * role without a legal move, a terminal without a goal, a cycle) into ds. */
struct pp_gdl;
pp_status gdl_values_check(struct pp_gdl *g, uint32_t max_states, gdl_diags *ds, pp_error *err);

/* ---- gdl_bialphabeta.c: BIab on gdl_value.c's graph (search PP_GDL_VALUES_BIAB) ---- */
/* The enumerated graph as gdl_value.c holds it, read only: n states (0 the
 * start), each role's legal moves (count, n * nroles; 0 at a terminal), the
 * successors of state x's joint moves succ[first[x] .. first[x + 1]) (role
 * 0's digit the most significant), a terminal's goals (n * nroles), each
 * state's BFS depth and the postorder (successors first). */
typedef struct gdl_vgraph {
    const struct pp_gdl *g; /* role names for messages */
    int nroles;
    uint32_t n;
    const uint8_t *terminal;
    const uint16_t *count;
    const uint32_t *first, *succ, *order;
    const int32_t *goal, *depth;
} gdl_vgraph;

/* What gdl_biab_solve fills: lo and hi (n * nroles, allocated by the
 * caller) each role's bounds at every state, equal where the value is
 * exact; the start's strategies (strat[r], nstrat[r] rows, malloc'd here,
 * none at a terminal start); the counts into info (matrix_games, saddles,
 * linear_programs, pivots, valued_exactly, pinned_by_bounds, searches). */
typedef struct gdl_biab_out {
    pp_frac *lo, *hi;
    pp_frac **strat;
    uint32_t *nstrat;
    pp_gdl_values_info *info;
} gdl_biab_out;

/* Every role's security value at the start, exact, by serialized bounds
 * and a search from the start that values a state exactly only where its
 * parent needs it (gdl_bialphabeta.c's head says how). max_bytes: what its
 * own scratch may take; past it PP_ERR_LIMIT. */
pp_status gdl_biab_solve(const gdl_vgraph *gr, gdl_biab_out *out, uint64_t max_bytes, pp_error *err);

/* ---- gdl_graph.c: the compiled rules (pp_gdl) ---- */
struct pp_gdl {
    gdl_prog prog;
    gdl_order order;
    gdl_net net;
    char *names;        /* base names, NUL-separated */
    uint32_t *name_off; /* nbase */
};

/* A state's bits as the words of its base propositions, shared by the two
 * enumerations (gdl_graph.c's state graph, gdl_value.c's graph of joint
 * moves). Each numbers its states in order of first sight and finds them
 * in an open-addressing table of `tcap` slots (a power of two), a slot
 * holding a state's number + 1 (0: empty); each keeps its own memory
 * budget around these. */
uint64_t gdl_bits_hash(const uint64_t *b, uint32_t words);
/* The state of `n` whose bits (in `bits`, `words` a state) are b: its
 * number, or UINT32_MAX with *slot the empty slot where it goes. */
uint32_t gdl_states_find(const uint32_t *table, uint32_t tcap, const uint64_t *bits, uint32_t words, const uint64_t *b,
                         uint32_t *slot);
/* A new table of ncap slots holding the states 0..n-1; NULL without memory. */
uint32_t *gdl_states_table(const uint64_t *bits, uint32_t n, uint32_t words, uint32_t ncap);
/* The propositions that hold in a state, by name, cut with "..." to `size`
 * (for the rules' problems that name a state). */
void gdl_state_text(const struct pp_gdl *g, const uint64_t *bits, char *buf, size_t size);

#endif
