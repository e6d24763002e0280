/* badugi-fast: rank lookups for four-card Badugi hands.
 *
 * Card codes are 4 * rank + suit (A=0 ... K=12; c=0, d=1, h=2, s=3). Rank numbers run from 1 (best) to 1092
 * (worst). Every function checks what it is handed and returns a negative BADUGI_E_* code for bad input; none
 * allocates memory or touches Python objects.
 */
#ifndef BADUGI_H
#define BADUGI_H

#include <stddef.h>
#include <stdint.h>

#define BADUGI_HAND_COUNT 270725 /* C(52, 4) */
#define BADUGI_RANK_COUNT 1092

#define BADUGI_E_CODE (-1)      /* a card code outside 0..51 */
#define BADUGI_E_DUPLICATE (-2) /* the same card twice */
#define BADUGI_E_TEXT (-3)      /* card text that does not parse */
#define BADUGI_E_COUNT (-4)     /* card text with other than four cards */

/* The rank number of four card codes in any order, or BADUGI_E_CODE / BADUGI_E_DUPLICATE. */
int badugi_rank4(int a, int b, int c, int d);

/* Which of the four cards play: bit i is set when argument i is a usable card. Errors as badugi_rank4. */
int badugi_usable4(int a, int b, int c, int d);

/* The perfect-hash index 0 .. BADUGI_HAND_COUNT - 1 of four cards (the same as badugi_fast.perfect_hash). */
long badugi_index4(int a, int b, int c, int d);

/* The rank number of a hand written as text (UTF-8, `length` bytes): the grammar of badugi_fast.cards. */
int badugi_rank_text(const char *text, size_t length);

/* Bulk lookups of n hands: out (room for n ranks) gets the rank number of hand i, or 0 when hand i is invalid.
 * They return how many hands were invalid and set *first_bad to the index of the first (n when none), or return
 * (size_t)-1 when the buffers do not match n. `threads` > 1 splits the batch over that many native threads (at
 * most BADUGI_MAX_THREADS); the results do not depend on it. */
#define BADUGI_MAX_THREADS 64

/* Hands as rows of four card codes: cards_bytes must be 4 * n. */
size_t badugi_rank_codes_many(const uint8_t *cards, size_t cards_bytes, uint16_t *out, size_t n, int threads,
                              size_t *first_bad);

/* n hands as text in `length` bytes, separated by NUL bytes (n - 1 of them). Any other number of NULs is refused
 * with (size_t)-1. */
size_t badugi_rank_text_many(const char *text, size_t length, uint16_t *out, size_t n, int threads,
                             size_t *first_bad);

/* The tables themselves (read-only, BADUGI_HAND_COUNT entries in index order): the rank number and the usable-card
 * mask (bit i = i-th lowest card code) of every hand. For the loops of csrc/odds.c. */
const uint16_t *badugi_rank_table(void);
const uint8_t *badugi_usable_table(void);

#endif
