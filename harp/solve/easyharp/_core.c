/* The Easy Harp fast search's best-first searches and beams, compiled.
 *
 * A C twin of the pure Python pipeline of a child in
 * harp/solve/easyharp/ (moves_fast.py: wide_steps and play_safe_after;
 * model.py: apply; search.py: the scores, Novelty, BestFirst, beam;
 * packed.py: Tree): the same steps in the same order, the same closure,
 * the same scores and novelty ranks, the same heap (CPython's heapq,
 * step for step, so that a reordered search scores the open positions
 * in the same order), hence the same positions, counts and lines.  Only
 * the digest that tells positions apart in a search's table is its own
 * (a 64-bit hash of the same symmetries).  The tests check it against
 * the pure modules child by child and search by search
 * (tests/test_solve_eh_core.py); core.py falls back to them when this
 * module is not built.  The rule tables and the constants come from the
 * Python modules (setup()), so they are written once.
 *
 * Positions cross the boundary, and wait in a heap, in packed.py's
 * format: slot heights (8 bytes), the talon (13 bytes, two bits a card
 * value), then each column after a 0xFF byte (its face-down count, then
 * its cards bottom to top).  Moves as Tree packs them: kind, source + 1,
 * destination + 1, card.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NCOL 9
#define NSLOT 8
/* Bytes of a column: its face-down count and its cards.  A column only
 * grows by cards one rank below its top (RULES A1.2) or a king-led run
 * into an empty column (A1.4), so it never passes its root length + 13. */
#define MAXC 48
#define ROOT_MAXC (MAXC - 14)
#define KING 12
#define MAXSTEP 16               /* moves of a step: a chain, or a run of talon cards up */
#define SLOT_ATOMS (53 * 52)
#define N_ATOMS (SLOT_ATOMS + 8 * 14 * 14)
#define ATOM_WORDS ((N_ATOMS + 63) / 64)
#define ABSENT 255

enum { COL_TO_FOUNDATION = 0, TALON_TO_FOUNDATION = 1, COL_TO_COL = 2, TALON_TO_COL = 3,
       TAKE_BACK = 4 };
enum { SOLVED = 0, UNKNOWN = 1, UNSOLVABLE = 2 };
enum { LOW_CARDS = 0, FOUNDATIONS = 1, DEPTH = 2, NEEDS = 3, N_SCORES = 4 };

/* ---- the rule tables and constants, from setup() ---- */
static int ready = 0;
static uint8_t FITS[52 * 52];
static int PARENTS[52][2];
static int N_PARENTS[52];
static int SLOT_BASE[4];
static int SLOT_SUIT[NSLOT];
static uint8_t RED[52];
static int BURY, LAST_RESORT, MAX_CHAIN, NEED_WEIGHT, NEED_RANKS, STALL;

typedef struct { int8_t kind, src, dst, card; } Move;

typedef struct {
    uint8_t n[NCOL];             /* len(col): 1 + its cards */
    uint8_t c[NCOL][MAXC];       /* c[i][0]: face-down count; c[i][1..n-1]: cards */
    uint64_t talon[2];           /* two bits per card value: 0-31, then 32-51 */
    uint8_t slots[NSLOT];
} Pos;

/* ---- growable buffers ---- */
typedef struct { uint8_t *data; size_t len, cap; } Bytes;

static int bytes_reserve(Bytes *b, size_t more) {
    if (b->len + more <= b->cap) return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + more) cap *= 2;
    uint8_t *data = realloc(b->data, cap);
    if (!data) { PyErr_NoMemory(); return -1; }
    b->data = data; b->cap = cap;
    return 0;
}

static void bytes_free(Bytes *b) { free(b->data); b->data = NULL; b->len = b->cap = 0; }

static int bytes_add_move(Bytes *b, Move m) {
    if (bytes_reserve(b, 4) < 0) return -1;
    uint8_t *p = b->data + b->len;
    p[0] = (uint8_t)m.kind; p[1] = (uint8_t)(m.src + 1); p[2] = (uint8_t)(m.dst + 1);
    p[3] = (uint8_t)m.card;
    b->len += 4;
    return 0;
}

static Move move_at(const uint8_t *p) {
    Move m = {(int8_t)p[0], (int8_t)(p[1] - 1), (int8_t)(p[2] - 1), (int8_t)p[3]};
    return m;
}

/* ---- the talon multiset ---- */
static inline int talon_count(const Pos *p, int card) {
    return (int)((p->talon[card >> 5] >> (2 * (card & 31))) & 3);
}

static inline void talon_take(Pos *p, int card) {
    p->talon[card >> 5] -= (uint64_t)1 << (2 * (card & 31));
}

/* ---- packing: packed.py's format ---- */
static int unpack(const uint8_t *b, size_t len, Pos *p) {
    if (len < 21) goto bad;
    memcpy(p->slots, b, NSLOT);
    p->talon[0] = p->talon[1] = 0;
    for (int k = 0; k < 13; k++) p->talon[k >> 3] |= (uint64_t)b[8 + k] << (8 * (k & 7));
    size_t at = 21;
    for (int i = 0; i < NCOL; i++) {
        if (at >= len || b[at] != 0xFF) goto bad;
        at++;
        size_t end = at;
        while (end < len && b[end] != 0xFF) end++;
        if (end == at || end - at > MAXC) goto bad;
        p->n[i] = (uint8_t)(end - at);
        memcpy(p->c[i], b + at, end - at);
        at = end;
    }
    if (at != len) goto bad;
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "not a packed Easy Harp position of this solver");
    return -1;
}

static size_t pack(const Pos *p, uint8_t *out) {
    memcpy(out, p->slots, NSLOT);
    for (int k = 0; k < 13; k++) out[8 + k] = (uint8_t)(p->talon[k >> 3] >> (8 * (k & 7)));
    size_t at = 21;
    for (int i = 0; i < NCOL; i++) {
        out[at++] = 0xFF;
        memcpy(out + at, p->c[i], p->n[i]);
        at += p->n[i];
    }
    return at;
}

#define PACK_MAX (21 + NCOL * (MAXC + 1))

/* A packed position kept in a heap or a level: its length, then its bytes. */
static uint8_t *blob_of(const Pos *p) {
    uint8_t buf[PACK_MAX];
    size_t n = pack(p, buf);
    uint8_t *blob = malloc(n + 2);
    if (!blob) { PyErr_NoMemory(); return NULL; }
    blob[0] = (uint8_t)(n & 0xFF); blob[1] = (uint8_t)(n >> 8);
    memcpy(blob + 2, buf, n);
    return blob;
}

static size_t blob_len(const uint8_t *blob) { return (size_t)blob[0] | (size_t)blob[1] << 8; }

static uint8_t *blob_copy(const uint8_t *blob) {
    size_t n = blob_len(blob) + 2;
    uint8_t *out = malloc(n);
    if (!out) { PyErr_NoMemory(); return NULL; }
    memcpy(out, blob, n);
    return out;
}

static void blob_unpack(const uint8_t *blob, Pos *p) { unpack(blob + 2, blob_len(blob), p); }

static int root_of(PyObject *packed, Pos *p) {
    if (!PyBytes_Check(packed)) {
        PyErr_SetString(PyExc_TypeError, "a packed position is bytes");
        return -1;
    }
    if (unpack((const uint8_t *)PyBytes_AS_STRING(packed), (size_t)PyBytes_GET_SIZE(packed), p) < 0)
        return -1;
    for (int i = 0; i < NCOL; i++) {
        if (p->n[i] > ROOT_MAXC) {
            PyErr_SetString(PyExc_ValueError, "a column too long for the compiled search");
            return -1;
        }
    }
    return 0;
}

/* ---- model.py ---- */
static inline int slot_for(const uint8_t *slots, int card) {
    int base = SLOT_BASE[card & 3], rank = card >> 2;
    if (slots[base] == rank) return base;
    if (slots[base + 1] == rank) return base + 1;
    return -1;
}

static inline int slot_top(const uint8_t *slots, int slot) {
    return (slots[slot] - 1) * 4 + SLOT_SUIT[slot];
}

static inline int top_of(const Pos *p, int i) { return p->c[i][p->n[i] - 1]; }

static inline int run_length(const uint8_t *col, int n) {
    int floor = col[0] + 1, i = n - 1;
    while (i > floor && FITS[col[i] * 52 + col[i - 1]]) i--;
    return n - i;
}

