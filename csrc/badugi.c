/* badugi-fast: perfect-hash rank lookups (see badugi.h).
 *
 * A hand's index is its place in the combinatorial number system: with the four codes in order a < b < c < d,
 * index = C(a,1) + C(b,2) + C(c,3) + C(d,4). badugi_table.inc, written by build.py from the reference evaluator,
 * holds the binomial tables, the rank number of every index and the mask of its usable cards.
 */
#include "badugi.h"

#include <pthread.h>
#include <string.h>

#include "badugi_table.inc" /* BADUGI_CHOOSE2/3/4[52], BADUGI_RANKS[], BADUGI_USABLE[] */

/* The index of four codes, or a negative error, and the codes in ascending order in sorted[].
 *
 * No comparison sort: the four cards become bits of a 52-bit set, whose lowest set bit is the lowest card, and so
 * on. A duplicate card leaves fewer than four bits. Branch-free but for the range check, which good data always
 * passes: random hands would otherwise mispredict a comparison sort's branches about every other hand. */
static inline long checked_index(unsigned a, unsigned b, unsigned c, unsigned d, unsigned sorted[4])
{
    if ((a > 51) | (b > 51) | (c > 51) | (d > 51))
        return BADUGI_E_CODE;
    uint64_t set = (UINT64_C(1) << a) | (UINT64_C(1) << b) | (UINT64_C(1) << c) | (UINT64_C(1) << d);
    /* Bit 63 is no card: it keeps ctz's argument non-zero when duplicates leave fewer than three cards. */
    const uint64_t sentinel = UINT64_C(1) << 63;
    for (int i = 0; i < 3; i++) {
        sorted[i] = (unsigned)__builtin_ctzll(set | sentinel);
        set &= set - 1;
    }
    if (set == 0 || (set & (set - 1)) != 0) /* not exactly one card left: there was a duplicate */
        return BADUGI_E_DUPLICATE;
    sorted[3] = (unsigned)__builtin_ctzll(set);
    return (long)(sorted[0] + BADUGI_CHOOSE2[sorted[1]] + BADUGI_CHOOSE3[sorted[2]] + BADUGI_CHOOSE4[sorted[3]]);
}

/* Negative ints become huge unsigned values, so the range check covers both ends. */
long badugi_index4(int a, int b, int c, int d)
{
    unsigned sorted[4];
    return checked_index((unsigned)a, (unsigned)b, (unsigned)c, (unsigned)d, sorted);
}

int badugi_rank4(int a, int b, int c, int d)
{
    unsigned sorted[4];
    long index = checked_index((unsigned)a, (unsigned)b, (unsigned)c, (unsigned)d, sorted);
    return index < 0 ? (int)index : BADUGI_RANKS[index];
}

int badugi_usable4(int a, int b, int c, int d)
{
    const int given[4] = {a, b, c, d};
    unsigned v[4];
    long index = checked_index((unsigned)a, (unsigned)b, (unsigned)c, (unsigned)d, v);
    if (index < 0)
        return (int)index;
    /* The table's mask counts positions in ascending code order; map them back to the argument order. */
    int sorted_mask = BADUGI_USABLE[index], mask = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if ((unsigned)given[i] == v[j] && (sorted_mask >> j & 1))
                mask |= 1 << i;
    return mask;
}

/* Card text, the grammar of badugi_fast/cards.py: a rank (A 2-9 T J Q K, either case, or 10) then a suit
 * (c d h s, either case, or the UTF-8 symbols U+2663 clubs, U+2666 diamonds, U+2665 hearts, U+2660 spades);
 * cards may be separated by spaces, tabs, CR, LF or commas. Tables hold value + 1 so that 0 means "not one". */
