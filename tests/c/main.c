/* main.c: runs every C test suite and prints the closing "N passed, N failed". */
#include "harness.h"

int th_passed, th_failed, th_current_failed;
const char *th_current = "";

void suite_input(void);
void suite_catmouse_input(void);
void suite_retrograde(void);
void suite_trace(void);
void suite_catmouse2(void);
void suite_dfs(void);
/* game trees (issue 4) */
/* stone games and friends (issue 5) */

int main(void)
{
    suite_input();
    suite_catmouse_input();
    suite_retrograde();
    suite_trace();
    suite_catmouse2();
    suite_dfs();
    /* game trees (issue 4) */
    /* stone games and friends (issue 5) */
    printf("%d passed, %d failed\n", th_passed, th_failed);
    return th_failed ? 1 : 0;
}
