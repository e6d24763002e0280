/* badugi-fast: draw odds, equity and discard advice with draws to come (see odds.h).
 *
 * These loops follow Python definitions that stay the specification: the policies of badugi_fast/drawing.py
 * (badugi_policy_table mirrors them; the tests compare the tables on every hand), the model of
 * badugi_fast/spots/spot.py, and the plain walks and simulations of badugi_fast/reference/odds.py (draw_odds,
 * equity, best_discard), which the tests hold these results to.
 */
#include "odds.h"

#include <float.h>
#include <pthread.h>
#include <string.h>

#include "badugi.h"

#define DECK ((UINT64_C(1) << 52) - 1)
#define WORST_BADUGI 715 /* K-Q-J-T: rank numbers 1..715 are four-card hands (ranks.py WORST_BADUGI) */
#define JACK 10          /* rank index of the jack in a card code (code >> 2) */
#define LAST_RANK (BADUGI_ODDS_BINS - 1)

/* Bits set in x. Written out: without -mpopcnt (the baseline x86-64 has no POPCNT) the builtin is a library call. */
static inline int popcount(uint64_t x)
{
    x -= (x >> 1) & UINT64_C(0x5555555555555555);
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

static inline unsigned lowest(uint64_t x)
{
    return (unsigned)__builtin_ctzll(x);
}

static inline uint64_t bit(unsigned card)
{
    return UINT64_C(1) << card;
}

static inline uint32_t choose2(uint32_t x)
{
    return x * (x - 1) / 2;
}

static inline uint32_t choose3(uint32_t x)
{
    return x * (x - 1) * (x - 2) / 6;
}

static inline uint32_t choose4(uint32_t x)
{
    return x * (x - 1) * (x - 2) * (x - 3) / 24;
}

/* C(n, k) as a double, 0 when k > n or k < 0 (n <= 52). */
static double choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0.0;
    double result = 1.0;
    for (int i = 0; i < k; i++)
        result = result * (double)(n - i) / (double)(i + 1);
    return result;
}

/* The perfect-hash index of a set of four cards, and the cards in ascending order in sorted[]. */
static inline uint32_t hand_index(uint64_t hand, unsigned sorted[4])
{
    for (int i = 0; i < 4; i++) {
        sorted[i] = lowest(hand);
        hand &= hand - 1;
    }
    return sorted[0] + choose2(sorted[1]) + choose3(sorted[2]) + choose4(sorted[3]);
}

static inline int rank_of(const uint16_t *ranks, uint64_t hand)
{
    unsigned sorted[4];
    return ranks[hand_index(hand, sorted)];
}

/* The cards of a set, ascending, into cards[]; returns how many. */
static int card_list(uint64_t set, int *cards)
{
    int count = 0;
    for (; set; set &= set - 1)
        cards[count++] = (int)lowest(set);
    return count;
}

/* The k-subsets (k <= 4) of a set of cards, one after the other. */
struct subsets {
    int cards[52];
    int size, k, at[4], more;
};

static void subsets_start(struct subsets *s, uint64_t set, int k)
{
    s->size = card_list(set, s->cards);
    s->k = k;
    for (int i = 0; i < k; i++)
        s->at[i] = i;
    s->more = k <= s->size;
}

/* The next subset into *out; 0 when there is none left. */
static int subsets_next(struct subsets *s, uint64_t *out)
{
    if (!s->more)
        return 0;
    uint64_t x = 0;
    for (int i = 0; i < s->k; i++)
        x |= bit((unsigned)s->cards[s->at[i]]);
    *out = x;
    int i = s->k - 1;
    while (i >= 0 && s->at[i] == s->size - s->k + i)
        i--;
    if (i < 0) {
        s->more = 0;
    } else {
        s->at[i]++;
        for (int j = i + 1; j < s->k; j++)
            s->at[j] = s->at[j - 1] + 1;
    }
    return 1;
}

/* ---- Inputs ------------------------------------------------------------------------------------------------ */

/* A compiled policy table: see odds.h. */
struct policy {
    const uint8_t *masks;
    const double *first;
};

/* Check the tables; *count gets how many there are. */
static int check_tables(const uint8_t *masks, size_t masks_size, const double *first, size_t first_size,
                        size_t *count)
{
    if (masks == NULL || masks_size == 0 || masks_size % BADUGI_POLICY_ENTRIES != 0)
        return BADUGI_E_ARGUMENT;
    if (first == NULL ? first_size != 0 : first_size != masks_size)
        return BADUGI_E_ARGUMENT;
    *count = masks_size / BADUGI_POLICY_ENTRIES;
    return 0;
}

static struct policy table_at(const uint8_t *masks, const double *first, size_t table)
{
    struct policy p = {masks + table * BADUGI_POLICY_ENTRIES, first ? first + table * BADUGI_POLICY_ENTRIES : NULL};
    return p;
}

/* The cards at the positions of `mask` (bit i = i-th card of the four). */
static inline uint64_t cards_at(const unsigned cards[4], unsigned mask)
{
    uint64_t set = 0;
    for (int i = 0; i < 4; i++)
        if (mask >> i & 1)
            set |= bit(cards[i]);
    return set;
}

/* The choices of a policy for a hand: up to two sets of cards to throw and their probabilities. */
struct choices {
    int count;
    uint64_t thrown[2];
    double probability[2];
};

static struct choices policy_choices(struct policy policy, uint64_t hand, int left)
{
    unsigned sorted[4];
    size_t entry = 3 * (size_t)hand_index(hand, sorted) + (size_t)(left - 1);
    unsigned first_mask = policy.masks[entry] & 15, second_mask = policy.masks[entry] >> 4;
    double p = policy.first ? policy.first[entry] : 1.0;
    struct choices c = {1, {cards_at(sorted, first_mask), 0}, {1.0, 0.0}};
    if (first_mask == second_mask || !(p < 1.0)) /* !(p < 1) also takes a NaN as "always the first" */
        return c;
    c.thrown[0] = cards_at(sorted, second_mask);
    if (p <= 0.0)
        return c;
    c.count = 2;
    c.thrown[0] = cards_at(sorted, first_mask);
    c.thrown[1] = cards_at(sorted, second_mask);
    c.probability[0] = p;
    c.probability[1] = 1.0 - p;
    return c;
}

/* ---- Built-in policies: the C mirror of badugi_fast/drawing.py ------------------------------------------------- */

int badugi_policy_table(int kind, int bound, uint8_t *masks, size_t masks_size, double *first, size_t first_size)
{
    if (kind < BADUGI_POLICY_USABLE || kind > BADUGI_POLICY_BASIC || masks == NULL ||
        masks_size != BADUGI_POLICY_ENTRIES || (first == NULL ? first_size != 0 : first_size != masks_size) ||
        (kind == BADUGI_POLICY_BASIC && first == NULL) ||
        (kind == BADUGI_POLICY_PAT && (bound < 1 || bound > WORST_BADUGI)))
        return BADUGI_E_ARGUMENT;
    const uint16_t *ranks = badugi_rank_table();
    const uint8_t *usable = badugi_usable_table();
    size_t index = 0;
    for (unsigned d = 3; d < 52; d++)
        for (unsigned c = 2; c < d; c++)
            for (unsigned b = 1; b < c; b++)
                for (unsigned a = 0; a < b; a++, index++) {
                    unsigned unused = ~usable[index] & 15u; /* drawing.py _unused */
                    for (int left = 1; left <= 3; left++) {
                        unsigned one = unused, other = unused;
                        double p = 1.0;
                        if (kind == BADUGI_POLICY_SNOW) {
                            one = other = 0;
                        } else if (kind == BADUGI_POLICY_PAT && ranks[index] <= WORST_BADUGI) {
                            one = other = ranks[index] <= bound ? 0u : 8u; /* break the highest card: position 3 */
                        } else if (kind == BADUGI_POLICY_BASIC && popcount(unused) <= 1 && left >= 2) {
                            unsigned top = 31u - (unsigned)__builtin_clz(usable[index]); /* highest usable position */
                            unsigned top_code = (unsigned[]){a, b, c, d}[top];
                            if (top_code >> 2 >= JACK) {
                                one = unused | 1u << top;
                                p = 0.5;
                            }
                        }
                        masks[3 * index + (size_t)(left - 1)] = (uint8_t)(one | other << 4);
                        if (first)
                            first[3 * index + (size_t)(left - 1)] = p;
                    }
                }
    return 0;
}

