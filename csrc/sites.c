/* badugi-fast: hand headers found in one pass (see sites.h). Each matcher below names the Python it mirrors. */
#include "sites.h"

#include <string.h>

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

/* The matchers: 1 when `line` (n bytes, no newline, starting with the format's prefix of k bytes) is a header, 0
 * when it is not, -1 when only Python can tell. */

/* pokerstars/reader._HEADER_LINE: the prefix, then "Game #" or "Hand #" somewhere after. */
static int pokerstars_header(const char *line, size_t n, size_t k)
{
    return holds(line, n, k, "Game #", 6) || holds(line, n, k, "Hand #", 6);
}

/* fulltilt._HEADER_LINE: the prefix, then "Game #" somewhere after. */
static int full_tilt_header(const char *line, size_t n, size_t k) { return holds(line, n, k, "Game #", 6); }

/* merge._HEADER_LINE: "<game" then a space, or nothing but white space to the end of the line. */
static int merge_header(const char *line, size_t n, size_t k)
{
    if (n > k && line[k] == ' ')
        return 1;
    for (size_t i = k; i < n; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c >= 0x80)
            return -1; /* a Unicode space, perhaps */
        if (!ascii_space(c))
            return 0;
    }
    return 1;
}

/* kingsclub._HEADER_LINE: "#", digits, ": ", then " - " somewhere after. */
static int kingsclub_header(const char *line, size_t n, size_t k)
{
    size_t i = k;
    while (i < n && line[i] >= '0' && line[i] <= '9')
        i++;
    if (i < n && (unsigned char)line[i] >= 0x80)
        return -1; /* a Unicode digit, perhaps */
    if (i == k || i + 2 > n || line[i] != ':' || line[i + 1] != ' ')
        return 0;
    return holds(line, n, i + 2, " - ", 3);
}

/* phh/reader._HEADER_LINE (badugi_fast/formats/phh/reader.py): spaces or tabs, the key variant (bare, or quoted with " or
 * '), spaces or tabs, then "=". Read from the start of the line, whichever of PHH's prefixes it starts with. */
int badugi_phh_header_line(const char *line, size_t n)
{
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    char quote = i < n && (line[i] == '"' || line[i] == '\'') ? line[i] : 0;
    i += quote != 0;
    if (n - i < 7 || memcmp(line + i, "variant", 7) != 0)
        return 0;
    i += 7;
    if (quote) {
        if (i == n || line[i] != quote)
            return 0;
        i++;
    }
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    return i < n && line[i] == '=';
}

/* Whether `line` (n bytes) starts with the format's prefix. Most lines that share its first byte differ at the
 * second ("Player1: bets" against "PokerStars"): two bytes are compared before the call. */
static int has_prefix(const char *line, size_t n, const badugi_format *format)
{
    size_t k = format->length;
    return n >= k && (k == 0 || (line[0] == format->prefix[0] && (k < 2 || line[1] == format->prefix[1]) &&
                                 memcmp(line, format->prefix, k) == 0));
}

/* The format's matcher on a line known to start with its prefix. */
static int matched(const char *line, size_t n, const badugi_format *format)
{
    size_t k = format->length;
    switch (format->matcher) {
    case BADUGI_MATCH_POKERSTARS: return pokerstars_header(line, n, k);
    case BADUGI_MATCH_FULL_TILT: return full_tilt_header(line, n, k);
    case BADUGI_MATCH_MERGE: return merge_header(line, n, k);
    case BADUGI_MATCH_KINGSCLUB: return kingsclub_header(line, n, k);
    case BADUGI_MATCH_PHH: return badugi_phh_header_line(line, n);
    default: return -1; /* BADUGI_MATCH_NONE: a format only Python reads */
    }
}

int badugi_header_line(const char *line, size_t n, const badugi_format *format)
{
    return has_prefix(line, n, format) ? matched(line, n, format) : 0;
}

/* registry.header_site: the format whose header `line` (n bytes, no newline) is (its index), -1 for none. The
 * formats are tried in order from `from`, the first whose prefix starts with the line's first byte (those before it
 * cannot match). */
static int header_site(const char *line, size_t n, const badugi_format *formats, size_t count, size_t from)
{
    for (size_t f = from; f < count; f++) {
        if (!has_prefix(line, n, &formats[f]))
            continue;
        int is_header = matched(line, n, &formats[f]);
        if (is_header < 0)
            return BADUGI_SITE_ASK;
        return is_header ? (int)f : -1; /* the prefixes of two formats never begin one another */
    }
    return -1;
}

size_t badugi_find_headers(const char *text, size_t length, size_t start, size_t end, const badugi_format *formats,
                           size_t count, size_t *offsets, uint8_t *sites, size_t *lines, size_t room, size_t *next,
                           size_t *newlines)
{
    if (text == NULL || formats == NULL || offsets == NULL || sites == NULL || lines == NULL || next == NULL ||
        newlines == NULL || start > end || end > length || count > BADUGI_MAX_FORMATS)
        return (size_t)-1;
    /* The first two bytes of the prefixes, as a set of pairs (and the bytes of the one-byte prefixes): most lines
     * start with none of them. A first byte alone let through every "Player1: ..." line of a PokerStars hand (its
     * "P" is PokerStars' too), a third of the finder's work. */
    unsigned char single[256] = {0}, pairs[256 * 256 / 8] = {0}, from[256];
    memset(from, (int)count, sizeof from); /* count <= BADUGI_MAX_FORMATS: a byte */
    for (size_t f = count; f-- > 0;) {
        if (formats[f].prefix == NULL || formats[f].length == 0 || formats[f].matcher < 0 ||
            formats[f].matcher >= BADUGI_MATCH_COUNT)
            return (size_t)-1;
        const unsigned char *prefix = (const unsigned char *)formats[f].prefix;
        from[prefix[0]] = (unsigned char)f; /* the first format of that byte, as f goes down */
        if (formats[f].length == 1)
            single[prefix[0]] = 1;
        else
            pairs[(prefix[0] << 5) | (prefix[1] >> 3)] |= (unsigned char)(1u << (prefix[1] & 7));
    }
    size_t found = 0, line = 0, at = start;
    while (at < end && found < room) {
        const char *newline = memchr(text + at, '\n', end - at);
        size_t n = newline ? (size_t)(newline - text) - at : end - at;
        const unsigned char *head = (const unsigned char *)text + at;
        int paired = n > 1 && (pairs[(head[0] << 5) | (head[1] >> 3)] >> (head[1] & 7)) & 1;
        int maybe = n > 0 && (single[head[0]] || paired);
        int site = maybe ? header_site(text + at, n, formats, count, from[head[0]]) : -1;
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
