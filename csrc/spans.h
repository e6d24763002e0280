/* badugi-fast: the span helpers the C readers share (csrc/stars.c reading PokerStars text, csrc/phh.c reading PHH,
 * csrc/phh_write.c writing PokerStars text again as PHH): Python's str methods on a (pointer, length) span of the hand's text, and the words of PokerStars
 * lines both read. Static inline: each file gets its own copy from here, none is spelled twice. */
#ifndef BADUGI_SPANS_H
#define BADUGI_SPANS_H

#include <stddef.h>
#include <string.h>

#include "verdict.h"

static inline span sub(span s, size_t from) { return (span){s.p + from, s.n - from}; }

static inline int equals(span s, const char *literal)
{
    size_t n = strlen(literal);
    return s.n == n && memcmp(s.p, literal, n) == 0;
}

static inline int starts(span s, const char *literal)
{
    size_t n = strlen(literal);
    return s.n >= n && memcmp(s.p, literal, n) == 0;
}

static inline int ends(span s, const char *literal)
{
    size_t n = strlen(literal);
    return s.n >= n && memcmp(s.p + s.n - n, literal, n) == 0;
}

/* The offset of the first `literal` in s at or after `from`, or -1 (str.find). */
static inline long find_from(span s, size_t from, const char *literal)
{
    size_t n = strlen(literal);
    if (n == 0)
        return from <= s.n ? (long)from : -1;
    for (size_t i = from; i + n <= s.n; i++) { /* memchr to each place the literal's first byte is */
        const char *at = memchr(s.p + i, literal[0], s.n - n + 1 - i);
        if (at == NULL)
            return -1;
        i = (size_t)(at - s.p);
        if (memcmp(at, literal, n) == 0)
            return (long)i;
    }
    return -1;
}

static inline long find(span s, const char *literal) { return find_from(s, 0, literal); }

/* str.partition(sep): before, and after (empty when sep is absent). */
static inline span before(span s, long at) { return at < 0 ? s : (span){s.p, (size_t)at}; }
static inline span after(span s, long at, size_t sep)
{
    return at < 0 ? (span){s.p + s.n, 0} : sub(s, (size_t)at + sep);
}

/* Whether a and b hold the same bytes; their last bytes first, where names that share a stem differ ("Player1"). */
static inline int same(span a, span b)
{
    return a.n == b.n && (a.n == 0 || (a.p[a.n - 1] == b.p[a.n - 1] && memcmp(a.p, b.p, a.n - 1) == 0));
}

static inline int is_digit(char c) { return c >= '0' && c <= '9'; }

/* cards.RANK_CHARS: A = 0 ... K = 12; -1 for any other character. */
static inline int rank_of_char(char c)
{
    switch (c) {
    case 'A': return 0;
    case 'T': return 9;
    case 'J': return 10;
    case 'Q': return 11;
    case 'K': return 12;
    default: return c >= '2' && c <= '9' ? c - '1' : -1;
    }
}

/* c = 0, d = 1, h = 2, s = 3; -1 for any other character. */
static inline int suit_of_char(char c)
{
    switch (c) {
    case 'c': return 0;
    case 'd': return 1;
    case 'h': return 2;
    case 's': return 3;
    default: return -1;
    }
}

/* Python's str.strip() of ASCII whitespace. */
static inline int is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

/* The bytes of a leading $, € or £, or 0. */
static inline size_t currency_sign(span s)
{
    if (starts(s, "$"))
        return 1;
    if (starts(s, "\xe2\x82\xac"))
        return 3;
    return starts(s, "\xc2\xa3") ? 2 : 0;
}

/* lines.split_all_in: the tail without the site's all-in ending (wordings.ALL_IN, then the other sites'). */
static inline span without_all_in(span tail)
{
    static const char *const endings[] = {" and is all-in", ", and is all in", " and is all in", " (all-in)", " (all in)"};
    if (find(tail, "all") < 0)
        return tail;
    for (size_t k = 0; k < sizeof endings / sizeof *endings; k++)
        if (ends(tail, endings[k])) {
            tail.n -= strlen(endings[k]);
            break;
        }
    return tail;
}

#endif