/* ---- A question, checked -------------------------------------------------------------------------------------- */

/* What one player holds and how it draws, checked. */
struct seat {
    int cards[4];          /* codes, -1 where dealt at random (all -1 with a range) */
    uint64_t fixed;        /* the known cards */
    int unknown;           /* how many cards are dealt at random (0 with a range) */
    int discard;           /* the positions thrown at the next draw, or -1 for the policy's choice */
    struct policy policy;
    const uint8_t *range;  /* a range's hands (4 codes each), or NULL */
    const double *running; /* the running totals of their weights */
    size_t hands;
};

struct question {
    const uint16_t *ranks;
    int players, draws;
    struct seat seats[BADUGI_ODDS_MAX_PLAYERS];
    uint64_t dead;
    uint64_t stub; /* every card neither dead nor known: where the unknown cards, the ranges' hands and draws come from */
    uint8_t stub_cards[52]; /* the same cards, ascending */
    int stub_size;
    int dealt; /* how many players hold a range or unknown cards */
};

static inline uint64_t range_hand(const struct seat *s, size_t i)
{
    const uint8_t *h = s->range + 4 * i;
    return bit(h[0]) | bit(h[1]) | bit(h[2]) | bit(h[3]);
}

static inline double range_weight(const struct seat *s, size_t i)
{
    return s->running[i] - (i ? s->running[i - 1] : 0.0);
}

/* A range: valid distinct codes in every hand; running totals finite, non-decreasing from 0, the last positive. */
static int check_range(const uint8_t *cards, const double *running, size_t hands)
{
    double previous = 0.0;
    for (size_t i = 0; i < hands; i++) {
        uint64_t set = 0;
        for (int j = 0; j < 4; j++) {
            unsigned code = cards[4 * i + (size_t)j];
            if (code > 51 || (set & bit(code)))
                return BADUGI_E_CARDS;
            set |= bit(code);
        }
        if (!(running[i] >= previous) || !(running[i] <= DBL_MAX)) /* also refuses NaN and infinity */
            return BADUGI_E_ARGUMENT;
        previous = running[i];
    }
    return previous > 0.0 ? 0 : BADUGI_E_ARGUMENT;
}

static int question_check(const struct badugi_question *q, struct question *g)
{
    size_t tables;
    if (q == NULL)
        return BADUGI_E_ARGUMENT;
    int error = check_tables(q->masks, q->masks_size, q->first, q->first_size, &tables);
    if (error)
        return error;
    if (q->players < 1 || q->players > BADUGI_ODDS_MAX_PLAYERS || q->draws < 0 || q->draws > BADUGI_ODDS_MAX_DRAWS ||
        (q->dead & ~DECK) || q->range_cards_size % 4 != 0 || q->range_weights_size != q->range_cards_size / 4 ||
        (q->range_cards_size && (q->range_cards == NULL || q->range_weights == NULL)))
        return BADUGI_E_ARGUMENT;
    memset(g, 0, sizeof *g);
    g->ranks = badugi_rank_table();
    g->players = q->players;
    g->draws = q->draws;
    g->dead = q->dead;
    uint64_t taken = q->dead;
    int needed = 0; /* cards the unknown cards and the ranges take from the stub */
    for (int p = 0; p < q->players; p++) {
        struct seat *s = &g->seats[p];
        size_t begin = q->range_begin[p], end = q->range_end[p];
        if (q->discards[p] < -1 || q->discards[p] > 15 || q->policy_of[p] < 0 || (size_t)q->policy_of[p] >= tables ||
            begin > end || end > q->range_weights_size)
            return BADUGI_E_ARGUMENT;
        s->discard = q->discards[p];
        s->policy = table_at(q->masks, q->first, (size_t)q->policy_of[p]);
        for (int i = 0; i < 4; i++) {
            int code = q->cards[4 * p + i];
            s->cards[i] = code;
            if (code == -1) {
                s->unknown++;
                continue;
            }
            if (code < 0 || code > 51 || (taken & bit((unsigned)code)))
                return BADUGI_E_CARDS;
            taken |= bit((unsigned)code);
            s->fixed |= bit((unsigned)code);
        }
        if (begin < end) {
            if (s->unknown != 4)
                return BADUGI_E_ARGUMENT;
            error = check_range(q->range_cards + 4 * begin, q->range_weights + begin, end - begin);
            if (error)
                return error;
            s->range = q->range_cards + 4 * begin;
            s->running = q->range_weights + begin;
            s->hands = end - begin;
            s->unknown = 0;
        }
        if ((s->unknown || s->range) && s->discard > 0)
            return BADUGI_E_ARGUMENT; /* unknown cards cannot be named in a discard: stand pat or the policy */
        needed += s->range ? 4 : s->unknown;
        g->dealt += s->unknown > 0 || s->range != NULL;
    }
    g->stub = DECK & ~taken;
    int list[52];
    g->stub_size = card_list(g->stub, list);
    for (int i = 0; i < g->stub_size; i++)
        g->stub_cards[i] = (uint8_t)list[i];
    return needed > g->stub_size ? BADUGI_E_STUB : 0;
}

/* The cards a policy throws from `hand` with `left` draws to come, when it has one sure choice; 0 and *sure = 0 when
 * it is randomized there. */
static uint64_t sure_choice(struct policy policy, uint64_t hand, int left, int *sure)
{
    struct choices c = policy_choices(policy, hand, left);
    *sure = c.count == 1;
    return *sure ? c.thrown[0] : 0;
}

/* ---- Exact draw odds ----------------------------------------------------------------------------------------- *
 *
 * The final hand after the last draw is counted without walking the last draw. A last draw keeps K and throws k
 * cards, to be replaced from the stub S less the cards R already drawn. By inclusion-exclusion over the cards R'
 * of R that are not kept, the completions of K from S \ R are
 *     sum over T in R', |T| <= k, of (-1)^|T| Z(K + T),
 * where Z(G) is the rank distribution of G completed from S \ G in every way: it depends on G alone. So each
 * path to the last draw adds a few signed weights to a coefficient per set G (by its size: 4 cards are a rank
 * already, 3, 2, 1 and 0 cards have a dense index), and the completions are walked once per distinct G at the
 * end. The draws before the last are walked. A hand with unknown cards (or a range) is each of its hands in turn,
 * weighted.
 */

struct walk {
    const uint16_t *ranks;
    struct policy policy;
    uint64_t stub;
    double *coefficients[4]; /* by size of G: 0, 1, 2, 3 cards */
    uint64_t *touched;       /* the sets G whose coefficient was 0 when it was added to */
    size_t touched_count, touched_room;
    int overflow; /* more touched sets than room: complete() scans every coefficient */
    double *probabilities;
    double deals, paths;
    int counting; /* only count the paths */
    int error;
};

