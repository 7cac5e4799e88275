/* test_gdl_sym.c: the rules' symmetries (c/gdl/gdl_sym.c). Each symmetry
 * found is checked independently of its proof by brute force over the
 * reachable states with the plain evaluator: terminal, goals and legal
 * moves commute with the map, and so does the next state of every joint
 * move. Rules from the gdl2qbf paper's set (tests/gdl/gdl2qbf, MIT). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../c/gdl/gdl_internal.h"
#include "gdl_kit.h"
#include "harness.h"

#define GDL2QBF "tests/gdl/gdl2qbf/"

static pp_gdl *load_text(const char *text, size_t len)
{
    pp_gdl *g = NULL;
    pp_error err;
    if (!text || pp_gdl_parse(text, len, &g, &err)) return NULL;
    return g;
}

static pp_gdl *load(const char *path)
{
    pp_error err;
    return gdk_parse_file(path, &err);
}

static void map_bits(const gdl_symset *s, uint32_t e, const uint64_t *in, uint64_t *out, uint32_t words)
{
    memset(out, 0, words * sizeof *out);
    for (uint32_t i = 0; i < s->nbase; i++)
        if (in[i >> 6] >> (i & 63) & 1) {
            uint32_t j = s->base[(size_t)e * s->nbase + i];
            out[j >> 6] |= 1ull << (j & 63);
        }
}

/* What one state shows: terminal, goal atoms, legal moves (into buf). */
static uint32_t observe(gdl_net *n, const uint64_t *bits, uint8_t *buf)
{
    uint32_t k = 0;
    gdl_eval_state(n, bits);
    int term = n->terminal >= 0 && n->val[n->terminal];
    buf[k++] = (uint8_t)term;
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < n->ngoals[r]; i++) buf[k++] = term ? n->val[n->goals[r][i].atom] : 0;
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < n->nmoves[r]; i++) buf[k++] = term ? 0 : n->val[n->moves[r][i].legal];
    return k;
}

/* Brute force over up to max_states reachable states: every element of
 * the set commutes with the rules. Returns the states visited (0 on a
 * mismatch, reported). */
static uint32_t brute_check(pp_gdl *g, const gdl_symset *s, uint32_t max_states)
{
    gdl_net *n = &g->net;
    uint32_t w = n->words, nr = (uint32_t)g->prog.nroles;
    uint64_t *q = malloc((size_t)max_states * w * sizeof *q);
    uint64_t *ms = malloc(w * sizeof *ms), *nx = malloc(w * sizeof *nx), *mnx = malloc(w * sizeof *mnx),
             *img = malloc(w * sizeof *img);
    uint32_t nobs = 1 + n->ngoals[0] + n->ngoals[1] + n->nmoves[0] + n->nmoves[1];
    uint8_t *o1 = malloc(nobs), *o2 = malloc(nobs);
    uint32_t nq = 0, ok = 1;
    if (!q || !ms || !nx || !mnx || !img || !o1 || !o2) {
        CHECK(0);
        goto out;
    }
    memcpy(q, n->init, w * sizeof *q);
    nq = 1;
    for (uint32_t h = 0; h < nq && ok; h++) {
        const uint64_t *st = q + (size_t)h * w;
        observe(n, st, o1);
        int term = o1[0];
        for (uint32_t e = 1; e < s->count && ok; e++) {
            map_bits(s, e, st, ms, w);
            observe(n, ms, o2);
            /* terminal and goals the same; legal(σs) = σ(legal(s)) */
            uint32_t k = 1 + n->ngoals[0] + n->ngoals[1];
            if (memcmp(o1, o2, k)) ok = 0;
            for (int r = 0; r < 2 && ok; r++) {
                for (uint32_t i = 0; i < n->nmoves[r]; i++)
                    if (o1[k + i] != o2[k + s->move[r][(size_t)e * s->nmoves[r] + i]]) ok = 0;
                k += n->nmoves[r];
            }
            CHECK_MSG(ok, "state %u, symmetry %u: terminal, goals or legal moves differ", h, e);
        }
        if (term || !ok) continue;
        /* every joint move of legal ones */
        uint32_t cnt[2] = {1, 1};
        int32_t leg[2][256];
        uint32_t nl[2] = {0, 0};
        gdl_eval_state(n, st);
        for (uint32_t r = 0; r < nr; r++) {
            for (uint32_t i = 0; i < n->nmoves[r] && nl[r] < 256; i++)
                if (n->val[n->moves[r][i].legal]) leg[r][nl[r]++] = (int32_t)i;
            cnt[r] = nl[r] ? nl[r] : 1;
            if (!nl[r]) leg[r][0] = -1;
        }
        for (uint32_t a = 0; a < cnt[0] && ok; a++)
            for (uint32_t b = 0; b < cnt[1] && ok; b++) {
                int32_t ch[2] = {leg[0][a], nr > 1 ? leg[1][b] : -1};
                gdl_eval_state(n, st);
                gdl_eval_next(n, ch, (int)nr, nx);
                int seen = 0;
                for (uint32_t j = 0; j < nq && !seen; j++) seen = !memcmp(q + (size_t)j * w, nx, w * sizeof *nx);
                if (!seen && nq < max_states) memcpy(q + (size_t)nq++ * w, nx, w * sizeof *nx);
                for (uint32_t e = 1; e < s->count && ok; e++) {
                    int32_t mc[2];
                    for (uint32_t r = 0; r < 2; r++)
                        mc[r] =
                            r < nr && ch[r] >= 0 ? (int32_t)s->move[r][(size_t)e * s->nmoves[r] + (uint32_t)ch[r]] : -1;
                    map_bits(s, e, st, ms, w);
                    gdl_eval_state(n, ms);
                    gdl_eval_next(n, mc, (int)nr, mnx);
                    map_bits(s, e, nx, img, w);
                    if (memcmp(img, mnx, w * sizeof *img)) ok = 0;
                    CHECK_MSG(ok, "state %u, symmetry %u: next(σs, σm) differs from σ(next(s, m))", h, e);
                }
            }
    }
out:
    free(q), free(ms), free(nx), free(mnx), free(img), free(o1), free(o2);
    return ok ? nq : 0;
}

