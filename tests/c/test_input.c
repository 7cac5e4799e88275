/* test_input.c: the LeetCode-style input parser (named and bare values). */
#include <stdlib.h>

#include "../../c/internal.h"
#include "harness.h"

static const char *const one[] = {"graph"};
static const char *const two[] = {"maxChoosableInteger", "desiredTotal"};

/* Parses and returns the error message ("" when it parsed). */
static const char *parse_msg(const char *text, const char *const *names, int nnames)
{
    static pp_error err;
    ppi_doc doc;
    err.code = PP_OK;
    err.msg[0] = '\0';
    if (ppi_parse(&doc, text, strlen(text), names, nnames, &err) == PP_OK) err.msg[0] = '\0';
    ppi_free(&doc);
    return err.msg;
}

static void named_and_bare_values(void)
{
    ppi_doc doc;
    CHECK(ppi_parse(&doc, "graph = [[2,5],[3]]", 19, one, 1, NULL) == PP_OK);
    CHECK_EQ_INT(doc.nargs, 1);
    CHECK_EQ_INT(doc.nodes[doc.args[0]].type, PPI_LIST);
    CHECK_EQ_INT(doc.nodes[doc.args[0]].len, 2);
    ppi_free(&doc);
    const char *t = "maxChoosableInteger = 10, desiredTotal = 11";
    CHECK(ppi_parse(&doc, t, strlen(t), two, 2, NULL) == PP_OK);
    CHECK_EQ_INT(doc.nargs, 2);
    CHECK_EQ_INT(doc.nodes[doc.args[0]].num, 10);
    CHECK_EQ_INT(doc.nodes[doc.args[1]].num, 11);
    ppi_free(&doc);
    CHECK(ppi_parse(&doc, " 10 ,\n 11 ", 10, two, 2, NULL) == PP_OK);
    CHECK_EQ_INT(doc.nodes[doc.args[1]].num, 11);
    ppi_free(&doc);
}

static void strings_booleans_and_negatives(void)
{
    ppi_doc doc;
    const char *t = "[\"#C.\\\"\", true, false, -7, []]";
    CHECK(ppi_parse(&doc, t, strlen(t), one, 1, NULL) == PP_OK);
    const ppi_node *list = &doc.nodes[doc.args[0]];
    CHECK_EQ_INT(list->len, 5);
    const ppi_node *s = &doc.nodes[list->first];
    CHECK_EQ_INT(s->type, PPI_STR);
    CHECK(strcmp(doc.strs + s->first, "#C.\"") == 0);
    const ppi_node *b = &doc.nodes[s->next];
    CHECK(b->type == PPI_BOOL && b->num == 1);
    const ppi_node *neg = &doc.nodes[doc.nodes[b->next].next];
    CHECK(neg->type == PPI_INT && neg->num == -7);
    CHECK_EQ_INT(doc.nodes[neg->next].len, 0);
    ppi_free(&doc);
}

