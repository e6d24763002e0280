/* badugi-fast: PokerStars hands that csrc/stars.c answered, written as PHH by C, the fast path of `badugi convert
 * --to phh`.
 *
 * badugi_fast/formats/phh/writer.py is the definition (table_text of the hand that formats/pokerstars/reader.py reads
 * and formats/replay.py replays). This code reads each PokerStars hand with badugi_stars_scan; for a hand that reader
 * answered (the rules accept it and the site paid it as we would), it reads the hand's lines once more for what the
 * PHH table holds and the record does not (stacks and seat numbers, the forced bets, each action and draw in order,
 * the cards of the hero's draws, the shows and mucks, the table's name, the rake, the currency sign), and writes the
 * table's lines after its "[n]" header, byte for byte as writer.table_text writes them. A hand it does not cover (the
 * reader's FALLBACK, or anything this code does not model: a BADUGI_PHH_WRITE_* code other than WRITTEN says which)
 * gets no text: Python reads and writes that hand as before (badugi_fast/history/converted.py).
 *
 * The text is UTF-8 with "\n" line ends, as badugi_stars_scan reads it.
 */
#ifndef BADUGI_PHH_WRITE_H
#define BADUGI_PHH_WRITE_H

#include <stddef.h>
#include <stdint.h>

/* What became of each hand: written, or why not (Python writes it). */
#define BADUGI_PHH_WRITE_WRITTEN 0
#define BADUGI_PHH_WRITE_NOT_READ 1  /* the C reader left the hand to Python (its FALLBACK record) */
#define BADUGI_PHH_WRITE_LINE 2      /* a line this code does not read as Python would, or too many events */
#define BADUGI_PHH_WRITE_CARDS 3     /* cards this code does not follow (a draw's cards shown otherwise) */
#define BADUGI_PHH_WRITE_REFUSED 4   /* a hand writer.py refuses (NotConvertible): Python says why */

/* What a call says of each hand it read: these values per hand, in order. */
#define BADUGI_PHH_WRITE_CODE 0       /* BADUGI_PHH_WRITE_* */
#define BADUGI_PHH_WRITE_LIMIT 1      /* the betting structure (rules.h BADUGI_LIMIT_*) of a hand written, else -1 */
#define BADUGI_PHH_WRITE_FIRST_LINE 2 /* the record's first_line, first_byte and end_byte: where the hand is */
#define BADUGI_PHH_WRITE_FIRST_BYTE 3
#define BADUGI_PHH_WRITE_END_BYTE 4
#define BADUGI_PHH_WRITE_TEXT_END 5 /* where the hand's PHH ends in out (it starts where the last one ended) */
#define BADUGI_PHH_WRITE_INFO 6

/* Reads PokerStars hands of text[0:length] from *offset (at line *line) and writes the PHH table lines of each hand
 * written to out. Stops when out or info is full (out_size bytes, info_room hands), moving *offset and *line past the
 * hands done, and returns their number (0 once the text is done, or when out cannot hold the next hand's table: call
 * again with a bigger out). */
size_t badugi_phh_write_scan(const char *text, size_t length, size_t *offset, size_t *line, char *out,
                             size_t out_size, int64_t *info, size_t info_room);

#endif
