/* harness.h: a minimal test harness; the run ends with "N passed, N failed". */
#ifndef PP_HARNESS_H
#define PP_HARNESS_H

#include <stdio.h>
#include <time.h>
#include <string.h>

extern int th_passed, th_failed, th_current_failed;
extern const char *th_current;

/* Checks a condition; on failure prints where and what, and fails the test. */
#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            printf("  FAIL %s (%s:%d): %s\n", th_current, __FILE__, __LINE__, #cond);                                  \
            th_current_failed = 1;                                                                                     \
        }                                                                                                              \
    } while (0)

#define CHECK_MSG(cond, ...)                                                                                           \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            printf("  FAIL %s (%s:%d): %s: ", th_current, __FILE__, __LINE__, #cond);                                  \
            printf(__VA_ARGS__);                                                                                       \
            printf("\n");                                                                                              \
            th_current_failed = 1;                                                                                     \
        }                                                                                                              \
    } while (0)

#define CHECK_EQ_INT(a, b) CHECK_MSG((long long)(a) == (long long)(b), "%lld != %lld", (long long)(a), (long long)(b))

#define CHECK_CONTAINS(haystack, needle)                                                                               \
    CHECK_MSG(strstr((haystack), (needle)) != NULL, "\"%s\" does not contain \"%s\"", (haystack), (needle))

/* Runs one test; one that takes over two seconds of CPU says so, so the
 * suite's cost is visible where it is spent. */
#define RUN(fn)                                                                                                        \
    do {                                                                                                               \
        th_current = #fn;                                                                                              \
        th_current_failed = 0;                                                                                         \
        clock_t th_t0 = clock();                                                                                       \
        fn();                                                                                                          \
        double th_s = (double)(clock() - th_t0) / CLOCKS_PER_SEC;                                                      \
        if (th_s > 2.0) printf("  slow: %s, %.1f s of CPU\n", #fn, th_s);                                              \
        if (th_current_failed) th_failed++;                                                                            \
        else th_passed++;                                                                                              \
    } while (0)

#endif
