/* badugi-fast: draw odds and equity with draws to come (see odds.h).
 *
 * These loops follow Python definitions that stay the specification: the policies of badugi_fast/drawing.py
 * (badugi_policy_table mirrors them; the tests compare the tables on every hand), and the plain walks and
 * simulations of badugi_fast/reference_odds.py (draw_odds, equity), which the tests hold these results to.
 */
#include "odds.h"

#include <pthread.h>
#include <string.h>

#include "badugi.h"

#define DECK ((UINT64_C(1) << 52) - 1)
#define WORST_BADUGI 715 /* K-Q-J-T: rank numbers 1..715 are four-card hands (ranks.py WORST_BADUGI) */
#define JACK 10          /* rank index of the jack in a card code (code >> 2) */
#define LAST_RANK (BADUGI_ODDS_BINS - 1)
#define SMALL_COUNT 4e6 /* exact equity steps below which a second thread costs more than it saves (milliseconds) */

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

/* The set of `count` card codes, added to *taken; BADUGI_E_CARDS for a code out of range or already taken. */
static int take_cards(const int *codes, int count, uint64_t *taken, uint64_t *set)
{
    *set = 0;
    for (int i = 0; i < count; i++) {
        if (codes[i] < 0 || codes[i] > 51 || (*taken & bit((unsigned)codes[i])))
            return BADUGI_E_CARDS;
        *taken |= bit((unsigned)codes[i]);
        *set |= bit((unsigned)codes[i]);
    }
    return 0;
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

/* ---- Exact draw odds ----------------------------------------------------------------------------------------- *
 *
 * The final hand after the last draw is counted without walking the last draw. A last draw keeps K and throws k
 * cards, to be replaced from the stub S less the cards R already drawn. By inclusion-exclusion over the cards R'
 * of R that are not kept, the completions of K from S \ R are
 *     sum over T in R', |T| <= k, of (-1)^|T| Z(K + T),
 * where Z(G) is the rank distribution of G completed from S \ G in every way: it depends on G alone. So each
 * path to the last draw adds a few signed weights to a coefficient per set G (by its size: 4 cards are a rank
 * already, 3, 2, 1 and 0 cards have a dense index), and the completions are walked once per distinct G at the
 * end. The draws before the last are walked.
 */

struct walk {
    const uint16_t *ranks;
    struct policy policy;
    uint64_t stub;
    double *coefficients[4]; /* by size of G: 0, 1, 2, 3 cards */
    double *probabilities;
    double deals, paths;
    int counting; /* only count the paths */
    int error;
};

static void add_coefficient(struct walk *w, uint64_t cards, double value)
{
    int size = popcount(cards);
    unsigned c[4] = {0, 0, 0, 0};
    if (size == 4) {
        w->probabilities[rank_of(w->ranks, cards)] += value;
        return;
    }
    for (int i = 0; i < size; i++) {
        c[i] = lowest(cards);
        cards &= cards - 1;
    }
    size_t slot = size == 3 ? c[0] + choose2(c[1]) + choose3(c[2]) : size == 2 ? c[0] + choose2(c[1]) : c[0];
    w->coefficients[size][slot] += value;
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

static void complete(struct walk *w)
{
    if (w->coefficients[0][0] != 0.0)
        add_completions(w, 0, w->coefficients[0][0]);
    size_t slot2 = 0, slot3 = 0;
    for (unsigned c = 0; c < 52; c++) {
        if (w->coefficients[1][c] != 0.0)
            add_completions(w, bit(c), w->coefficients[1][c]);
        for (unsigned b = 0; b < c; b++, slot2++) {
            if (w->coefficients[2][slot2] != 0.0)
                add_completions(w, bit(b) | bit(c), w->coefficients[2][slot2]);
        }
    }
    for (unsigned c = 2; c < 52; c++)
        for (unsigned b = 1; b < c; b++)
            for (unsigned a = 0; a < b; a++, slot3++)
                if (w->coefficients[3][slot3] != 0.0)
                    add_completions(w, bit(a) | bit(b) | bit(c), w->coefficients[3][slot3]);
}

/* The hand, dead cards and first discard of a draw-odds question, checked. */
static int odds_inputs(const int *hand, int discard, int draws, uint64_t dead, uint64_t *hand_set,
                       uint64_t *thrown)
{
    uint64_t taken = dead;
    if (hand == NULL || (dead & ~DECK) || draws < 0 || draws > BADUGI_ODDS_MAX_DRAWS || discard < -1 ||
        discard > 15 || (draws == 0 && discard > 0))
        return BADUGI_E_ARGUMENT;
    int error = take_cards(hand, 4, &taken, hand_set);
    if (error)
        return error;
    *thrown = 0;
    for (int i = 0; i < 4; i++)
        if (discard > 0 && (discard >> i & 1))
            *thrown |= bit((unsigned)hand[i]);
    return 0;
}

int badugi_draw_odds_exact(const int *hand, int discard, int draws, uint64_t dead, const uint8_t *masks,
                           size_t masks_size, const double *first, size_t first_size, double max_paths,
                           double *probabilities, size_t probabilities_size, double *work, size_t work_size,
                           double *deals)
{
    uint64_t hand_set, thrown;
    size_t tables;
    int error = check_tables(masks, masks_size, first, first_size, &tables);
    if (!error)
        error = odds_inputs(hand, discard, draws, dead, &hand_set, &thrown);
    if (error)
        return error;
    if (probabilities == NULL || probabilities_size != BADUGI_ODDS_BINS || work == NULL ||
        work_size != BADUGI_ODDS_WORK || deals == NULL || !(max_paths >= 0))
        return BADUGI_E_ARGUMENT;
    struct walk w = {badugi_rank_table(), table_at(masks, first, 0), DECK & ~(hand_set | dead), {0}, probabilities,
                     0, 0, 0, 0};
    memset(probabilities, 0, BADUGI_ODDS_BINS * sizeof *probabilities);
    if (draws == 0) {
        probabilities[rank_of(w.ranks, hand_set)] = 1.0;
        *deals = 1;
        return 0;
    }
    struct choices c = {1, {thrown, 0}, {1.0, 0.0}};
    if (discard < 0)
        c = policy_choices(w.policy, hand_set, draws);
    /* First count the paths to the last draw (cheaply: the draw before the last is not walked). */
    w.counting = 1;
    for (int i = 0; i < c.count && !w.error; i++)
        walk_draw(&w, hand_set, c.thrown[i], 0, draws, c.probability[i]);
    if (w.error)
        return w.error;
    if (w.paths > max_paths)
        return BADUGI_E_BUDGET;
    memset(work, 0, BADUGI_ODDS_WORK * sizeof *work);
    w.coefficients[0] = work;
    w.coefficients[1] = work + 1;
    w.coefficients[2] = work + 1 + 52;
    w.coefficients[3] = work + 1 + 52 + 1326;
    w.counting = 0;
    w.deals = w.paths = 0;
    for (int i = 0; i < c.count && !w.error; i++)
        walk_draw(&w, hand_set, c.thrown[i], 0, draws, c.probability[i]);
    if (w.error)
        return w.error;
    complete(&w);
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

/* A table of players drawing: the question every trial replays. */
struct game {
    const uint16_t *ranks;
    const uint8_t *masks;
    const double *first;
    int players, draws;
    int cards[BADUGI_ODDS_MAX_PLAYERS][4];
    int discards[BADUGI_ODDS_MAX_PLAYERS];
    size_t policy_of[BADUGI_ODDS_MAX_PLAYERS];
    uint8_t stub[52];
    int stub_size;
};

/* The positions (in hand[], bit i = hand[i]) of the cards a policy throws now, choosing with the generator when it
 * has two choices. */
static unsigned policy_positions(const struct game *g, int player, const int hand[4], int left, struct rng *r)
{
    uint64_t set = bit((unsigned)hand[0]) | bit((unsigned)hand[1]) | bit((unsigned)hand[2]) | bit((unsigned)hand[3]);
    unsigned sorted[4];
    size_t entry = g->policy_of[player] * BADUGI_POLICY_ENTRIES + 3 * (size_t)hand_index(set, sorted) + (size_t)(left - 1);
    unsigned mask = g->masks[entry] & 15;
    if ((g->masks[entry] >> 4) != mask && g->first && !(rng_unit(r) < g->first[entry]))
        mask = g->masks[entry] >> 4;
    unsigned positions = 0;
    for (int i = 0; i < 4; i++)
        if (mask >> i & 1)
            for (int j = 0; j < 4; j++)
                if ((unsigned)hand[j] == sorted[i])
                    positions |= 1u << j;
    return positions;
}

/* Play one trial: every draw of every player in order, then the rank of each final hand into final[]. */
static int play(const struct game *g, uint64_t seed, uint64_t trial, int *final)
{
    struct rng r;
    uint8_t stub[52], muck[52];
    int cards[BADUGI_ODDS_MAX_PLAYERS][4];
    int stub_size = g->stub_size, muck_size = 0;
    rng_start(&r, seed, trial);
    memcpy(stub, g->stub, (size_t)stub_size);
    memcpy(cards, g->cards, sizeof cards);
    for (int left = g->draws; left >= 1; left--) {
        for (int p = 0; p < g->players; p++) {
            int *hand = cards[p];
            unsigned positions = left == g->draws && g->discards[p] >= 0 ? (unsigned)g->discards[p]
                                                                           : policy_positions(g, p, hand, left, &r);
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
    for (int p = 0; p < g->players; p++) {
        const int *hand = cards[p];
        final[p] = rank_of(g->ranks, bit((unsigned)hand[0]) | bit((unsigned)hand[1]) | bit((unsigned)hand[2]) |
                                         bit((unsigned)hand[3]));
    }
    return 0;
}

/* Set up a game from checked inputs; hands holds 4 codes per player. */
static int game_setup(struct game *g, int players, const int *hands, const int *discards, int draws, uint64_t dead,
                      const uint8_t *masks, size_t masks_size, const double *first, size_t first_size,
                      const int *policy_of)
{
    size_t tables;
    int error = check_tables(masks, masks_size, first, first_size, &tables);
    if (error)
        return error;
    if (players < 1 || players > BADUGI_ODDS_MAX_PLAYERS || hands == NULL || discards == NULL ||
        policy_of == NULL || draws < 1 || draws > BADUGI_ODDS_MAX_DRAWS || (dead & ~DECK))
        return BADUGI_E_ARGUMENT;
    uint64_t taken = dead, set;
    memset(g, 0, sizeof *g);
    g->ranks = badugi_rank_table();
    g->masks = masks;
    g->first = first;
    g->players = players;
    g->draws = draws;
    for (int p = 0; p < players; p++) {
        if (discards[p] < -1 || discards[p] > 15 || policy_of[p] < 0 || (size_t)policy_of[p] >= tables)
            return BADUGI_E_ARGUMENT;
        error = take_cards(hands + 4 * p, 4, &taken, &set);
        if (error)
            return error;
        memcpy(g->cards[p], hands + 4 * p, sizeof g->cards[p]);
        g->discards[p] = discards[p];
        g->policy_of[p] = (size_t)policy_of[p];
    }
    int stub[52];
    g->stub_size = card_list(DECK & ~taken, stub);
    for (int i = 0; i < g->stub_size; i++)
        g->stub[i] = (uint8_t)stub[i];
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
    const struct game *game;
    uint64_t seed, begin, end;
    pthread_mutex_t *lock;
    uint64_t *out;
    int error;
};

static void *odds_trials(void *arg)
{
    struct sample_task *task = arg;
    uint64_t counts[BADUGI_ODDS_BINS] = {0};
    int final[1];
    for (uint64_t i = task->begin; i < task->end; i++) {
        task->error = play(task->game, task->seed, i, final);
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

static void *equity_trials(void *arg)
{
    struct sample_task *task = arg;
    const struct game *g = task->game;
    uint64_t totals[BADUGI_ODDS_MAX_PLAYERS][BADUGI_EQUITY_SAMPLE_FIELDS] = {{0}};
    int final[BADUGI_ODDS_MAX_PLAYERS];
    for (uint64_t i = task->begin; i < task->end; i++) {
        task->error = play(g, task->seed, i, final);
        if (task->error)
            return NULL;
        int best = final[0], ways = 0;
        for (int p = 1; p < g->players; p++)
            best = final[p] < best ? final[p] : best;
        for (int p = 0; p < g->players; p++)
            ways += final[p] == best;
        uint64_t share = (uint64_t)(60 / ways);
        for (int p = 0; p < g->players; p++) {
            if (final[p] != best)
                continue;
            totals[p][ways == 1 ? 0 : 1]++;
            totals[p][2] += share;
            totals[p][3] += share * share;
        }
    }
    pthread_mutex_lock(task->lock);
    for (int p = 0; p < g->players; p++)
        for (int f = 0; f < BADUGI_EQUITY_SAMPLE_FIELDS; f++)
            task->out[p * BADUGI_EQUITY_SAMPLE_FIELDS + f] += totals[p][f];
    pthread_mutex_unlock(task->lock);
    return NULL;
}

/* Run `samples` trials over `threads` threads; the first error any thread met, or 0. */
static int run_trials(void *(*work)(void *), const struct game *g, uint64_t seed, uint64_t samples, int threads,
                      uint64_t *out)
{
    struct sample_task tasks[BADUGI_MAX_THREADS];
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    for (int t = 0; t < threads; t++)
        tasks[t] = (struct sample_task){g, seed, share(samples, t, threads), share(samples, t + 1, threads), &lock, out, 0};
    run_parallel(work, tasks, sizeof tasks[0], threads);
    pthread_mutex_destroy(&lock);
    for (int t = 0; t < threads; t++)
        if (tasks[t].error)
            return tasks[t].error;
    return 0;
}

int badugi_draw_odds_sample(const int *hand, int discard, int draws, uint64_t dead, const uint8_t *masks,
                            size_t masks_size, const double *first, size_t first_size, uint64_t seed,
                            uint64_t samples, int threads, uint64_t *counts, size_t counts_size)
{
    struct game g;
    const int policy_of[1] = {0}, discards[1] = {discard};
    int error = game_setup(&g, 1, hand, discards, draws, dead, masks, masks_size, first, first_size, policy_of);
    if (error)
        return error;
    threads = threads_for(threads, samples);
    if (!threads || samples == 0 || counts == NULL || counts_size != BADUGI_ODDS_BINS)
        return BADUGI_E_ARGUMENT;
    memset(counts, 0, BADUGI_ODDS_BINS * sizeof *counts);
    return run_trials(odds_trials, &g, seed, samples, threads, counts);
}

int badugi_equity_sample(int players, const int *hands, const int *discards, int draws, uint64_t dead,
                         const uint8_t *masks, size_t masks_size, const double *first, size_t first_size,
                         const int *policy_of, uint64_t seed, uint64_t samples, int threads, uint64_t *results,
                         size_t results_size)
{
    struct game g;
    int error = game_setup(&g, players, hands, discards, draws, dead, masks, masks_size, first, first_size, policy_of);
    if (error)
        return error;
    threads = threads_for(threads, samples);
    if (players < 2 || !threads || samples == 0 || results == NULL ||
        results_size != (size_t)players * BADUGI_EQUITY_SAMPLE_FIELDS)
        return BADUGI_E_ARGUMENT;
    memset(results, 0, results_size * sizeof *results);
    return run_trials(equity_trials, &g, seed, samples, threads, results);
}

/* ---- Exact equity with one draw ------------------------------------------------------------------------------ *
 *
 * Every player but one (the "last", the one with the most possible draws) is walked: each way its draw can come,
 * disjoint from the draws of the players before it. For the last player, the number of its draws from what is
 * left that rank below, at or above the best of the others is counted by inclusion-exclusion over the cards U the
 * others drew: the draws X avoiding U are the sum over T in U of (-1)^|T| times the draws containing T. The draws
 * containing no card, one card or (for a draw of three or four) two given cards are read from cumulative rank
 * counts made once; larger T are walked (a draw of k containing k - 1 or k given cards is a few lookups).
 */

struct count {
    const uint16_t *ranks;
    uint64_t stub;
    int n, position[52]; /* a card's place among the stub's cards */
    int players, last, others, order[BADUGI_ODDS_MAX_PLAYERS];
    uint64_t kept[BADUGI_ODDS_MAX_PLAYERS];
    int draw[BADUGI_ODDS_MAX_PLAYERS];
    const uint32_t *cumulative[3]; /* for T of 0, 1, 2 cards: row(T)[r] = draws containing T ranked r or better */
};

struct count_task {
    const struct count *c;
    uint64_t begin, end; /* the first walked player's draws [begin, end), in subset order */
    pthread_mutex_t *lock;
    int64_t *out;
};

/* Add `sign` times the indicator of the last player's draw `x` into the three counts. */
static inline void count_rank(const struct count *c, uint64_t x, int best, int64_t sign, int64_t counts[3])
{
    int r = rank_of(c->ranks, c->kept[c->last] | x);
    counts[0] += sign * (r < best);
    counts[1] += sign * (r <= best);
    counts[2] += sign;
}

/* The last player's draws avoiding `used` that rank below / at or below / anywhere relative to `best`. */
static void count_last(const struct count *c, uint64_t used, int best, int64_t counts[3])
{
    int k = c->draw[c->last];
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

/* Walk the draws of walked player number `level`, then the next, and count the last player at the end. */
static void walk_players(const struct count *c, int level, uint64_t used, int *ranks, int64_t (*totals)[7],
                         uint64_t begin, uint64_t end)
{
    int p = c->order[level];
    struct subsets s;
    uint64_t x, number = 0;
    subsets_start(&s, c->stub & ~used, c->draw[p]);
    for (; subsets_next(&s, &x); number++) {
        if (level == 0 && (number < begin || number >= end))
            continue;
        ranks[p] = rank_of(c->ranks, c->kept[p] | x);
        if (level + 1 < c->others) {
            walk_players(c, level + 1, used | x, ranks, totals, 0, 0);
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

static void *count_players(void *arg)
{
    struct count_task *task = arg;
    const struct count *c = task->c;
    int64_t totals[BADUGI_ODDS_MAX_PLAYERS][BADUGI_EQUITY_EXACT_FIELDS] = {{0}};
    int ranks[BADUGI_ODDS_MAX_PLAYERS] = {0};
    walk_players(c, 0, 0, ranks, totals, task->begin, task->end);
    pthread_mutex_lock(task->lock);
    for (int p = 0; p < c->players; p++)
        for (int f = 0; f < BADUGI_EQUITY_EXACT_FIELDS; f++)
            task->out[p * BADUGI_EQUITY_EXACT_FIELDS + f] += totals[p][f];
    pthread_mutex_unlock(task->lock);
    return NULL;
}

/* Fill the cumulative rank counts of the last player's draws (containing no card, each card, each pair). */
static void cumulative_counts(struct count *c, uint32_t *work)
{
    int k = c->draw[c->last];
    size_t rows = 1 + (size_t)c->n + (k >= 3 ? (size_t)choose2((uint32_t)c->n) : 0);
    memset(work, 0, rows * BADUGI_ODDS_BINS * sizeof *work);
    uint32_t *none = work, *one = work + BADUGI_ODDS_BINS, *two = one + (size_t)c->n * BADUGI_ODDS_BINS;
    struct subsets s;
    uint64_t x;
    subsets_start(&s, c->stub, k);
    while (subsets_next(&s, &x)) {
        int r = rank_of(c->ranks, c->kept[c->last] | x), cards[4], m = card_list(x, cards);
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

int badugi_equity_exact(int players, const int *hands, const int *discards, uint64_t dead, const uint8_t *masks,
                        size_t masks_size, const double *first, size_t first_size, const int *policy_of,
                        double max_work, int threads, int64_t *results, size_t results_size, uint32_t *work,
                        size_t work_size, double *deals)
{
    struct game g;
    int error = game_setup(&g, players, hands, discards, 1, dead, masks, masks_size, first, first_size, policy_of);
    if (error)
        return error;
    if (players < 2 || results == NULL || results_size != (size_t)players * BADUGI_EQUITY_EXACT_FIELDS ||
        work == NULL || work_size != BADUGI_EQUITY_WORK || deals == NULL || !(max_work >= 0) || threads < 1 ||
        threads > BADUGI_MAX_THREADS)
        return BADUGI_E_ARGUMENT;
    struct count c;
    memset(&c, 0, sizeof c);
    c.ranks = g.ranks;
    c.players = players;
    uint64_t taken = dead;
    for (int p = 0; p < players; p++) {
        const int *hand = g.cards[p];
        uint64_t set = bit((unsigned)hand[0]) | bit((unsigned)hand[1]) | bit((unsigned)hand[2]) | bit((unsigned)hand[3]);
        uint64_t thrown = 0;
        if (g.discards[p] >= 0) {
            for (int i = 0; i < 4; i++)
                if (g.discards[p] >> i & 1)
                    thrown |= bit((unsigned)hand[i]);
        } else {
            struct choices choice = policy_choices(table_at(masks, first, g.policy_of[p]), set, 1);
            if (choice.count != 1)
                return BADUGI_E_RANDOM;
            thrown = choice.thrown[0];
        }
        c.kept[p] = set & ~thrown;
        c.draw[p] = popcount(thrown);
        taken |= set;
    }
    c.stub = DECK & ~taken;
    c.n = popcount(c.stub);
    int total = 0;
    for (int p = 0; p < players; p++)
        total += c.draw[p];
    if (total > c.n)
        return BADUGI_E_RESHUFFLE;
    for (int i = 0, at = 0; i < 52; i++)
        c.position[i] = c.stub & bit((unsigned)i) ? at++ : -1;
    c.last = 0;
    for (int p = 1; p < players; p++)
        if (c.draw[p] > c.draw[c.last])
            c.last = p;
    for (int p = 0; p < players; p++)
        if (p != c.last)
            c.order[c.others++] = p;
    /* The work: the walked players' joint draws, times the inclusion-exclusion terms of each; plus the tables. */
    double walked = 1, left = c.n;
    int drawn = 0, k = c.draw[c.last];
    for (int i = 0; i < c.others; i++) {
        walked *= choose((int)left, c.draw[c.order[i]]);
        left -= c.draw[c.order[i]];
        drawn += c.draw[c.order[i]];
    }
    double terms = 1;
    for (int size = 1; size <= k && size <= drawn; size++)
        terms += choose(drawn, size) * (size == 3 && k == 4 ? c.n : 1);
    double setup = choose(c.n, k) * 7 + (1 + c.n + choose(c.n, 2)) * BADUGI_ODDS_BINS;
    if (walked * (terms + c.others) + setup > max_work)
        return BADUGI_E_BUDGET;
    if ((1 + (size_t)c.n + (k >= 3 ? (size_t)choose2((uint32_t)c.n) : 0)) * BADUGI_ODDS_BINS > work_size)
        return BADUGI_E_ARGUMENT; /* more than two players' cards out of the stub always fit */
    cumulative_counts(&c, work);
    memset(results, 0, results_size * sizeof *results);
    uint64_t first_draws = (uint64_t)choose(c.n, c.draw[c.order[0]]);
    threads = walked * terms < SMALL_COUNT ? 1 : threads_for(threads, first_draws);
    struct count_task tasks[BADUGI_MAX_THREADS];
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    for (int t = 0; t < threads; t++)
        tasks[t] = (struct count_task){&c, share(first_draws, t, threads), share(first_draws, t + 1, threads), &lock,
                                       results};
    run_parallel(count_players, tasks, sizeof tasks[0], threads);
    pthread_mutex_destroy(&lock);
    *deals = walked * choose(c.n - drawn, k);
    return 0;
}
