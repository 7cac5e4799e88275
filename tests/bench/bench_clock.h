/* bench_clock.h: what the native benchmarks share: a monotonic clock in
 * milliseconds, the process's CPU time in milliseconds, and a comparison
 * for qsort of timings. */
#ifndef PP_BENCH_CLOCK_H
#define PP_BENCH_CLOCK_H

#include <time.h>

static inline double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The process's CPU time in milliseconds (load on other cores does not count). */
static inline double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Ascending doubles, for qsort. */
static inline int cmp_ms(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