static size_t coefficient_slot(uint64_t cards, int size)
{
    unsigned c[3] = {0, 0, 0};
    for (int i = 0; i < size; i++) {
        c[i] = lowest(cards);
        cards &= cards - 1;
    }
    return size == 3 ? c[0] + choose2(c[1]) + choose3(c[2]) : size == 2 ? c[0] + choose2(c[1]) : c[0];
}

static void add_coefficient(struct walk *w, uint64_t cards, double value)
{
    int size = popcount(cards);
    if (size == 4) {
        w->probabilities[rank_of(w->ranks, cards)] += value;
        return;
    }
    double *slot = &w->coefficients[size][coefficient_slot(cards, size)];
    if (*slot == 0.0) {
        if (w->touched_count < w->touched_room)
            w->touched[w->touched_count++] = cards;
        else
            w->overflow = 1;
    }
    *slot += value;
}

static void walk_draw(struct walk *w, uint64_t hand, uint64_t thrown, uint64_t drawn, int left, double weight)
{
    uint64_t kept = hand & ~thrown;
    int k = popcount(thrown);
    uint64_t available = w->stub & ~drawn;
    int a = popcount(available);
    if (k > a) {
        w->error = BADUGI_E_RESHUFFLE;
        return;
    }
    double ways = choose(a, k);
    if (left == 1) {
        w->paths += 1;
        w->deals += ways;
        if (w->counting)
            return;
        uint64_t spare = drawn & ~kept, t = spare;
        double share = weight / ways;
        for (;;) { /* every subset T of spare with at most k cards */
            int size = popcount(t);
            if (size <= k)
                add_coefficient(w, kept | t, size & 1 ? -share : share);
            if (t == 0)
                break;
            t = (t - 1) & spare;
        }
        return;
    }
    if (w->counting && left == 2) {
        w->paths += ways;
        return;
    }
    struct subsets s;
    uint64_t x;
    subsets_start(&s, available, k);
    while (subsets_next(&s, &x)) {
        uint64_t next = kept | x;
        struct choices c = policy_choices(w->policy, next, left - 1);
        for (int i = 0; i < c.count; i++) {
            walk_draw(w, next, c.thrown[i], drawn | x, left - 1, weight / ways * c.probability[i]);
            if (w->error)
                return;
        }
    }
}

/* Add value * Z(base): every completion of `base` to four cards from the stub. */
static void add_completions(struct walk *w, uint64_t base, double value)
{
    struct subsets s;
    uint64_t x;
    subsets_start(&s, w->stub & ~base, 4 - popcount(base));
    while (subsets_next(&s, &x))
        w->probabilities[rank_of(w->ranks, base | x)] += value;
}

/* The completions of every set with a coefficient, each coefficient then back to 0 for the next hand. */
static void complete(struct walk *w)
{
    if (!w->overflow) {
        for (size_t i = 0; i < w->touched_count; i++) {
            uint64_t g = w->touched[i];
            int size = popcount(g);
            double *slot = &w->coefficients[size][coefficient_slot(g, size)];
            if (*slot != 0.0)
                add_completions(w, g, *slot);
            *slot = 0.0;
        }
        w->touched_count = 0;
        return;
    }
    for (int size = 0; size < 4; size++) {
        size_t slots = size == 0 ? 1 : (size_t)choose(52, size);
        for (size_t slot = 0; slot < slots; slot++) {
            if (w->coefficients[size][slot] == 0.0)
                continue;
            uint64_t g = 0; /* the set of this slot: the colexicographic unranking of its index */
            size_t rest = slot;
            for (int i = size; i >= 1; i--) {
                unsigned c = (unsigned)i - 1;
                while (choose((int)c + 1, i) <= (double)rest)
                    c++;
                g |= bit(c);
                rest -= (size_t)choose((int)c, i);
            }
            add_completions(w, g, w->coefficients[size][slot]);
            w->coefficients[size][slot] = 0.0;
        }
    }
    w->overflow = 0;
    w->touched_count = 0;
}

/* One hand of the question: its first choices (the given discard, or the policy's), walked into the coefficients
 * (or only counted) with weight `weight`. */
static void walk_hand(struct walk *w, const struct question *g, uint64_t hand, int discard_positions, double weight)
{
    const struct seat *s = &g->seats[0];
    w->stub = g->stub & ~hand;
    struct choices c = {1, {0, 0}, {1.0, 0.0}};
    if (discard_positions >= 0) {
        for (int i = 0; i < 4; i++)
            if (discard_positions >> i & 1)
                c.thrown[0] |= bit((unsigned)s->cards[i]);
    } else {
        c = policy_choices(s->policy, hand, g->draws);
    }
    for (int i = 0; i < c.count && !w->error; i++)
        walk_draw(w, hand, c.thrown[i], 0, g->draws, weight * c.probability[i]);
}

/* The hands of a player with unknown cards or a range, one after the other: a range's hands in order, or every
 * completion of the known cards from a stub. */
struct hands_of {
    const struct seat *seat;
    uint64_t stub;
    size_t at;
    struct subsets completions;
};

static void hands_start(struct hands_of *h, const struct seat *s, uint64_t stub)
{
    h->seat = s;
    h->stub = stub;
    h->at = 0;
    if (!s->range)
        subsets_start(&h->completions, stub, s->unknown);
}

/* The next hand that avoids `taken`, into *hand and *weight; 0 when there is none left. */
static int hands_next(struct hands_of *h, uint64_t taken, uint64_t *hand, double *weight)
{
    const struct seat *s = h->seat;
    if (s->range) {
        while (h->at < s->hands) {
            size_t i = h->at++;
            uint64_t set = range_hand(s, i);
            double w = range_weight(s, i);
            if ((set & taken) || !(w > 0.0))
                continue;
            *hand = set;
            *weight = w;
            return 1;
        }
        return 0;
    }
    uint64_t x;
    while (subsets_next(&h->completions, &x)) {
        if (x & taken)
            continue;
        *hand = s->fixed | x;
        *weight = 1.0;
        return 1;
    }
    return 0;
}

/* A range's hands, or the completions of unknown cards from `stub`: how many there are at most. */
static double hands_bound(const struct seat *s, uint64_t stub)
{
    return s->range ? (double)s->hands : choose(popcount(stub), s->unknown);
}

