/* chess_index.c: materials, symmetries and the index of a chess table. */
#include <stdio.h>
#include <string.h>

#include "chess_index.h"

/* The 8 symmetries of the board: bit 0 mirrors the files, bit 1 the ranks,
 * bit 2 swaps files and ranks (after the mirrors). Tables filled once:
 * chi_sym[t][s], and per white-king square the symmetries that bring it into
 * the triangle (pawnless: 1, or 2 on the diagonal) or onto files a-d
 * (with pawns: 1). */
uint8_t chi_sym[8][64];
uint8_t chi_tri_syms[64][3]; /* count, then the symmetries */
static uint8_t half_sym[64];
int8_t chi_tri_of_sq[64];
int chi_ready;
#define CHI_EP_STATES 65536u
static const uint8_t tri_sq[10] = {0, 1, 2, 3, 9, 10, 11, 18, 19, 27};

void chi_tables_init(void)
{
    for (int t = 0; t < 8; t++)
        for (int s = 0; s < 64; s++) {
            int f = s & 7, r = s >> 3;
            if (t & 1) f = 7 - f;
            if (t & 2) r = 7 - r;
            if (t & 4) {
                int x = f;
                f = r;
                r = x;
            }
            chi_sym[t][s] = (uint8_t)(r * 8 + f);
        }
    memset(chi_tri_of_sq, -1, sizeof chi_tri_of_sq);
    for (int i = 0; i < 10; i++) chi_tri_of_sq[tri_sq[i]] = (int8_t)i;
    for (int s = 0; s < 64; s++) {
        for (int t = 0; t < 8; t++)
            if (chi_tri_of_sq[chi_sym[t][s]] >= 0) chi_tri_syms[s][1 + chi_tri_syms[s][0]++] = (uint8_t)t;
        half_sym[s] = (s & 7) > 3;
    }
    chi_ready = 1;
}

/* One side's pieces other than the king, as type codes ascending. */
static int side_key(const uint8_t *types, int n, uint8_t *out)
{
    int k = 0;
    for (int i = 0; i < n; i++) out[k++] = types[i];
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            uint8_t x = out[j];
            out[j] = out[j - 1];
            out[j - 1] = x;
        }
    return k;
}

/* > 0 when side a is stronger than side b (more pieces, then Q > R > B > N > P). */
static int stronger(const uint8_t *a, int na, const uint8_t *b, int nb)
{
    if (na != nb) return na - nb;
    for (int i = 0; i < na; i++)
        if (a[i] != b[i]) return b[i] - a[i];
    return 0;
}

static void build(chi_material *m, const uint8_t *w, int nw, const uint8_t *b, int nb)
{
    m->n = 2 + nw + nb;
    m->type[0] = CHB_K;
    m->color[0] = CHB_WHITE;
    m->type[1] = CHB_K;
    m->color[1] = CHB_BLACK;
    m->pawns = 0;
    int k = 2;
    char *s = m->name;
    *s++ = 'K';
    for (int i = 0; i < nw; i++, k++) {
        m->type[k] = w[i];
        m->color[k] = CHB_WHITE;
        *s++ = "KQRBNP"[w[i]];
    }
    *s++ = 'K';
    for (int i = 0; i < nb; i++, k++) {
        m->type[k] = b[i];
        m->color[k] = CHB_BLACK;
        *s++ = "KQRBNP"[b[i]];
    }
    *s = 0;
    for (int i = 0; i < m->n; i++) m->pawns |= m->type[i] == CHB_P;
    uint32_t size = (m->pawns ? 32 : 10) * 2;
    for (int i = 1; i < m->n; i++) size *= 64;
    m->base = size;
    m->dups = 0;
    for (int i = 3; i < m->n; i++) m->dups |= m->type[i] == m->type[i - 1] && m->color[i] == m->color[i - 1];
    int pawns[2] = {0, 0};
    for (int i = 0; i < m->n; i++)
        if (m->type[i] == CHB_P) pawns[m->color[i]]++;
    m->ep = m->n == 4 && pawns[0] == 1 && pawns[1] == 1;
    m->size = size + (m->ep ? CHI_EP_STATES : 0);
}

/* Up to 24 bytes of text for a message: printable ASCII as it is, any other
 * byte as '?', "..." after a longer text, so a message stays one line. */
static void quote(const char *text, char out[32])
{
    int i = 0;
    for (; text[i] && i < 24; i++) out[i] = text[i] >= 0x20 && text[i] < 0x7f ? text[i] : '?';
    if (text[i]) out[i++] = '.', out[i++] = '.', out[i++] = '.';
    out[i] = '\0';
}

int chi_parse_material(const char *text, chi_material *m, char *err, int errsize)
{
    return chi_parse_material_max(text, 4, m, err, errsize);
}

