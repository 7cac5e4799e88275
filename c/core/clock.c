/* clock.c: the one millisecond clock (pp__now_ms in internal.h). */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <time.h>

#include "internal.h"

double pp__now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}
