/* test_retro_ply.c: pp_retro_ply, the layer a budgeted solve is on (the
 * page's progress): it never goes down between slices, starts at 0, and
 * ends on the largest remoteness of the finished solve. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "harness.h"

static void ply_follows_the_layers(void)
{
    for (uint64_t seed = 1; seed <= 6; seed++) {
        pp_catmouse *g = NULL;
        pp_retro *r = NULL;
        pp_error err = {PP_OK, ""};
        CHECK(pp_catmouse_random((int)(20 + 15 * seed), 3, seed, &g, &err) == PP_OK);
        if (!g) continue;
        const pp_retro_game *game = pp_catmouse_retro(g);
        CHECK(pp_retro_new(game, NULL, &r, &err) == PP_OK);
        if (!r) {
            pp_catmouse_free(g);
            continue;
        }
        CHECK_EQ_INT(pp_retro_ply(r), 0); /* the seeds: layer 0 */
        uint32_t last = 0, slices = 0;
        int done = 0;
        while (!done && slices < 10000000) {
            CHECK(pp_retro_run(r, 7, &done) == PP_OK);
            uint32_t ply = pp_retro_ply(r);
            CHECK_MSG(ply >= last, "seed %llu: ply %u after %u", (unsigned long long)seed, ply, last);
            last = ply;
            slices++;
        }
        CHECK(slices > 1);
        int32_t deepest = 0;
        for (uint32_t s = 0; s < game->nstates; s++) {
            int32_t d = pp_retro_remoteness_of(r, s);
            if (d > deepest) deepest = d;
        }
        CHECK_EQ_INT(last, deepest);
        pp_retro_free(r);
        pp_catmouse_free(g);
    }
    CHECK_EQ_INT(pp_retro_ply(NULL), 0);
}

void suite_retro_ply(void) { RUN(ply_follows_the_layers); }