static void errors_name_the_column(void)
{
    CHECK_CONTAINS(parse_msg("[[1,2],[0}", one, 1), "column 10: expected ',' or ']' after a list item, found '}'");
    CHECK_CONTAINS(parse_msg("[[1,2],[0]", one, 1), "column 1: this list has no closing ']'");
    CHECK_CONTAINS(parse_msg("[1,,2]", one, 1), "column 4: expected a value");
    CHECK_CONTAINS(parse_msg("[1,2,]", one, 1), "column 6: expected a value after ','");
    CHECK_CONTAINS(parse_msg("[1.5]", one, 1), "column 2: expected an integer");
    CHECK_CONTAINS(parse_msg("[1e3]", one, 1), "column 2: expected an integer");
    CHECK_CONTAINS(parse_msg("[01]", one, 1), "column 2: a number may not start with 0");
    CHECK_CONTAINS(parse_msg("[99999999999999999999]", one, 1), "does not fit in 64 bits");
    CHECK_CONTAINS(parse_msg("\"abc", one, 1), "no closing '\"'");
    CHECK_CONTAINS(parse_msg("", one, 1), "the input is empty: expected graph = ...");
    CHECK_CONTAINS(parse_msg("   \n ", two, 2), "the input is empty: expected 2 values");
    CHECK_CONTAINS(parse_msg("grahp = []", one, 1), "column 1: expected the name 'graph', found 'grahp'");
    CHECK_CONTAINS(parse_msg("[] x", one, 1), "column 4: expected the end of the input after the value, found 'x'");
    CHECK_CONTAINS(parse_msg("[], []", one, 1), "expected the end of the input after the value, found ','");
    CHECK_CONTAINS(parse_msg("10", two, 2), "expected ',' and then desiredTotal");
    CHECK_CONTAINS(parse_msg("1, 2, 3", two, 2), "too many values");
    CHECK_CONTAINS(parse_msg("[1,\n 2,\n x]", one, 1), "line 3, column 2: expected a value");
    CHECK_CONTAINS(parse_msg("{\"graph\": 1}", one, 1), "column 1: expected a value");
    CHECK_CONTAINS(parse_msg("[\"a\\q\"]", one, 1), "one of the escapes");
    CHECK_CONTAINS(parse_msg("[\x01]", one, 1), "found byte 0x01");
    CHECK_CONTAINS(parse_msg("[\xc3\xa9 1]", one, 1),
                   "column 2: expected a value (a number, a string or a list), found '\xc3\xa9'");
    CHECK_CONTAINS(parse_msg("[1 \xe2\x80\x9c"
                             "2]",
                             one, 1),
                   "column 4: expected ',' or ']' after a list item, found '\xe2\x80\x9c'");
    CHECK_CONTAINS(parse_msg("[\xc3]", one, 1), "found byte 0xC3");
    CHECK_CONTAINS(parse_msg("[\xf8\x80\x80]", one, 1), "found byte 0xF8");
}

static void depth_is_limited(void)
{
    char deep[PPI_MAX_DEPTH * 2 + 8];
    int k = 0;
    for (int i = 0; i < PPI_MAX_DEPTH + 1; i++) deep[k++] = '[';
    deep[k] = '\0';
    CHECK_CONTAINS(parse_msg(deep, one, 1), "nested more than");
}

/* Random mutations of valid inputs: every one either parses or reports an
 * error; none crashes (the sanitized build checks memory). */
static void random_mutations_never_crash(void)
{
    static const char *const base[] = {
        "graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]",
        "maxChoosableInteger = 10, desiredTotal = 11",
        "[\"#C..\", \"M.F\"], 1, 2",
    };
    static const char alphabet[] = "[]{},=\"\\-0123456789 \n\ttruefalsegraph";
    uint32_t x = 12345;
    int parsed = 0, failed = 0;
    for (int i = 0; i < 5000; i++) {
        char buf[128];
        const char *b = base[i % 3];
        size_t len = strlen(b);
        memcpy(buf, b, len + 1);
        int edits = 1 + i % 4;
        for (int e = 0; e < edits; e++) {
            x = x * 1103515245u + 12345u;
            size_t at = (x >> 8) % (len ? len : 1);
            x = x * 1103515245u + 12345u;
            int op = (int)((x >> 8) % 3);
            char ch = alphabet[(x >> 12) % (sizeof alphabet - 1)];
            if (op == 0) buf[at] = ch;
            else if (op == 1 && len > 1) memmove(buf + at, buf + at + 1, len - at), len--;
            else if (len < sizeof buf - 2) memmove(buf + at + 1, buf + at, len - at + 1), buf[at] = ch, len++;
        }
        pp_error err = {PP_OK, ""};
        ppi_doc doc;
        static const char *const names3[] = {"a", "b", "c"};
        if (ppi_parse(&doc, buf, len, i % 3 == 1 ? two : i % 3 == 2 ? names3 : one, i % 3 + 1, &err) == PP_OK) parsed++;
        else failed += err.msg[0] != '\0';
        ppi_free(&doc);
    }
    CHECK_EQ_INT(parsed + failed, 5000);
}

void suite_input(void)
{
    RUN(named_and_bare_values);
    RUN(strings_booleans_and_negatives);
    RUN(errors_name_the_column);
    RUN(depth_is_limited);
    RUN(random_mutations_never_crash);
}