int badugi_draw_odds_exact(const struct badugi_question *question, double max_paths, double max_work,
                           double *probabilities, size_t probabilities_size, double *work, size_t work_size,
                           uint64_t *sets, size_t sets_size, double *deals)
{
    struct question g;
    int error = question_check(question, &g);
    if (error)
        return error;
    if (g.players != 1 || probabilities == NULL || probabilities_size != BADUGI_ODDS_BINS || work == NULL ||
        work_size != BADUGI_ODDS_WORK || sets == NULL || sets_size != BADUGI_ODDS_WORK || deals == NULL ||
        !(max_paths >= 0) || !(max_work >= 0))
        return BADUGI_E_ARGUMENT;
    const struct seat *s = &g.seats[0];
    memset(probabilities, 0, BADUGI_ODDS_BINS * sizeof *probabilities);
    struct walk w = {g.ranks, s->policy, 0, {work, work + 1, work + 1 + 52, work + 1 + 52 + 1326}, sets, 0,
                     BADUGI_ODDS_WORK, 0, probabilities, 0, 0, 0, 0};
    if (!g.dealt) {
        uint64_t hand = s->fixed;
        if (g.draws == 0) {
            probabilities[rank_of(g.ranks, hand)] = 1.0;
            *deals = 1;
            return 0;
        }
        /* First count the paths to the last draw (cheaply: the draw before the last is not walked). */
        w.counting = 1;
        walk_hand(&w, &g, hand, s->discard, 1.0);
        if (w.error)
            return w.error;
        if (w.paths > max_paths)
            return BADUGI_E_BUDGET;
        memset(work, 0, BADUGI_ODDS_WORK * sizeof *work);
        w.counting = 0;
        w.deals = w.paths = 0;
        walk_hand(&w, &g, hand, s->discard, 1.0);
        if (w.error)
            return w.error;
        complete(&w);
        *deals = w.deals;
        return 0;
    }
    /* Unknown cards or a range: every hand in turn. Count first: the paths, the completions, the total weight. */
    if (hands_bound(s, g.stub) > (g.draws > 1 ? 64 : max_work))
        return BADUGI_E_BUDGET;
    struct hands_of each;
    uint64_t hand;
    double weight, total = 0, completions = 0;
    w.counting = 1;
    hands_start(&each, s, g.stub);
    while (hands_next(&each, g.dead, &hand, &weight)) {
        total += weight;
        if (g.draws == 0) {
            w.deals += 1;
            continue;
        }
        walk_hand(&w, &g, hand, s->discard, weight);
        if (w.error)
            return w.error;
        if (g.draws == 1) { /* one path per choice: its completions are its draws */
            struct choices c = s->discard == 0 ? (struct choices){1, {0, 0}, {1, 0}} : policy_choices(s->policy, hand, 1);
            for (int i = 0; i < c.count; i++)
                completions += choose(popcount(g.stub & ~hand), popcount(c.thrown[i]));
        }
        if (w.paths > max_paths || completions > max_work)
            return BADUGI_E_BUDGET;
    }
    if (!(total > 0))
        return BADUGI_E_RANGES;
    memset(work, 0, BADUGI_ODDS_WORK * sizeof *work);
    w.counting = 0;
    w.deals = w.paths = 0;
    hands_start(&each, s, g.stub);
    while (hands_next(&each, g.dead, &hand, &weight)) {
        if (g.draws == 0) {
            probabilities[rank_of(g.ranks, hand)] += weight / total;
            w.deals += 1;
            continue;
        }
        walk_hand(&w, &g, hand, s->discard, weight / total);
        if (w.error)
            return w.error;
        complete(&w);
    }
    *deals = w.deals;
    return 0;
}

/* ---- Sampling ---------------------------------------------------------------------------------------------- */

/* A counter-based generator: trial i of a seed starts from its own hashed state (SplitMix64), so no trial depends
 * on another or on how the trials are shared between threads. */
struct rng {
    uint64_t state;
};

static inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline void rng_start(struct rng *r, uint64_t seed, uint64_t trial)
{
    r->state = mix64(seed ^ mix64(trial + UINT64_C(0x9E3779B97F4A7C15)));
}

static inline uint64_t rng_next(struct rng *r)
{
    r->state += UINT64_C(0x9E3779B97F4A7C15);
    return mix64(r->state);
}

/* Uniform in [0, bound), bound >= 1, without bias (Lemire's multiply and reject). */
static inline unsigned rng_below(struct rng *r, unsigned bound)
{
    uint64_t product = (rng_next(r) >> 32) * bound;
    uint32_t low = (uint32_t)product;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            product = (rng_next(r) >> 32) * bound;
            low = (uint32_t)product;
        }
    }
    return (unsigned)(product >> 32);
}

/* Uniform in [0, 1), 53 bits. */
static inline double rng_unit(struct rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

/* A hand of a range, by weight: the first whose running total exceeds a uniform number below the total. */
static size_t range_pick(const struct seat *s, struct rng *r)
{
    double target = rng_unit(r) * s->running[s->hands - 1];
    size_t low = 0, high = s->hands - 1;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (s->running[middle] > target)
            high = middle;
        else
            low = middle + 1;
    }
    return low;
}

/* How many times a trial may deal the ranges' hands before it gives up (BADUGI_E_RANGES): they are dealt again,
 * all of them, whenever one meets a card already taken, so that every deal is as likely as the product of its
 * weights. */
#define DEAL_ATTEMPTS 100000

/* Deal a trial's unknown cards: the ranges' hands first, then each unknown card from the stub (as the ranges take
 * four cards each whatever they are, the completions are then equally likely). cards[p] gets player p's four
 * cards, stub what is left (ascending before any card is dealt: a question without unknown cards uses no random
 * number here). */
static int deal(const struct question *g, struct rng *r, int cards[][4], uint8_t stub[52], int *stub_size)
{
    for (int p = 0; p < g->players; p++)
        memcpy(cards[p], g->seats[p].cards, sizeof cards[p]);
    if (!g->dealt) { /* every card known: the stub as it is */
        memcpy(stub, g->stub_cards, (size_t)g->stub_size);
        *stub_size = g->stub_size;
        return 0;
    }
    uint64_t taken = ~g->stub;
    for (int p = 0, attempts = 0; p < g->players; p++) {
        const struct seat *s = &g->seats[p];
        if (!s->range)
            continue;
        uint64_t hand = range_hand(s, range_pick(s, r));
        if (hand & taken) {
            if (++attempts >= DEAL_ATTEMPTS)
                return BADUGI_E_RANGES;
            taken = ~g->stub;
            p = -1; /* every range again, from the first */
            continue;
        }
        taken |= hand;
        for (int i = 0; i < 4; i++, hand &= hand - 1)
            cards[p][i] = (int)lowest(hand);
    }
    int list[52];
    *stub_size = card_list(DECK & ~taken, list);
    for (int i = 0; i < *stub_size; i++)
        stub[i] = (uint8_t)list[i];
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < 4 && g->seats[p].unknown; i++)
            if (cards[p][i] < 0) {
                unsigned j = rng_below(r, (unsigned)*stub_size);
                cards[p][i] = stub[j];
                stub[j] = stub[--*stub_size];
            }
    return 0;
}

static inline uint64_t set_of(const int hand[4])
{
    return bit((unsigned)hand[0]) | bit((unsigned)hand[1]) | bit((unsigned)hand[2]) | bit((unsigned)hand[3]);
}

/* The positions (in hand[], bit i = hand[i]) of the cards a policy throws now, choosing with the generator when it
 * has two choices. */
static unsigned policy_positions(struct policy policy, const int hand[4], int left, struct rng *r)
{
    unsigned sorted[4];
    size_t entry = 3 * (size_t)hand_index(set_of(hand), sorted) + (size_t)(left - 1);
    unsigned mask = policy.masks[entry] & 15;
    if ((policy.masks[entry] >> 4) != mask && policy.first && !(rng_unit(r) < policy.first[entry]))
        mask = policy.masks[entry] >> 4;
    unsigned positions = 0;
    for (int i = 0; i < 4; i++)
        if (mask >> i & 1)
            for (int j = 0; j < 4; j++)
                if ((unsigned)hand[j] == sorted[i])
                    positions |= 1u << j;
    return positions;
}

/* What player p throws at the draw with `left` draws to come (the first: its given discard, if any). */
static unsigned thrown_positions(const struct question *g, int p, const int hand[4], int left, struct rng *r)
{
    const struct seat *s = &g->seats[p];
    return left == g->draws && s->discard >= 0 ? (unsigned)s->discard : policy_positions(s->policy, hand, left, r);
}