/* The image of the base named from under element e, by name. */
static int maps_to(pp_gdl *g, const gdl_symset *s, uint32_t e, const char *from, const char *to)
{
    char buf[128];
    for (uint32_t i = 0; i < s->nbase; i++) {
        pp_gdl_base_name(g, i, buf, sizeof buf);
        if (strcmp(buf, from)) continue;
        pp_gdl_base_name(g, s->base[(size_t)e * s->nbase + i], buf, sizeof buf);
        return !strcmp(buf, to);
    }
    return 0;
}

static void tictactoe_has_eight(void)
{
    pp_gdl *g = load(GDL2QBF "tic-tac-toe.gdl");
    CHECK(g != NULL);
    if (!g) return;
    gdl_symset s;
    CHECK_EQ_INT(gdl_sym_find(&g->prog, &g->net, &s), 8);
    CHECK(brute_check(g, &s, 6000) > 5000); /* every reachable state (5478) */
    gdl_symset_free(&s);
    pp_gdl_free(g);
}

static void connect_four_has_its_mirror_only(void)
{
    pp_gdl *g = load(GDL2QBF "connect-4-4x4.gdl");
    CHECK(g != NULL);
    if (!g) return;
    gdl_symset s;
    CHECK_EQ_INT(gdl_sym_find(&g->prog, &g->net, &s), 2);
    if (s.count == 2) {
        char from[64], to[64];
        /* columns reversed, rows kept (no vertical flip: gravity) */
        snprintf(from, sizeof from, "(cell 1 1 %s)", pp_gdl_role_name(g, 0));
        snprintf(to, sizeof to, "(cell 4 1 %s)", pp_gdl_role_name(g, 0));
        CHECK(maps_to(g, &s, 1, from, to));
    }
    CHECK(brute_check(g, &s, 3000) == 3000);
    gdl_symset_free(&s);
    pp_gdl_free(g);
}

static void breakthrough_and_gttt_check_out(void)
{
    const char *files[] = {GDL2QBF "break-through-2x5.gdl", GDL2QBF "gttt-4x4-1-1-elly.gdl",
                           GDL2QBF "number-tic-tac-toe.gdl"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        pp_gdl *g = load(files[f]);
        CHECK(g != NULL);
        if (!g) continue;
        gdl_symset s;
        CHECK(gdl_sym_find(&g->prog, &g->net, &s) > 1);
        CHECK_MSG(brute_check(g, &s, 1500) == 1500, "%s", files[f]);
        gdl_symset_free(&s);
        pp_gdl_free(g);
    }
}

