/* bench_retro.c: the cost of genericity. A plain flat-array Cat
 * and Mouse retrograde kernel (bench only: the simplest fast code, no trace,
 * no callbacks) beside the generic engine (pp_retro, solver reused across
 * runs as the page does) on the same graph; relaxations/s and the ratio.
 * Usage: bench_retro GRAPH.json [runs [flat|generic]]: with a kernel named,
 * only that one runs (for perf stat's cycle counts, steadier than wall time
 * on a loaded machine).
 * bench_retro GRAPH.json serve: solves on request, so bench_retro_wasm.mjs
 * can interleave native and WASM block by block in one run: reads lines
 * "flat N" or "engine N" (N solves) on stdin, answers each with one line
 * "CPU-ms-a-solve wall-ms-a-solve answer relaxations"; "quit" or EOF ends. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../c/perfect_play.h"
#include "bench_clock.h"

/* CPU time of this thread: on a machine shared with other work, steadier
 * than wall time for comparing two kernels run in turn. */
static double thread_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct flat {
    uint32_t n;
    const int32_t *off, *adj;
    uint8_t *color, *degree; /* degree: the cat's moves from each node (flat8_solve) */
    uint16_t *deg16;
    uint32_t *queue;
    int wide;
} flat;

/* state = turn * n * n + m * n + c; winner 1 mouse, 2 cat. */
static int flat_solve(flat *f, uint64_t *relax)
{
    const uint32_t n = f->n, nn = n * n;
    const int32_t *off = f->off, *adj = f->adj;
    uint8_t *color = f->color;
    uint16_t *deg = f->deg16;
    uint32_t *q = f->queue, head = 0, tail = 0;
    uint64_t rel = 0;
    for (uint32_t m = 0; m < n; m++)
        for (uint32_t c = 0; c < n; c++) {
            uint32_t s0 = m * n + c, s1 = nn + s0;
            uint16_t cd = 0;
            for (int32_t k = off[c]; k < off[c + 1]; k++) cd += adj[k] != 0;
            deg[s0] = (uint16_t)(off[m + 1] - off[m]);
            deg[s1] = cd;
            color[s0] = color[s1] = 0;
            if (c == 0) continue;
            if (m == 0 || m == c) {
                color[s0] = color[s1] = m == 0 ? 1 : 2;
                q[tail++] = s0;
                q[tail++] = s1;
            }
        }
    while (head < tail) {
        uint32_t s = q[head++], w = color[s];
        uint32_t turn = s >= nn, mc = s - turn * nn, m = mc / n, c = mc - m * n;
        if (!turn) { /* mouse to move: parents (m, c', cat); none with the mouse in the hole */
            if (m == 0) continue;
            uint32_t base = nn + m * n;
            for (int32_t k = off[c]; k < off[c + 1]; k++) {
                uint32_t c2 = (uint32_t)adj[k];
                if (c2 == 0 || c2 == m) continue;
                rel++;
                uint32_t p = base + c2;
                if (color[p]) continue;
                if (w == 2 || --deg[p] == 0) {
                    color[p] = (uint8_t)w;
                    q[tail++] = p;
                }
            }
        } else { /* cat to move: parents (m', c, mouse) */
            for (int32_t k = off[m]; k < off[m + 1]; k++) {
                uint32_t m2 = (uint32_t)adj[k];
                if (m2 == 0 || m2 == c) continue;
                rel++;
                uint32_t p = m2 * n + c;
                if (color[p]) continue;
                if (w == 1 || --deg[p] == 0) {
                    color[p] = (uint8_t)w;
                    q[tail++] = p;
                }
            }
        }
    }
    *relax = rel;
    return color[1 * n + 2]; /* mouse at 1, cat at 2, mouse to move */
}

#ifndef BENCH_RETRO_NO_MAIN /* bench_retro_wasm.c takes the kernel alone */
/* The same kernel with the engine's tricks that a flat kernel can use too
 * (so the reference stays honest): one byte a state, the degree and
 * the colour packed (degree << 2 | colour, 6 bits of degree), and no test
 * of the hole and the diagonal in the loop: those parents are decided from
 * the start (colour 3: invalid), so the colour test skips them, and the
 * relaxation count takes them out. Graphs of degree <= 63 only. */