static inline void remove_top(Pos *p, int i, int k) {
    p->n[i] -= (uint8_t)k;
    int down = p->c[i][0];
    if (down && p->n[i] - 1 == down) p->c[i][0] = (uint8_t)(down - 1);
}

static inline void push_card(Pos *p, int i, int card) { p->c[i][p->n[i]++] = (uint8_t)card; }

static void apply(Pos *p, Move m) {
    switch (m.kind) {
    case COL_TO_FOUNDATION: {
        int slot = slot_for(p->slots, top_of(p, m.src));
        remove_top(p, m.src, 1);
        p->slots[slot]++;
        break;
    }
    case COL_TO_COL: {
        int sn = p->n[m.src];
        int k = p->n[m.dst] > 1 ? 1 : run_length(p->c[m.src], sn);
        memcpy(&p->c[m.dst][p->n[m.dst]], &p->c[m.src][sn - k], (size_t)k);
        p->n[m.dst] += (uint8_t)k;
        remove_top(p, m.src, k);
        break;
    }
    case TALON_TO_FOUNDATION: {
        int slot = slot_for(p->slots, m.card);
        talon_take(p, m.card);
        p->slots[slot]++;
        break;
    }
    case TALON_TO_COL:
        push_card(p, m.dst, m.card);
        talon_take(p, m.card);
        break;
    default:                       /* TAKE_BACK */
        push_card(p, m.dst, slot_top(p->slots, m.src));
        p->slots[m.src]--;
    }
}

static inline int tableau_empty(const Pos *p) {
    for (int i = 0; i < NCOL; i++) if (p->n[i] > 1) return 0;
    return 1;
}

static inline int first_empty(const Pos *p) {
    for (int j = 0; j < NCOL; j++) if (p->n[j] == 1) return j;
    return -1;
}

static inline Move mv(int kind, int src, int dst, int card) {
    Move m = {(int8_t)kind, (int8_t)src, (int8_t)dst, (int8_t)card};
    return m;
}

/* ---- moves_fast.py: the closure ---- */
static inline int min4(int a, int b, int c, int d) {
    int m = a < b ? a : b;
    if (c < m) m = c;
    return d < m ? d : m;
}

static inline int looks_safe(const uint8_t *s, int card) {
    int rank = card >> 2;
    if (RED[card]) return min4(s[0], s[1], s[6], s[7]) >= rank;
    return min4(s[2], s[3], s[4], s[5]) >= rank;
}

/* A segment: the moves that lead to a child (a step and its closure). */
typedef struct { int n; Move m[128]; } Segment;

static void play_safe(Pos *p, Segment *line) {
    for (;;) {
        uint8_t *s = p->slots;
        int black = min4(s[0], s[1], s[6], s[7]), red = min4(s[2], s[3], s[4], s[5]);
        int slot, height = 0;
        Move m = {0, 0, 0, 0};
        for (slot = 0; slot < NSLOT; slot++) {
            height = s[slot];
            if (height == 13 || ((2 <= slot && slot <= 5) ? black : red) < height) continue;
            int card = height * 4 + SLOT_SUIT[slot];
            if (talon_count(p, card)) {
                m = mv(TALON_TO_FOUNDATION, -1, -1, card);
                talon_take(p, card);
                break;
            }
            int i;
            for (i = 0; i < NCOL; i++) if (p->n[i] > 1 && top_of(p, i) == card) break;
            if (i < NCOL) {
                m = mv(COL_TO_FOUNDATION, i, -1, card);
                remove_top(p, i, 1);
                break;
            }
        }
        if (slot == NSLOT) return;
        s[slot] = (uint8_t)(height + 1);
        if (line->n < 128) line->m[line->n] = m;
        line->n++;
    }
}

static void play_safe_after(Pos *p, Segment *segment) {
    for (int k = 0; k < segment->n; k++) {
        Move m = segment->m[k];
        if (m.kind != COL_TO_COL && m.kind != TALON_TO_COL) { play_safe(p, segment); return; }
        if (m.kind == COL_TO_COL && p->n[m.src] > 1) {
            int card = top_of(p, m.src);
            if (slot_for(p->slots, card) >= 0 && looks_safe(p->slots, card)) {
                play_safe(p, segment);
                return;
            }
        }
    }
}

/* ---- moves_fast.py: the steps ---- */
typedef struct { int prio; int n; Move m[MAXSTEP]; } Step;
typedef struct { Step *s; int n, cap; int *order; } Steps;

static Step *new_step(Steps *out, int prio) {
    if (out->n == out->cap) {
        int cap = out->cap ? 2 * out->cap : 64;
        Step *s = realloc(out->s, (size_t)cap * sizeof(Step));
        int *order = realloc(out->order, (size_t)cap * sizeof(int));
        if (!s || !order) {
            if (s) out->s = s;
            if (order) out->order = order;
            PyErr_NoMemory();
            return NULL;
        }
        out->s = s; out->order = order; out->cap = cap;
    }
    Step *step = &out->s[out->n++];
    step->prio = prio;
    step->n = 0;
    return step;
}

static int add1(Steps *out, int prio, Move m) {
    Step *step = new_step(out, prio);
    if (!step) return -1;
    step->m[0] = m; step->n = 1;
    return 0;
}

static inline int talon_has(const Pos *p, int card) { return talon_count(p, card) != 0; }

/* _via_talon_foundation */
static int via_talon_foundation(const Pos *p, int i, int card, int prio, Steps *out) {
    int suit = card & 3, rank = card >> 2, base = SLOT_BASE[suit];
    int low = p->slots[base], high = p->slots[base + 1];
    if (low > high) { int t = low; low = high; high = t; }
    int heights[2] = {low, high};
    for (int h = 0; h < 2; h++) {
        int height = heights[h];
        if (height >= rank) return 0;
        int reached = height;
        while (reached < rank && talon_has(p, reached * 4 + suit)) reached++;
        if (reached == rank) {
            Step *step = new_step(out, prio + rank - height);
            if (!step) return -1;
            for (int r = height; r < rank; r++)
                step->m[step->n++] = mv(TALON_TO_FOUNDATION, -1, -1, r * 4 + suit);
            step->m[step->n++] = mv(COL_TO_FOUNDATION, i, -1, card);
            return 0;
        }
    }
    return 0;
}

/* _host: of the columns whose top takes the talon card (or, for a king,
 * the first empty column), the first with the fewest face-down cards. */
static int host(const Pos *p, int empty, int card) {
    int best = -1, best_down = 0;
    for (int k = 0; k < N_PARENTS[card]; k++) {
        int top = PARENTS[card][k];
        for (int j = 0; j < NCOL; j++) {
            if (p->n[j] > 1 && top_of(p, j) == top && (best < 0 || p->c[j][0] < best_down)) {
                best = j; best_down = p->c[j][0];
            }
        }
    }
    if (card >> 2 == KING && empty >= 0 && (best < 0 || p->c[empty][0] < best_down))
        best = empty;
    return best;
}

static int grow(const Pos *p, int i, int card, int empty, int *hosts, int prio, Steps *out,
                int child, int *chain, int nchain, int left) {
    for (int k = 0; k < N_PARENTS[child]; k++) {
        int parent = PARENTS[child][k];
        if (!talon_has(p, parent)) continue;
        chain[nchain] = parent;
        int links = nchain + 1;
        if (hosts[parent] == -2) hosts[parent] = host(p, empty, parent);
        int j = hosts[parent];
        if (j >= 0) {
            Step *step = new_step(out, prio + links - 1 + BURY * p->c[j][0]);
            if (!step) return -1;
            for (int l = links - 1; l >= 0; l--) step->m[step->n++] = mv(TALON_TO_COL, -1, j, chain[l]);
            step->m[step->n++] = mv(COL_TO_COL, i, j, card);
        }
        if (left > 1 && parent >> 2 < KING)
            if (grow(p, i, card, empty, hosts, prio, out, parent, chain, links, left - 1) < 0)
                return -1;
    }
    return 0;
}

static int parents_in_talon(const Pos *p, int card) {
    for (int k = 0; k < N_PARENTS[card]; k++) if (talon_has(p, PARENTS[card][k])) return 1;
    return 0;
}

/* Stable by priority, as Python's sort: out->order holds the step indices. */
static void sort_steps(Steps *out, int from) {
    int *order = out->order;
    for (int k = from; k < out->n; k++) {
        int x = order[k], prio = out->s[x].prio, j = k;
        while (j > from && out->s[order[j - 1]].prio > prio) { order[j] = order[j - 1]; j--; }
        order[j] = x;
    }
}

