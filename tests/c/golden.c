/* golden.c: golden-trace comparison for the tests (see golden.h). */
#include "golden.h"

#include <stdio.h>
#include <string.h>

int golden_mismatches(const char *path, const pp_trace *t, const pp_retro_game *game)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("  cannot open %s (run the tests from the repository root)\n", path);
        return -1;
    }
    char want[200], got[200];
    uint32_t i = 0;
    int mismatches = 0;
    while (fgets(want, sizeof want, f)) {
        if (want[0] == '#') continue;
        want[strcspn(want, "\n")] = '\0';
        if (i >= pp_trace_count(t)) {
            mismatches++;
            break;
        }
        const int32_t *rec = pp_trace_records(t) + (size_t)i * PP_TRACE_WORDS;
        int len = pp_event_format(rec, game, NULL, got, sizeof got);
        snprintf(got + len, sizeof got - (size_t)len, " (step %d)", pp_event_step(rec));
        if (strcmp(want, got) != 0 && mismatches++ < 3) printf("  event %u: want \"%s\", got \"%s\"\n", i, want, got);
        i++;
    }
    fclose(f);
    if (i != pp_trace_count(t)) {
        printf("  %s has %u events, the trace %u\n", path, i, pp_trace_count(t));
        mismatches++;
    }
    return mismatches;
}
