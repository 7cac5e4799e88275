/* test_gdl_turn.c: states of a GDL game played by hand (pp_gdl_turn_*)
 * against the enumerated state graph of the same rules: at every state of
 * the examples, the mover, the legal moves by name, the state each move
 * leads to and a terminal's goals agree; the calls refuse a finished game,
 * a move out of range and missing arguments with a message. The rules as a
 * pp_game (the searches' view, evaluated incrementally) agree with these
 * calls on random walks, with other states evaluated on the same network
 * between its calls. */
#include <stdlib.h>
#include <string.h>

#include "gdl_kit.h"
#include "harness.h"

#define EXAMPLES "web/src/gdl/examples/"

/* The graph's states by their bits: an open-addressing table of indices. */
typedef struct index_t {
    const pp_gdl_view *v;
    int32_t *slot;
    uint32_t mask;
} index_t;

static uint64_t hash_bits(const uint64_t *b, uint32_t words)
{
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < words; i++) h = (h ^ b[i]) * 1099511628211ull, h ^= h >> 29;
    return h;
}

static int index_build(index_t *x, const pp_gdl_view *v)
{
    uint32_t size = 1;
    while (size < v->states * 2) size <<= 1;
    x->v = v, x->mask = size - 1;
    x->slot = malloc(size * sizeof *x->slot);
    if (!x->slot) return 0;
    memset(x->slot, 0xff, size * sizeof *x->slot);
    for (uint32_t s = 0; s < v->states; s++) {
        uint32_t at = (uint32_t)hash_bits(v->bits + (size_t)s * v->words, v->words) & x->mask;
        while (x->slot[at] >= 0) at = (at + 1) & x->mask;
        x->slot[at] = (int32_t)s;
    }
    return 1;
}

/* The state index whose bits are b, -1 if none. */
static int32_t state_of(const index_t *x, const uint64_t *b)
{
    const pp_gdl_view *v = x->v;
    for (uint32_t at = (uint32_t)hash_bits(b, v->words) & x->mask; x->slot[at] >= 0; at = (at + 1) & x->mask)
        if (memcmp(v->bits + (size_t)x->slot[at] * v->words, b, v->words * 8) == 0) return x->slot[at];
    return -1;
}

static void agree_on(const char *file)
{
    char path[256];
    snprintf(path, sizeof path, EXAMPLES "%s", file);
    char *text = gdk_read(path, NULL);
    CHECK_MSG(text != NULL, "%s unreadable", path);
    if (!text) return;
    gdk_solved x;
    pp_error err = {0};
    int ok = gdk_solve(text, &x, &err);
    free(text);
    CHECK_MSG(ok, "%s: %s", file, err.msg);
    if (!ok) {
        gdk_free(&x);
        return;
    }
    const pp_gdl_view *v = &x.v;
    index_t ix = {0};
    uint64_t *b = malloc((size_t)v->words * 8 * 2), *next = b + v->words;
    CHECK(b && index_build(&ix, v));
    if (!b || !ix.slot) {
        free(b);
        gdk_free(&x);
        return;
    }
    CHECK(pp_gdl_init_state(x.g, b) == PP_OK);
    CHECK_EQ_INT(state_of(&ix, b), 0);
    int bad = 0;
    for (uint32_t s = 0; s < v->states && !bad; s++) {
        const uint64_t *bits = v->bits + (size_t)s * v->words;
        pp_gdl_turn t;
        pp_status st = pp_gdl_turn_of(x.g, bits, &t, &err);
        uint32_t edges = (uint32_t)(v->offsets[s + 1] - v->offsets[s]);
        if (st != PP_OK || t.terminal != v->terminal[s] || t.mover != v->mover[s] || t.moves != edges) {
            CHECK_MSG(0, "%s state %u: turn status %d terminal %d mover %d moves %u; graph %d %d %u", file, s, st,
                      t.terminal, t.mover, t.moves, v->terminal[s], v->mover[s], edges);
            bad = 1;
            break;
        }
        for (int r = 0; t.terminal && r < v->roles; r++)
            if (t.goals[r] != v->goals[(size_t)s * v->roles + r]) {
                CHECK_MSG(0, "%s state %u: goal of role %d %d, graph %d", file, s, r, t.goals[r],
                          v->goals[(size_t)s * v->roles + r]);
                bad = 1;
            }
        /* every legal move by name leads to the graph's child of that label */
        for (uint32_t i = 0; i < t.moves && !bad; i++) {
            char name[256];
            pp_gdl_turn_move(x.g, bits, i, name, sizeof name);
            if (pp_gdl_turn_play(x.g, bits, i, next, &err) != PP_OK) {
                CHECK_MSG(0, "%s state %u move %u: %s", file, s, i, err.msg);
                bad = 1;
                break;
            }
            int32_t child = state_of(&ix, next), found = 0;
            for (int32_t e = v->offsets[s]; e < v->offsets[s + 1]; e++)
                if (v->targets[e] == child && strcmp(pp_gdl_move_name(x.s, (uint32_t)v->move_of[e]), name) == 0)
                    found = 1;
            if (!found) {
                CHECK_MSG(0, "%s state %u: move %s leads to state %d, no such edge", file, s, name, child);
                bad = 1;
            }
        }
    }
    free(b);
    free(ix.slot);
    gdk_free(&x);
}

static void test_gdl_turn_agrees_with_the_state_graph_on_every_example_state(void)
{
    agree_on("tictactoe.kif");
    agree_on("nim.kif");
    agree_on("hanoi.kif");
    agree_on("connect3.kif");
    agree_on("chomp.kif");
    agree_on("take21.kif");
}

