/* badugi-fast: the betting of a recorded hand replayed by the rules, in C (for csrc/stars.c and csrc/phh.c, through
 * csrc/verdict.c).
 *
 * This mirrors, for the hands the C reader vouches for, the Python that is the definition:
 * badugi_fast/rules/engine.py (HandState: the betting rounds, what a call costs, what a bet or raise may be, when a
 * round ends and what is returned), badugi_fast/rules/replay.py (Replay: forced bets as posted, draws as counts,
 * players with nothing to decide, all-in players folded by the site) and badugi_fast/formats/replay.py (Recorder:
 * the betting structure a hand is held to, and the order its events are checked in). Each function names the Python
 * it mirrors. It only answers "the rules accept this hand" (1) or "they do not, or this code cannot tell" (0): the
 * Python reader says why. It is the one betting account of the C readers (csrc/stars.c, csrc/phh.c): they record
 * what the text says, and what follows from it (what a PHH cc costs, each player's chips put in and returned) is
 * this replay's. Amounts are int64 hundredths, every one below 2^59 (verdict.h's CHIPS_MAX), so no sum here
 * overflows.
 */
#ifndef BADUGI_RULES_H
#define BADUGI_RULES_H

#include <stddef.h>
#include <stdint.h>

#define BADUGI_RULES_MAX_PLAYERS 10

/* Betting structures (rules/limits.py). */
#define BADUGI_LIMIT_FIXED 0
#define BADUGI_LIMIT_POT 1
#define BADUGI_LIMIT_HALF_POT 2
#define BADUGI_LIMIT_NO 3

/* What a history records, in the order it records it. */
#define BADUGI_EVENT_POST 0  /* value: the live chips of a blind */
#define BADUGI_EVENT_ANTE 1  /* value: dead chips (an ante, a dead blind) */
#define BADUGI_EVENT_FOLD 2
#define BADUGI_EVENT_CHECK 3
#define BADUGI_EVENT_CALL 4  /* value: the chips the history says the call put in */
#define BADUGI_EVENT_BET 5   /* value: the chips the bet put in */
#define BADUGI_EVENT_RAISE 6 /* value: the player's total for the round ("raises $0.25 to $0.50", PHH's cbr) */
#define BADUGI_EVENT_DRAW 7  /* value: how many cards */
#define BADUGI_EVENT_CC 8    /* PHH's cc (value 0): a call of what the rules ask (HandState.to_call), a check when
                                that is nothing; the replay resolves it as formats/phh/reader._Reader._bet does */

typedef struct {
    int kind;
    int player; /* an index into the table's players (any order: the replay puts them in seat order) */
    int64_t value;
} badugi_event;

/* The table of a recorded hand: each player's seat number and starting stack, the button's seat (-1: not said),
 * the betting structure, the stakes the history names (fixed limit: the small and big bet; else the blinds; 0, 0
 * when it names none), and whether it reached a showdown. */
typedef struct {
    int count;
    long seats[BADUGI_RULES_MAX_PLAYERS];
    int64_t stacks[BADUGI_RULES_MAX_PLAYERS];
    long button;
    int limit;
    int64_t stakes[2];
    int showdown;
} badugi_table;

/* 1 when the rules accept every event of the hand, in order, and the hand ends by them; 0 otherwise (or when the
 * hand is one this code leaves to Python: fewer than two players dealt in). */
int badugi_rules_accept(const badugi_table *table, const badugi_event *events, size_t count);

/* What the replay says of each player, for the statistics (badugi_fast/formats/facts.py is the definition) and the
 * payouts (history/score.py: what each put in, and the uncalled bets returned). */
#define BADUGI_FACT_DEALT 1            /* dealt in: posted, acted or drew */
#define BADUGI_FACT_VPIP 2             /* called, bet or raised before the first draw */
#define BADUGI_FACT_PFR 4              /* bet or raised before the first draw */
#define BADUGI_FACT_THREE_BET 8        /* raised over exactly one raise before the first draw */
#define BADUGI_FACT_THREE_BET_CHANCE 16 /* acted facing exactly one raise before the first draw */
#define BADUGI_FACT_FOLDED 32          /* folded (or, all in, gave up) */

typedef struct {
    int flags;    /* BADUGI_FACT_* */
    int position; /* 0: first to the left of the button, ..., the button last; -1 when not dealt in */
    int bets, raises, calls; /* every round: a wager is a bet with nothing to call, else a raise */
    int drew[3];  /* the cards drawn at each draw, -1 where the player did not draw */
    int64_t put_in;   /* every chip put in, less the uncalled bets returned */
    int64_t returned; /* the uncalled bets the rules gave back, at the end of each betting round (pots.uncalled) */
} badugi_facts;

/* badugi_rules_accept, and when it accepts the hand (and facts is not NULL), each table player's facts in
 * facts[0 .. table->count - 1]. */
int badugi_rules_facts(const badugi_table *table, const badugi_event *events, size_t count, badugi_facts *facts);

#endif
