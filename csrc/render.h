/* badugi-fast: the records of the hands C answered, written by C as JSON Lines or CSV, the fast path of
 * `badugi score --format jsonl|csv` (and of Parquet, which reads the JSON Lines).
 *
 * badugi_fast/history/output.py is the definition: _json_line and _csv_row render a Result, which history/read.py
 * (_c_result) decodes from a C record and history/score.py (player_entry, table_of) fills. This file writes the same
 * bytes straight from the record, so that no Python object is made per player: JSON strings escaped as
 * Python's json encode_basestring does (ensure_ascii=False), amounts as money.amount_text writes them, CSV cells made
 * inert (output._inert) and quoted as Python's csv writer quotes them (minimal quoting: a cell holding a comma, a
 * double quote or a newline). The words that Python defines (our descriptions of each rank, the card texts, the
 * betting structures' names) come from Python in a badugi_render_words table: C does not spell them again.
 * A FALLBACK record is not rendered: Python reads and renders that hand.
 */
#ifndef BADUGI_RENDER_H
#define BADUGI_RENDER_H

#include <stddef.h>
#include <stdint.h>

#define BADUGI_RENDER_JSONL 0
#define BADUGI_RENDER_CSV 1
#define BADUGI_READ_STARS 0
#define BADUGI_READ_PHH 1

/* The words of the records that Python defines, entry k being text[starts[k]:starts[k + 1]]: the limits' names in
 * the order of their codes (rules.h BADUGI_LIMIT_*; rules.limits.LIMITS), then the 52 cards' texts (cards.card_str),
 * then our description of each rank 1 ... BADUGI_RANK_COUNT (ranks.describe). */
#define BADUGI_RENDER_LIMITS 4
#define BADUGI_RENDER_WORDS (BADUGI_RENDER_LIMITS + 52 + 1092)
typedef struct {
    const char *text;
    const uint32_t *starts; /* BADUGI_RENDER_WORDS + 1 offsets */
} badugi_render_words;

/* What a call says of each hand it read: these values per hand, in order. */
#define BADUGI_RENDER_STATUS 0     /* the record's status: BADUGI_HH_FALLBACK (not rendered: Python's) or answered */
#define BADUGI_RENDER_FLAGS 1      /* the record's flags */
#define BADUGI_RENDER_FIRST_LINE 2 /* the record's first_line */
#define BADUGI_RENDER_FIRST_BYTE 3 /* the record's first_byte and end_byte */
#define BADUGI_RENDER_END_BYTE 4
#define BADUGI_RENDER_TEXT_END 5 /* where the hand's rendered text ends in out (it starts where the last one ended) */
#define BADUGI_RENDER_INFO 6

/* Reads hands of text[0:length] from *offset (at line *line) with the C reader `reader` (BADUGI_READ_STARS:
 * badugi_stars_scan, BADUGI_READ_PHH: badugi_phh_scan) and writes the record of each hand it answered in format
 * `form` to out, the file being `file` (UTF-8) and the site `site`, hand k of the call numbered index + k. Stops
 * when out or info is full (out_size bytes, info_room hands), moving *offset and *line past the hands done, and
 * returns their number (0 once the text is done, or when out cannot hold the next hand's record: call again with a
 * bigger out). */
size_t badugi_render_scan(int reader, int form, const char *text, size_t length, size_t *offset, size_t *line,
                          const badugi_render_words *words, const char *file, size_t file_length, const char *site,
                          size_t site_length, int64_t index, char *out, size_t out_size, int64_t *info,
                          size_t info_room);

/* Asks the C library to keep the memory that one run's buffers free (up to `bytes` a buffer, four times that in all)
 * for the next run's, rather than to map and unmap it again: each run's text and records take megabytes, and
 * mapping them anew costs a page fault per page, a tenth of scoring's CPU. 1 when done (glibc's mallopt), else 0:
 * other C libraries keep their own ways. A process-wide setting, for the commands that score in bulk. */
int badugi_render_keep_memory(size_t bytes);

#endif