static int quick_steps(const Pos *p, int empty, Steps *out) {
    const uint8_t *slots = p->slots;
    int hosts[52], hosts_made = 0, chain[16];
    for (int i = 0; i < NCOL; i++) {
        int n = p->n[i];
        if (n == 1) continue;
        const uint8_t *col = p->c[i];
        int card = col[n - 1], down = col[0], up = n - 1 - down;
        int reveals = up == 1, tie = up * 16 - down;
        int suit = card & 3, rank = card >> 2, first = SLOT_BASE[suit];
        int low = slots[first], high = slots[first + 1];
        if (low == rank || high == rank) {
            if (add1(out, (reveals ? 0 : 1) * 256 + tie, mv(COL_TO_FOUNDATION, i, -1, card)) < 0)
                return -1;
        } else if ((low < rank && talon_has(p, low * 4 + suit))
                   || (high < rank && talon_has(p, high * 4 + suit))) {
            if (via_talon_foundation(p, i, card, (reveals ? 2 : 4) * 256 + tie, out) < 0) return -1;
        }
        if (reveals && !down && empty >= 0) continue;
        int base = (reveals && down ? 1 : reveals ? 2 : down ? 3 : 6) * 256 + tie;
        for (int k = 0; k < N_PARENTS[card]; k++) {
            int parent = PARENTS[card][k];
            for (int j = 0; j < NCOL; j++)
                if (p->n[j] > 1 && top_of(p, j) == parent)
                    if (add1(out, base + BURY * p->c[j][0], mv(COL_TO_COL, i, j, card)) < 0)
                        return -1;
        }
        if (empty >= 0 && down) {
            int r = run_length(col, n);
            if (col[n - r] >> 2 == KING && up == r)
                if (add1(out, 256 + tie, mv(COL_TO_COL, i, empty, card)) < 0) return -1;
        }
        if (parents_in_talon(p, card)) {
            if (!hosts_made) {
                for (int c = 0; c < 52; c++) hosts[c] = -2;
                hosts_made = 1;
            }
            if (grow(p, i, card, empty, hosts, base + 256, out, card, chain, 0, MAX_CHAIN) < 0)
                return -1;
        }
    }
    for (int k = 0; k < out->n; k++) out->order[k] = k;
    sort_steps(out, 0);
    return 0;
}

/* wide_steps: quick_steps, then a talon card up on its own and take-backs. */
static int wide_steps(const Pos *p, Steps *out) {
    out->n = 0;
    int empty = first_empty(p);
    if (quick_steps(p, empty, out) < 0) return -1;
    int sorted = out->n;
    const uint8_t *slots = p->slots;
    for (int slot = 0; slot < NSLOT; slot++) {
        int height = slots[slot], card = height * 4 + SLOT_SUIT[slot];
        if (height < 13 && talon_has(p, card) && !((slot & 1) && slots[slot - 1] == height))
            if (add1(out, LAST_RESORT, mv(TALON_TO_FOUNDATION, -1, -1, card)) < 0) return -1;
    }
    for (int slot = 0; slot < NSLOT; slot++) {     /* take_backs, not the sound search's */
        int height = slots[slot];
        if (height < 2 || ((slot & 1) && slots[slot - 1] == height)) continue;
        int card = slot_top(slots, slot);
        for (int k = 0; k < N_PARENTS[card]; k++) {
            int parent = PARENTS[card][k];
            for (int j = 0; j < NCOL; j++)
                if (p->n[j] > 1 && top_of(p, j) == parent)
                    if (add1(out, LAST_RESORT + 256, mv(TAKE_BACK, slot, j, card)) < 0) return -1;
        }
        if (card >> 2 == KING && empty >= 0)
            if (add1(out, LAST_RESORT + 256, mv(TAKE_BACK, slot, empty, card)) < 0) return -1;
    }
    /* the steps added after the sorted ones keep their order */
    for (int k = 0; k < out->n; k++) if (k >= sorted) out->order[k] = k;
    return 0;
}

/* A step played from p, then the closure: the child and its segment. */
static int play_step(const Pos *p, const Step *step, Pos *child, Segment *segment) {
    *child = *p;
    segment->n = 0;
    for (int k = 0; k < step->n; k++) {
        apply(child, step->m[k]);
        segment->m[segment->n++] = step->m[k];
    }
    play_safe_after(child, segment);
    if (segment->n > 128) {
        PyErr_SetString(PyExc_RuntimeError, "a closure of more than 128 moves");
        return -1;
    }
    return 0;
}