static int flat8_solve(flat *f, uint64_t *relax)
{
    const uint32_t n = f->n, nn = n * n;
    const int32_t *off = f->off, *adj = f->adj;
    uint8_t *cell = f->color;
    uint32_t *q = f->queue, head = 0, tail = 0;
    uint64_t rel = 0;
    for (uint32_t m = 0; m < n; m++) {
        uint8_t *c0 = cell + m * n, *c1 = cell + nn + m * n;
        for (uint32_t c = 0; c < n; c++) {
            c0[c] = (uint8_t)((off[m + 1] - off[m]) << 2);
            c1[c] = (uint8_t)(f->degree[c] << 2);
        }
        c0[0] = c1[0] = 3; /* the cat in the hole */
        if (m == 0)
            for (uint32_t c = 1; c < n; c++) {
                c0[c] = c1[c] = 1;
                q[tail++] = c;
                q[tail++] = nn + c;
            }
        else {
            c0[m] = c1[m] = 2;
            q[tail++] = m * n + m;
            q[tail++] = nn + m * n + m;
        }
    }
    while (head < tail) {
        uint32_t s = q[head++], w = cell[s] & 3u;
        uint32_t turn = s >= nn, mc = s - turn * nn, m = mc / n, c = mc - m * n;
        /* mouse to move: parents (m, c', cat) for c' next to c; cat to move: (m', c, mouse) */
        uint32_t from = turn ? m : c, other = turn ? c : m, base = turn ? c : nn + m * n;
        uint32_t stride = turn ? n : 1, mover_wins = turn ? 1 : 2;
        if (!turn && m == 0) continue;
        rel += (uint32_t)(off[from + 1] - off[from]);
        for (int32_t k = off[from]; k < off[from + 1]; k++) {
            uint32_t v = (uint32_t)adj[k], p = base + v * stride, cp = cell[p];
            if (cp & 3u) {
                rel -= v == 0 || v == other;
                continue;
            }
            if (w == mover_wins || (cp -= 4) < 4) {
                cell[p] = (uint8_t)(cp | w);
                q[tail++] = p;
            } else {
                cell[p] = (uint8_t)cp;
            }
        }
    }
    *relax = rel;
    return cell[1 * n + 2] & 3; /* mouse at 1, cat at 2, mouse to move */
}

static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    fseek(fp, 0, SEEK_END);
    long sz = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *buf = malloc((size_t)sz + 1);
    if (buf && fread(buf, 1, (size_t)sz, fp) != (size_t)sz) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    if (buf) buf[sz] = 0;
    *len = (size_t)sz;
    return buf;
}

/* The serve mode (see the top): one process is one native "instance" (its
 * own memory placement), as a fresh page is one WASM instance. */