static const unsigned char RANK_PLUS_ONE[256] = {
    ['A'] = 1, ['a'] = 1, ['2'] = 2, ['3'] = 3, ['4'] = 4, ['5'] = 5, ['6'] = 6, ['7'] = 7,
    ['8'] = 8, ['9'] = 9, ['T'] = 10, ['t'] = 10, ['J'] = 11, ['j'] = 11, ['Q'] = 12, ['q'] = 12,
    ['K'] = 13, ['k'] = 13,
};
static const unsigned char SUIT_PLUS_ONE[256] = {
    ['c'] = 1, ['C'] = 1, ['d'] = 2, ['D'] = 2, ['h'] = 3, ['H'] = 3, ['s'] = 4, ['S'] = 4,
};
static const unsigned char SEPARATOR[256] = {[' '] = 1, ['\t'] = 1, ['\r'] = 1, ['\n'] = 1, [','] = 1};

/* Parse the card at text[*pos] (not a separator): its code, or BADUGI_E_TEXT; advances *pos past it. */
static int parse_card(const unsigned char *text, size_t length, size_t *pos)
{
    size_t i = *pos;
    int rank;
    if (text[i] == '1' && i + 1 < length && text[i + 1] == '0') {
        rank = 9;
        i += 2;
    } else if (RANK_PLUS_ONE[text[i]]) {
        rank = RANK_PLUS_ONE[text[i]] - 1;
        i += 1;
    } else {
        return BADUGI_E_TEXT;
    }
    if (i >= length)
        return BADUGI_E_TEXT;
    int suit;
    if (SUIT_PLUS_ONE[text[i]]) {
        suit = SUIT_PLUS_ONE[text[i]] - 1;
        i += 1;
    } else if (text[i] == 0xE2 && i + 2 < length && text[i + 1] == 0x99) {
        switch (text[i + 2]) {
        case 0xA3: suit = 0; break;
        case 0xA6: suit = 1; break;
        case 0xA5: suit = 2; break;
        case 0xA0: suit = 3; break;
        default: return BADUGI_E_TEXT;
        }
        i += 3;
    } else {
        return BADUGI_E_TEXT;
    }
    *pos = i;
    return 4 * rank + suit;
}

/* The rank of the hand that starts at text[*pos] and ends at `end` or at a NUL byte (the record separator of
 * badugi_rank_text_many), or a negative error. *pos is left on that NUL (or at end). */
static int rank_record(const unsigned char *text, size_t end, size_t *pos)
{
    int codes[4];
    int count = 0, error = 0;
    size_t i = *pos;
    while (i < end && text[i] != '\0') {
        if (SEPARATOR[text[i]]) {
            i++;
            continue;
        }
        int code = count == 4 ? BADUGI_E_COUNT : parse_card(text, end, &i);
        if (code < 0) {
            error = code;
            break;
        }
        codes[count++] = code;
    }
    if (error) {
        const unsigned char *nul = memchr(text + i, '\0', end - i);
        *pos = nul ? (size_t)(nul - text) : end;
        return error;
    }
    *pos = i;
    return count == 4 ? badugi_rank4(codes[0], codes[1], codes[2], codes[3]) : BADUGI_E_COUNT;
}

int badugi_rank_text(const char *text, size_t length)
{
    size_t pos = 0;
    if (text == NULL)
        return BADUGI_E_TEXT;
    int rank = rank_record((const unsigned char *)text, length, &pos);
    return pos == length ? rank : BADUGI_E_TEXT; /* stopped early on a NUL: not card text */
}

/* ---- Bulk lookups -------------------------------------------------------------------------------------------- */


/* One slice of a batch: hands [begin, end) (for text: bytes [begin, end), starting at hand number first_hand). */
struct slice {
    const uint8_t *cards;
    const char *text;
    size_t begin, end, first_hand;
    uint16_t *out;
    size_t bad, first_bad; /* results */
};