int chi_parse_material_max(const char *text, int max_pieces, chi_material *m, char *err, int errsize)
{
    uint8_t side[2][4];
    int n[2] = {0, 0}, kings = 0;
    if (text[0] != 'K') goto bad;
    for (const char *s = text; *s; s++) {
        const char *k = strchr("KQRBNP", *s);
        if (!k || !*s) goto bad;
        if (*s == 'K') {
            if (++kings > 2) goto bad;
            continue;
        }
        if (n[kings - 1] >= 3) goto bad;
        side[kings - 1][n[kings - 1]++] = (uint8_t)(k - "KQRBNP");
    }
    if (kings != 2) goto bad;
    if (2 + n[0] + n[1] > max_pieces) {
        if (max_pieces <= 4)
            snprintf(err, (size_t)errsize, "material '%s' has more than four pieces: tables cover up to four", text);
        else snprintf(err, (size_t)errsize, "material '%s' has more than five pieces: tables cover up to five", text);
        return 0;
    }
    uint8_t a[4], b[4];
    side_key(side[0], n[0], a);
    side_key(side[1], n[1], b);
    build(m, a, n[0], b, n[1]);
    if (m->n == 5 && m->pawns) {
        /* the index has en passant entries for KPKP only */
        snprintf(err, (size_t)errsize, "material '%s': five-piece tables are pawnless only", text);
        return 0;
    }
    return 1;
bad:;
    char shown[32];
    quote(text, shown);
    snprintf(err, (size_t)errsize,
             "'%s' is not a material string (like KRK or KQKR: K, white's pieces, K, black's; letters KQRBNP)", shown);
    return 0;
}

int chi_is_normal(const chi_material *m)
{
    uint8_t w[4], b[4];
    int nw = 0, nb = 0;
    for (int i = 2; i < m->n; i++) {
        if (m->color[i] == CHB_WHITE) w[nw++] = m->type[i];
        else b[nb++] = m->type[i];
    }
    return stronger(w, nw, b, nb) >= 0;
}

void chi_material_of(const chb_pos *p, chi_material *m, int *flip)
{
    uint8_t side[2][CHB_MAX_PIECES], w[CHB_MAX_PIECES], b[CHB_MAX_PIECES];
    int n[2] = {0, 0};
    for (int i = 0; i < p->n; i++)
        if (p->type[i] != CHB_K) side[p->color[i]][n[p->color[i]]++] = p->type[i];
    int nw = side_key(side[0], n[0], w), nb = side_key(side[1], n[1], b);
    *flip = stronger(w, nw, b, nb) < 0;
    if (*flip) build(m, b, nb, w, nw);
    else build(m, w, nw, b, nb);
}

void chi_flip(const chb_pos *p, chb_pos *out)
{
    *out = *p;
    for (int i = 0; i < p->n; i++) {
        out->sq[i] = (uint8_t)(p->sq[i] ^ 56);
        out->color[i] = (uint8_t)!p->color[i];
    }
    out->stm = !p->stm;
    out->ep = p->ep < 0 ? -1 : p->ep ^ 56;
}

/* The index of the slot squares sq[] (symmetry applied already): sorts
 * slots of the same kind, then packs. */
static uint32_t pack(const chi_material *m, uint8_t *sq, int stm)
{
    for (int i = 3; i < m->n; i++)
        for (int j = i; j > 2 && m->type[j] == m->type[j - 1] && m->color[j] == m->color[j - 1] && sq[j - 1] > sq[j];
             j--) {
            uint8_t x = sq[j];
            sq[j] = sq[j - 1];
            sq[j - 1] = x;
        }
    uint32_t idx = (uint32_t)(m->pawns ? (sq[0] >> 3) * 4 + (sq[0] & 7) : chi_tri_of_sq[sq[0]]);
    for (int i = 1; i < m->n; i++) idx = idx * 64 + sq[i];
    return idx * 2 + (uint32_t)stm;
}

uint32_t chi_index(const chi_material *m, const chb_pos *p)
{
    if (!chi_ready) chi_tables_init();
    uint8_t slot_sq[CHB_MAX_PIECES] = {0};
    int used = 0;
    for (int k = 0; k < m->n; k++)
        for (int i = 0; i < p->n; i++)
            if (!(used >> i & 1) && p->type[i] == m->type[k] && p->color[i] == m->color[k]) {
                used |= 1 << i;
                slot_sq[k] = p->sq[i];
                break;
            }
    return chi_index_slots(m, slot_sq, p->stm);
}

uint32_t chi_index_slots(const chi_material *m, const uint8_t *slot_sq, int stm)
{
    if (!chi_ready) chi_tables_init();
    uint32_t best = UINT32_MAX;
    int nt = m->pawns ? 1 : chi_tri_syms[slot_sq[0]][0];
    for (int j = 0; j < nt; j++) {
        int t = m->pawns ? half_sym[slot_sq[0]] : chi_tri_syms[slot_sq[0]][1 + j];
        uint8_t sq[CHB_MAX_PIECES] = {0};
        for (int k = 0; k < m->n; k++) sq[k] = chi_sym[t][slot_sq[k]];
        uint32_t idx = pack(m, sq, stm);
        if (idx < best) best = idx;
    }
    return best;
}