/* ---- the digest: the key's symmetries (model.digest) ---- */
static inline uint64_t fmix64(uint64_t k) {
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

static uint64_t digest(const Pos *p) {
    uint64_t sum = 0;
    for (int i = 0; i < NCOL; i++) {       /* a sum: the columns' order does not count */
        uint64_t h = 0xcbf29ce484222325ULL;
        for (int k = 0; k < p->n[i]; k++) { h ^= p->c[i][k]; h *= 0x100000001b3ULL; }
        sum += fmix64(h ^ ((uint64_t)p->n[i] << 56));
    }
    uint64_t pairs = 0;
    for (int base = 0; base < NSLOT; base += 2) {   /* a suit's two slots, lower first */
        int a = p->slots[base], b = p->slots[base + 1];
        if (a > b) { int t = a; a = b; b = t; }
        pairs = pairs << 8 | (uint64_t)(a << 4 | b);
    }
    uint64_t h = fmix64(sum ^ 0x9e3779b97f4a7c15ULL);
    h = fmix64(h ^ p->talon[0]);
    h = fmix64(h ^ p->talon[1] ^ 0x632be59bd9b4e019ULL);
    return fmix64(h + pairs);
}

/* A set of digests: open addressing, 0 standing for an empty place. */
typedef struct { uint64_t *t; size_t mask, count; } DigestSet;

static int dset_init(DigestSet *s, size_t size) {
    s->t = calloc(size, sizeof(uint64_t));
    if (!s->t) { PyErr_NoMemory(); return -1; }
    s->mask = size - 1; s->count = 0;
    return 0;
}

static void dset_free(DigestSet *s) { free(s->t); s->t = NULL; s->mask = s->count = 0; }

/* Add d; 1 if it was new, 0 if there, -1 on error. */
static int dset_add(DigestSet *s, uint64_t d) {
    if (!d) d = 1;
    size_t i = (size_t)(d ^ (d >> 29)) & s->mask;
    while (s->t[i]) {
        if (s->t[i] == d) return 0;
        i = (i + 1) & s->mask;
    }
    s->t[i] = d;
    if (++s->count * 3 > s->mask * 2) {
        size_t size = 2 * (s->mask + 1);
        uint64_t *t = calloc(size, sizeof(uint64_t));
        if (!t) { PyErr_NoMemory(); return -1; }
        for (size_t k = 0; k <= s->mask; k++) {
            uint64_t x = s->t[k];
            if (!x) continue;
            size_t j = (size_t)(x ^ (x >> 29)) & (size - 1);
            while (t[j]) j = (j + 1) & (size - 1);
            t[j] = x;
        }
        free(s->t);
        s->t = t; s->mask = size - 1;
    }
    return 1;
}

static int dset_copy(DigestSet *to, const DigestSet *from) {
    to->t = malloc((from->mask + 1) * sizeof(uint64_t));
    if (!to->t) { PyErr_NoMemory(); return -1; }
    memcpy(to->t, from->t, (from->mask + 1) * sizeof(uint64_t));
    to->mask = from->mask; to->count = from->count;
    return 0;
}

/* ---- search.py: the scores ---- */
static long foundations_term(const uint8_t *col, int len) {
    int d = col[0], n = len - 1;
    if (d) return 64 * d + 8 * (n - d) + 2 * n;
    return n ? 2 * n : -6;
}

static long depth_term(const uint8_t *col, int len) {
    int d = col[0], n = len - 1;
    if (d) return 64 * d + 8 * (n - d) * (1 + d / 3) + n;
    return n;
}

static long low_cards_term(const uint8_t *col, int len) {
    int d = col[0], n = len - 1;
    if (d) {
        int low = 13, buried = 0;
        for (int k = 1; k <= d; k++) {
            int rank = col[k] >> 2;
            buried += 16 - rank;
            if (rank < low) low = rank;
        }
        return 6 * buried + (n - d) * (16 - low) + 2 * n;
    }
    return n ? 2 * n : -6;
}

static int slot_sum(const Pos *p) {
    int t = 0;
    for (int k = 0; k < NSLOT; k++) t += p->slots[k];
    return t;
}

static long score_depth(const Pos *p) {
    long t = 0;
    for (int i = 0; i < NCOL; i++) t += depth_term(p->c[i], p->n[i]);
    return t - slot_sum(p) / 2;
}

static long score(const Pos *p, int kind) {
    long t = 0;
    switch (kind) {
    case LOW_CARDS:
        for (int i = 0; i < NCOL; i++) t += low_cards_term(p->c[i], p->n[i]);
        return t - slot_sum(p);
    case FOUNDATIONS:
        for (int i = 0; i < NCOL; i++) t += foundations_term(p->c[i], p->n[i]);
        return t - slot_sum(p);
    case DEPTH:
        return score_depth(p);
    default: {                     /* NEEDS: score_by_needs */
        long cost = 0;
        for (int slot = 0; slot < NSLOT; slot++) {
            int height = p->slots[slot], top = height + NEED_RANKS < 13 ? height + NEED_RANKS : 13;
            for (int rank = height; rank < top; rank++) {
                int card = rank * 4 + SLOT_SUIT[slot], fewest = ABSENT;
                for (int i = 0; i < NCOL; i++) {
                    int n = p->n[i];
                    for (int k = n - 1; k >= 1; k--) {       /* its topmost copy */
                        if (p->c[i][k] == card) {
                            if (n - 1 - k < fewest) fewest = n - 1 - k;
                            break;
                        }
                    }
                }
                if (fewest != ABSENT && !talon_has(p, card)) cost += fewest;
            }
        }
        return score_depth(p) + NEED_WEIGHT * cost;
    }
    }
}

/* ---- search.py: Novelty ---- */
static const int64_t RANK = (int64_t)1 << 32;

typedef struct {
    int32_t *index;              /* progress -> its table of atoms, or -1 */
    size_t nindex;
    uint64_t *atoms;             /* ATOM_WORDS words a table */
    size_t ntables, captables;
} Novelty;

static void novelty_free(Novelty *nv) {
    free(nv->index); free(nv->atoms);
    memset(nv, 0, sizeof(*nv));
}

static uint64_t *novelty_table(Novelty *nv, size_t progress) {
    if (progress >= nv->nindex) {
        size_t n = nv->nindex ? nv->nindex : 1024;
        while (n <= progress) n *= 2;
        int32_t *index = realloc(nv->index, n * sizeof(int32_t));
        if (!index) { PyErr_NoMemory(); return NULL; }
        for (size_t k = nv->nindex; k < n; k++) index[k] = -1;
        nv->index = index; nv->nindex = n;
    }
    if (nv->index[progress] < 0) {
        if (nv->ntables == nv->captables) {
            size_t cap = nv->captables ? 2 * nv->captables : 64;
            uint64_t *atoms = realloc(nv->atoms, cap * ATOM_WORDS * sizeof(uint64_t));
            if (!atoms) { PyErr_NoMemory(); return NULL; }
            nv->atoms = atoms; nv->captables = cap;
        }
        memset(nv->atoms + nv->ntables * ATOM_WORDS, 0, ATOM_WORDS * sizeof(uint64_t));
        nv->index[progress] = (int32_t)nv->ntables++;
    }
    return nv->atoms + (size_t)nv->index[progress] * ATOM_WORDS;
}

static inline int note(uint64_t *atoms, int atom) {
    uint64_t bit = (uint64_t)1 << (atom & 63);
    if (atoms[atom >> 6] & bit) return 0;
    atoms[atom >> 6] |= bit;
    return 1;
}

/* The rank of Novelty.__call__: 0 when the position makes an atom true
 * for the first time among those of its progress, else RANK. */
static int novelty_rank(Novelty *nv, const Pos *p, int64_t *rank) {
    size_t down = 0;
    for (int i = 0; i < NCOL; i++) down += p->c[i][0];
    uint64_t *atoms = novelty_table(nv, (size_t)slot_sum(p) + (down << 7));
    if (!atoms) return -1;
    int fresh = 0;
    for (int i = 0; i < NCOL; i++) {
        int under = 52;
        for (int k = p->c[i][0] + 1; k < p->n[i]; k++) {
            int card = p->c[i][k];
            fresh |= note(atoms, under * 52 + card);
            under = card;
        }
    }
    for (int base = 0; base < NSLOT; base += 2) {
        int low = p->slots[base], high = p->slots[base + 1];
        if (low > high) { int t = low; low = high; high = t; }
        fresh |= note(atoms, SLOT_ATOMS + (base * 14 + low) * 14 + high);
    }
    *rank = fresh ? 0 : RANK;
    return 0;
}

/* ---- packed.py: the tree ---- */
typedef struct { int64_t *parents; uint32_t *ends; size_t n, cap; Bytes moves; } Tree;

static int tree_init(Tree *t) {
    memset(t, 0, sizeof(*t));
    t->cap = 1024;
    t->parents = malloc(t->cap * sizeof(int64_t));
    t->ends = malloc(t->cap * sizeof(uint32_t));
    if (!t->parents || !t->ends) { PyErr_NoMemory(); return -1; }
    t->parents[0] = -1; t->ends[0] = 0; t->n = 1;
    return 0;
}

static void tree_free(Tree *t) {
    free(t->parents); free(t->ends); bytes_free(&t->moves);
    t->parents = NULL; t->ends = NULL; t->n = t->cap = 0;
}

static int64_t tree_add(Tree *t, int64_t parent, const Segment *segment) {
    if (t->n == t->cap) {
        size_t cap = 2 * t->cap;
        int64_t *parents = realloc(t->parents, cap * sizeof(int64_t));
        if (!parents) { PyErr_NoMemory(); return -1; }
        t->parents = parents;
        uint32_t *ends = realloc(t->ends, cap * sizeof(uint32_t));
        if (!ends) { PyErr_NoMemory(); return -1; }
        t->ends = ends; t->cap = cap;
    }
    for (int k = 0; k < segment->n; k++)
        if (bytes_add_move(&t->moves, segment->m[k]) < 0) return -1;
    if (t->moves.len > UINT32_MAX) {
        PyErr_SetString(PyExc_MemoryError, "a search tree of more than 4 GB of moves");
        return -1;
    }
    t->parents[t->n] = parent;
    t->ends[t->n] = (uint32_t)t->moves.len;
    return (int64_t)t->n++;
}

static int tree_copy(Tree *to, const Tree *from) {
    memset(to, 0, sizeof(*to));
    to->cap = from->cap; to->n = from->n;
    to->parents = malloc(to->cap * sizeof(int64_t));
    to->ends = malloc(to->cap * sizeof(uint32_t));
    to->moves.data = malloc(from->moves.cap ? from->moves.cap : 1);
    if (!to->parents || !to->ends || !to->moves.data) { PyErr_NoMemory(); return -1; }
    memcpy(to->parents, from->parents, to->n * sizeof(int64_t));
    memcpy(to->ends, from->ends, to->n * sizeof(uint32_t));
    memcpy(to->moves.data, from->moves.data, from->moves.len);
    to->moves.len = from->moves.len; to->moves.cap = from->moves.cap ? from->moves.cap : 1;
    return 0;
}

/* The moves from the root to node, packed (Tree.path). */
static PyObject *tree_path(const Tree *t, int64_t node) {
    size_t total = 0;
    for (int64_t k = node; k > 0; k = t->parents[k]) total += t->ends[k] - t->ends[k - 1];
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)total);
    if (!out) return NULL;
    uint8_t *at = (uint8_t *)PyBytes_AS_STRING(out) + total;
    for (int64_t k = node; k > 0; k = t->parents[k]) {
        size_t n = t->ends[k] - t->ends[k - 1];
        at -= n;
        memcpy(at, t->moves.data + t->ends[k - 1], n);
    }
    return out;
}

/* ---- the heap: CPython's heapq, step for step ---- */
typedef struct { int64_t value; int64_t node; uint8_t *blob; } Item;
typedef struct { Item *a; size_t n, cap; } Heap;

static inline int less(const Item *x, const Item *y) {
    return x->value < y->value || (x->value == y->value && x->node < y->node);
}