/* Rank hands [from, to) of a slice one at a time, adding to its error count. */
static void rank_codes_scalar(struct slice *s, size_t from, size_t to)
{
    const uint8_t *cards = s->cards;
    for (size_t i = from; i < to; i++) {
        unsigned sorted[4];
        long index = checked_index(cards[4 * i], cards[4 * i + 1], cards[4 * i + 2], cards[4 * i + 3], sorted);
        if (index >= 0) {
            s->out[i] = BADUGI_RANKS[index];
        } else {
            s->out[i] = 0;
            if (s->bad++ == 0)
                s->first_bad = i;
        }
    }
}

static void rank_codes_slice(struct slice *s)
{
    s->bad = 0;
    rank_codes_scalar(s, s->begin, s->end);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define BADUGI_AVX2 1

/* Hands [from, ...) of a slice eight at a time with AVX2, as far as whole steps go; returns where it stopped.
 * Each 32-bit lane holds one hand's four codes; a sorting network of min/max puts them in order, and the binomials
 * are computed rather than looked up: C(b,2) = b(b-1)/2, C(c,3) = C(c,2)(c-2)/3 and C(d,4) = C(d,3)(d-3)/4. Every
 * product but the last fits 16 bits, so they are 16-bit multiplies (one micro-op each, where a 32-bit one takes
 * two), the exact divisions by 3 done as a multiplication by its inverse modulo 2^16; the last is a 16 x 16 -> 32
 * bit multiply-add. The eight ranks are then read with one gather (4 bytes at each rank's address: the table has
 * a spare entry at the end so that the last hand's read stays inside it) and stored packed. Invalid lanes look up
 * index 0 and are then set to 0 and counted, in order, as in the scalar loop.
 *
 * What this costs, measured on 1,000,000 random hands (see README, "evaluate_many against the numpy floor"): the sort and index about 0.6 ns
 * a hand, the gather about 0.3 ns; storing the eight indices and reading the ranks one at a time, as this loop did
 * before, cost about 0.8 ns. */
__attribute__((target("avx2"))) static size_t rank_codes_avx2(struct slice *s, size_t from)
{
    const __m256i low_byte = _mm256_set1_epi32(0xFF), highest_code = _mm256_set1_epi32(51);
    const __m256i one = _mm256_set1_epi32(1), two = _mm256_set1_epi32(2), three = _mm256_set1_epi32(3);
    const __m256i inverse_of_3 = _mm256_set1_epi32(0xAAAB); /* 3 * 0xAAAB = 1 modulo 2^16 */
    const __m256i low_half = _mm256_set1_epi32(0xFFFF);
    size_t i = from;
    for (; i + 8 <= s->end; i += 8) {
        __m256i hands = _mm256_loadu_si256((const __m256i *)(s->cards + 4 * i));
        __m256i a = _mm256_and_si256(hands, low_byte);
        __m256i b = _mm256_and_si256(_mm256_srli_epi32(hands, 8), low_byte);
        __m256i c = _mm256_and_si256(_mm256_srli_epi32(hands, 16), low_byte);
        __m256i d = _mm256_srli_epi32(hands, 24);
#define BADUGI_ORDER(x, y)                                                                                     \
    do {                                                                                                       \
        __m256i lo_ = _mm256_min_epu32(x, y);                                                                  \
        y = _mm256_max_epu32(x, y);                                                                            \
        x = lo_;                                                                                               \
    } while (0)
        BADUGI_ORDER(a, b);
        BADUGI_ORDER(c, d);
        BADUGI_ORDER(a, c);
        BADUGI_ORDER(b, d);
        BADUGI_ORDER(b, c);
#undef BADUGI_ORDER
        __m256i invalid = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpgt_epi32(d, highest_code), _mm256_cmpeq_epi32(a, b)),
            _mm256_or_si256(_mm256_cmpeq_epi32(b, c), _mm256_cmpeq_epi32(c, d)));
        /* Valid codes are at most 51: C(x,2) <= 1275, C(x,2)(x-2) <= 62475 and C(x,3) <= 20825 fit 16 bits, and
         * the lanes' high halves stay 0 (an invalid lane's garbage is masked off below). */
        __m256i choose2 = _mm256_srli_epi32(_mm256_mullo_epi16(b, _mm256_sub_epi32(b, one)), 1);
        __m256i c_pairs = _mm256_srli_epi32(_mm256_mullo_epi16(c, _mm256_sub_epi32(c, one)), 1);
        __m256i choose3 = _mm256_and_si256(
            _mm256_mullo_epi16(_mm256_mullo_epi16(c_pairs, _mm256_sub_epi32(c, two)), inverse_of_3), low_half);
        __m256i d_pairs = _mm256_srli_epi32(_mm256_mullo_epi16(d, _mm256_sub_epi32(d, one)), 1);
        __m256i d_triples = _mm256_and_si256(
            _mm256_mullo_epi16(_mm256_mullo_epi16(d_pairs, _mm256_sub_epi32(d, two)), inverse_of_3), low_half);
        __m256i choose4 = _mm256_srli_epi32(_mm256_madd_epi16(d_triples, _mm256_sub_epi32(d, three)), 2);
        __m256i index = _mm256_add_epi32(_mm256_add_epi32(a, choose2), _mm256_add_epi32(choose3, choose4));
        index = _mm256_andnot_si256(invalid, index);
        __m256i ranks = _mm256_i32gather_epi32((const int *)BADUGI_RANKS, index, 2);
        ranks = _mm256_andnot_si256(invalid, _mm256_and_si256(ranks, low_half));
        __m128i packed = _mm_packus_epi32(_mm256_castsi256_si128(ranks), _mm256_extracti128_si256(ranks, 1));
        _mm_storeu_si128((__m128i *)(s->out + i), packed);
        int invalid_lanes = _mm256_movemask_ps(_mm256_castsi256_ps(invalid));
        if (invalid_lanes) {
            for (int k = 0; k < 8; k++) {
                if ((invalid_lanes >> k & 1) && s->bad++ == 0)
                    s->first_bad = i + k;
            }
        }
    }
    return i;
}

