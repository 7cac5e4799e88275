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
/* game trees */
void suite_tree_search(void);
void suite_tree_games(void);
void suite_pn(void);
void suite_mcts(void);
void suite_mcts_connect4(void);
/* matrix games */
void suite_mgame(void);
/* stone games and friends */
void suite_dp_input(void);
void suite_dp_examples(void);
void suite_dp_crosscheck(void);
void suite_dp_flawed(void);
void suite_dp_trace(void);
/* retrograde exits */
void suite_retro_exits(void);
void suite_retro_memory(void);
void suite_memory(void);
void suite_retro_ply(void);
void suite_retro_narrow(void);
/* chess endgame tablebases */
void suite_exits(void);
void suite_chess(void);
void suite_chess_tables(void);
void suite_chess_job(void);
void suite_chess_five(void);
/* Connect Four */
void suite_connect4(void);
void suite_connect4_progress(void);
void suite_connect4_book(void);
/* games in the Game Description Language */
void suite_gdl(void);
void suite_gdl_constructs(void);
void suite_gdl_job(void);
void suite_gdl_latch(void);
void suite_gdl_search(void);
void suite_gdl_sym(void);
void suite_gdl_spec(void);
void suite_gdl_turn(void);
void suite_gdl_value(void);
void suite_gdl_bialphabeta(void);

int main(void)
{
    suite_input();
    suite_catmouse_input();
    suite_retrograde();
    suite_trace();
    suite_catmouse2();
    suite_dfs();
    /* game trees */
    suite_tree_search();
    suite_tree_games();
    suite_pn();
    suite_mcts();
    suite_mcts_connect4();
    /* matrix games */
    suite_mgame();
    /* stone games and friends */
    suite_dp_input();
    suite_dp_examples();
    suite_dp_crosscheck();
    suite_dp_flawed();
    suite_dp_trace();
    /* retrograde exits */
    suite_retro_exits();
    suite_retro_memory();
    suite_memory();
    suite_retro_ply();
    suite_retro_narrow();
    /* chess endgame tablebases */
    suite_exits();
    suite_chess();
    suite_chess_tables();
    suite_chess_job();
    suite_chess_five();
    /* Connect Four */
    suite_connect4();
    suite_connect4_progress();
    suite_connect4_book();
    suite_gdl();
    suite_gdl_constructs();
    suite_gdl_job();
    suite_gdl_latch();
    suite_gdl_search();
    suite_gdl_sym();
    suite_gdl_spec();
    suite_gdl_turn();
    suite_gdl_value();
    suite_gdl_bialphabeta();
    printf("%d passed, %d failed\n", th_passed, th_failed);
    return th_failed ? 1 : 0;
}