static void sift_down(Item *heap, size_t start, size_t pos) {
    Item item = heap[pos];
    while (pos > start) {
        size_t parent = (pos - 1) >> 1;
        if (less(&item, &heap[parent])) { heap[pos] = heap[parent]; pos = parent; continue; }
        break;
    }
    heap[pos] = item;
}

static void sift_up(Item *heap, size_t end, size_t pos) {
    size_t start = pos, child = 2 * pos + 1;
    Item item = heap[pos];
    while (child < end) {
        size_t right = child + 1;
        if (right < end && !less(&heap[child], &heap[right])) child = right;
        heap[pos] = heap[child];
        pos = child;
        child = 2 * pos + 1;
    }
    heap[pos] = item;
    sift_down(heap, start, pos);
}

static int heap_append(Heap *h, Item item) {
    if (h->n == h->cap) {
        size_t cap = h->cap ? 2 * h->cap : 1024;
        Item *a = realloc(h->a, cap * sizeof(Item));
        if (!a) { PyErr_NoMemory(); return -1; }
        h->a = a; h->cap = cap;
    }
    h->a[h->n++] = item;
    return 0;
}

static int heap_push(Heap *h, Item item) {
    if (heap_append(h, item) < 0) return -1;
    sift_down(h->a, 0, h->n - 1);
    return 0;
}

static Item heap_pop(Heap *h) {
    Item last = h->a[--h->n];
    if (!h->n) return last;
    Item top = h->a[0];
    h->a[0] = last;
    sift_up(h->a, h->n, 0);
    return top;
}

static void heapify(Heap *h) {
    for (size_t i = h->n / 2; i-- > 0;) sift_up(h->a, h->n, i);
}

static void heap_free(Heap *h) {
    for (size_t k = 0; k < h->n; k++) free(h->a[k].blob);
    free(h->a);
    h->a = NULL; h->n = h->cap = 0;
}

/* ---- the budget's safety net ---- */
/* late(): 1 when the deadline has passed, 0 if not, -1 on error (a
 * KeyboardInterrupt among them). */
static int is_late(PyObject *late) {
    static unsigned calls = 0;
    if (++calls % 256 == 0) {
        /* Let another thread of the process run (the game's background
         * solver has one that watches its parent), as Python code would
         * every few milliseconds. */
        Py_BEGIN_ALLOW_THREADS
        Py_END_ALLOW_THREADS
    }
    if (PyErr_CheckSignals() < 0) return -1;
    if (late == Py_None) return 0;
    PyObject *r = PyObject_CallNoArgs(late);
    if (!r) return -1;
    int t = PyObject_IsTrue(r);
    Py_DECREF(r);
    return t;
}

static PyObject *outcome(int what, PyObject *line, long long count) {
    if (!line) { line = Py_None; Py_INCREF(line); }
    PyObject *r = Py_BuildValue("(iNL)", what, line, count);
    return r;
}

/* ---- BestFirst ---- */
typedef struct {
    PyObject_HEAD
    Pos root;
    int kind, novelty, root_won, released;
    long long cap;
    Novelty nv;
    DigestSet seen;
    Tree tree;
    Heap heap;
    Heap unscored;               /* a reordered search's open positions, in heap order */
    size_t scored;               /* how many of them are in the heap */
    Steps steps;
} BestFirstObject;

static int order_of(BestFirstObject *self, const Pos *p, int64_t node, Item *item) {
    int64_t rank = 0;
    if (self->novelty && novelty_rank(&self->nv, p, &rank) < 0) return -1;
    item->value = rank + score(p, self->kind);
    item->node = node;
    return 0;
}

static void bf_clear(BestFirstObject *self) {
    heap_free(&self->heap);
    heap_free(&self->unscored);
    dset_free(&self->seen);
    tree_free(&self->tree);
    novelty_free(&self->nv);
    free(self->steps.s); free(self->steps.order);
    memset(&self->steps, 0, sizeof(self->steps));
    self->scored = 0;
}

static void bf_dealloc(BestFirstObject *self) {
    bf_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int check_kind(int kind) {
    if (kind < 0 || kind >= N_SCORES) {
        PyErr_SetString(PyExc_ValueError, "no such score");
        return -1;
    }
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled search's tables are not set up");
        return -1;
    }
    return 0;
}

static PyObject *bf_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *packed;
    int kind, novelty;
    long long cap;
    static char *names[] = {"root", "score", "novelty", "cap", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "SipL", names, &packed, &kind, &novelty, &cap))
        return NULL;
    if (check_kind(kind) < 0) return NULL;
    BestFirstObject *self = (BestFirstObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    if (root_of(packed, &self->root) < 0) { Py_DECREF(self); return NULL; }
    self->kind = kind; self->novelty = novelty; self->cap = cap;
    self->root_won = tableau_empty(&self->root);
    if (dset_init(&self->seen, 1024) < 0 || tree_init(&self->tree) < 0
        || dset_add(&self->seen, digest(&self->root)) < 0) { Py_DECREF(self); return NULL; }
    Item item;
    if (order_of(self, &self->root, 0, &item) < 0) { Py_DECREF(self); return NULL; }
    item.blob = blob_of(&self->root);
    if (!item.blob || heap_append(&self->heap, item) < 0) { Py_DECREF(self); return NULL; }
    return (PyObject *)self;
}

/* _score_open: score the open positions a reordered search was given. */
static int bf_score_open(BestFirstObject *self, PyObject *late) {
    Pos p;
    while (self->scored < self->unscored.n) {
        int t = is_late(late);
        if (t) return t < 0 ? -1 : 0;
        size_t end = self->scored + 1024;
        if (end > self->unscored.n) end = self->unscored.n;
        for (; self->scored < end; self->scored++) {
            Item *old = &self->unscored.a[self->scored];
            Item item;
            blob_unpack(old->blob, &p);
            if (order_of(self, &p, old->node, &item) < 0) return -1;
            item.blob = old->blob;
            old->blob = NULL;
            if (heap_append(&self->heap, item) < 0) { old->blob = item.blob; return -1; }
        }
    }
    heapify(&self->heap);
    heap_free(&self->unscored);
    self->scored = 0;
    return 1;
}

static PyObject *bf_run(BestFirstObject *self, PyObject *args) {
    long long limit;
    PyObject *late;
    if (!PyArg_ParseTuple(args, "LO", &limit, &late)) return NULL;
    if (self->root_won) return outcome(SOLVED, PyBytes_FromStringAndSize("", 0), 1);
    if (self->unscored.n) {
        int t = bf_score_open(self, late);
        if (t < 0) return NULL;
        if (!t) return outcome(UNKNOWN, NULL, 0);
    }
    Tree *tree = &self->tree;
    long long start = (long long)tree->n, stop = start + limit;
    if (self->cap < stop) stop = self->cap;
    Pos pos, child;
    Segment segment;
    while (self->heap.n && (long long)tree->n < stop) {
        int t = is_late(late);
        if (t) {
            if (t < 0) return NULL;
            break;
        }
        Item item = heap_pop(&self->heap);
        blob_unpack(item.blob, &pos);
        free(item.blob);
        if (wide_steps(&pos, &self->steps) < 0) return NULL;
        for (int k = 0; k < self->steps.n; k++) {
            if (play_step(&pos, &self->steps.s[self->steps.order[k]], &child, &segment) < 0)
                return NULL;
            int fresh = dset_add(&self->seen, digest(&child));
            if (fresh <= 0) {
                if (fresh < 0) return NULL;
                continue;
            }
            int64_t index = tree_add(tree, item.node, &segment);
            if (index < 0) return NULL;
            if (tableau_empty(&child))
                return outcome(SOLVED, tree_path(tree, index), (long long)tree->n - start);
            Item next;
            if (order_of(self, &child, index, &next) < 0) return NULL;
            next.blob = blob_of(&child);
            if (!next.blob) return NULL;
            if (heap_push(&self->heap, next) < 0) { free(next.blob); return NULL; }
        }
    }
    return outcome(UNKNOWN, NULL, (long long)tree->n - start);
}

static PyObject *bf_release(BestFirstObject *self, PyObject *unused) {
    bf_clear(self);
    self->released = 1;
    Py_RETURN_NONE;
}