/* The same sixteen hands at a time with AVX-512 (F and BW): the same steps on twice the lanes, with mask registers
 * for the invalid lanes and a narrowing store. Returns where it stopped. */
__attribute__((target("avx512f,avx512bw"))) static size_t rank_codes_avx512(struct slice *s, size_t from)
{
    const __m512i low_byte = _mm512_set1_epi32(0xFF), highest_code = _mm512_set1_epi32(51);
    const __m512i one = _mm512_set1_epi32(1), two = _mm512_set1_epi32(2), three = _mm512_set1_epi32(3);
    const __m512i inverse_of_3 = _mm512_set1_epi32(0xAAAB), low_half = _mm512_set1_epi32(0xFFFF);
    size_t i = from;
    for (; i + 16 <= s->end; i += 16) {
        __m512i hands = _mm512_loadu_si512((const void *)(s->cards + 4 * i));
        __m512i a = _mm512_and_si512(hands, low_byte);
        __m512i b = _mm512_and_si512(_mm512_srli_epi32(hands, 8), low_byte);
        __m512i c = _mm512_and_si512(_mm512_srli_epi32(hands, 16), low_byte);
        __m512i d = _mm512_srli_epi32(hands, 24);
#define BADUGI_ORDER(x, y)                                                                                     \
    do {                                                                                                       \
        __m512i lo_ = _mm512_min_epu32(x, y);                                                                  \
        y = _mm512_max_epu32(x, y);                                                                            \
        x = lo_;                                                                                               \
    } while (0)
        BADUGI_ORDER(a, b);
        BADUGI_ORDER(c, d);
        BADUGI_ORDER(a, c);
        BADUGI_ORDER(b, d);
        BADUGI_ORDER(b, c);
#undef BADUGI_ORDER
        __mmask16 invalid = _mm512_cmpgt_epu32_mask(d, highest_code) | _mm512_cmpeq_epi32_mask(a, b) |
                            _mm512_cmpeq_epi32_mask(b, c) | _mm512_cmpeq_epi32_mask(c, d);
        __m512i choose2 = _mm512_srli_epi32(_mm512_mullo_epi16(b, _mm512_sub_epi32(b, one)), 1);
        __m512i c_pairs = _mm512_srli_epi32(_mm512_mullo_epi16(c, _mm512_sub_epi32(c, one)), 1);
        __m512i choose3 = _mm512_and_si512(
            _mm512_mullo_epi16(_mm512_mullo_epi16(c_pairs, _mm512_sub_epi32(c, two)), inverse_of_3), low_half);
        __m512i d_pairs = _mm512_srli_epi32(_mm512_mullo_epi16(d, _mm512_sub_epi32(d, one)), 1);
        __m512i d_triples = _mm512_and_si512(
            _mm512_mullo_epi16(_mm512_mullo_epi16(d_pairs, _mm512_sub_epi32(d, two)), inverse_of_3), low_half);
        __m512i choose4 = _mm512_srli_epi32(_mm512_madd_epi16(d_triples, _mm512_sub_epi32(d, three)), 2);
        __m512i index = _mm512_add_epi32(_mm512_add_epi32(a, choose2), _mm512_add_epi32(choose3, choose4));
        index = _mm512_maskz_mov_epi32((__mmask16)~invalid, index);
        __m512i ranks = _mm512_i32gather_epi32(index, (const void *)BADUGI_RANKS, 2);
        ranks = _mm512_maskz_mov_epi32((__mmask16)~invalid, _mm512_and_si512(ranks, low_half));
        _mm256_storeu_si256((__m256i *)(s->out + i), _mm512_cvtepi32_epi16(ranks));
        if (invalid) {
            for (int k = 0; k < 16; k++) {
                if ((invalid >> k & 1) && s->bad++ == 0)
                    s->first_bad = i + k;
            }
        }
    }
    return i;
}

