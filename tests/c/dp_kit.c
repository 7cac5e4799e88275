/* dp_kit.c: see dp_kit.h. */
#include "dp_kit.h"

#include <stdio.h>
#include <string.h>

pp_dp *dpk_solve(pp_dp_problem p, pp_dp_algo a, const char *text, pp_trace *trace)
{
    pp_dp_input *in = NULL;
    pp_dp *d = NULL;
    pp_error err = {PP_OK, ""};
    if (pp_dp_parse(p, text, strlen(text), &in, &err) != PP_OK || pp_dp_solve(in, a, trace, &d, &err) != PP_OK)
        printf("  %s %s '%s': %s\n", pp_dp_problem_name(p), pp_dp_algo_name(a), text, err.msg);
    pp_dp_input_free(in);
    return d;
}

const char *dpk_answer(const pp_dp *d)
{
    static char buf[32];
    if (!d) return "(none)";
    pp_dp_format_answer(d, buf, sizeof buf);
    return buf;
}

uint64_t dpk_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int64_t dpk_range(uint64_t *s, int64_t lo, int64_t hi) { return lo + (int64_t)(dpk_next(s) % (uint64_t)(hi - lo + 1)); }

#define FAIL(...)                                                                                                      \
    do {                                                                                                               \
        if (errors++ < 3) {                                                                                            \
            printf("  replay of %s %s: ", pp_dp_problem_name(p), pp_dp_algo_name(pp_dp_algo_of(d)));                   \
            printf(__VA_ARGS__);                                                                                       \
            printf("\n");                                                                                              \
        }                                                                                                              \
    } while (0)