/* Play one trial: the deal, every draw of every player in order, then the rank of each final hand into final[]. */
static int play(const struct question *g, uint64_t seed, uint64_t trial, int *final)
{
    struct rng r;
    uint8_t stub[52], muck[52];
    int cards[BADUGI_ODDS_MAX_PLAYERS][4];
    int stub_size, muck_size = 0;
    rng_start(&r, seed, trial);
    int error = deal(g, &r, cards, stub, &stub_size);
    if (error)
        return error;
    for (int left = g->draws; left >= 1; left--) {
        for (int p = 0; p < g->players; p++) {
            int *hand = cards[p];
            unsigned positions = thrown_positions(g, p, hand, left, &r);
            int k = popcount(positions);
            if (k > stub_size + muck_size)
                return BADUGI_E_STUB;
            int thrown[4], count = 0;
            for (int i = 0; i < 4; i++) {
                if (!(positions >> i & 1))
                    continue;
                if (stub_size == 0) { /* the engine's reshuffle: the muck, without this player's discards */
                    memcpy(stub, muck, (size_t)muck_size);
                    stub_size = muck_size;
                    muck_size = 0;
                }
                unsigned j = rng_below(&r, (unsigned)stub_size);
                thrown[count++] = hand[i];
                hand[i] = stub[j];
                stub[j] = stub[--stub_size];
            }
            for (int i = 0; i < count && muck_size < 52; i++)
                muck[muck_size++] = (uint8_t)thrown[i];
        }
    }
    for (int p = 0; p < g->players; p++)
        final[p] = rank_of(g->ranks, set_of(cards[p]));
    return 0;
}

/* Run work(args + t * size) for t < count, each on its own thread (the first on the calling thread); a thread that
 * cannot start runs on the calling thread instead, so the results never depend on it. */
static void run_parallel(void *(*work)(void *), void *args, size_t size, int count)
{
    pthread_t threads[BADUGI_MAX_THREADS];
    int started[BADUGI_MAX_THREADS] = {0};
    for (int t = 1; t < count; t++)
        started[t] = pthread_create(&threads[t], NULL, work, (char *)args + (size_t)t * size) == 0;
    work(args);
    for (int t = 1; t < count; t++) {
        if (started[t])
            pthread_join(threads[t], NULL);
        else
            work((char *)args + (size_t)t * size);
    }
}

/* Where thread t of `threads` starts in `items` pieces of work (t = threads: the end), without overflow. */
static uint64_t share(uint64_t items, int t, int threads)
{
    uint64_t each = items / (uint64_t)threads, extra = items % (uint64_t)threads;
    return each * (uint64_t)t + ((uint64_t)t < extra ? (uint64_t)t : extra);
}

/* The number of threads for `items` pieces of work, or 0 when `threads` is out of range. */
static int threads_for(int threads, uint64_t items)
{
    if (threads < 1 || threads > BADUGI_MAX_THREADS)
        return 0;
    if ((uint64_t)threads > items)
        threads = items > 0 ? (int)items : 1;
    return threads;
}

/* One thread's run of trials [begin, end): its totals are added under `lock` to the shared ones. */
struct sample_task {
    const struct question *question;
    uint64_t seed, begin, end;
    pthread_mutex_t *lock;
    uint64_t *out;
    const int *options; /* badugi_advice_sample's */
    int option_count;
    int error;
};

static void *odds_trials(void *arg)
{
    struct sample_task *task = arg;
    uint64_t counts[BADUGI_ODDS_BINS] = {0};
    int final[1];
    for (uint64_t i = task->begin; i < task->end; i++) {
        task->error = play(task->question, task->seed, i, final);
        if (task->error)
            return NULL;
        counts[final[0]]++;
    }
    pthread_mutex_lock(task->lock);
    for (int r = 0; r < BADUGI_ODDS_BINS; r++)
        task->out[r] += counts[r];
    pthread_mutex_unlock(task->lock);
    return NULL;
}

/* Add one showdown of `players` final ranks to the per-player sums: a win alone, a split, the share in 60ths. */
static void add_showdown(uint64_t (*totals)[BADUGI_EQUITY_SAMPLE_FIELDS], const int *final, int players)
{
    int best = final[0], ways = 0;
    for (int p = 1; p < players; p++)
        best = final[p] < best ? final[p] : best;
    for (int p = 0; p < players; p++)
        ways += final[p] == best;
    uint64_t share = (uint64_t)(60 / ways);
    for (int p = 0; p < players; p++) {
        if (final[p] != best)
            continue;
        totals[p][ways == 1 ? 0 : 1]++;
        totals[p][2] += share;
        totals[p][3] += share * share;
    }
}

static void *equity_trials(void *arg)
{
    struct sample_task *task = arg;
    const struct question *g = task->question;
    uint64_t totals[BADUGI_ODDS_MAX_PLAYERS][BADUGI_EQUITY_SAMPLE_FIELDS] = {{0}};
    int final[BADUGI_ODDS_MAX_PLAYERS];
    for (uint64_t i = task->begin; i < task->end; i++) {
        task->error = play(g, task->seed, i, final);
        if (task->error)
            return NULL;
        add_showdown(totals, final, g->players);
    }
    pthread_mutex_lock(task->lock);
    for (int p = 0; p < g->players; p++)
        for (int f = 0; f < BADUGI_EQUITY_SAMPLE_FIELDS; f++)
            task->out[p * BADUGI_EQUITY_SAMPLE_FIELDS + f] += totals[p][f];
    pthread_mutex_unlock(task->lock);
    return NULL;
}

/* One trial of badugi_advice_sample: the deal, the others' draws, four cards for player 0; each option's showdown
 * into totals[o]. */
static int advise(const struct question *g, const int *options, int option_count, uint64_t seed, uint64_t trial,
                  uint64_t (*totals)[BADUGI_EQUITY_SAMPLE_FIELDS])
{
    struct rng r;
    uint8_t stub[52];
    int cards[BADUGI_ODDS_MAX_PLAYERS][4], final[BADUGI_ODDS_MAX_PLAYERS], stub_size;
    rng_start(&r, seed, trial);
    int error = deal(g, &r, cards, stub, &stub_size);
    if (error)
        return error;
    for (int p = 1; p < g->players; p++) {
        unsigned positions = thrown_positions(g, p, cards[p], 1, &r);
        for (int i = 0; i < 4; i++) {
            if (!(positions >> i & 1))
                continue;
            if (stub_size == 0)
                return BADUGI_E_RESHUFFLE;
            unsigned j = rng_below(&r, (unsigned)stub_size);
            cards[p][i] = stub[j];
            stub[j] = stub[--stub_size];
        }
        final[p] = rank_of(g->ranks, set_of(cards[p]));
    }
    int pool[4], most = 0;
    for (int o = 0; o < option_count; o++)
        most = popcount((unsigned)options[o]) > most ? popcount((unsigned)options[o]) : most;
    if (most > stub_size)
        return BADUGI_E_RESHUFFLE;
    for (int i = 0; i < most; i++) {
        unsigned j = rng_below(&r, (unsigned)stub_size);
        pool[i] = stub[j];
        stub[j] = stub[--stub_size];
    }
    for (int o = 0; o < option_count; o++) {
        int hand[4], next = 0;
        for (int i = 0; i < 4; i++)
            hand[i] = options[o] >> i & 1 ? pool[next++] : cards[0][i];
        final[0] = rank_of(g->ranks, set_of(hand));
        uint64_t mine[BADUGI_ODDS_MAX_PLAYERS][BADUGI_EQUITY_SAMPLE_FIELDS] = {{0}};
        add_showdown(mine, final, g->players);
        for (int f = 0; f < BADUGI_EQUITY_SAMPLE_FIELDS; f++)
            totals[o][f] += mine[0][f];
    }
    return 0;
}

