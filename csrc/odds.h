/* badugi-fast: draw odds, equity and discard advice with draws to come, on the rank table (the loops of
 * badugi_fast/odds/compute.py and badugi_fast/odds/advice.py).
 *
 * Cards are codes 0..51 (4 * rank + suit); a set of cards is a 64-bit mask with bit c for card c. A compiled
 * drawing policy (badugi_fast/odds/policy_table.py) is a table of BADUGI_POLICY_ENTRIES bytes: entry 3 * index +
 * draws_left - 1, for the hand of perfect-hash index `index` with draws_left draws to come (1..3, this one
 * included), holds two discard masks over the hand's cards in ascending code order (bit i = i-th lowest card):
 * the first choice in the low nibble, the second in the high one. An optional table of doubles gives the
 * probability of the first choice (NULL: always the first). Several tables may be passed back to back, one per
 * distinct policy, and `policy_of[p]` says which one player p follows.
 *
 * A question (struct badugi_question) says what each player holds: four known cards; four positions of which some
 * are unknown (-1: dealt from the stub, every completion equally likely); or a range, a list of hands with weights
 * (each hand as likely as its weight; a hand that meets a known or dead card cannot be held). When several players
 * hold unknown cards or ranges, every deal in which no card is in two places is as likely as the product of their
 * weights. The model is badugi_fast/spots/spot.py's: dead cards are out of play; the unknown cards and every draw
 * come from the one stub. Cards thrown during the modelled draws go to the muck; when a draw needs more cards than
 * the stub holds, the player takes what is left and the muck (not that player's own discards of this draw) is
 * shuffled into a new stub, as in badugi_fast/rules/engine.py. Players draw in the order given.
 *
 * Every function checks what it is handed and returns 0, or a negative BADUGI_E_* code (badugi.h has the others)
 * without writing to its outputs' memory beyond their stated sizes. None allocates memory. The sampling functions
 * play trials first_trial .. first_trial + samples - 1, trial i drawing its random numbers from (seed, i) alone, so
 * a long run may be played in pieces (and stopped between them) with the same answer as in one piece, with any
 * number of threads (1..BADUGI_MAX_THREADS).
 */
#ifndef BADUGI_ODDS_H
#define BADUGI_ODDS_H

#include <stddef.h>
#include <stdint.h>

#define BADUGI_POLICY_ENTRIES 812175 /* 3 * BADUGI_HAND_COUNT */
#define BADUGI_ODDS_MAX_PLAYERS 6
#define BADUGI_ODDS_MAX_DRAWS 3
#define BADUGI_ODDS_BINS 1093 /* one per rank number 1..1092, and bin 0 (never used) */
/* Scratch of badugi_draw_odds_exact: one double per set of 3, 2, 1 and 0 cards (C(52,3) + C(52,2) + 52 + 1), and as
 * many card sets (the sets whose double was touched). */
#define BADUGI_ODDS_WORK 23479
/* Scratch counters of badugi_equity_exact: cumulative rank counts for the no-card, one-card and two-card
 * conditions of a stub of up to 48 cards: (1 + 48 + C(48,2)) * BADUGI_ODDS_BINS. */
#define BADUGI_EQUITY_WORK 1286461
/* Results per player of badugi_equity_exact: [0] the chance of winning alone, [k] of splitting k ways (k = 2..6). */
#define BADUGI_EQUITY_EXACT_FIELDS 7
/* Results per player of badugi_equity_sample (and per option of badugi_advice_sample): trials won alone, trials
 * split, the sum of the share of the pot times 60 (every split of 2..6 ways is a whole number of sixtieths), and the
 * sum of its squares. */
#define BADUGI_EQUITY_SAMPLE_FIELDS 4
/* The most options of badugi_advice_sample: every subset of four cards. */
#define BADUGI_ADVICE_MAX_OPTIONS 16

#define BADUGI_POLICY_USABLE 0
#define BADUGI_POLICY_SNOW 1
#define BADUGI_POLICY_PAT 2
#define BADUGI_POLICY_BASIC 3

#define BADUGI_E_ARGUMENT (-10)  /* a count, size, mask, option or buffer out of range */
#define BADUGI_E_CARDS (-11)     /* a card code out of range, or one card in two places */
#define BADUGI_E_STUB (-12)      /* a draw needs more cards than the stub and the muck hold */
#define BADUGI_E_BUDGET (-13)    /* an exact answer would take more work than allowed */
#define BADUGI_E_RESHUFFLE (-14) /* an exact answer (or a shared deal of advice) would need a reshuffle */
#define BADUGI_E_RANDOM (-15)    /* exact equity needs every first discard known: a policy is randomized there */
#define BADUGI_E_RANGES (-16)    /* the ranges and the known cards leave no deal (or almost none, when sampling) */

