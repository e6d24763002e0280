/* badugi-fast: the verdict on a recorded hand, in C, shared by the front-ends that read one (csrc/stars.c for
 * PokerStars text, csrc/phh.c for PHH).
 *
 * A front-end reads a hand into a hand_state: its players (seat, stack, what the site paid and returned to each, the
 * cards shown), the events the rules replay (rules.h) as the text writes them, and the card ledger (who was shown
 * holding which card). What follows from the events (what each player put in, what a PHH cc costs, the uncalled bets
 * returned) is the replay's alone (csrc/rules.c, the one betting account). This code then says what
 * history/score.py and badugi_fast/pots.py say of it: the hand replayed by the rules (csrc/rules.c),
 * the pots built and paid, and the record (stars.h) of a hand the site paid exactly as we would. A hand it cannot
 * vouch for (the front-end set `bad`, or the replay or the payouts disagree) keeps its BADUGI_HH_FALLBACK record:
 * Python reads it.
 */
#ifndef BADUGI_VERDICT_H
#define BADUGI_VERDICT_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"
#include "stars.h"

/* The most any one player's sum of chips (paid, returned) may reach here: 2^59 hundredths,
 * about $5.8e15. A single amount is below 10^17 (15 whole digits, see amount()), so adding one to a sum within the
 * bound cannot overflow, and the verdict's sums over at most BADUGI_HH_MAX_PLAYERS players stay below 10 * 2^59 <
 * 2^63. A hand that goes past it (a forged one: no site writes such sums) is bad: Python, whose integers do not
 * overflow, reads it and says what is wrong. */
#define CHIPS_MAX ((int64_t)1 << 59)

typedef struct {
    const char *p;
    size_t n;
} span;

typedef struct {
    span name;
    long seat;
    int64_t collected;   /* what the site paid */
    int64_t returned;    /* uncalled bets the site gave back (what the player put in is csrc/rules.c's account) */
    int64_t stack;       /* at the start of the hand */
    int64_t finishing;   /* the stack the history says the player ended with (PHH's finishing_stacks) */
    int drew;            /* the cards of the player's last draw, until their hand is shown again (-1: none) */
    int has_collected, folded, mucked;
    int face_up; /* hole cards the history shows before the first draw (Builder.dealt: hand.dealt): the hero's */
    int ncards; /* -1: no cards known */
    uint8_t cards[4];
    int descriptions, conflicting; /* the site's descriptions of the current cards, and whether they differ */
    span description;
} player;

typedef struct {
    player players[BADUGI_HH_MAX_PLAYERS];
    int count;
    int section; /* 0 seats and blinds, 1 the play, 2 the summary */
    int showdown;
    int64_t big_blind;
    int64_t total_pot, rake; /* -1 when the site did not write them */
    int64_t pots[BADUGI_HH_MAX_PLAYERS];
    int npots; /* -1 when the site listed no pots */
    long button;
    int limit;         /* BADUGI_LIMIT_*, or -1 when the header names none this code knows */
    int64_t stakes[2]; /* common.stakes_in of the header; 0, 0 when it names none */
    span currency;     /* the record's currency: the code after PokerStars' stakes ("USD"), PHH's `currency`; p NULL
                          for none */
    int64_t started;   /* when the hand began: YYYYMMDDhhmmss, -1 when the history does not say */
    span zone;         /* the time zone: after PokerStars' time ("ET"), PHH's `time_zone`; p NULL for none */
    int whole_chips;   /* the amounts are whole chips (hand.places 0): pay() splits a pot in whole chips, as
                          pots.award_pots does with chip 100 */
    int tournament;    /* a tournament's hand (pokerstars/reader.game_of; PHH: never) */
    badugi_event events[BADUGI_HH_MAX_EVENTS]; /* what the players did, for rules.c to replay */
    size_t nevents;
    int draws; /* the draws begun (their markers seen) */
    signed char owner[52]; /* who was shown holding each card, -1 for nobody (formats/replay._check_cards) */
    int dealt_in, stub; /* the players dealt in (counted at the first draw), and the cards left to draw from */
    int returns_unwritten; /* the history writes no uncalled bets returned (PHH): none to check */
    int finishing_written; /* the history writes each player's finishing stack (PHH): the verdict checks them */
    int shown; /* a player showed their cards: an action or draw after it is Python's (formats/replay.Recorder._after_a_show) */
    int bad;   /* this code cannot vouch for the hand: Python reads it */
} hand_state;

/* The line of `text` (`length` bytes) that starts at `offset`, without its newline. */
span badugi_hh_line(const char *text, size_t length, size_t offset);

/* A reader's loop over its text from *offset, *line (the scan entry points of stars.h and phh.h): the lines before
 * a hand header skipped, each hand read by `read_hand` (which returns the offset after it and writes its record),
 * while the room left in `out` holds a record of the largest size. Returns the values written. */
size_t badugi_hh_scan(const char *text, size_t length, size_t *offset, size_t *line, int64_t *out, size_t out_size,
                      int (*is_header)(span line),
                      size_t (*read_hand)(const char *text, size_t length, size_t offset, size_t *line, int64_t *record));

/* A hand's record before its verdict (status FALLBACK, no players): where it lies in `text` (from `offset` to `at`,
 * its lines to `end_line`), its id and game words, its betting structure. */
void badugi_hh_record(int64_t *record, const char *text, size_t length, size_t offset, size_t at, size_t end_line,
                      span id, span game, int limit);

/* *sum += chips, or a bad hand (and *sum unchanged) when the sum would pass CHIPS_MAX. */
void badugi_hh_add_chips(int64_t *sum, int64_t chips, hand_state *h);

/* One more thing a player did, for the replay of the rules (rules.h). */
void badugi_hh_event(hand_state *h, int kind, int player, int64_t value);

/* A draw of `cards` cards, for the card ledger (the stub it comes from). */
void badugi_hh_drawn(hand_state *h, long cards);

/* Player i's hand is now the `count` cards `cards` (a bad hand unless that could have happened). */
void badugi_hh_hold(hand_state *h, int i, const uint8_t *cards, int count, int forget_descriptions, int drawn);

/* The verdict on a hand read in full (not bad): record (its BADUGI_HH_HAND_FIELDS values written, status FALLBACK)
 * gets its status, flags and player entries when the rules accept the hand and the site paid it as we would. Name
 * and description spans are written as offsets from `text`. */
void badugi_hh_verdict(const hand_state *h, const char *text, int64_t *record);

#endif