static void *advice_trials(void *arg)
{
    struct sample_task *task = arg;
    uint64_t totals[BADUGI_ADVICE_MAX_OPTIONS][BADUGI_EQUITY_SAMPLE_FIELDS] = {{0}};
    for (uint64_t i = task->begin; i < task->end; i++) {
        task->error = advise(task->question, task->options, task->option_count, task->seed, i, totals);
        if (task->error)
            return NULL;
    }
    pthread_mutex_lock(task->lock);
    for (int o = 0; o < task->option_count; o++)
        for (int f = 0; f < BADUGI_EQUITY_SAMPLE_FIELDS; f++)
            task->out[o * BADUGI_EQUITY_SAMPLE_FIELDS + f] += totals[o][f];
    pthread_mutex_unlock(task->lock);
    return NULL;
}

/* Run trials first .. first + samples - 1 over `threads` threads; the first error any thread met, or 0. */
static int run_trials(void *(*work)(void *), struct sample_task base, uint64_t first, uint64_t samples, int threads)
{
    struct sample_task tasks[BADUGI_MAX_THREADS];
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    for (int t = 0; t < threads; t++) {
        tasks[t] = base;
        tasks[t].begin = first + share(samples, t, threads);
        tasks[t].end = first + share(samples, t + 1, threads);
        tasks[t].lock = &lock;
    }
    run_parallel(work, tasks, sizeof tasks[0], threads);
    pthread_mutex_destroy(&lock);
    for (int t = 0; t < threads; t++)
        if (tasks[t].error)
            return tasks[t].error;
    return 0;
}

/* The checks the sampling functions share: a question, trials that do not run past 2^64, threads. */
static int sampling_check(const struct badugi_question *question, struct question *g, uint64_t first_trial,
                          uint64_t samples, int *threads)
{
    int error = question_check(question, g);
    if (error)
        return error;
    *threads = threads_for(*threads, samples);
    if (!*threads || samples == 0 || first_trial > UINT64_MAX - samples)
        return BADUGI_E_ARGUMENT;
    return 0;
}

int badugi_draw_odds_sample(const struct badugi_question *question, uint64_t seed, uint64_t first_trial,
                            uint64_t samples, int threads, uint64_t *counts, size_t counts_size)
{
    struct question g;
    int error = sampling_check(question, &g, first_trial, samples, &threads);
    if (error)
        return error;
    if (g.players != 1 || counts == NULL || counts_size != BADUGI_ODDS_BINS)
        return BADUGI_E_ARGUMENT;
    memset(counts, 0, BADUGI_ODDS_BINS * sizeof *counts);
    struct sample_task base = {&g, seed, 0, 0, NULL, counts, NULL, 0, 0};
    return run_trials(odds_trials, base, first_trial, samples, threads);
}

int badugi_equity_sample(const struct badugi_question *question, uint64_t seed, uint64_t first_trial,
                         uint64_t samples, int threads, uint64_t *results, size_t results_size)
{
    struct question g;
    int error = sampling_check(question, &g, first_trial, samples, &threads);
    if (error)
        return error;
    if (g.players < 2 || results == NULL || results_size != (size_t)g.players * BADUGI_EQUITY_SAMPLE_FIELDS)
        return BADUGI_E_ARGUMENT;
    memset(results, 0, results_size * sizeof *results);
    struct sample_task base = {&g, seed, 0, 0, NULL, results, NULL, 0, 0};
    return run_trials(equity_trials, base, first_trial, samples, threads);
}

int badugi_advice_sample(const struct badugi_question *question, const int *options, int option_count, uint64_t seed,
                         uint64_t first_trial, uint64_t samples, int threads, uint64_t *results, size_t results_size)
{
    struct question g;
    int error = sampling_check(question, &g, first_trial, samples, &threads);
    if (error)
        return error;
    if (g.players < 2 || g.draws != 1 || g.seats[0].unknown || g.seats[0].range || options == NULL ||
        option_count < 1 || option_count > BADUGI_ADVICE_MAX_OPTIONS || results == NULL ||
        results_size != (size_t)option_count * BADUGI_EQUITY_SAMPLE_FIELDS)
        return BADUGI_E_ARGUMENT;
    for (int o = 0; o < option_count; o++)
        if (options[o] < 0 || options[o] > 15)
            return BADUGI_E_ARGUMENT;
    memset(results, 0, results_size * sizeof *results);
    struct sample_task base = {&g, seed, 0, 0, NULL, results, options, option_count, 0};
    return run_trials(advice_trials, base, first_trial, samples, threads);
}

/* ---- Exact equity with one draw ------------------------------------------------------------------------------ *
 *
 * Every deal of the unknown cards and the ranges is taken in turn (weighted). Within a deal, every player but one
 * (the "last": known cards, and the most possible draws) is walked: each way its draw can come, disjoint from the
 * cards dealt and the draws of the players before it. For the last player, the number of its draws from what is
 * left that rank below, at or above the best of the others is counted by inclusion-exclusion over the cards U the
 * others hold from the stub and drew: the draws X avoiding U are the sum over T in U of (-1)^|T| times the draws
 * containing T. The draws containing no card, one card or (for a draw of three or four) two given cards are read
 * from cumulative rank counts made once (once per hand of the last player, when no player's cards are all known);
 * larger T are walked (a draw of k containing k - 1 or k given cards is a few lookups).
 */

struct count {
    const struct question *g;
    const uint16_t *ranks;
    uint64_t stub; /* what the last player draws from: the question's stub less the last player's own cards */
    int n, position[52]; /* a card's place among the stub's cards */
    int players, last, others, order[BADUGI_ODDS_MAX_PLAYERS]; /* order: the walked players */
    int dealt, dealt_order[BADUGI_ODDS_MAX_PLAYERS];          /* the players whose cards are dealt, in order */
    uint64_t last_kept;
    int last_draw;
    const uint32_t *cumulative[3]; /* for T of 0, 1, 2 cards: row(T)[r] = draws containing T ranked r or better */
};

/* One deal of the unknown cards: what every player keeps and draws, and the cards dealt from the stub. */
struct deal {
    uint64_t kept[BADUGI_ODDS_MAX_PLAYERS];
    int draw[BADUGI_ODDS_MAX_PLAYERS];
    uint64_t held;
};

/* Add `sign` times the indicator of the last player's draw `x` into the three counts. */
static inline void count_rank(const struct count *c, uint64_t x, int best, int64_t sign, int64_t counts[3])
{
    int r = rank_of(c->ranks, c->last_kept | x);
    counts[0] += sign * (r < best);
    counts[1] += sign * (r <= best);
    counts[2] += sign;
}