static PyObject *bf_reordered(BestFirstObject *self, PyObject *args) {
    int kind, novelty;
    long long cap;
    if (!PyArg_ParseTuple(args, "ipL", &kind, &novelty, &cap)) return NULL;
    if (check_kind(kind) < 0) return NULL;
    if (self->released) {
        PyErr_SetString(PyExc_ValueError, "a released search has no open positions");
        return NULL;
    }
    BestFirstObject *other = (BestFirstObject *)Py_TYPE(self)->tp_alloc(Py_TYPE(self), 0);
    if (!other) return NULL;
    other->root = self->root;
    other->kind = kind; other->novelty = novelty;
    other->cap = (long long)self->tree.n + cap;
    other->root_won = self->root_won;
    if (dset_copy(&other->seen, &self->seen) < 0 || tree_copy(&other->tree, &self->tree) < 0) {
        Py_DECREF(other);
        return NULL;
    }
    /* the open positions, in the heap's order, scored by the first run */
    for (size_t k = 0; k < self->heap.n; k++) {
        Item item = self->heap.a[k];
        item.blob = blob_copy(item.blob);
        if (!item.blob || heap_append(&other->unscored, item) < 0) {
            free(item.blob);
            Py_DECREF(other);
            return NULL;
        }
    }
    return (PyObject *)other;
}

static PyObject *bf_get_full(BestFirstObject *self, void *unused) {
    int full = (long long)self->tree.n >= self->cap || !(self->heap.n || self->unscored.n);
    return PyBool_FromLong(full);
}

static PyObject *bf_get_cap(BestFirstObject *self, void *unused) {
    return PyLong_FromLongLong(self->cap);
}

static int bf_set_cap(BestFirstObject *self, PyObject *value, void *unused) {
    if (!value) { PyErr_SetString(PyExc_AttributeError, "cap cannot be deleted"); return -1; }
    long long cap = PyLong_AsLongLong(value);
    if (cap == -1 && PyErr_Occurred()) return -1;
    self->cap = cap;
    return 0;
}

static PyObject *bf_get_size(BestFirstObject *self, void *unused) {
    return PyLong_FromSize_t(self->tree.n);
}

static PyMethodDef bf_methods[] = {
    {"run", (PyCFunction)bf_run, METH_VARARGS,
     "run(limit, late) -> (outcome, packed line or None, positions made)"},
    {"release", (PyCFunction)bf_release, METH_NOARGS, "Free its tables."},
    {"reordered", (PyCFunction)bf_reordered, METH_VARARGS,
     "reordered(score, novelty, cap): a search that goes on from the open positions."},
    {NULL}
};

static PyGetSetDef bf_getset[] = {
    {"full", (getter)bf_get_full, NULL, "whether a run would make no position", NULL},
    {"cap", (getter)bf_get_cap, (setter)bf_set_cap, "the most positions its tree may hold", NULL},
    {"size", (getter)bf_get_size, NULL, "the positions its tree holds", NULL},
    {NULL}
};

static PyTypeObject BestFirstType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "harp.solve.easyharp._core.BestFirst",
    .tp_basicsize = sizeof(BestFirstObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "BestFirst(root, score, novelty, cap): search.BestFirst, compiled.",
    .tp_new = bf_new,
    .tp_dealloc = (destructor)bf_dealloc,
    .tp_methods = bf_methods,
    .tp_getset = bf_getset,
};

/* ---- beam ---- */
typedef struct { long value; int64_t node; size_t parent; } Candidate;

static int cmp_candidates(const void *a, const void *b) {
    const Candidate *x = a, *y = b;
    if (x->value != y->value) return x->value < y->value ? -1 : 1;
    return x->node < y->node ? -1 : x->node > y->node;
}

typedef struct { int64_t node; uint8_t *blob; } Entry;
typedef struct { Entry *a; size_t n, cap; } Level;

static int level_add(Level *l, int64_t node, uint8_t *blob) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        Entry *a = realloc(l->a, cap * sizeof(Entry));
        if (!a) { PyErr_NoMemory(); return -1; }
        l->a = a; l->cap = cap;
    }
    l->a[l->n].node = node; l->a[l->n].blob = blob; l->n++;
    return 0;
}

static void level_free(Level *l) {
    for (size_t k = 0; k < l->n; k++) free(l->a[k].blob);
    free(l->a);
    l->a = NULL; l->n = l->cap = 0;
}

static PyObject *core_beam(PyObject *module, PyObject *args) {
    PyObject *packed, *late, *result = NULL;
    int kind, per_parent;
    long long width, max_states;
    if (!PyArg_ParseTuple(args, "SLiiLO", &packed, &width, &kind, &per_parent, &max_states, &late))
        return NULL;
    if (check_kind(kind) < 0) return NULL;
    Pos root, pos, child;
    if (root_of(packed, &root) < 0) return NULL;
    if (tableau_empty(&root)) return outcome(SOLVED, PyBytes_FromStringAndSize("", 0), 1);
    DigestSet seen = {0};
    Tree tree = {0};
    Level level = {0}, next = {0};
    Steps steps = {0};
    Candidate *cand = NULL;
    size_t ncand = 0, capcand = 0;
    size_t *taken = NULL;
    Segment segment;
    if (dset_init(&seen, 1024) < 0 || dset_add(&seen, digest(&root)) < 0 || tree_init(&tree) < 0)
        goto done;
    uint8_t *blob = blob_of(&root);
    if (!blob || level_add(&level, 0, blob) < 0) { free(blob); goto done; }
    long best = score(&root, kind);
    int stale = 0;
    while (level.n) {
        if (++stale > STALL) { result = outcome(UNKNOWN, NULL, (long long)tree.n); goto done; }
        ncand = 0;
        for (size_t e = 0; e < level.n; e++) {
            blob_unpack(level.a[e].blob, &pos);
            if (wide_steps(&pos, &steps) < 0) goto done;
            for (int k = 0; k < steps.n; k++) {
                if (play_step(&pos, &steps.s[steps.order[k]], &child, &segment) < 0) goto done;
                int fresh = dset_add(&seen, digest(&child));
                if (fresh < 0) goto done;
                if (!fresh) continue;
                int64_t index = tree_add(&tree, level.a[e].node, &segment);
                if (index < 0) goto done;
                if (tableau_empty(&child)) {
                    result = outcome(SOLVED, tree_path(&tree, index), (long long)tree.n);
                    goto done;
                }
                if (ncand == capcand) {
                    size_t cap = capcand ? 2 * capcand : 1024;
                    Candidate *c = realloc(cand, cap * sizeof(Candidate));
                    if (!c) { PyErr_NoMemory(); goto done; }
                    cand = c; capcand = cap;
                }
                cand[ncand].value = score(&child, kind);
                cand[ncand].node = index;
                cand[ncand].parent = e;
                ncand++;
            }
            if ((long long)tree.n >= max_states) {
                result = outcome(UNKNOWN, NULL, (long long)tree.n);
                goto done;
            }
            int t = is_late(late);
            if (t) {
                if (t > 0) result = outcome(UNKNOWN, NULL, (long long)tree.n);
                goto done;
            }
        }
        qsort(cand, ncand, sizeof(Candidate), cmp_candidates);
        if (ncand && cand[0].value < best) { best = cand[0].value; stale = 0; }
        /* the kept ones, made again from their parents by the tree's moves */
        free(taken);
        taken = per_parent ? calloc(level.n ? level.n : 1, sizeof(size_t)) : NULL;
        if (per_parent && !taken) { PyErr_NoMemory(); goto done; }
        for (size_t k = 0; k < ncand && (long long)next.n < width; k++) {
            Candidate *c = &cand[k];
            if (per_parent) {
                if (taken[c->parent] >= (size_t)per_parent) continue;
                taken[c->parent]++;
            }
            blob_unpack(level.a[c->parent].blob, &pos);
            const uint8_t *m = tree.moves.data + tree.ends[c->node - 1];
            const uint8_t *end = tree.moves.data + tree.ends[c->node];
            for (; m < end; m += 4) apply(&pos, move_at(m));
            blob = blob_of(&pos);
            if (!blob || level_add(&next, c->node, blob) < 0) { free(blob); goto done; }
        }
        level_free(&level);
        level = next;
        memset(&next, 0, sizeof(next));
    }
    result = outcome(UNKNOWN, NULL, (long long)tree.n);
done:
    dset_free(&seen);
    tree_free(&tree);
    level_free(&level);
    level_free(&next);
    free(steps.s); free(steps.order);
    free(cand); free(taken);
    return result;
}

