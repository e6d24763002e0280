/* badugi-fast: hand headers found in one pass (see sites.h). Each test below names the Python it mirrors. */
#include "sites.h"

#include <string.h>

static int starts_with(const char *line, size_t n, const char *prefix, size_t k)
{
    return n >= k && memcmp(line, prefix, k) == 0;
}

/* Whether line[from:n] holds `word` (k bytes). */
static int holds(const char *line, size_t n, size_t from, const char *word, size_t k)
{
    for (size_t i = from; i + k <= n; i++)
        if (line[i] == word[0] && memcmp(line + i, word, k) == 0)
            return 1;
    return 0;
}

static int ascii_space(unsigned char c) /* str.isspace() of an ASCII character */
{
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

/* merge.HEADER_LINE: "<game" then a space, or nothing but white space to the end of the line. */
static int merge_header(const char *line, size_t n)
{
    if (n > 5 && line[5] == ' ')
        return BADUGI_SITE_MERGE;
    for (size_t i = 5; i < n; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c >= 0x80)
            return BADUGI_SITE_ASK; /* a Unicode space, perhaps */
        if (!ascii_space(c))
            return -1;
    }
    return BADUGI_SITE_MERGE;
}

/* kingsclub.HEADER_LINE: "#", digits, ": ", then " - " somewhere after. */
static int kingsclub_header(const char *line, size_t n)
{
    size_t i = 1;
    while (i < n && line[i] >= '0' && line[i] <= '9')
        i++;
    if (i < n && (unsigned char)line[i] >= 0x80)
        return BADUGI_SITE_ASK; /* a Unicode digit, perhaps */
    if (i == 1 || !starts_with(line + i, n - i, ": ", 2))
        return -1;
    return holds(line, n, i + 2, " - ", 3) ? BADUGI_SITE_KINGSCLUB : -1;
}

/* phh.HEADER_LINE (badugi_fast/history/phh/reader.py): "variant", spaces or tabs, then "=". */
static int phh_header(const char *line, size_t n)
{
    size_t i = 7;
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    return i < n && line[i] == '=' ? BADUGI_SITE_PHH : -1;
}

/* sites.header_site: the site whose header `line` (n bytes, no newline) is, -1 for none. */
static int header_site(const char *line, size_t n)
{
    if (n == 0 || (line[0] != 'P' && line[0] != 'F' && line[0] != '<' && line[0] != '#' && line[0] != 'v'))
        return -1; /* most lines: no site's prefix starts with their first character */
    if (starts_with(line, n, "PokerStars ", 11)) /* stars.HEADER_LINE */
        return holds(line, n, 11, "Game #", 6) || holds(line, n, 11, "Hand #", 6) ? BADUGI_SITE_STARS : -1;
    if (starts_with(line, n, "Full Tilt Poker ", 16)) /* fulltilt.HEADER_LINE */
        return holds(line, n, 16, "Game #", 6) ? BADUGI_SITE_FULL_TILT : -1;
    if (starts_with(line, n, "<game", 5))
        return merge_header(line, n);
    if (starts_with(line, n, "#", 1))
        return kingsclub_header(line, n);
    if (starts_with(line, n, "variant", 7))
        return phh_header(line, n);
    return -1;
}

size_t badugi_find_headers(const char *text, size_t length, size_t start, size_t end, size_t *offsets,
                           uint8_t *sites, size_t *lines, size_t room, size_t *next, size_t *newlines)
{
    if (text == NULL || offsets == NULL || sites == NULL || lines == NULL || next == NULL || newlines == NULL ||
        start > end || end > length)
        return (size_t)-1;
    size_t found = 0, line = 0, at = start;
    while (at < end && found < room) {
        const char *newline = memchr(text + at, '\n', end - at);
        size_t n = newline ? (size_t)(newline - text) - at : end - at;
        int site = header_site(text + at, n);
        if (site >= 0) {
            offsets[found] = at;
            sites[found] = (uint8_t)site;
            lines[found] = line;
            found++;
        }
        if (!newline) {
            at = end;
            break;
        }
        at += n + 1;
        line++;
    }
    *next = at;
    *newlines = line;
    return found;
}