static void rank_codes_slice_avx2(struct slice *s)
{
    s->bad = 0;
    rank_codes_scalar(s, rank_codes_avx2(s, s->begin), s->end);
}

/* Sixteen at a time, then eight (when 8 to 15 are left), then one by one. */
static void rank_codes_slice_avx512(struct slice *s)
{
    s->bad = 0;
    rank_codes_scalar(s, rank_codes_avx2(s, rank_codes_avx512(s, s->begin)), s->end);
}
#endif

/* Rank the NUL-separated records in bytes [begin, end) of a slice (an empty slice has begin > end). */
static void rank_text_slice(struct slice *s)
{
    const unsigned char *text = (const unsigned char *)s->text;
    size_t hand = s->first_hand, pos = s->begin;
    s->bad = 0;
    if (s->begin > s->end)
        return;
    for (;;) {
        int rank = rank_record(text, s->end, &pos);
        if (rank > 0) {
            s->out[hand] = (uint16_t)rank;
        } else {
            s->out[hand] = 0;
            if (s->bad++ == 0)
                s->first_bad = hand;
        }
        hand++;
        if (pos >= s->end)
            break;
        pos++; /* past the NUL */
    }
}

typedef void (*slice_worker)(struct slice *);

struct task {
    slice_worker work;
    struct slice *slice;
};

static void *run_task(void *arg)
{
    struct task *task = arg;
    task->work(task->slice);
    return NULL;
}

/* Run work() on each slice, on its own thread (the first on the calling thread); falls back to running a slice on
 * the calling thread when a thread cannot be started, so the results never depend on it. */
static void run_slices(slice_worker work, struct slice *slices, int count)
{
    pthread_t threads[BADUGI_MAX_THREADS];
    struct task tasks[BADUGI_MAX_THREADS];
    int started[BADUGI_MAX_THREADS] = {0};
    for (int t = 1; t < count; t++) {
        tasks[t].work = work;
        tasks[t].slice = &slices[t];
        started[t] = pthread_create(&threads[t], NULL, run_task, &tasks[t]) == 0;
    }
    work(&slices[0]);
    for (int t = 1; t < count; t++) {
        if (started[t])
            pthread_join(threads[t], NULL);
        else
            work(&slices[t]);
    }
}