static void dots_and_boxes_has_none(void)
{
    pp_gdl *g = load(GDL2QBF "dots-and-boxes-2x2.gdl");
    CHECK(g != NULL);
    if (!g) return;
    gdl_symset s;
    CHECK_EQ_INT(gdl_sym_find(&g->prog, &g->net, &s), 1);
    gdl_symset_free(&s);
    pp_gdl_free(g);
}

/* Tic-tac-toe with the anti-diagonal taken out of the lines: only the
 * maps that keep the other diagonal remain (identity, the half turn, the
 * two diagonal reflections); a mirror across a middle line is rejected. */
static void a_missing_line_breaks_the_mirror(void)
{
    size_t len = 0;
    char *text = gdk_read(GDL2QBF "tic-tac-toe.gdl", &len);
    CHECK(text != NULL);
    if (!text) return;
    char *a = strstr(text, "(<= (diagonal ?x)\n(true (cell 1 3 ?x))");
    char *b = a ? strstr(a, "(cell 3 1 ?x)))") : NULL;
    CHECK(a && b);
    if (a && b) {
        b += strlen("(cell 3 1 ?x)))");
        memmove(a, b, strlen(b) + 1);
        pp_gdl *g = load_text(text, strlen(text));
        CHECK(g != NULL);
        if (g) {
            gdl_symset s;
            CHECK_EQ_INT(gdl_sym_find(&g->prog, &g->net, &s), 4);
            for (uint32_t e = 0; e < s.count; e++) {
                CHECK(!maps_to(g, &s, e, "(cell 1 1 x)", "(cell 3 1 x)"));
                CHECK(!maps_to(g, &s, e, "(cell 1 1 x)", "(cell 1 3 x)"));
            }
            CHECK(brute_check(g, &s, 6000) > 5000);
            gdl_symset_free(&s);
            pp_gdl_free(g);
        }
    }
    free(text);
}

/* One next proposition written by more ground rules than a byte counts:
 * (pushed ?r) follows from each of a role's 17 x 17 = 289 pushes. The
 * finder's table of rules by head holds every one of them, and the group
 * is the square's eight maps of the push's two coordinates (each reversed
 * or not, swapped or not). Also tests/fuzz/corpus-gdl/many-rules-one-head.kif. */
static const char MANY_RULES_ONE_HEAD[] = "(role white) (role black)\n"
                                          "(init (control white))\n"
                                          "(d 1) (d 2) (d 3) (d 4) (d 5) (d 6) (d 7) (d 8) (d 9)\n"
                                          "(d 10) (d 11) (d 12) (d 13) (d 14) (d 15) (d 16) (d 17)\n"
                                          "(<= (legal ?r (push ?a ?b)) (true (control ?r)) (d ?a) (d ?b))\n"
                                          "(<= (legal white noop) (true (control black)))\n"
                                          "(<= (legal black noop) (true (control white)))\n"
                                          "(<= (next (pushed ?r)) (does ?r (push ?a ?b)))\n"
                                          "(<= (next (pushed ?r)) (true (pushed ?r)))\n"
                                          "(<= (next (control black)) (true (control white)))\n"
                                          "(<= (next (control white)) (true (control black)))\n"
                                          "(<= terminal (true (pushed black)))\n"
                                          "(goal white 50) (goal black 50)\n";

static void a_head_of_many_rules_is_read_whole(void)
{
    pp_gdl *g = load_text(MANY_RULES_ONE_HEAD, strlen(MANY_RULES_ONE_HEAD));
    CHECK(g != NULL);
    if (!g) return;
    gdl_symset s;
    CHECK_EQ_INT(gdl_sym_find(&g->prog, &g->net, &s), 8);
    CHECK(brute_check(g, &s, 100) == 3); /* the start, white pushed, both pushed */
    gdl_symset_free(&s);
    pp_gdl_free(g);
}

void suite_gdl_sym(void)
{
    RUN(tictactoe_has_eight);
    RUN(connect_four_has_its_mirror_only);
    RUN(breakthrough_and_gttt_check_out);
    RUN(dots_and_boxes_has_none);
    RUN(a_missing_line_breaks_the_mirror);
    RUN(a_head_of_many_rules_is_read_whole);
}