static int serve(flat *f, pp_catmouse *g, const pp_retro_game *game, pp_retro *r)
{
    char line[64], kernel[16];
    int reps, first = 1;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%15s %d", kernel, &reps) != 2 || reps < 1) break;
        uint64_t rel = 0;
        int ans = -1;
        double c0 = thread_cpu_ms(), w0 = now_ms();
        for (int i = 0; i < reps; i++) {
            if (strcmp(kernel, "flat") == 0) {
                ans = flat_solve(f, &rel);
                continue;
            }
            pp_error err = {PP_OK, ""};
            int done = 0;
            if (!first && pp_retro_reset(r, game, NULL, &err) != PP_OK) return 1;
            first = 0;
            while (!done)
                if (pp_retro_run(r, UINT64_MAX, &done) != PP_OK) return 1;
            pp_retro_stats st;
            pp_retro_get_stats(r, &st);
            rel = st.relaxations;
            ans = pp_retro_outcome_of(r, pp_catmouse_start(g));
        }
        double c1 = thread_cpu_ms(), w1 = now_ms();
        printf("%.4f %.4f %d %llu\n", (c1 - c0) / reps, (w1 - w0) / reps, ans, (unsigned long long)rel);
        fflush(stdout);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_retro GRAPH.json [runs]\n");
        return 2;
    }
    int runs = argc > 2 ? atoi(argv[2]) : 7;
    const char *only = argc > 3 ? argv[3] : argc > 2 && strcmp(argv[2], "serve") == 0 ? argv[2] : "";
    if (runs < 1 || runs > 99) runs = 7;
    size_t len = 0;
    char *text = slurp(argv[1], &len);
    pp_catmouse *g = NULL;
    pp_error err = {PP_OK, ""};
    if (!text || pp_catmouse_parse(text, len, &g, &err) != PP_OK) {
        fprintf(stderr, "bench_retro: %s: %s\n", argv[1], text ? err.msg : "cannot read");
        return 2;
    }
    free(text);
    uint32_t n = (uint32_t)pp_catmouse_nodes(g), ns = 2 * n * n;
    flat f = {n,    pp_catmouse_offsets(g), pp_catmouse_adjacency(g), malloc(ns),
              NULL, malloc(ns * 2u),        malloc(ns * 4u),          0};
    const pp_retro_game *game = pp_catmouse_retro(g);
    pp_retro *r = NULL;
    if (!f.color || !f.deg16 || !f.queue || pp_retro_new(game, NULL, &r, &err) != PP_OK) {
        fprintf(stderr, "bench_retro: out of memory\n");
        return 1;
    }
    /* flat8_solve: degrees up to 63 */
    int max_deg = 0;
    f.degree = calloc(n, 1);
    for (uint32_t v = 0; f.degree && v < n; v++) {
        int d = f.off[v + 1] - f.off[v], cat = 0;
        for (int32_t k = f.off[v]; k < f.off[v + 1]; k++) cat += f.adj[k] != 0;
        f.degree[v] = (uint8_t)cat;
        if (d > max_deg) max_deg = d;
    }
    if (strcmp(only, "serve") == 0) return serve(&f, g, game, r);
    int with8 = f.degree && max_deg <= 63 && !*only;
    double tf[99], tg[99], t8[99];
    uint64_t rel_f = 0, rel_8 = 0;
    int ans_f = 0, ans_g = 0, ans_8 = 0;
    pp_retro_stats st;
    for (int i = 0; i < runs; i++) {
        /* interleaved, so both see the same machine */
        double t0 = thread_cpu_ms();
        if (strcmp(only, "generic") != 0) ans_f = flat_solve(&f, &rel_f);
        double t1 = thread_cpu_ms();
        int done = strcmp(only, "flat") == 0;
        if (i && !done) pp_retro_reset(r, game, NULL, &err);
        while (!done) pp_retro_run(r, UINT64_MAX, &done);
        if (strcmp(only, "flat") != 0) ans_g = pp_retro_outcome_of(r, pp_catmouse_start(g));
        double t2 = thread_cpu_ms();
        if (with8) ans_8 = flat8_solve(&f, &rel_8);
        /* the first generic run includes pp_retro_new's seeding; count it too */
        tf[i] = t1 - t0;
        tg[i] = t2 - t1;
        t8[i] = thread_cpu_ms() - t2;
    }
    pp_retro_get_stats(r, &st);
    if (*only) {
        printf("%s only: answer %d\n", only, *only == 'f' ? ans_f : ans_g);
        return 0;
    }
    qsort(tf, (size_t)runs, sizeof *tf, cmp_ms);
    qsort(tg, (size_t)runs, sizeof *tg, cmp_ms);
    double mf = tf[runs / 2], mg = tg[runs / 2];
    printf(
        "%-28s %9u states  flat %8.2f ms CPU %7.1f M relax/s | generic %8.2f ms %7.1f M relax/s | generic/flat %.2fx%s\n",
        argv[1], ns, mf, rel_f / mf / 1e3, mg, st.relaxations / mg / 1e3, mg / mf,
        ans_f == ans_g && rel_f == st.relaxations ? "" : "  MISMATCH");
    /* the engine's rule (c/solvers/retrograde.c): a byte up to 31 moves, 4 past 8191 */
    uint64_t cell = game->max_moves > 8191 ? 4 : game->max_moves <= 31 ? 1 : 2;
    printf("  bytes a state the generic solve touches: %llu (cell %llu + queue 4); flat kernel: 7\n",
           (unsigned long long)cell + 4, (unsigned long long)cell);
    if (ans_f != ans_g || rel_f != st.relaxations)
        printf("  answers %d / %d, relaxations %llu / %llu\n", ans_f, ans_g, (unsigned long long)rel_f,
               (unsigned long long)st.relaxations);
    if (with8) {
        qsort(t8, (size_t)runs, sizeof *t8, cmp_ms);
        double m8 = t8[runs / 2];
        printf("  flat kernel with the engine's tricks (byte cells, no skip test): %8.2f ms %7.1f M relax/s | "
               "generic/flat8 %.2fx%s\n",
               m8, rel_8 / m8 / 1e3, mg / m8, ans_8 == ans_g && rel_8 == st.relaxations ? "" : "  MISMATCH");
    } else {
        printf("  flat kernel with the engine's tricks: skipped (a degree over 63)\n");
    }
    /* Layer-scan mode (3 or 4 bytes a state, no queue): a few runs, for its cost. */
    pp_retro_game scan = *game;
    scan.layer_scan = 1;
    pp_retro *q = NULL;
    int ans_s = -1;
    if (pp_retro_new(&scan, NULL, &q, &err) == PP_OK) {
        double ts[3];
        for (int i = 0; i < 3; i++) {
            double t0 = thread_cpu_ms();
            int done = 0;
            if (i) pp_retro_reset(q, &scan, NULL, &err);
            while (!done) pp_retro_run(q, UINT64_MAX, &done);
            ans_s = pp_retro_outcome_of(q, pp_catmouse_start(g));
            ts[i] = thread_cpu_ms() - t0;
        }
        qsort(ts, 3, sizeof *ts, cmp_ms);
        pp_retro_stats sq;
        pp_retro_get_stats(q, &sq);
        printf("  layer-scan mode (4 bytes a state, no queue): %8.2f ms %7.1f M relax/s, %.2fx the queue%s\n", ts[1],
               sq.relaxations / ts[1] / 1e3, ts[1] / mg,
               ans_s == ans_g && sq.relaxations == st.relaxations ? "" : "  MISMATCH");
        pp_retro_free(q);
    }
    pp_retro_free(r);
    free(f.color);
    free(f.degree);
    free(f.deg16);
    free(f.queue);
    pp_catmouse_free(g);
    return ans_f == ans_g && ans_s == ans_g && (!with8 || (ans_8 == ans_g && rel_8 == st.relaxations)) ? 0 : 1;
}
#endif