uint32_t chi_state(const chi_material *m, const chb_pos *p)
{
    if (!chi_ready) chi_tables_init();
    if (p->ep < 0 || !m->ep) return chi_index_slots(m, p->sq, p->stm);
    /* KPKP slots: wK bK wP bP; the pawn that moved is the one not to move */
    int t = half_sym[p->sq[0]];
    int moved = p->stm == CHB_BLACK ? 2 : 3, taker = 5 - moved;
    int f = chi_sym[t][p->sq[moved]] & 7, side = (chi_sym[t][p->sq[taker]] & 7) > f;
    uint32_t k = (uint32_t)((chi_sym[t][p->sq[0]] >> 3) * 4 + (chi_sym[t][p->sq[0]] & 7));
    return m->base +
           (((((uint32_t)p->stm * 32 + k) * 64 + chi_sym[t][p->sq[1]]) * 8 + (uint32_t)f) * 2 + (uint32_t)side);
}

/* The board of an en passant entry e (0 .. 65535). */
static int ep_board(const chi_material *m, uint32_t e, chb_pos *p)
{
    int side = (int)(e & 1), f = (int)(e >> 1 & 7), bk = (int)(e >> 4 & 63), k = (int)(e >> 10 & 31),
        stm = (int)(e >> 15);
    int tf = side ? f + 1 : f - 1;
    if (tf < 0 || tf > 7) return 0;
    int rank = stm == CHB_BLACK ? 3 : 4; /* where both pawns stand */
    p->n = 4;
    p->stm = stm;
    for (int i = 0; i < 4; i++) {
        p->type[i] = m->type[i];
        p->color[i] = m->color[i];
    }
    p->sq[0] = (uint8_t)((k >> 2) * 8 + (k & 3));
    p->sq[1] = (uint8_t)bk;
    int moved = stm == CHB_BLACK ? 2 : 3;
    p->sq[moved] = (uint8_t)(rank * 8 + f);
    p->sq[5 - moved] = (uint8_t)(rank * 8 + tf);
    p->ep = stm == CHB_BLACK ? 2 * 8 + f : 5 * 8 + f;
    uint64_t occ = 0;
    for (int i = 0; i < 4; i++) {
        if (occ >> p->sq[i] & 1) return 0;
        occ |= 1ull << p->sq[i];
    }
    /* the square passed and the one the pawn came from are empty */
    int from = stm == CHB_BLACK ? 1 * 8 + f : 6 * 8 + f;
    return !(occ >> p->ep & 1) && !(occ >> from & 1);
}

int chi_board(const chi_material *m, uint32_t idx, chb_pos *p)
{
    if (idx >= m->base) return ep_board(m, idx - m->base, p);
    p->n = m->n;
    p->stm = (int)(idx & 1);
    p->ep = -1;
    idx >>= 1;
    uint64_t occ = 0;
    for (int i = m->n - 1; i >= 0; i--) {
        int s;
        if (i > 0) {
            s = (int)(idx & 63);
            idx >>= 6;
        } else s = m->pawns ? (int)((idx >> 2) * 8 + (idx & 3)) : tri_sq[idx];
        p->type[i] = m->type[i];
        p->color[i] = m->color[i];
        p->sq[i] = (uint8_t)s;
        if (occ >> s & 1) return 0;
        occ |= 1ull << s;
    }
    return 1;
}

int chi_valid(const chi_material *m, uint32_t idx, chb_pos *p)
{
    if (idx >= m->size || !chi_board(m, idx, p)) return 0;
    if (chb_illegal(p)) return 0;
    if (idx >= m->base) return (p->sq[0] & 7) <= 3 && chb_ep_possible(p);
    /* one symmetry brings the white king where it stands and no two pieces
     * can swap: the index is the position's only one */
    if (chi_incremental(m, p->sq[0])) return 1;
    return chi_index(m, p) == idx;
}

int chi_incremental(const chi_material *m, int white_king_sq)
{
    if (!chi_ready) chi_tables_init();
    return !m->dups && (m->pawns || chi_tri_syms[white_king_sq][0] == 1);
}

uint32_t chi_weight(const chi_material *m, int slot) { return 2u << (6 * (m->n - 1 - slot)); }

int chi_diagonal(const chi_material *m, int white_king_sq)
{
    if (!chi_ready) chi_tables_init();
    return !m->dups && !m->pawns && chi_tri_syms[white_king_sq][0] == 2;
}

uint8_t chi_transpose(int sq)
{
    if (!chi_ready) chi_tables_init();
    return chi_sym[4][sq];
}

uint32_t chi_index_transposed(const chi_material *m, const uint8_t *slot_sq, int stm)
{
    if (!chi_ready) chi_tables_init();
    return chi_index_sym(4, m->n, slot_sq, stm);
}

int chi_king_field(const chi_material *m, int sq)
{
    if (!chi_ready) chi_tables_init();
    if (m->pawns) return (sq & 7) <= 3 ? (sq >> 3) * 4 + (sq & 7) : -1;
    return chi_tri_of_sq[sq] >= 0 && chi_tri_syms[sq][0] == 1 ? chi_tri_of_sq[sq] : -1;
}

int chi_king_square(const chi_material *m, int k) { return m->pawns ? (k >> 2) * 8 + (k & 3) : tri_sq[k]; }