/* ---- search.depth_first, for the fast search's runs ---- */
/* An exact key (model.key): the columns sorted, each after its length,
 * then each suit's two slot heights (lower first), then the talon; equal
 * exactly when model.key's are. */
#define KEY_MAX (NCOL * (MAXC + 1) + 4 + 13)

static int col_cmp(const Pos *p, int a, int b) {
    int na = p->n[a], nb = p->n[b];
    int r = memcmp(p->c[a], p->c[b], (size_t)(na < nb ? na : nb));
    return r ? r : na - nb;
}

static size_t make_key(const Pos *p, uint8_t *out) {
    int order[NCOL];
    for (int i = 0; i < NCOL; i++) {
        int j = i;
        while (j > 0 && col_cmp(p, order[j - 1], i) > 0) { order[j] = order[j - 1]; j--; }
        order[j] = i;
    }
    size_t at = 0;
    for (int k = 0; k < NCOL; k++) {
        int i = order[k];
        out[at++] = p->n[i];
        memcpy(out + at, p->c[i], p->n[i]);
        at += p->n[i];
    }
    for (int base = 0; base < NSLOT; base += 2) {
        int a = p->slots[base], b = p->slots[base + 1];
        out[at++] = (uint8_t)(a < b ? a << 4 | b : b << 4 | a);
    }
    for (int k = 0; k < 13; k++) out[at++] = (uint8_t)(p->talon[k >> 3] >> (8 * (k & 7)));
    return at;
}

/* A set of keys: their bytes in an arena (a 2-byte length, then the
 * key), and an open-addressing table of offsets. */
typedef struct { Bytes arena; size_t *t; size_t mask, count; } KeySet;
#define NO_KEY SIZE_MAX

static uint64_t key_hash(const uint8_t *k, size_t n) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) { h ^= k[i]; h *= 0x100000001b3ULL; }
    return fmix64(h);
}

static int kset_init(KeySet *s) {
    memset(s, 0, sizeof(*s));
    s->t = malloc(1024 * sizeof(size_t));
    if (!s->t) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < 1024; i++) s->t[i] = NO_KEY;
    s->mask = 1023;
    return 0;
}

static void kset_free(KeySet *s) { bytes_free(&s->arena); free(s->t); s->t = NULL; }

/* Add the key; 1 if it was new, 0 if there, -1 on error. */
static int kset_add(KeySet *s, const uint8_t *k, size_t n) {
    size_t i = (size_t)key_hash(k, n) & s->mask;
    for (; s->t[i] != NO_KEY; i = (i + 1) & s->mask) {
        const uint8_t *at = s->arena.data + s->t[i];
        if (((size_t)at[0] | (size_t)at[1] << 8) == n && !memcmp(at + 2, k, n)) return 0;
    }
    if (bytes_reserve(&s->arena, n + 2) < 0) return -1;
    s->t[i] = s->arena.len;
    uint8_t *at = s->arena.data + s->arena.len;
    at[0] = (uint8_t)(n & 0xFF); at[1] = (uint8_t)(n >> 8);
    memcpy(at + 2, k, n);
    s->arena.len += n + 2;
    if (++s->count * 3 > s->mask * 2) {
        size_t size = 2 * (s->mask + 1);
        size_t *t = malloc(size * sizeof(size_t));
        if (!t) { PyErr_NoMemory(); return -1; }
        for (size_t j = 0; j < size; j++) t[j] = NO_KEY;
        for (size_t j = 0; j <= s->mask; j++) {
            if (s->t[j] == NO_KEY) continue;
            const uint8_t *key = s->arena.data + s->t[j];
            size_t m = (size_t)key_hash(key + 2, (size_t)key[0] | (size_t)key[1] << 8) & (size - 1);
            while (t[m] != NO_KEY) m = (m + 1) & (size - 1);
            t[m] = s->t[j];
        }
        free(s->t);
        s->t = t; s->mask = size - 1;
    }
    return 1;
}

/* quick_steps, or the restarts' order: each step's priority plus
 * jitter[its place & 63], sorted again (stable, as Python's sort). */
static int fast_steps(const Pos *p, const double *jitter, Steps *out, double **prios) {
    out->n = 0;
    if (quick_steps(p, first_empty(p), out) < 0) return -1;
    if (!jitter || out->n < 2) return 0;
    double *key = realloc(*prios, (size_t)out->cap * sizeof(double));
    if (!key) { PyErr_NoMemory(); return -1; }
    *prios = key;
    int *order = out->order;
    for (int k = 0; k < out->n; k++) key[k] = (double)out->s[order[k]].prio + jitter[k & 63];
    for (int k = 1; k < out->n; k++) {        /* key[k] belongs to order[k]: sort both */
        int x = order[k];
        double v = key[k];
        int j = k;
        while (j > 0 && key[j - 1] > v) { order[j] = order[j - 1]; key[j] = key[j - 1]; j--; }
        order[j] = x; key[j] = v;
    }
    return 0;
}

/* A frame of the path: its position and steps (pack_steps' format) in
 * the stack's arena, the next step to try and the one tried last. */
typedef struct { size_t pos_at, pos_len, steps_at, steps_end, at, last; } Frame;
typedef struct { Bytes arena; Frame *f; size_t n, cap; } Stack;

static int stack_push(Stack *st, const Pos *p, const Steps *steps) {
    if (st->n == st->cap) {
        size_t cap = st->cap ? 2 * st->cap : 256;
        Frame *f = realloc(st->f, cap * sizeof(Frame));
        if (!f) { PyErr_NoMemory(); return -1; }
        st->f = f; st->cap = cap;
    }
    size_t need = PACK_MAX;
    for (int k = 0; k < steps->n; k++) need += 1 + 4 * (size_t)steps->s[k].n;
    if (bytes_reserve(&st->arena, need) < 0) return -1;
    Frame *fr = &st->f[st->n++];
    fr->pos_at = st->arena.len;
    fr->pos_len = pack(p, st->arena.data + st->arena.len);
    st->arena.len += fr->pos_len;
    fr->steps_at = fr->at = fr->last = st->arena.len;
    for (int k = 0; k < steps->n; k++) {
        const Step *step = &steps->s[steps->order[k]];
        st->arena.data[st->arena.len++] = (uint8_t)step->n;
        for (int j = 0; j < step->n; j++) bytes_add_move(&st->arena, step->m[j]);
    }
    fr->steps_end = st->arena.len;
    return 0;
}

static void stack_pop(Stack *st) { st->arena.len = st->f[--st->n].pos_at; }

static void frame_step(const Stack *st, size_t at, Step *step) {
    const uint8_t *b = st->arena.data + at;
    step->n = b[0];
    step->prio = 0;
    for (int j = 0; j < step->n; j++) step->m[j] = move_at(b + 1 + 4 * j);
}

/* The moves from the root to the last frame's position and then the
 * segment: each frame's last step played again (search._path). */
static PyObject *stack_path(const Stack *st, const Segment *last) {
    Bytes line = {0};
    Pos pos, child;
    Segment segment;
    Step step;
    for (size_t k = 0; k + 1 < st->n; k++) {
        const Frame *fr = &st->f[k];
        unpack(st->arena.data + fr->pos_at, fr->pos_len, &pos);
        frame_step(st, fr->last, &step);
        if (play_step(&pos, &step, &child, &segment) < 0) goto fail;
        for (int j = 0; j < segment.n; j++)
            if (bytes_add_move(&line, segment.m[j]) < 0) goto fail;
    }
    for (int j = 0; j < last->n; j++) if (bytes_add_move(&line, last->m[j]) < 0) goto fail;
    PyObject *out = PyBytes_FromStringAndSize(line.data ? (char *)line.data : "",
                                              (Py_ssize_t)line.len);
    bytes_free(&line);
    return out;
fail:
    bytes_free(&line);
    return NULL;
}

