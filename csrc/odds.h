/* badugi-fast: draw odds and equity with draws to come, on the rank table (the loops of badugi_fast/odds.py).
 *
 * Cards are codes 0..51 (4 * rank + suit); a set of cards is a 64-bit mask with bit c for card c. A compiled
 * drawing policy (badugi_fast/policy_table.py) is a table of BADUGI_POLICY_ENTRIES bytes: entry 3 * index +
 * draws_left - 1, for the hand of perfect-hash index `index` with draws_left draws to come (1..3, this one
 * included), holds two discard masks over the hand's cards in ascending code order (bit i = i-th lowest card):
 * the first choice in the low nibble, the second in the high one. An optional table of doubles gives the
 * probability of the first choice (NULL: always the first). Several tables may be passed back to back, one per
 * distinct policy, and `policy_of[p]` says which one player p follows.
 *
 * Dead cards are out of play. Cards thrown during the modelled draws go to the muck; when a draw needs more cards
 * than the stub holds, the player takes what is left and the muck (not that player's own discards of this draw) is
 * shuffled into a new stub, as in badugi_fast/game/engine.py. Players draw in the order given.
 *
 * Every function checks what it is handed and returns 0, or a negative BADUGI_E_* code (badugi.h has the others)
 * without writing to its outputs' memory beyond their stated sizes. None allocates memory.
 */
#ifndef BADUGI_ODDS_H
#define BADUGI_ODDS_H

#include <stddef.h>
#include <stdint.h>

#define BADUGI_POLICY_ENTRIES 812175 /* 3 * BADUGI_HAND_COUNT */
#define BADUGI_ODDS_MAX_PLAYERS 6
#define BADUGI_ODDS_MAX_DRAWS 3
#define BADUGI_ODDS_BINS 1093 /* one per rank number 1..1092, and bin 0 (never used) */
/* Scratch doubles of badugi_draw_odds_exact: one per set of 3, 2, 1 and 0 cards (C(52,3) + C(52,2) + 52 + 1). */
#define BADUGI_ODDS_WORK 23479
/* Scratch counters of badugi_equity_exact: cumulative rank counts for the no-card, one-card and two-card
 * conditions of a stub of up to 44 cards (two players): (1 + 44 + C(44,2)) * BADUGI_ODDS_BINS. */
#define BADUGI_EQUITY_WORK 1083163
/* Results per player of badugi_equity_exact: [0] deals won alone, [k] deals split k ways (k = 2..6). */
#define BADUGI_EQUITY_EXACT_FIELDS 7
/* Results per player of badugi_equity_sample: trials won alone, trials split, the sum of the share of the pot
 * times 60 (every split of 2..6 ways is a whole number of sixtieths), and the sum of its squares. */
#define BADUGI_EQUITY_SAMPLE_FIELDS 4

#define BADUGI_POLICY_USABLE 0
#define BADUGI_POLICY_SNOW 1
#define BADUGI_POLICY_PAT 2
#define BADUGI_POLICY_BASIC 3

#define BADUGI_E_ARGUMENT (-10)  /* a count, size, mask, option or buffer out of range */
#define BADUGI_E_CARDS (-11)     /* a card code out of range, or one card in two places */
#define BADUGI_E_STUB (-12)      /* a draw needs more cards than the stub and the muck hold */
#define BADUGI_E_BUDGET (-13)    /* an exact answer would take more work than allowed */
#define BADUGI_E_RESHUFFLE (-14) /* an exact answer would need a reshuffle (sampling models it) */
#define BADUGI_E_RANDOM (-15)    /* exact equity needs every first discard known: a policy is randomized there */

/* Fill `masks` (BADUGI_POLICY_ENTRIES bytes) and, unless NULL, `first` (as many doubles, size 0 when NULL) with a
 * built-in policy of badugi_fast/drawing.py: USABLE, SNOW, PAT (stand pat at or better than rank `bound`) or BASIC.
 * `bound` is ignored but by PAT. BASIC needs `first` (its break is a coin flip). */
int badugi_policy_table(int kind, int bound, uint8_t *masks, size_t masks_size, double *first, size_t first_size);

/* The exact distribution of the final hand of `hand` (four codes) with `draws` draws to come (0..3): `discard` is
 * the mask of the cards thrown now over the four given positions (bit i = hand[i]), or -1 for the policy's
 * choice; later draws follow the policy (table 0 of masks/first). Writes the probability of each rank number into
 * `probabilities` (BADUGI_ODDS_BINS doubles) and the number of draw sequences into *deals. Uses `work`
 * (BADUGI_ODDS_WORK doubles). BADUGI_E_BUDGET when more than `max_paths` sequences lead to the last draw. */
int badugi_draw_odds_exact(const int *hand, int discard, int draws, uint64_t dead, const uint8_t *masks,
                           size_t masks_size, const double *first, size_t first_size, double max_paths,
                           double *probabilities, size_t probabilities_size, double *work, size_t work_size,
                           double *deals);

/* `samples` random trials of the same question: counts[r] (BADUGI_ODDS_BINS entries) is how many ended with rank
 * number r. Trial i draws its random numbers from (seed, i) alone, so the counts do not depend on `threads`
 * (1..64, each running a contiguous run of trials). */
int badugi_draw_odds_sample(const int *hand, int discard, int draws, uint64_t dead, const uint8_t *masks,
                            size_t masks_size, const double *first, size_t first_size, uint64_t seed,
                            uint64_t samples, int threads, uint64_t *counts, size_t counts_size);

/* Exact equity of `players` hands (2..6; hands holds 4 codes each) with one draw to come: discards[p] is a mask
 * over hand p's four given positions, or -1 for the policy's choice (which must not be randomized). Every deal of
 * the stub is counted, without walking them one by one: the player with the most possible draws is counted from
 * cumulative rank tables by inclusion-exclusion over the cards the others drew. results[p *
 * BADUGI_EQUITY_EXACT_FIELDS + k]: see BADUGI_EQUITY_EXACT_FIELDS; *deals: how many deals. Uses `work`
 * (BADUGI_EQUITY_WORK counters) and up to `threads` threads (1..64; one for a small count). BADUGI_E_BUDGET when the
 * count would take more than `max_work` steps. */
int badugi_equity_exact(int players, const int *hands, const int *discards, uint64_t dead, const uint8_t *masks,
                        size_t masks_size, const double *first, size_t first_size, const int *policy_of,
                        double max_work, int threads, int64_t *results, size_t results_size, uint32_t *work,
                        size_t work_size, double *deals);

/* `samples` random trials of `players` hands with `draws` draws to come (1..3): results[p *
 * BADUGI_EQUITY_SAMPLE_FIELDS + f], see BADUGI_EQUITY_SAMPLE_FIELDS. Reproducible for a seed whatever `threads`. */
int badugi_equity_sample(int players, const int *hands, const int *discards, int draws, uint64_t dead,
                         const uint8_t *masks, size_t masks_size, const double *first, size_t first_size,
                         const int *policy_of, uint64_t seed, uint64_t samples, int threads, uint64_t *results,
                         size_t results_size);

#endif