/* The last player's draws avoiding `used` that rank below / at or below / anywhere relative to `best`. */
static void count_last(const struct count *c, uint64_t used, int best, int64_t counts[3])
{
    int k = c->last_draw;
    counts[0] = counts[1] = counts[2] = 0;
    for (int size = 0; size <= k && size <= popcount(used); size++) {
        int64_t sign = size & 1 ? -1 : 1;
        struct subsets s;
        uint64_t t;
        subsets_start(&s, used, size);
        while (subsets_next(&s, &t)) {
            const uint32_t *row = NULL;
            if (size == 0) {
                row = c->cumulative[0];
            } else if (size == 1) {
                row = c->cumulative[1] + (size_t)c->position[lowest(t)] * BADUGI_ODDS_BINS;
            } else if (size == 2 && k >= 3) {
                unsigned low = lowest(t), high = lowest(t & (t - 1));
                size_t pair = (size_t)c->position[low] + choose2((uint32_t)c->position[high]);
                row = c->cumulative[2] + pair * BADUGI_ODDS_BINS;
            }
            if (row) {
                counts[0] += sign * row[best - 1];
                counts[1] += sign * row[best];
                counts[2] += sign * row[LAST_RANK];
            } else if (size == k) {
                count_rank(c, t, best, sign, counts);
            } else { /* size == 3, k == 4: the fourth card is any other card of the stub */
                for (uint64_t rest = c->stub & ~t; rest; rest &= rest - 1)
                    count_rank(c, t | (rest & -rest), best, sign, counts);
            }
        }
    }
}

/* A share of some work, numbered from 0: items begin .. end - 1. */
struct span {
    uint64_t begin, end;
};

static inline int outside(const struct span *span, uint64_t number)
{
    return span && (number < span->begin || number >= span->end);
}

/* Walk the draws of walked player number `level`, then the next, and count the last player at the end (only the
 * first walked player's draws in `span`, unless NULL). */
static void walk_players(const struct count *c, const struct deal *d, int level, uint64_t used, int *ranks,
                         int64_t (*totals)[BADUGI_EQUITY_EXACT_FIELDS], const struct span *span)
{
    int p = c->order[level];
    struct subsets s;
    uint64_t x, number = 0;
    subsets_start(&s, c->stub & ~used, d->draw[p]);
    for (; subsets_next(&s, &x); number++) {
        if (outside(span, number))
            continue;
        ranks[p] = rank_of(c->ranks, d->kept[p] | x);
        if (level + 1 < c->others) {
            walk_players(c, d, level + 1, used | x, ranks, totals, NULL);
            continue;
        }
        int best = LAST_RANK, ways = 0;
        for (int i = 0; i < c->others; i++)
            best = ranks[c->order[i]] < best ? ranks[c->order[i]] : best;
        for (int i = 0; i < c->others; i++)
            ways += ranks[c->order[i]] == best;
        int64_t counts[3];
        count_last(c, used | x, best, counts);
        int64_t below = counts[0], level_with = counts[1] - counts[0], above = counts[2] - counts[1];
        totals[c->last][0] += below;
        totals[c->last][ways + 1] += level_with;
        for (int i = 0; i < c->others; i++) {
            int q = c->order[i];
            if (ranks[q] != best)
                continue;
            totals[q][ways + 1] += level_with;
            totals[q][ways == 1 ? 0 : ways] += above;
        }
    }
}

/* Fill the cumulative rank counts of the last player's draws (containing no card, each card, each pair). */
static void cumulative_counts(struct count *c, uint32_t *work)
{
    int k = c->last_draw;
    size_t rows = 1 + (size_t)c->n + (k >= 3 ? (size_t)choose2((uint32_t)c->n) : 0);
    memset(work, 0, rows * BADUGI_ODDS_BINS * sizeof *work);
    uint32_t *none = work, *one = work + BADUGI_ODDS_BINS, *two = one + (size_t)c->n * BADUGI_ODDS_BINS;
    struct subsets s;
    uint64_t x;
    subsets_start(&s, c->stub, k);
    while (subsets_next(&s, &x)) {
        int r = rank_of(c->ranks, c->last_kept | x), cards[4], m = card_list(x, cards);
        none[r]++;
        for (int i = 0; i < m; i++) {
            one[(size_t)c->position[cards[i]] * BADUGI_ODDS_BINS + (size_t)r]++;
            for (int j = 0; j < i && k >= 3; j++) {
                size_t pair = (size_t)c->position[cards[j]] + choose2((uint32_t)c->position[cards[i]]);
                two[pair * BADUGI_ODDS_BINS + (size_t)r]++;
            }
        }
    }
    for (size_t row = 0; row < rows; row++)
        for (int r = 1; r < BADUGI_ODDS_BINS; r++)
            work[row * BADUGI_ODDS_BINS + (size_t)r] += work[row * BADUGI_ODDS_BINS + (size_t)r - 1];
    c->cumulative[0] = none;
    c->cumulative[1] = one;
    c->cumulative[2] = two;
}

/* The last player's hand: its stub (the question's, less its cards), the places of the stub's cards. */
static void last_hand(struct count *c, uint64_t hand, uint64_t kept, int draw)
{
    c->stub = c->g->stub & ~hand;
    c->n = popcount(c->stub);
    c->last_kept = kept;
    c->last_draw = draw;
    for (int i = 0, at = 0; i < 52; i++)
        c->position[i] = c->stub & bit((unsigned)i) ? at++ : -1;
}

static double table_steps(const struct count *c)
{
    return choose(c->n, c->last_draw) * 7 + (1 + c->n + choose(c->n, 2)) * BADUGI_ODDS_BINS;
}

/* What one step of a walk (the next draw of a walked player, or the next deal) and one term of an
 * inclusion-exclusion (three reads of tables of megabytes, mostly missed in cache) cost, in table reads: measured. */
#define WALK_STEPS 12
#define TERM_STEPS 3

/* A walk through every deal of the unknown cards: estimating the work, or counting. */
struct count_run {
    struct count *c; /* changed only by the thread that deals the last player's hands, when it has unknown cards */
    uint32_t *work;
    int counting; /* 0: only estimate the steps */
    double steps, max_steps;
    double weights, deals;
    double results[BADUGI_ODDS_MAX_PLAYERS][BADUGI_EQUITY_EXACT_FIELDS];
    struct span span; /* of the first dealt player's hands (or, with none dealt, of the first walked player's draws) */
    int error;
};

/* One deal of every unknown card: the steps it takes, or its counts (each deal of the draws equally likely). */
static void count_deal(struct count_run *run, const struct deal *d, double weight)
{
    const struct count *c = run->c;
    double walked = 1, left = c->n - popcount(d->held);
    int drawn = popcount(d->held), k = c->last_draw;
    for (int i = 0; i < c->others; i++) {
        walked *= choose((int)left, d->draw[c->order[i]]);
        left -= d->draw[c->order[i]];
        drawn += d->draw[c->order[i]];
    }
    if (left < k) {
        run->error = BADUGI_E_RESHUFFLE;
        return;
    }
    double deals = walked * choose((int)left, k);
    if (!run->counting) {
        double terms = 1;
        for (int size = 1; size <= k && size <= drawn; size++)
            terms += choose(drawn, size) * (size == 3 && k == 4 ? c->n : 1);
        run->steps += walked * (TERM_STEPS * terms + c->others + WALK_STEPS) + WALK_STEPS;
        run->weights += weight;
        run->deals += deals;
        if (run->steps > run->max_steps)
            run->error = BADUGI_E_BUDGET;
        return;
    }
    int64_t totals[BADUGI_ODDS_MAX_PLAYERS][BADUGI_EQUITY_EXACT_FIELDS] = {{0}};
    int ranks[BADUGI_ODDS_MAX_PLAYERS] = {0};
    walk_players(c, d, 0, d->held, ranks, totals, c->dealt ? NULL : &run->span);
    for (int p = 0; p < c->players; p++)
        for (int f = 0; f < BADUGI_EQUITY_EXACT_FIELDS; f++)
            run->results[p][f] += weight * (double)totals[p][f] / deals;
    run->weights += weight;
    run->deals += deals;
}

