/* badugi-fast: the hand headers of every site in a text, found in one pass (the fast path of history/cut.py).
 *
 * badugi_fast/history/sites.py (find_headers, and each site's is_header) is the definition; this mirrors it for
 * the common case and leaves the rest to it: a line it cannot decide for sure (non-ASCII bytes where Python's
 * patterns would read Unicode digits or spaces) comes back as BADUGI_SITE_ASK, and Python decides.
 */
#ifndef BADUGI_SITES_H
#define BADUGI_SITES_H

#include <stddef.h>
#include <stdint.h>

/* The sites, in the order of badugi_fast.formats.registry.PARSERS. */
#define BADUGI_SITE_STARS 0
#define BADUGI_SITE_FULL_TILT 1
#define BADUGI_SITE_MERGE 2
#define BADUGI_SITE_KINGSCLUB 3
#define BADUGI_SITE_PHH 4
#define BADUGI_SITE_ASK 255 /* a line only Python can decide about */

/* The hand headers among the lines of text[start:end]: `start` is a line's start (0, or just after a newline) and
 * every line starting before `end` ends by `end` (or at `end`, the end of the text). Writes the offset, site and
 * line (newlines from `start` to it) of each header to offsets[], sites[] and lines[] while `room` lasts, and
 * returns how many it wrote; *next is where a call must go on (end when it is done) and *newlines the number of
 * newlines from start to *next. Returns (size_t)-1 when a pointer is NULL or the range is not in the text. */
size_t badugi_find_headers(const char *text, size_t length, size_t start, size_t end, size_t *offsets,
                           uint8_t *sites, size_t *lines, size_t room, size_t *next, size_t *newlines);

#endif
