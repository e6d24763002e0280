/* badugi-fast: perfect-hash rank lookups (see badugi.h).
 *
 * A hand's index is its place in the combinatorial number system: sort the four codes a < b < c < d, then
 * index = C(a,1) + C(b,2) + C(c,3) + C(d,4). badugi_table.inc, written by build.py from the reference evaluator,
 * holds the binomial tables, the rank number of every index and the mask of its usable cards.
 */
#include "badugi.h"

#include "badugi_table.inc" /* BADUGI_CHOOSE2/3/4[52], BADUGI_RANKS[], BADUGI_USABLE[] */

/* Sort four values in place with a five-comparator network; branch-free min/max. */
#define BADUGI_SWAP_IF_GREATER(x, y)                                                                         \
    do {                                                                                                     \
        unsigned lo_ = (x) < (y) ? (x) : (y);                                                                \
        unsigned hi_ = (x) < (y) ? (y) : (x);                                                                \
        (x) = lo_;                                                                                           \
        (y) = hi_;                                                                                           \
    } while (0)

static inline void sort4(unsigned v[4])
{
    BADUGI_SWAP_IF_GREATER(v[0], v[1]);
    BADUGI_SWAP_IF_GREATER(v[2], v[3]);
    BADUGI_SWAP_IF_GREATER(v[0], v[2]);
    BADUGI_SWAP_IF_GREATER(v[1], v[3]);
    BADUGI_SWAP_IF_GREATER(v[1], v[2]);
}

/* The index of four codes, or a negative error. Negative ints become huge unsigned values, so one test checks
 * both ends of the range. */
static inline long checked_index(unsigned v[4])
{
    if ((v[0] > 51) | (v[1] > 51) | (v[2] > 51) | (v[3] > 51))
        return BADUGI_E_CODE;
    sort4(v);
    if (!((v[0] < v[1]) & (v[1] < v[2]) & (v[2] < v[3])))
        return BADUGI_E_DUPLICATE;
    return (long)(v[0] + BADUGI_CHOOSE2[v[1]] + BADUGI_CHOOSE3[v[2]] + BADUGI_CHOOSE4[v[3]]);
}

long badugi_index4(int a, int b, int c, int d)
{
    unsigned v[4] = {(unsigned)a, (unsigned)b, (unsigned)c, (unsigned)d};
    return checked_index(v);
}

int badugi_rank4(int a, int b, int c, int d)
{
    unsigned v[4] = {(unsigned)a, (unsigned)b, (unsigned)c, (unsigned)d};
    long index = checked_index(v);
    return index < 0 ? (int)index : BADUGI_RANKS[index];
}

int badugi_usable4(int a, int b, int c, int d)
{
    const int given[4] = {a, b, c, d};
    unsigned v[4] = {(unsigned)a, (unsigned)b, (unsigned)c, (unsigned)d};
    long index = checked_index(v);
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

int badugi_rank_text(const char *text, size_t length)
{
    const unsigned char *bytes = (const unsigned char *)text;
    int codes[4];
    int count = 0;
    size_t pos = 0;
    if (text == NULL)
        return BADUGI_E_TEXT;
    while (pos < length) {
        if (SEPARATOR[bytes[pos]]) {
            pos++;
            continue;
        }
        if (count == 4)
            return BADUGI_E_COUNT;
        int code = parse_card(bytes, length, &pos);
        if (code < 0)
            return code;
        codes[count++] = code;
    }
    if (count != 4)
        return BADUGI_E_COUNT;
    return badugi_rank4(codes[0], codes[1], codes[2], codes[3]);
}
