/* badugi-fast: the hand headers of every format in a text, found in one pass (the fast path of history/sites.py).
 *
 * badugi_fast/history/sites.py (headers_in, and each format's is_header) is the definition, and the registry of
 * formats (badugi_fast/formats/registry.py) is the only list of formats: Python hands this code the formats to look
 * for, each with its header prefix and the matcher that decides its header lines. A format with no matcher here, or
 * a line a matcher cannot decide for sure (non-ASCII bytes where Python's patterns would read Unicode digits or
 * spaces), comes back as BADUGI_SITE_ASK, and Python decides: a format that C does not know is still found.
 */
#ifndef BADUGI_SITES_H
#define BADUGI_SITES_H

#include <stddef.h>
#include <stdint.h>

/* The matchers this code has, one per format it knows (see each one in sites.c for the Python it mirrors). */
#define BADUGI_MATCH_NONE 0 /* no matcher: every line with the format's prefix is left to Python */
#define BADUGI_MATCH_POKERSTARS 1
#define BADUGI_MATCH_FULL_TILT 2
#define BADUGI_MATCH_MERGE 3
#define BADUGI_MATCH_KINGSCLUB 4
#define BADUGI_MATCH_PHH 5
#define BADUGI_MATCH_COUNT 6

#define BADUGI_SITE_ASK 255 /* a line only Python can decide about */
#define BADUGI_MAX_FORMATS 254

/* A format to look for: its header prefix (`length` bytes) and its matcher (BADUGI_MATCH_*). */
typedef struct {
    const char *prefix;
    size_t length;
    int matcher;
} badugi_format;

/* Whether `line` (n bytes, no newline) is a header of `format`: 1, 0, or -1 when only Python can tell (the format
 * has no matcher, or the line has bytes its matcher cannot decide). csrc/stars.c asks it of PokerStars lines. */
int badugi_header_line(const char *line, size_t n, const badugi_format *format);

/* Whether `line` (n bytes, no newline) is a PHH hand's `variant` line, however it starts (indented, the key quoted):
 * the matcher of every PHH prefix. csrc/phh.c asks it of the lines around a hand. */
int badugi_phh_header_line(const char *line, size_t n);

/* The hand headers among the lines of text[start:end]: `start` is a line's start (0, or just after a newline) and
 * every line starting before `end` ends by `end` (or at `end`, the end of the text). A line is a header of the first
 * of the `count` formats whose prefix it starts with, when that format's matcher says so. Writes the offset, the
 * format (its index in `formats`, or BADUGI_SITE_ASK) and the line (newlines from `start` to it) of each header to
 * offsets[], sites[] and lines[] while `room` lasts, and returns how many it wrote; *next is where a call must go on
 * (end when it is done) and *newlines the number of newlines from start to *next. Returns (size_t)-1 when a pointer
 * is NULL, the range is not in the text, there are more than BADUGI_MAX_FORMATS formats or a format is malformed
 * (an empty or NULL prefix, an unknown matcher). */
size_t badugi_find_headers(const char *text, size_t length, size_t start, size_t end, const badugi_format *formats,
                           size_t count, size_t *offsets, uint8_t *sites, size_t *lines, size_t room, size_t *next,
                           size_t *newlines);

#endif
