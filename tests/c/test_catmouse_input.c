/* test_catmouse_input.c: every rule of LeetCode 913's input, with its message. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "harness.h"

static pp_error err;

static pp_status parse(const char *text)
{
    pp_catmouse *g = NULL;
    err.code = PP_OK;
    err.msg[0] = '\0';
    pp_status st = pp_catmouse_parse(text, strlen(text), &g, &err);
    CHECK((st == PP_OK) == (g != NULL));
    pp_catmouse_free(g);
    return st;
}

static void valid_graphs_parse(void)
{
    CHECK(parse("graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]") == PP_OK);
    CHECK(parse("[[1,3],[0],[3],[0,2]]") == PP_OK);
    CHECK(parse("[[2],[2],[0,1],[]]") == PP_OK); /* an isolated node is allowed */
    CHECK(parse("  graph=[[2],[2],[0,1]]\n") == PP_OK);
}

static void malformed_json(void)
{
    CHECK(parse("[[2,5],[3],[0,4,5]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "this list has no closing ']'");
    CHECK(parse("[[2,5] [3]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "column 8: expected ',' or ']' after a list item, found '['");
}

static void wrong_shapes(void)
{
    CHECK(parse("5") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "graph must be a list of adjacency lists, found an integer");
    CHECK(parse("[[2],3,[0]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "column 6: graph[1] must be a list of node numbers, found an integer");
    CHECK(parse("[[2],[\"0\"],[0]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "column 7: graph[1][0] must be a node number, found a string");
}

static void node_out_of_range(void)
{
    CHECK(parse("[[2],[2,7],[0,1]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "column 9: graph[1][1] is 7, but the nodes are 0 to 2");
    CHECK(parse("[[2],[-1],[0,1]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "graph[1][0] is -1, but the nodes are 0 to 2");
}

static void edge_on_one_side_names_both_entries(void)
{
    CHECK(parse("[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "graph[3][2] lists 5, but graph[5] does not list 3");
}

static void self_loop(void)
{
    CHECK(parse("[[2],[2,1],[0,1]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "graph[1][1] is 1: a node cannot list itself (self-loop)");
}

static void duplicate_edge(void)
{
    CHECK(parse("[[2],[2],[0,1,0]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "graph[2] lists 0 twice (graph[2][0] and graph[2][2])");
}

static void too_few_nodes(void)
{
    CHECK(parse("[[1],[0]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "the graph has 2 nodes; at least 3 are needed");
    CHECK(parse("[]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "the graph has 0 nodes");
}

static void mouse_without_edge(void)
{
    CHECK(parse("[[2],[],[0]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "node 1 (the mouse's start) has no edge");
}

static void cat_without_edge_off_the_hole(void)
{
    CHECK(parse("[[1,2],[0],[0]]") == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "node 2 (the cat's start) has no edge to a node other than the hole 0");
}

/* Builds "[[1],[0],[3],[2],[],[],...]" with n lists. */
static char *graph_text(int n)
{
    char *t = malloc((size_t)n * 4 + 32);
    strcpy(t, "[[1],[0],[3],[2]");
    size_t k = strlen(t);
    for (int i = 4; i < n; i++) memcpy(t + k, ",[]", 3), k += 3;
    strcpy(t + k, "]");
    return t;
}

static void node_limit_checked_before_allocating(void)
{
    char *t = graph_text(PP_CATMOUSE_MAX_NODES);
    CHECK(parse(t) == PP_OK);
    free(t);
    t = graph_text(PP_CATMOUSE_MAX_NODES + 1);
    CHECK(parse(t) == PP_ERR_LIMIT);
    /* 5,000 natively, 2,000 in the page's WebAssembly */
    char want[96];
    snprintf(want, sizeof want, "the graph has %d nodes; the limit is %d", PP_CATMOUSE_MAX_NODES + 1,
             PP_CATMOUSE_MAX_NODES);
    CHECK_CONTAINS(err.msg, want);
    free(t);
    t = graph_text(1000000); /* a 10^6-node paste */
    CHECK(parse(t) == PP_ERR_LIMIT);
    snprintf(want, sizeof want, "the graph has 1000000 nodes; the limit is %d", PP_CATMOUSE_MAX_NODES);
    CHECK_CONTAINS(err.msg, want);
    free(t);
}

static void lists_api_validates_too(void)
{
    int32_t off[] = {0, 1, 2, 3};
    int32_t adj[] = {2, 2, 1}; /* graph[2] lists 1 but not 0; graph[0] lists 2 */
    pp_catmouse *g = NULL;
    CHECK(pp_catmouse_from_lists(3, off, adj, &g, &err) == PP_ERR_INPUT && g == NULL);
    CHECK_CONTAINS(err.msg, "graph[0][0] lists 2, but graph[2] does not list 0");
    CHECK(pp_catmouse_random(2, 1, 1, &g, &err) == PP_ERR_INPUT);
    CHECK(pp_catmouse_random(PP_CATMOUSE_MAX_NODES + 1, 1, 1, &g, &err) == PP_ERR_LIMIT);
}

static void random_graphs_are_valid_and_deterministic(void)
{
    for (int n = 3; n <= 40; n++) {
        pp_catmouse *a = NULL, *b = NULL;
        CHECK(pp_catmouse_random(n, 1 + n % 5, 99, &a, &err) == PP_OK);
        CHECK(pp_catmouse_random(n, 1 + n % 5, 99, &b, &err) == PP_OK);
        if (a && b) {
            CHECK(memcmp(pp_catmouse_offsets(a), pp_catmouse_offsets(b), ((size_t)n + 1) * 4) == 0);
            CHECK(memcmp(pp_catmouse_adjacency(a), pp_catmouse_adjacency(b), (size_t)pp_catmouse_offsets(a)[n] * 4) ==
                  0);
        }
        pp_catmouse_free(a);
        pp_catmouse_free(b);
    }
    pp_catmouse *c = NULL;
    CHECK(pp_catmouse_complete(7, &c, &err) == PP_OK);
    if (c) CHECK_EQ_INT(pp_catmouse_offsets(c)[7], 7 * 6);
    pp_catmouse_free(c);
}

void suite_catmouse_input(void)
{
    RUN(valid_graphs_parse);
    RUN(malformed_json);
    RUN(wrong_shapes);
    RUN(node_out_of_range);
    RUN(edge_on_one_side_names_both_entries);
    RUN(self_loop);
    RUN(duplicate_edge);
    RUN(too_few_nodes);
    RUN(mouse_without_edge);
    RUN(cat_without_edge_off_the_hole);
    RUN(node_limit_checked_before_allocating);
    RUN(lists_api_validates_too);
    RUN(random_graphs_are_valid_and_deterministic);
}
