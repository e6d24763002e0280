/* badugi-fast: PokerStars Badugi hand histories read and scored in C, the fast path of `badugi score`.
 *
 * badugi_fast/history (Python) is the definition: it reads every site and says why a hand is what it is. This
 * file reads PokerStars text the same way, line for line, and pays the pots the same way, but it only vouches
 * for a hand it fully understands and that the site paid exactly as we would (verified or no showdown). Anything
 * else (a line it cannot read, a mismatch, an error, a name it does not know, non-ASCII where it matters, sums of
 * chips past 2^59 hundredths, which only a forged hand reaches) makes the hand a BADUGI_HH_FALLBACK record, and
 * Python reads that hand itself. Tests hold the two paths equal on every hand they have.
 *
 * The text is UTF-8 with "\n" line ends (no "\r"); all offsets in records are byte offsets into it.
 */
#ifndef BADUGI_STARS_H
#define BADUGI_STARS_H

#include <stddef.h>
#include <stdint.h>

#define BADUGI_HH_MAX_PLAYERS 10
/* The most actions, forced bets and draws of a hand this code replays through the rules (csrc/rules.c); a hand
 * with more is Python's. */
#define BADUGI_HH_MAX_EVENTS 400

/* Record status: Python must read the hand; the site paid every pot as we would, with or without a showdown (and
 * the hand was played by the rules: csrc/rules.c replays it, as badugi_fast/formats/replay.py does). */
#define BADUGI_HH_FALLBACK 0
#define BADUGI_HH_VERIFIED 1
#define BADUGI_HH_NO_SHOWDOWN 2

/* Record flags. */
#define BADUGI_HH_SHOWDOWN 1 /* the hand reached a showdown */
#define BADUGI_HH_SPLIT 2    /* a pot was split: paid here in hundredths, which is wrong for whole-chip games */

/* A hand's record is BADUGI_HH_HAND_FIELDS values, at these positions: */
#define BADUGI_HH_STATUS 0
#define BADUGI_HH_FLAGS 1
#define BADUGI_HH_FIRST_LINE 2 /* lines count from the start of the text, 0-based: the header's line */
#define BADUGI_HH_END_LINE 3   /* the line after the hand's last line */
#define BADUGI_HH_FIRST_BYTE 4 /* the hand's text, without the newline that ends it */
#define BADUGI_HH_END_BYTE 5
#define BADUGI_HH_ID_START 6 /* the hand number */
#define BADUGI_HH_ID_END 7
#define BADUGI_HH_GAME_START 8 /* the header's words before " - " */
#define BADUGI_HH_GAME_END 9
#define BADUGI_HH_LIMIT 10   /* the betting structure the rules held the hand to (rules.h BADUGI_LIMIT_*) */
#define BADUGI_HH_PLAYERS 11 /* P, the number of player entries that follow */
#define BADUGI_HH_HAND_FIELDS 12
/* then P entries of BADUGI_HH_PLAYER_FIELDS values, for the players the result lists, in seat order, with these
 * values at these positions. A FALLBACK record has no player entries. */
#define BADUGI_HH_NAME_START 0
#define BADUGI_HH_NAME_END 1
#define BADUGI_HH_CARDS 2       /* -1 when unknown, else the count in bits 0-2 and card code k in bits 3 + 6k */
#define BADUGI_HH_RANK 3        /* rank number, 0 without four cards */
#define BADUGI_HH_WORDS_START 4 /* the site's description of the hand, -1, -1 without one */
#define BADUGI_HH_WORDS_END 5
#define BADUGI_HH_COLLECTED 6 /* what the site paid, in hundredths */
#define BADUGI_HH_EXPECTED 7  /* what our scoring pays, in hundredths */
/* the replay's facts (rules.h badugi_facts, for the statistics) */
#define BADUGI_HH_PUT_IN 8    /* every chip put in, less the uncalled bets returned */
#define BADUGI_HH_POSITION 9  /* 0: first to the left of the button ... the button last; -1: not dealt in */
#define BADUGI_HH_FACTS 10    /* BADUGI_FACT_* of rules.h */
#define BADUGI_HH_COUNTS 11   /* bets in bits 0-15, raises in bits 16-31, calls in bits 32-47 */
#define BADUGI_HH_DRAWS 12    /* for draw d = 0, 1, 2, the cards drawn + 1 in bits 4d .. 4d + 3 (0: no draw) */
#define BADUGI_HH_HERO 13     /* 1 for the one player the history deals face up ("Dealt to"), else 0 */
#define BADUGI_HH_PLAYER_FIELDS 14
#define BADUGI_HH_RECORD_MAX (BADUGI_HH_HAND_FIELDS + BADUGI_HH_MAX_PLAYERS * BADUGI_HH_PLAYER_FIELDS)

/* Reads the hands of text[0:length] from byte *offset (at line *line) on: text before the first hand header is
 * skipped, as the Python reader skips it. Writes one record per hand to out while out_size leaves room for a
 * record of BADUGI_HH_RECORD_MAX values, and moves *offset and *line past the hands written. Returns the number
 * of values written (0 once the text is done, or when a pointer is NULL or *offset is past the end). A hand starts at each line that begins "PokerStars " and holds
 * "Game #" or "Hand #". */
size_t badugi_stars_scan(const char *text, size_t length, size_t *offset, size_t *line, int64_t *out,
                         size_t out_size);

#endif
