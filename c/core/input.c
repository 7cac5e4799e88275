/* input.c: parser for LeetCode-style input text (named or bare JSON values). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct parser {
    ppi_doc *doc;
    size_t at;
    pp_error *err;
    int failed;
    pp_status code; /* of the first failure */
} parser;

const char *ppi_type_name(int type)
{
    switch (type) {
    case PPI_INT: return "an integer";
    case PPI_STR: return "a string";
    case PPI_BOOL: return "a boolean";
    case PPI_LIST: return "a list";
    default: return "nothing";
    }
}

void ppi_where(const ppi_doc *doc, uint32_t pos, char *buf, size_t size)
{
    unsigned line = 1, col = 1;
    int multiline = memchr(doc->text, '\n', doc->len) != NULL;
    for (size_t i = 0; i < pos && i < doc->len; i++) {
        unsigned char ch = (unsigned char)doc->text[i];
        if (ch == '\n') {
            line++;
            col = 1;
        } else if ((ch & 0xC0) != 0x80) { /* count characters, not UTF-8 continuation bytes */
            col++;
        }
    }
    if (multiline) snprintf(buf, size, "line %u, column %u", line, col);
    else snprintf(buf, size, "column %u", col);
}

/* Describes what stands at the parser's position, for "found ..." messages. */
static void describe_here(const parser *p, char *buf, size_t size)
{
    const ppi_doc *d = p->doc;
    if (p->at >= d->len) {
        snprintf(buf, size, "the end of the input");
        return;
    }
    const unsigned char *u = (const unsigned char *)d->text + p->at;
    size_t left = d->len - p->at;
    unsigned char ch = u[0];
    /* A whole UTF-8 character is quoted as it is (e.g. 'é'); other bytes by value. */
    size_t seq = ch >= 0xF5 ? 1 : ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : ch >= 0xC2 ? 2 : 1;
    int valid = ch >= 0x80 && seq > 1 && seq <= left;
    for (size_t i = 1; valid && i < seq; i++) valid = (u[i] & 0xC0) == 0x80;
    if (ch >= 0x21 && ch < 0x7F) snprintf(buf, size, "'%c'", ch);
    else if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') snprintf(buf, size, "whitespace");
    else if (valid) snprintf(buf, size, "'%.*s'", (int)seq, (const char *)u);
    else snprintf(buf, size, "byte 0x%02X", ch);
}

static void fail_at(parser *p, size_t pos, const char *what)
{
    if (p->failed) return;
    char where[48], found[32];
    ppi_where(p->doc, (uint32_t)pos, where, sizeof where);
    size_t saved = p->at;
    p->at = pos;
    describe_here(p, found, sizeof found);
    p->at = saved;
    pp__fail(p->err, PP_ERR_INPUT, "%s: expected %s, found %s", where, what, found);
    p->failed = 1;
    p->code = PP_ERR_INPUT;
}

static void fail_msg(parser *p, pp_status code, size_t pos, const char *msg)
{
    if (p->failed) return;
    char where[48];
    ppi_where(p->doc, (uint32_t)pos, where, sizeof where);
    pp__fail(p->err, code, "%s: %s", where, msg);
    p->failed = 1;
    p->code = code;
}

static void skip_space(parser *p)
{
    const char *t = p->doc->text;
    while (p->at < p->doc->len && (t[p->at] == ' ' || t[p->at] == '\t' || t[p->at] == '\n' || t[p->at] == '\r'))
        p->at++;
}

static int peek(const parser *p) { return p->at < p->doc->len ? (unsigned char)p->doc->text[p->at] : -1; }

static int32_t new_node(parser *p, int type, size_t pos)
{
    ppi_doc *d = p->doc;
    if (d->nnodes == d->cap) {
        if (d->cap >= PPI_MAX_NODES) {
            char msg[96];
            snprintf(msg, sizeof msg, "the input has more than %u values, the most this tool reads", PPI_MAX_NODES);
            fail_msg(p, PP_ERR_LIMIT, pos, msg);
            return -1;
        }
        uint32_t cap = d->cap ? d->cap * 2 : 256;
        if (cap > PPI_MAX_NODES) cap = PPI_MAX_NODES;
        ppi_node *nodes = realloc(d->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes) {
            fail_msg(p, PP_ERR_NOMEM, pos, "out of memory while reading the input");
            return -1;
        }
        d->nodes = nodes;
        d->cap = cap;
    }
    ppi_node *n = &d->nodes[d->nnodes];
    memset(n, 0, sizeof *n);
    n->type = (uint8_t)type;
    n->pos = (uint32_t)pos;
    n->first = -1;
    n->next = -1;
    return (int32_t)d->nnodes++;
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }

static int32_t parse_value(parser *p, int depth);

static int32_t parse_number(parser *p)
{
    const char *t = p->doc->text;
    size_t start = p->at;
    int neg = 0;
    if (peek(p) == '-') {
        neg = 1;
        p->at++;
    }
    if (!is_digit(peek(p))) {
        fail_at(p, p->at, "a digit");
        return -1;
    }
    if (peek(p) == '0' && p->at + 1 < p->doc->len && is_digit((unsigned char)t[p->at + 1])) {
        fail_msg(p, PP_ERR_INPUT, start, "a number may not start with 0 (JSON has no octal)");
        return -1;
    }
    uint64_t mag = 0;
    int overflow = 0;
    while (is_digit(peek(p))) {
        unsigned digit = (unsigned)(t[p->at] - '0');
        if (mag > (UINT64_C(9223372036854775808) - digit) / 10) overflow = 1;
        else mag = mag * 10 + digit;
        p->at++;
    }
    if (peek(p) == '.' || peek(p) == 'e' || peek(p) == 'E') {
        fail_msg(p, PP_ERR_INPUT, start, "expected an integer, found a number with a fraction or exponent");
        return -1;
    }
    if (overflow || (!neg && mag > (uint64_t)INT64_MAX)) {
        fail_msg(p, PP_ERR_INPUT, start, "this integer does not fit in 64 bits");
        return -1;
    }
    int32_t id = new_node(p, PPI_INT, start);
    if (id < 0) return -1;
    p->doc->nodes[id].num = neg ? (int64_t)(0 - mag) : (int64_t)mag;
    return id;
}

static int push_str_byte(parser *p, char ch)
{
    ppi_doc *d = p->doc;
    if (d->nstrs == d->strcap) {
        uint32_t cap = d->strcap ? d->strcap * 2 : 256;
        char *s = realloc(d->strs, cap);
        if (!s) {
            fail_msg(p, PP_ERR_NOMEM, p->at, "out of memory while reading the input");
            return -1;
        }
        d->strs = s;
        d->strcap = cap;
    }
    d->strs[d->nstrs++] = ch;
    return 0;
}

static int32_t parse_string(parser *p)
{
    size_t start = p->at;
    p->at++; /* the opening quote */
    int32_t id = new_node(p, PPI_STR, start);
    if (id < 0) return -1;
    uint32_t off = p->doc->nstrs;
    for (;;) {
        int c = peek(p);
        if (c < 0) {
            fail_msg(p, PP_ERR_INPUT, start, "this string has no closing '\"'");
            return -1;
        }
        if (c == '"') break;
        if (c < 0x20) {
            fail_at(p, p->at, "a printable character inside the string");
            return -1;
        }
        if (c == '\\') {
            p->at++;
            int e = peek(p);
            char out;
            switch (e) {
            case '"': out = '"'; break;
            case '\\': out = '\\'; break;
            case '/': out = '/'; break;
            case 'n': out = '\n'; break;
            case 't': out = '\t'; break;
            default: fail_at(p, p->at, "one of the escapes \\\" \\\\ \\/ \\n \\t"); return -1;
            }
            if (push_str_byte(p, out)) return -1;
        } else if (push_str_byte(p, (char)c)) {
            return -1;
        }
        p->at++;
    }
    p->at++; /* the closing quote */
    if (push_str_byte(p, '\0')) return -1;
    p->doc->nodes[id].first = (int32_t)off;
    p->doc->nodes[id].len = p->doc->nstrs - off - 1;
    return id;
}

static int32_t parse_list(parser *p, int depth)
{
    size_t start = p->at;
    if (depth >= PPI_MAX_DEPTH) {
        char msg[80];
        snprintf(msg, sizeof msg, "lists are nested more than %d deep", PPI_MAX_DEPTH);
        fail_msg(p, PP_ERR_LIMIT, start, msg);
        return -1;
    }
    p->at++; /* '[' */
    int32_t id = new_node(p, PPI_LIST, start);
    if (id < 0) return -1;
    skip_space(p);
    if (peek(p) == ']') {
        p->at++;
        return id;
    }
    int32_t last = -1;
    uint32_t count = 0;
    for (;;) {
        skip_space(p);
        if (peek(p) == ']' && count > 0) {
            fail_at(p, p->at, "a value after ','");
            return -1;
        }
        int32_t item = parse_value(p, depth + 1);
        if (item < 0) return -1;
        if (last < 0) p->doc->nodes[id].first = item;
        else p->doc->nodes[last].next = item;
        last = item;
        count++;
        skip_space(p);
        int c = peek(p);
        if (c == ',') {
            p->at++;
            continue;
        }
        if (c == ']') {
            p->at++;
            break;
        }
        if (c < 0) fail_msg(p, PP_ERR_INPUT, start, "this list has no closing ']'");
        else fail_at(p, p->at, "',' or ']' after a list item");
        return -1;
    }
    p->doc->nodes[id].len = count;
    return id;
}