/* A random walk on the rules as a pp_game, each step checked against
 * pp_gdl_turn_*, which evaluate the state in full on the same network: the
 * game's evaluation is incremental from the state it evaluated last, so a
 * state evaluated by someone else in between must not be taken for it. */
static void game_agrees_on(const char *file, uint32_t steps)
{
    char path[256];
    snprintf(path, sizeof path, EXAMPLES "%s", file);
    char *text = gdk_read(path, NULL);
    gdk_solved x;
    pp_error err = {0};
    int ok = text && gdk_solve(text, &x, &err);
    free(text);
    CHECK_MSG(ok, "%s: %s", file, err.msg);
    if (!ok) return;
    const pp_gdl_view *v = &x.v;
    pp_gdl_game *a = NULL;
    CHECK(pp_gdl_game_new(x.g, NULL, &a, &err) == PP_OK);
    const pp_game *gm = pp_gdl_game_of(a);
    uint64_t pos[8], child[8], next[8], rng = 0x9E3779B97F4A7C15ull;
    CHECK(a && v->words <= 8);
    if (!a || v->words > 8) {
        pp_gdl_game_free(a);
        gdk_free(&x);
        return;
    }
    memcpy(pos, v->bits, v->words * 8);
    uint32_t checked = 0, foreign = 0;
    for (uint32_t k = 0; k < steps; k++) {
        rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
        if (rng & 1) { /* another state evaluated in between */
            pp_gdl_turn other;
            CHECK(pp_gdl_turn_of(x.g, v->bits + (size_t)(rng >> 8) % v->states * v->words, &other, &err) == PP_OK);
            foreign++;
        }
        int32_t value = 0, moves[PP_AB_MAX_MOVES];
        int leaf = gm->leaf(gm->ctx, pos, &value);
        pp_gdl_turn t;
        CHECK(pp_gdl_turn_of(x.g, pos, &t, &err) == PP_OK);
        uint32_t n = leaf ? 0 : gm->moves(gm->ctx, pos, moves);
        int player = leaf ? -1 : gm->player(gm->ctx, pos);
        if (leaf != t.terminal || (leaf && value != t.goals[0]) || n != t.moves ||
            (!leaf && player != (t.mover ? PP_AB_MIN : PP_AB_MAX))) {
            CHECK_MSG(0, "%s step %u: game leaf %d value %d moves %u player %d; turn %d %d %u %d", file, k, leaf, value,
                      n, player, t.terminal, t.goals[0], t.moves, t.mover);
            break;
        }
        if (leaf) { /* again from a random state of the graph */
            memcpy(pos, v->bits + (size_t)(rng >> 16) % v->states * v->words, v->words * 8);
            continue;
        }
        uint32_t i = (uint32_t)(rng >> 24) % n;
        CHECK(pp_gdl_turn_play(x.g, pos, i, next, &err) == PP_OK);
        gm->play(gm->ctx, pos, moves[i], child);
        if (memcmp(child, next, v->words * 8) != 0) {
            CHECK_MSG(0, "%s step %u: move %u leads elsewhere in the game than in the turns", file, k, i);
            break;
        }
        memcpy(pos, child, v->words * 8);
        checked++;
    }
    CHECK_MSG(checked > steps / 2 && foreign > steps / 4, "%s: %u moves checked, %u states in between", file, checked,
              foreign);
    pp_gdl_game_free(a);
    gdk_free(&x);
}

static void test_gdl_game_agrees_with_the_turns_on_random_walks(void)
{
    game_agrees_on("tictactoe.kif", 4000);
    game_agrees_on("connect3.kif", 4000);
    game_agrees_on("nim.kif", 2000);
    game_agrees_on("chomp.kif", 2000);
    game_agrees_on("take21.kif", 2000);
}

static void test_gdl_turn_refuses_a_finished_game_and_a_move_out_of_range(void)
{
    char *text = gdk_read(EXAMPLES "tictactoe.kif", NULL);
    gdk_solved x;
    pp_error err = {0};
    int ok = text && gdk_solve(text, &x, &err);
    free(text);
    CHECK_MSG(ok, "%s", err.msg);
    if (!ok) return;
    const pp_gdl_view *v = &x.v;
    uint64_t out[8];
    int32_t term = -1;
    for (uint32_t s = 0; s < v->states && term < 0; s++)
        if (v->terminal[s]) term = (int32_t)s;
    CHECK(term >= 0);
    CHECK_EQ_INT(pp_gdl_turn_play(x.g, v->bits + (size_t)term * v->words, 0, out, &err), PP_ERR_ARG);
    CHECK_CONTAINS(err.msg, "over");
    CHECK_EQ_INT(pp_gdl_turn_play(x.g, v->bits, 9, out, &err), PP_ERR_ARG);
    CHECK_CONTAINS(err.msg, "9 legal moves");
    char name[16];
    pp_gdl_turn_move(x.g, v->bits, 9, name, sizeof name);
    CHECK(strcmp(name, "?") == 0);
    pp_gdl_turn t;
    CHECK_EQ_INT(pp_gdl_turn_of(x.g, NULL, &t, &err), PP_ERR_ARG);
    CHECK_EQ_INT(pp_gdl_init_state(NULL, out), PP_ERR_ARG);
    gdk_free(&x);
}

void suite_gdl_turn(void)
{
    RUN(test_gdl_turn_agrees_with_the_state_graph_on_every_example_state);
    RUN(test_gdl_turn_refuses_a_finished_game_and_a_move_out_of_range);
    RUN(test_gdl_game_agrees_with_the_turns_on_random_walks);
}