int dpk_replay_errors(const pp_dp *d, const pp_dp_input *in)
{
    int errors = 0;
    pp_dp_problem p = pp_dp_problem_of(d);
    const pp_dp_move *m = pp_dp_replay(d);
    uint32_t count = pp_dp_replay_count(d), n = pp_dp_input_count(in), cols = pp_dp_cols(d);
    const int64_t *a = pp_dp_input_values(in, 0), *b = pp_dp_input_values(in, 1);
    const int64_t *v = pp_dp_values(d), *sec = pp_dp_seconds(d);
    const int32_t *choice = pp_dp_choices(d);
    const uint8_t *done = pp_dp_done(d);
    int64_t s[2], total[2] = {0, 0};
    pp_dp_scores(d, s);
    /* the moves chain, alternate (but in 1563), and add up to the scores */
    for (uint32_t i = 0; i < count; i++) {
        total[m[i].player & 1] += m[i].gain;
        if (p != PP_DP_STONE_GAME_V && m[i].player != (int32_t)(i & 1)) FAIL("move %u by player %d", i, m[i].player);
        if (i + 1 < count && m[i].next != m[i + 1].cell)
            FAIL("move %u leads to %d, move %u is from %d", i, m[i].next, i + 1, m[i + 1].cell);
        if (m[i].cell < 0 || !done[m[i].cell]) FAIL("move %u from a cell not computed", i);
    }
    if (total[0] != s[0] || total[1] != s[1])
        FAIL("the gains add up to %lld/%lld, the scores say %lld/%lld", (long long)total[0], (long long)total[1],
             (long long)s[0], (long long)s[1]);
    int64_t answer = pp_dp_answer(d);
    switch (p) {
    case PP_DP_STONE_GAME:
    case PP_DP_PREDICT_THE_WINNER:
    case PP_DP_STONE_GAME_VII: {
        if (count != n) FAIL("%u moves for %u piles", count, n);
        /* each move takes an end of what is left */
        uint32_t lo = 0, hi = n - 1;
        int64_t sum = 0;
        for (uint32_t i = 0; i < n; i++) sum += a[i];
        for (uint32_t i = 0; i < count && i < n; i++) {
            if (m[i].cell != (int32_t)(lo * n + hi)) FAIL("move %u from cell %d, not (%u,%u)", i, m[i].cell, lo, hi);
            int64_t took = m[i].move ? a[hi] : a[lo];
            sum -= took;
            int64_t gain = p == PP_DP_STONE_GAME_VII ? sum : took;
            if (m[i].gain != gain) FAIL("move %u gains %lld, not %lld", i, (long long)m[i].gain, (long long)gain);
            if (m[i].move) hi--;
            else lo++;
        }
        int64_t root = v[n - 1];
        if (sec) {
            if (s[0] != root || s[1] != sec[n - 1])
                FAIL("scores %lld/%lld, table %lld/%lld", (long long)s[0], (long long)s[1], (long long)root,
                     (long long)sec[n - 1]);
        } else if (s[0] - s[1] != root) {
            FAIL("lead %lld, table %lld", (long long)(s[0] - s[1]), (long long)root);
        }
        int64_t lead = s[0] - s[1];
        int64_t want = p == PP_DP_STONE_GAME_VII ? lead : p == PP_DP_STONE_GAME ? lead > 0 : lead >= 0;
        if (answer != want) FAIL("answer %lld, the replay says %lld", (long long)answer, (long long)want);
        break;
    }
    case PP_DP_STONE_GAME_II: {
        uint32_t i = 0, mm = 1;
        for (uint32_t k = 0; k < count; k++) {
            uint32_t x = (uint32_t)m[k].move;
            if (m[k].cell != (int32_t)(i * cols + mm)) FAIL("move %u from cell %d, not (%u,%u)", k, m[k].cell, i, mm);
            if (x < 1 || x > 2 * mm || i + x > n) FAIL("move %u takes %u piles with M = %u", k, x, mm);
            int64_t g = 0;
            for (uint32_t j = i; j < i + x && j < n; j++) g += a[j];
            if (g != m[k].gain) FAIL("move %u gains %lld, not %lld", k, (long long)m[k].gain, (long long)g);
            i += x;
            if (x > mm) mm = x;
        }
        if (i != n) FAIL("the replay ends at pile %u of %u", i, n);
        if (s[0] != answer || s[0] != v[1] || s[1] != sec[1])
            FAIL("scores %lld/%lld, answer %lld", (long long)s[0], (long long)s[1], (long long)answer);
        break;
    }
    case PP_DP_STONE_GAME_III: {
        uint32_t i = 0;
        for (uint32_t k = 0; k < count; k++) {
            if (m[k].cell != (int32_t)i || m[k].move < 1 || m[k].move > 3)
                FAIL("move %u: cell %d move %d", k, m[k].cell, m[k].move);
            i += (uint32_t)m[k].move;
        }
        if (i != n) FAIL("the replay ends at stone %u of %u", i, n);
        if (s[0] != v[0] || s[1] != sec[0])
            FAIL("scores %lld/%lld, table %lld/%lld", (long long)s[0], (long long)s[1], (long long)v[0],
                 (long long)sec[0]);
        int64_t want = s[0] > s[1] ? 1 : s[0] < s[1] ? -1 : 0;
        if (answer != want) FAIL("answer %lld, the replay says %lld", (long long)answer, (long long)want);
        break;
    }
    case PP_DP_STONE_GAME_IV:
    case PP_DP_NIM: {
        if (pp_dp_by_period(d)) {
            if (count) FAIL("a replay without a table");
            break;
        }
        int64_t k = pp_dp_input_number(in, 0);
        for (uint32_t i = 0; i < count; i++) {
            int32_t t = m[i].move, r = 1;
            while (r * r < t) r++;
            int ok = t >= 1 && (p == PP_DP_NIM ? t <= 3 : r * r == t);
            if (!ok || t > k || m[i].cell != k) {
                FAIL("move %u takes %d from %lld", i, t, (long long)k);
                break;
            }
            if (v[k] && t != choice[k])
                FAIL("the winner at %lld took %d, not its choice %d", (long long)k, t, choice[k]);
            if (v[k] && v[k - t]) FAIL("the winner at %lld left a win", (long long)k);
            k -= t;
        }
        if (k != 0) FAIL("the replay ends with %lld stones", (long long)k);
        int32_t last = count ? m[count - 1].player : -1;
        if (last != (answer ? 0 : 1)) FAIL("the last mover is %d, the answer %lld", last, (long long)answer);
        break;
    }
    case PP_DP_STONE_GAME_V: {
        uint32_t i = 0, j = n - 1;
        for (uint32_t k = 0; k < count; k++) {
            uint32_t cut = (uint32_t)m[k].move;
            if (m[k].player != 0 || m[k].cell != (int32_t)(i * n + j) || cut < i || cut >= j) {
                FAIL("move %u: cell %d split %u", k, m[k].cell, cut);
                break;
            }
            int64_t l = 0, r = 0;
            for (uint32_t x = i; x <= cut; x++) l += a[x];
            for (uint32_t x = cut + 1; x <= j; x++) r += a[x];
            int64_t kept = l < r ? l : r;
            if (m[k].gain != kept)
                FAIL("move %u scores %lld, not the lighter row's %lld", k, (long long)m[k].gain, (long long)kept);
            if (m[k].next == (int32_t)(i * n + cut) && l <= r) j = cut;
            else if (m[k].next == (int32_t)((cut + 1) * n + j) && l >= r) i = cut + 1;
            else FAIL("move %u keeps the heavier row", k);
        }
        if (i != j) FAIL("the replay ends with the row %u..%u", i, j);
        if (s[0] != answer || s[1] != 0)
            FAIL("scores %lld/%lld, answer %lld", (long long)s[0], (long long)s[1], (long long)answer);
        break;
    }
    case PP_DP_STONE_GAME_VI: {
        uint32_t taken = 0;
        for (uint32_t k = 0; k < count; k++) {
            uint32_t st = (uint32_t)m[k].move;
            if (st >= n || (n <= 20 && (taken >> st & 1))) FAIL("move %u takes stone %u twice or beyond", k, st);
            if (n <= 20) taken |= 1u << st;
            if (m[k].gain != (k & 1 ? b[st] : a[st])) FAIL("move %u gains %lld", k, (long long)m[k].gain);
        }
        if (count != n) FAIL("%u moves for %u stones", count, n);
        int64_t want = s[0] > s[1] ? 1 : s[0] < s[1] ? -1 : 0;
        if (answer != want) FAIL("answer %lld, the replay says %lld", (long long)answer, (long long)want);
        if (pp_dp_algo_of(d) == PP_DP_ALGO_EXHAUSTIVE && s[0] - s[1] != v[0])
            FAIL("lead %lld, table %lld", (long long)(s[0] - s[1]), (long long)v[0]);
        break;
    }
    case PP_DP_CAN_I_WIN: {
        int64_t mx = pp_dp_input_number(in, 0), goal = pp_dp_input_number(in, 1), sum = 0;
        uint32_t used = 0;
        for (uint32_t k = 0; k < count; k++) {
            int32_t x = m[k].move;
            if (x < 1 || x > mx || (used >> (x - 1) & 1) || m[k].cell != (int32_t)used) FAIL("move %u says %d", k, x);
            else used |= 1u << (x - 1);
            if (sum >= goal) FAIL("move %u after the goal", k);
            sum += x;
        }
        if (goal <= 0 || mx * (mx + 1) / 2 < goal) {
            if (count) FAIL("moves in a game decided before it starts");
        } else {
            if (sum < goal) FAIL("the replay stops at %lld of %lld", (long long)sum, (long long)goal);
            int32_t last = count ? m[count - 1].player : -1;
            if (last != (answer ? 0 : 1)) FAIL("the last mover is %d, the answer %lld", last, (long long)answer);
        }
        break;
    }
    default: break;
    }
    return errors;
}