static int match_word(parser *p, const char *w)
{
    size_t n = strlen(w);
    if (p->at + n <= p->doc->len && memcmp(p->doc->text + p->at, w, n) == 0) {
        p->at += n;
        return 1;
    }
    return 0;
}

static int32_t parse_value(parser *p, int depth)
{
    skip_space(p);
    int c = peek(p);
    if (c == '[') return parse_list(p, depth);
    if (c == '"') return parse_string(p);
    if (c == '-' || is_digit(c)) return parse_number(p);
    size_t start = p->at;
    if (match_word(p, "true") || match_word(p, "false")) {
        int32_t id = new_node(p, PPI_BOOL, start);
        if (id >= 0) p->doc->nodes[id].num = p->doc->text[start] == 't';
        return id;
    }
    fail_at(p, p->at, "a value (a number, a string or a list)");
    return -1;
}

static int is_name_char(int c, int first)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!first && is_digit(c));
}

pp_status ppi_parse(ppi_doc *doc, const char *text, size_t len, const char *const *names, int nnames, pp_error *err)
{
    memset(doc, 0, sizeof *doc);
    doc->text = text ? text : "";
    doc->len = text ? len : 0;
    if (nnames < 1 || nnames > PPI_MAX_ARGS) return pp__fail(err, PP_ERR_ARG, "bad argument list");
    if (doc->len > PPI_MAX_TEXT)
        return pp__fail(err, PP_ERR_LIMIT, "the input is %zu bytes; the limit is %zu MiB", doc->len,
                        PPI_MAX_TEXT >> 20);
    parser p = {doc, 0, err, 0, PP_OK};
    skip_space(&p);
    if (p.at >= doc->len) {
        if (nnames == 1) return pp__fail(err, PP_ERR_INPUT, "the input is empty: expected %s = ...", names[0]);
        return pp__fail(err, PP_ERR_INPUT, "the input is empty: expected %d values", nnames);
    }
    for (int i = 0; i < nnames && !p.failed; i++) {
        skip_space(&p);
        if (i > 0) {
            if (peek(&p) != ',') {
                char what[96];
                snprintf(what, sizeof what, "',' and then %s (%d values are needed)", names[i], nnames);
                fail_at(&p, p.at, what);
                break;
            }
            p.at++;
            skip_space(&p);
        }
        /* An optional `name =` before the value, as LeetCode shows it. */
        if (is_name_char(peek(&p), 1)) {
            size_t start = p.at, save = p.at;
            while (is_name_char(peek(&p), 0)) p.at++;
            size_t nlen = p.at - start;
            skip_space(&p);
            if (peek(&p) == '=') {
                if (nlen != strlen(names[i]) || memcmp(doc->text + start, names[i], nlen) != 0) {
                    char msg[160];
                    snprintf(msg, sizeof msg, "expected the name '%s', found '%.*s'", names[i],
                             (int)(nlen > 40 ? 40 : nlen), doc->text + start);
                    fail_msg(&p, PP_ERR_INPUT, start, msg);
                    break;
                }
                p.at++;
            } else {
                p.at = save; /* not a name: true/false, or an error parse_value reports */
            }
        }
        int32_t v = parse_value(&p, 0);
        if (v < 0) break;
        doc->args[doc->nargs++] = v;
    }
    if (!p.failed) {
        skip_space(&p);
        if (p.at < doc->len) {
            if (peek(&p) == ',')
                fail_msg(&p, PP_ERR_INPUT, p.at,
                         nnames == 1 ? "expected the end of the input after the value, found ','"
                                     : "expected the end of the input: too many values");
            else
                fail_at(&p, p.at,
                        nnames == 1 ? "the end of the input after the value"
                                    : "the end of the input after the last value");
        }
    }
    if (p.failed) {
        ppi_free(doc);
        return p.code;
    }
    return PP_OK;
}

void ppi_free(ppi_doc *doc)
{
    if (!doc) return;
    free(doc->nodes);
    free(doc->strs);
    doc->nodes = NULL;
    doc->strs = NULL;
    doc->nnodes = doc->cap = doc->nstrs = doc->strcap = 0;
    doc->nargs = 0;
}