static PyObject *core_depth_first(PyObject *module, PyObject *args) {
    PyObject *packed, *jitter_seq, *late, *tell, *result = NULL;
    long long max_states, every;
    if (!PyArg_ParseTuple(args, "SOLLOO", &packed, &jitter_seq, &max_states, &every, &late, &tell))
        return NULL;
    if (!ready) { PyErr_SetString(PyExc_RuntimeError, "not set up"); return NULL; }
    double jitter[64], *jit = NULL;
    if (jitter_seq != Py_None) {
        if (!PySequence_Check(jitter_seq) || PySequence_Size(jitter_seq) != 64) {
            PyErr_SetString(PyExc_ValueError, "jitter: 64 numbers");
            return NULL;
        }
        for (int k = 0; k < 64; k++) {
            PyObject *x = PySequence_GetItem(jitter_seq, k);
            jitter[k] = x ? PyFloat_AsDouble(x) : -1.0;
            Py_XDECREF(x);
            if (PyErr_Occurred()) return NULL;
        }
        jit = jitter;
    }
    Pos root, pos, child;
    if (root_of(packed, &root) < 0) return NULL;
    if (tableau_empty(&root)) return outcome(SOLVED, PyBytes_FromStringAndSize("", 0), 1);
    if (every < 1) every = 1;
    KeySet seen;
    Stack st = {0};
    Steps steps = {0};
    double *prios = NULL;
    Segment segment;
    Step step;
    uint8_t key[KEY_MAX];
    if (kset_init(&seen) < 0) return NULL;
    if (kset_add(&seen, key, make_key(&root, key)) < 0) goto done;
    long long count = 1, tried = 0;
    if (fast_steps(&root, jit, &steps, &prios) < 0 || stack_push(&st, &root, &steps) < 0) goto done;
    while (st.n) {
        if (++tried % every == 0) {
            int t = is_late(late);
            if (t) {
                if (t > 0) result = outcome(UNKNOWN, NULL, count);
                goto done;
            }
            PyObject *r = PyObject_CallFunction(tell, "L", count);
            if (!r) goto done;
            Py_DECREF(r);
        }
        Frame *fr = &st.f[st.n - 1];
        if (fr->at == fr->steps_end) { stack_pop(&st); continue; }
        frame_step(&st, fr->at, &step);
        fr->last = fr->at;
        fr->at += 1 + 4 * (size_t)step.n;
        unpack(st.arena.data + fr->pos_at, fr->pos_len, &pos);
        if (play_step(&pos, &step, &child, &segment) < 0) goto done;
        int fresh = kset_add(&seen, key, make_key(&child, key));
        if (fresh < 0) goto done;
        if (!fresh) continue;
        count++;
        if (tableau_empty(&child)) { result = outcome(SOLVED, stack_path(&st, &segment), count); goto done; }
        if (count >= max_states) { result = outcome(UNKNOWN, NULL, count); goto done; }
        if (fast_steps(&child, jit, &steps, &prios) < 0 || stack_push(&st, &child, &steps) < 0)
            goto done;
    }
    result = outcome(UNSOLVABLE, NULL, count);
done:
    kset_free(&seen);
    bytes_free(&st.arena); free(st.f);
    free(steps.s); free(steps.order); free(prios);
    return result;
}

/* ---- for the tests: one position's children, its scores, its digest ---- */
static PyObject *core_children(PyObject *module, PyObject *packed) {
    Pos pos, child;
    Segment segment;
    Steps steps = {0};
    if (!ready) { PyErr_SetString(PyExc_RuntimeError, "not set up"); return NULL; }
    if (root_of(packed, &pos) < 0) return NULL;
    if (wide_steps(&pos, &steps) < 0) goto fail;
    PyObject *out = PyList_New(0);
    if (!out) goto fail;
    for (int k = 0; k < steps.n; k++) {
        if (play_step(&pos, &steps.s[steps.order[k]], &child, &segment) < 0) goto fail_out;
        Bytes moves = {0};
        for (int j = 0; j < segment.n; j++)
            if (bytes_add_move(&moves, segment.m[j]) < 0) { bytes_free(&moves); goto fail_out; }
        uint8_t buf[PACK_MAX];
        size_t n = pack(&child, buf);
        PyObject *item = Py_BuildValue("(y#y#K)", moves.data ? (char *)moves.data : "",
                                       (Py_ssize_t)moves.len, (char *)buf, (Py_ssize_t)n,
                                       (unsigned long long)digest(&child));
        bytes_free(&moves);
        if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); goto fail_out; }
        Py_DECREF(item);
    }
    free(steps.s); free(steps.order);
    return out;
fail_out:
    Py_DECREF(out);
fail:
    free(steps.s); free(steps.order);
    return NULL;
}

static PyObject *core_digest(PyObject *module, PyObject *packed) {
    Pos pos;
    if (root_of(packed, &pos) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(digest(&pos));
}

static PyObject *core_score(PyObject *module, PyObject *args) {
    PyObject *packed;
    int kind;
    Pos pos;
    if (!PyArg_ParseTuple(args, "Si", &packed, &kind)) return NULL;
    if (check_kind(kind) < 0 || root_of(packed, &pos) < 0) return NULL;
    return PyLong_FromLong(score(&pos, kind));
}

/* setup(fits, parents, slot_base, slot_suit, red, bury, last_resort,
 * max_chain, need_weight, need_ranks, stall): the tables and constants. */
static PyObject *core_setup(PyObject *module, PyObject *args) {
    PyObject *parents, *slot_base, *slot_suit;
    const char *fits, *red;
    Py_ssize_t nfits, nred;
    if (!PyArg_ParseTuple(args, "y#OOOy#iiiiii", &fits, &nfits, &parents, &slot_base, &slot_suit,
                          &red, &nred, &BURY, &LAST_RESORT, &MAX_CHAIN, &NEED_WEIGHT, &NEED_RANKS,
                          &STALL))
        return NULL;
    if (nfits != 52 * 52 || nred != 52 || MAX_CHAIN < 1 || MAX_CHAIN > MAXSTEP - 2) goto bad;
    memcpy(FITS, fits, sizeof(FITS));
    memcpy(RED, red, sizeof(RED));
    if (!PySequence_Check(parents) || PySequence_Size(parents) != 52) goto bad;
    for (int c = 0; c < 52; c++) {
        PyObject *ps = PySequence_GetItem(parents, c);
        if (!ps) return NULL;
        Py_ssize_t n = PySequence_Size(ps);
        if (n < 0 || n > 2) { Py_DECREF(ps); goto bad; }
        N_PARENTS[c] = (int)n;
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject *x = PySequence_GetItem(ps, k);
            long v = x ? PyLong_AsLong(x) : -1;
            Py_XDECREF(x);
            if (v < 0 || v >= 52) { Py_DECREF(ps); goto bad; }
            PARENTS[c][k] = (int)v;
        }
        Py_DECREF(ps);
    }
    for (int k = 0; k < 4 + NSLOT; k++) {
        PyObject *x = k < 4 ? PySequence_GetItem(slot_base, k) : PySequence_GetItem(slot_suit, k - 4);
        long v = x ? PyLong_AsLong(x) : -1;
        Py_XDECREF(x);
        if (v < 0 || v > 7) goto bad;
        if (k < 4) SLOT_BASE[k] = (int)v; else SLOT_SUIT[k - 4] = (int)v;
    }
    ready = 1;
    Py_RETURN_NONE;
bad:
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "tables of the wrong shape");
    return NULL;
}

static PyMethodDef core_methods[] = {
    {"setup", core_setup, METH_VARARGS, "Set the rule tables and constants."},
    {"beam", core_beam, METH_VARARGS,
     "beam(root, width, score, per_parent, max_states, late) -> (outcome, line, positions)"},
    {"depth_first", core_depth_first, METH_VARARGS,
     "depth_first(root, jitter, max_states, every, late, tell) -> (outcome, line, positions)"},
    {"children", core_children, METH_O,
     "children(root) -> [(segment, child, digest)]: Children(wide_steps, play_safe_after)"},
    {"score", core_score, METH_VARARGS, "score(root, kind): one of the scores"},
    {"digest", core_digest, METH_O, "digest(root): the search tables' 64-bit digest"},
    {NULL}
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core",
    "The Easy Harp fast search's best-first searches and beams, compiled (see core.py).",
    -1, core_methods,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&BestFirstType) < 0) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    Py_INCREF(&BestFirstType);
    if (PyModule_AddObject(m, "BestFirst", (PyObject *)&BestFirstType) < 0
        || PyModule_AddIntConstant(m, "SOLVED", SOLVED) < 0
        || PyModule_AddIntConstant(m, "UNKNOWN", UNKNOWN) < 0
        || PyModule_AddIntConstant(m, "UNSOLVABLE", UNSOLVABLE) < 0
        || PyModule_AddStringConstant(m, "SOURCE", HARP_CORE_SOURCE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