static int thread_count(int threads, size_t n)
{
    if (threads < 1)
        threads = 1;
    if (threads > BADUGI_MAX_THREADS)
        threads = BADUGI_MAX_THREADS;
    if ((size_t)threads > n)
        threads = n > 0 ? (int)n : 1;
    return threads;
}

static size_t gather(const struct slice *slices, int count, size_t n, size_t *first_bad)
{
    size_t bad = 0;
    *first_bad = n;
    for (int t = 0; t < count; t++) {
        if (slices[t].bad && *first_bad == n)
            *first_bad = slices[t].first_bad;
        bad += slices[t].bad;
    }
    return bad;
}

size_t badugi_rank_codes_many(const uint8_t *cards, size_t cards_bytes, uint16_t *out, size_t n, int threads,
                              size_t *first_bad)
{
    struct slice slices[BADUGI_MAX_THREADS];
    int count = thread_count(threads, n);
    *first_bad = n;
    if (n > SIZE_MAX / 4 || cards_bytes != 4 * n || (n > 0 && (cards == NULL || out == NULL)))
        return (size_t)-1;
    for (int t = 0; t < count; t++) {
        slices[t] = (struct slice){.cards = cards, .out = out};
        slices[t].begin = n * (size_t)t / (size_t)count;
        slices[t].end = n * (size_t)(t + 1) / (size_t)count;
    }
    slice_worker work = rank_codes_slice;
#ifdef BADUGI_AVX2
    if (__builtin_cpu_supports("avx2"))
        work = rank_codes_slice_avx2;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw"))
        work = rank_codes_slice_avx512;
#endif
    run_slices(work, slices, count);
    return gather(slices, count, n, first_bad);
}

size_t badugi_rank_text_many(const char *text, size_t length, uint16_t *out, size_t n, int threads,
                             size_t *first_bad)
{
    struct slice slices[BADUGI_MAX_THREADS];
    size_t bounds[BADUGI_MAX_THREADS + 1]; /* where slice t starts: just after a NUL (or 0) */
    int count = thread_count(threads, n);
    *first_bad = n;
    if (n == 0 || text == NULL || out == NULL)
        return (size_t)-1;
    size_t separators = 0;
    for (size_t i = 0; i < length; i++)
        separators += text[i] == '\0';
    if (separators != n - 1)
        return (size_t)-1;
    /* Cut the buffer into slices at record boundaries near equal byte counts; a cut past the last NUL gives an
     * empty slice. Each slice starts at hand number first_hand: the records before it. */
    bounds[0] = 0;
    for (int t = 1; t < count; t++) {
        size_t cut = length * (size_t)t / (size_t)count;
        if (cut < bounds[t - 1])
            cut = bounds[t - 1];
        const char *nul = cut < length ? memchr(text + cut, '\0', length - cut) : NULL;
        bounds[t] = nul ? (size_t)(nul - text) + 1 : length + 1;
    }
    bounds[count] = length + 1;
    size_t hand = 0;
    for (int t = 0; t < count; t++) {
        slices[t] = (struct slice){.text = text, .out = out, .begin = bounds[t], .end = bounds[t + 1] - 1};
        slices[t].first_hand = hand;
        if (bounds[t] < bounds[t + 1]) {
            hand++;
            for (size_t i = bounds[t]; i < bounds[t + 1] - 1; i++)
                hand += text[i] == '\0';
        } else {
            slices[t].begin = 1, slices[t].end = 0; /* empty */
        }
    }
    run_slices(rank_text_slice, slices, count);
    return gather(slices, count, n, first_bad);
}

/* ---- The tables themselves, for the loops of csrc/odds.c ------------------------------------------------------ */

const uint16_t *badugi_rank_table(void)
{
    return BADUGI_RANKS;
}

const uint8_t *badugi_usable_table(void)
{
    return BADUGI_USABLE;
}