/* A question about draws to come. Player p's cards are cards[4p .. 4p + 3]; a range (range_begin[p] <
 * range_end[p]) is hands range_begin[p] .. range_end[p] - 1 of range_cards (four codes each), whose weights are
 * given as running totals from the range's first hand (range_weights, one per hand: non-decreasing, the last
 * positive); a player with a range has cards of -1 only. discards[p] is the mask of the positions thrown at the next
 * draw (bit i = cards[4p + i]), or -1 for the policy's choice; a player with unknown cards or a range may only stand
 * pat (0) or leave it to its policy (-1). */
struct badugi_question {
    int players; /* 1..BADUGI_ODDS_MAX_PLAYERS */
    int draws;   /* 0..BADUGI_ODDS_MAX_DRAWS; 0: the hands as they are */
    int cards[4 * BADUGI_ODDS_MAX_PLAYERS];
    int discards[BADUGI_ODDS_MAX_PLAYERS];
    int policy_of[BADUGI_ODDS_MAX_PLAYERS];
    size_t range_begin[BADUGI_ODDS_MAX_PLAYERS];
    size_t range_end[BADUGI_ODDS_MAX_PLAYERS];
    uint64_t dead;
    const uint8_t *range_cards;
    size_t range_cards_size; /* bytes: 4 per hand */
    const double *range_weights;
    size_t range_weights_size; /* one per hand */
    const uint8_t *masks;      /* the policy tables */
    size_t masks_size;
    const double *first;
    size_t first_size;
};

/* Fill `masks` (BADUGI_POLICY_ENTRIES bytes) and, unless NULL, `first` (as many doubles, size 0 when NULL) with a
 * built-in policy of badugi_fast/drawing.py: USABLE, SNOW, PAT (stand pat at or better than rank `bound`) or BASIC.
 * `bound` is ignored but by PAT. BASIC needs `first` (its break is a coin flip). */
int badugi_policy_table(int kind, int bound, uint8_t *masks, size_t masks_size, double *first, size_t first_size);

/* The exact distribution of player 0's final hand (a question of one player): the probability of each rank number
 * into `probabilities` (BADUGI_ODDS_BINS doubles), the number of draw sequences into *deals. Later draws follow the
 * policy. Uses `work` (BADUGI_ODDS_WORK doubles) and `sets` (as many card sets). BADUGI_E_BUDGET when more than
 * `max_paths` sequences lead to the last draw, or (unknown cards or a range) the completions of the last draw would
 * take more than `max_work` steps, or more than one draw follows unknown cards or a range of more than 64 hands. */
int badugi_draw_odds_exact(const struct badugi_question *question, double max_paths, double max_work,
                           double *probabilities, size_t probabilities_size, double *work, size_t work_size,
                           uint64_t *sets, size_t sets_size, double *deals);

/* `samples` random trials of the same question: counts[r] (BADUGI_ODDS_BINS entries) is how many ended with rank
 * number r. */
int badugi_draw_odds_sample(const struct badugi_question *question, uint64_t seed, uint64_t first_trial,
                            uint64_t samples, int threads, uint64_t *counts, size_t counts_size);

/* Exact equity of 2..6 players with one draw to come (or none: draws 0), every first discard known (given, or a
 * policy's sure choice). Every deal of the unknown cards and ranges is taken in turn; within it every deal of the
 * draws is counted, without walking them one by one: a player with known cards and the most possible draws is
 * counted from cumulative rank tables by inclusion-exclusion over the cards the others hold and drew. results[p *
 * BADUGI_EQUITY_EXACT_FIELDS + k]: see BADUGI_EQUITY_EXACT_FIELDS; *deals: how many deals, over every deal of the
 * unknown cards; *steps: the work it took (or would take). Uses `work` (BADUGI_EQUITY_WORK counters) and up to
 * `threads` threads, one when the work is under `parallel_from` steps. BADUGI_E_BUDGET when the count would take
 * more than `max_work` steps. */
int badugi_equity_exact(const struct badugi_question *question, double max_work, double parallel_from, int threads,
                        double *results, size_t results_size, uint32_t *work, size_t work_size, double *deals,
                        double *steps);

/* `samples` random trials of 2..6 players: results[p * BADUGI_EQUITY_SAMPLE_FIELDS + f], see
 * BADUGI_EQUITY_SAMPLE_FIELDS. */
int badugi_equity_sample(const struct badugi_question *question, uint64_t seed, uint64_t first_trial,
                         uint64_t samples, int threads, uint64_t *results, size_t results_size);

/* Player 0's equity for each of `option_count` first discards (masks over its four known cards) with one draw to
 * come, every option played on the same trials: in a trial the unknown cards and the other players' draws are dealt
 * once, then four cards for player 0, of which each option takes as many as it throws (without a reshuffle the
 * order in which the players draw changes no chance). results[o * BADUGI_EQUITY_SAMPLE_FIELDS + f] as
 * badugi_equity_sample's for player 0. BADUGI_E_RESHUFFLE when a trial's draws need more cards than the stub. */
int badugi_advice_sample(const struct badugi_question *question, const int *options, int option_count, uint64_t seed,
                         uint64_t first_trial, uint64_t samples, int threads, uint64_t *results, size_t results_size);

#endif