/* Deal the hand of dealt player number `level` in every way, then the next; each full deal to count_deal. */
static void deal_players(struct count_run *run, int level, uint64_t taken, double weight, struct deal *d)
{
    struct count *c = run->c;
    if (level == c->dealt) {
        count_deal(run, d, weight);
        return;
    }
    const struct question *g = c->g;
    int p = c->dealt_order[level];
    const struct seat *s = &g->seats[p];
    struct hands_of each;
    uint64_t hand, held = d->held, number = 0;
    double w;
    hands_start(&each, s, g->stub & ~taken);
    for (; hands_next(&each, taken, &hand, &w) && !run->error; number++) {
        if (level == 0 && outside(&run->span, number))
            continue;
        uint64_t thrown = 0;
        if (g->draws && s->discard != 0) {
            int sure;
            thrown = sure_choice(s->policy, hand, 1, &sure);
            if (!sure) {
                run->error = BADUGI_E_RANDOM;
                return;
            }
        }
        if (p == c->last) { /* no player's cards are all known: this player is counted, its tables made again */
            last_hand(c, hand, hand & ~thrown, popcount(thrown));
            if (!run->counting) {
                run->steps += table_steps(c);
            } else {
                cumulative_counts(c, run->work);
            }
        } else {
            d->kept[p] = hand & ~thrown;
            d->draw[p] = popcount(thrown);
            d->held = held | (hand & ~s->fixed);
        }
        deal_players(run, level + 1, taken | hand, weight * w, d);
        d->held = held;
    }
}

struct count_task {
    struct count_run run;
    const struct deal *base;
};

static void *count_thread(void *arg)
{
    struct count_task *task = arg;
    struct deal d = *task->base;
    deal_players(&task->run, 0, ~task->run.c->g->stub, 1.0, &d);
    return NULL;
}

int badugi_equity_exact(const struct badugi_question *question, double max_work, double parallel_from, int threads,
                        double *results, size_t results_size, uint32_t *work, size_t work_size, double *deals,
                        double *steps)
{
    struct question g;
    int error = question_check(question, &g);
    if (error)
        return error;
    if (g.players < 2 || g.draws > 1 || results == NULL ||
        results_size != (size_t)g.players * BADUGI_EQUITY_EXACT_FIELDS || work == NULL ||
        work_size != BADUGI_EQUITY_WORK || deals == NULL || steps == NULL || !(max_work >= 0) ||
        !(parallel_from >= 0) || threads < 1 || threads > BADUGI_MAX_THREADS)
        return BADUGI_E_ARGUMENT;
    struct count c;
    struct deal base;
    memset(&c, 0, sizeof c);
    memset(&base, 0, sizeof base);
    c.g = &g;
    c.ranks = g.ranks;
    c.players = g.players;
    c.last = -1;
    /* The known players keep and draw as their given discard or their policy's sure choice says. */
    for (int p = 0; p < g.players; p++) {
        const struct seat *s = &g.seats[p];
        if (s->unknown || s->range) {
            c.dealt_order[c.dealt++] = p;
            continue;
        }
        uint64_t thrown = 0;
        if (g.draws && s->discard >= 0) {
            for (int i = 0; i < 4; i++)
                if (s->discard >> i & 1)
                    thrown |= bit((unsigned)s->cards[i]);
        } else if (g.draws) {
            int sure;
            thrown = sure_choice(s->policy, s->fixed, 1, &sure);
            if (!sure)
                return BADUGI_E_RANDOM;
        }
        base.kept[p] = s->fixed & ~thrown;
        base.draw[p] = popcount(thrown);
        if (c.last < 0 || base.draw[p] > base.draw[c.last])
            c.last = p;
    }
    int last_known = c.last >= 0;
    if (!last_known)
        c.last = c.dealt_order[0]; /* counted hand by hand */
    for (int p = 0; p < g.players; p++)
        if (p != c.last)
            c.order[c.others++] = p;
    double bound = 1;
    for (int i = 0; i < c.dealt; i++)
        bound *= hands_bound(&g.seats[c.dealt_order[i]], g.stub);
    if (bound > max_work)
        return BADUGI_E_BUDGET;
    /* Estimate the work, deal by deal, before any of it is done. */
    struct count_run estimate;
    memset(&estimate, 0, sizeof estimate);
    estimate.c = &c;
    estimate.max_steps = max_work;
    estimate.span = (struct span){0, UINT64_MAX};
    if (last_known) {
        last_hand(&c, g.seats[c.last].fixed, base.kept[c.last], base.draw[c.last]);
        estimate.steps = table_steps(&c);
    }
    struct deal d = base;
    deal_players(&estimate, 0, ~g.stub, 1.0, &d);
    *steps = estimate.steps;
    if (estimate.error)
        return estimate.error;
    if (!(estimate.weights > 0))
        return BADUGI_E_RANGES;
    /* Count, sharing the first dealt player's hands (or, with none, the first walked player's draws). */
    uint64_t items;
    if (!last_known) {
        threads = 1;
        items = 1;
    } else {
        if ((1 + (size_t)c.n + (size_t)choose2((uint32_t)c.n)) * BADUGI_ODDS_BINS > work_size)
            return BADUGI_E_ARGUMENT; /* a stub of at most 48 cards always fits */
        cumulative_counts(&c, work);
        items = c.dealt ? (uint64_t)hands_bound(&g.seats[c.dealt_order[0]], g.stub)
                        : (uint64_t)choose(c.n, base.draw[c.order[0]]);
        threads = estimate.steps < parallel_from ? 1 : threads_for(threads, items);
    }
    struct count_task tasks[BADUGI_MAX_THREADS];
    for (int t = 0; t < threads; t++) {
        memset(&tasks[t], 0, sizeof tasks[t]);
        tasks[t].run.c = &c;
        tasks[t].run.work = work;
        tasks[t].run.counting = 1;
        tasks[t].run.span = last_known ? (struct span){share(items, t, threads), share(items, t + 1, threads)}
                                       : (struct span){0, UINT64_MAX};
        tasks[t].base = &base;
    }
    run_parallel(count_thread, tasks, sizeof tasks[0], threads);
    double total[BADUGI_ODDS_MAX_PLAYERS][BADUGI_EQUITY_EXACT_FIELDS] = {{0}}, weights = 0, all_deals = 0;
    for (int t = 0; t < threads; t++) {
        if (tasks[t].run.error)
            return tasks[t].run.error;
        for (int p = 0; p < g.players; p++)
            for (int f = 0; f < BADUGI_EQUITY_EXACT_FIELDS; f++)
                total[p][f] += tasks[t].run.results[p][f];
        all_deals += tasks[t].run.deals;
    }
    /* With nothing dealt every thread saw the one deal: its weight once. */
    weights = c.dealt ? 0 : 1;
    for (int t = 0; t < threads && c.dealt; t++)
        weights += tasks[t].run.weights;
    if (!c.dealt)
        all_deals /= threads;
    for (int p = 0; p < g.players; p++)
        for (int f = 0; f < BADUGI_EQUITY_EXACT_FIELDS; f++)
            results[p * BADUGI_EQUITY_EXACT_FIELDS + f] = total[p][f] / weights;
    *deals = all_deals;
    return 0;
}
