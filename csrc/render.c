/* badugi-fast: the records of the hands C answered, as JSON Lines or CSV (render.h says what and why; the Python
 * original is badugi_fast/history/output.py: _json_line, _csv_row, of the Result that history/read.py: _c_result
 * decodes). */
#include "render.h"

#include <limits.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "phh.h"
#include "rules.h"
#include "sink.h"
#include "stars.h"

/* Writing at a cursor `w`, for which the caller made room (sink.h: reserve): nothing is checked byte by byte. Each
 * function returns where its text ends. */

/* A string constant. */
#define LITERAL(w, literal) (memcpy((w), (literal), sizeof(literal) - 1), (w) + sizeof(literal) - 1)

/* A JSON member `, "key": true` or `, "key": false` (key a string constant): one constant either way. */
#define BOOL_MEMBER(w, key, value) ((value) ? LITERAL(w, ", \"" key "\": true") : LITERAL(w, ", \"" key "\": false"))

/* The most bytes `integer` and `money` write. */
#define INTEGER_MOST 20
#define MONEY_MOST 24

/* The decimal digits of `value` (at most 20): most values written are below 10 (counts, positions, draws). */
static char *decimal(char *w, uint64_t value)
{
    if (value < 10) {
        *w = (char)('0' + value);
        return w + 1;
    }
    size_t n = 2;
    for (uint64_t rest = value / 100; rest; rest /= 10)
        ++n;
    for (size_t k = n; k-- > 0; value /= 10)
        w[k] = (char)('0' + value % 10);
    return w + n;
}

static char *integer(char *w, int64_t value)
{
    if (value < 0) {
        *w++ = '-';
        return decimal(w, (uint64_t)0 - (uint64_t)value);
    }
    return decimal(w, (uint64_t)value);
}

/* money.amount_text: hundredths as the site writes them, two places, or none for whole chips (places 0). */
static char *money(char *w, int64_t hundredths, int places)
{
    uint64_t magnitude = hundredths < 0 ? (uint64_t)0 - (uint64_t)hundredths : (uint64_t)hundredths;
    uint64_t cents = magnitude % 100;
    if (hundredths < 0)
        *w++ = '-';
    w = decimal(w, magnitude / 100);
    if (places != 0 || cents != 0) {
        w[0] = '.', w[1] = (char)('0' + cents / 10), w[2] = (char)('0' + cents % 10);
        w += 3;
    }
    return w;
}

static void put_int(sink *s, int64_t value)
{
    char *w = reserve(s, INTEGER_MOST);
    if (w != NULL)
        wrote(s, integer(w, value));
}

static void put_money(sink *s, int64_t hundredths, int places)
{
    char *w = reserve(s, MONEY_MOST);
    if (w != NULL)
        wrote(s, money(w, hundredths, places));
}

/* Python's json encode_basestring (ensure_ascii=False) of UTF-8 text: quotes, backslash, controls escaped. At most
 * 6 n + 2 bytes. Copied byte by byte as it is looked at: the texts are short (names, ids, words), and a call to
 * memcpy for each cost more than the copy. */
static char *json_string(char *w, const char *text, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    *w++ = '"';
    for (size_t i = 0; i < n; ++i) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x20 && c != '"' && c != '\\') {
            *w++ = (char)c;
            continue;
        }
        *w++ = '\\';
        switch (c) {
        case '"': *w++ = '"'; break;
        case '\\': *w++ = '\\'; break;
        case '\n': *w++ = 'n'; break;
        case '\r': *w++ = 'r'; break;
        case '\t': *w++ = 't'; break;
        case '\b': *w++ = 'b'; break;
        case '\f': *w++ = 'f'; break;
        default: w[0] = 'u', w[1] = '0', w[2] = '0', w[3] = hex[c >> 4], w[4] = hex[c & 15], w += 5;
        }
    }
    *w++ = '"';
    return w;
}

static void put_json_string(sink *s, const char *text, size_t n)
{
    char *w = n <= (SIZE_MAX - 2) / 6 ? reserve(s, 6 * n + 2) : NULL;
    if (w != NULL)
        wrote(s, json_string(w, text, n));
    else
        s->full = 1;
}

/* The end of a CSV cell whose text was written from `start` on: output._inert (a quote before a cell a spreadsheet
 * would take for a formula), then Python's csv writer's minimal quoting (a cell holding a comma, a double quote or
 * a newline is quoted, its double quotes doubled; Python 3.11's writer quotes nothing else with lineterminator
 * "\n"). */
static void end_cell(sink *s, size_t start)
{
    if (s->full)
        return;
    char *cell = s->p + start;
    size_t n = s->n - start, quotes = 0;
    int quoted = 0;
    if (n && memchr("=+-@\t\r", cell[0], 6) != NULL) {
        if (s->room - s->n < 1) {
            s->full = 1;
            return;
        }
        memmove(cell + 1, cell, n);
        cell[0] = '\'';
        ++n, ++s->n;
    }
    for (size_t i = 0; i < n; ++i) {
        quotes += cell[i] == '"';
        quoted |= cell[i] == '"' || cell[i] == ',' || cell[i] == '\n';
    }
    if (!quoted)
        return;
    size_t grown = n + quotes + 2;
    if (s->room - start < grown) {
        s->full = 1;
        return;
    }
    /* From the end backwards: each byte moves right by the quotes before it, plus the opening quote. */
    size_t to = start + grown;
    s->p[--to] = '"';
    for (size_t i = n; i-- > 0;) {
        char c = s->p[start + i];
        s->p[--to] = c;
        if (c == '"')
            s->p[--to] = '"';
    }
    s->p[--to] = '"';
    s->n = start + grown;
}

typedef struct {
    int form;
    const badugi_render_words *words;
    size_t word_most; /* the length of the longest word */
    const char *text;
    sink out;
} renderer;

/* Word k of the table (at most r->word_most bytes). */
static char *word(const renderer *r, char *w, size_t k)
{
    const uint32_t *starts = r->words->starts;
    size_t n = starts[k + 1] - starts[k];
    memcpy(w, r->words->text + starts[k], n);
    return w + n;
}

/* read._cards_text: the count in bits 0-2, card code k in bits 3 + 6k, as the site writes them (cards.card_str). At
 * most CARDS_MOST words and the spaces between them. */
#define CARDS_MOST 7
static char *cards_text(const renderer *r, char *w, int64_t packed)
{
    for (int k = 0; k < (int)(packed & 7); ++k) {
        if (k)
            *w++ = ' ';
        w = word(r, w, BADUGI_RENDER_LIMITS + (size_t)((packed >> (3 + 6 * k)) & 63));
    }
    return w;
}

static void put_word(renderer *r, size_t k)
{
    char *w = reserve(&r->out, r->word_most);
    if (w != NULL)
        wrote(&r->out, word(r, w, k));
}

static void put_cards(renderer *r, int64_t packed)
{
    char *w = reserve(&r->out, CARDS_MOST * (r->word_most + 1));
    if (w != NULL)
        wrote(&r->out, cards_text(r, w, packed));
}

/* A text value: JSON's string, or a CSV cell's text (end_cell finishes the cell). */
static void put_text(renderer *r, const char *text, size_t n)
{
    if (r->form == BADUGI_RENDER_JSONL)
        put_json_string(&r->out, text, n);
    else
        put(&r->out, text, n);
}

/* JSON's key and the separator before it: `, "key": ` (none before the first). */
static void key(renderer *r, const char *text) { puts_(&r->out, text); }

static void put_null(renderer *r) { puts_(&r->out, "null"); }

static int valid_rank(int64_t rank) { return rank >= 1 && rank <= BADUGI_RENDER_WORDS - BADUGI_RENDER_LIMITS - 52; }

/* The most bytes json_player writes of player entry p: its constant text (keys, nulls, true and false, quotes:
 * under 400 bytes), the name and the site's description escaped, the cards and our description, the numbers. */
static size_t json_player_most(const renderer *r, const int64_t *p)
{
    size_t name = (size_t)(p[BADUGI_HH_NAME_END] - p[BADUGI_HH_NAME_START]);
    size_t words = p[BADUGI_HH_WORDS_START] >= 0 ? (size_t)(p[BADUGI_HH_WORDS_END] - p[BADUGI_HH_WORDS_START]) : 0;
    return 512 + 6 * (name + words) + (CARDS_MOST + 1) * (r->word_most + 1) + 4 * MONEY_MOST + 8 * INTEGER_MOST;
}

/* score.player_entry of a C player entry as output._json_line writes it (read._c_result decodes the entry), at w,
 * which has room for json_player_most bytes. */
static char *json_player(const renderer *r, char *w, const int64_t *p, int places, int showdown)
{
    const char *text = r->text;
    int64_t rank = p[BADUGI_HH_RANK], cards = p[BADUGI_HH_CARDS], facts = p[BADUGI_HH_FACTS];
    int64_t position = p[BADUGI_HH_POSITION], counts = p[BADUGI_HH_COUNTS], draws = p[BADUGI_HH_DRAWS];
    int64_t collected = p[BADUGI_HH_COLLECTED], put_in = p[BADUGI_HH_PUT_IN];
    int in_at_showdown = showdown && position >= 0 && !(facts & BADUGI_FACT_FOLDED);
    w = LITERAL(w, "{\"name\": ");
    w = json_string(w, text + p[BADUGI_HH_NAME_START], (size_t)(p[BADUGI_HH_NAME_END] - p[BADUGI_HH_NAME_START]));
    if (cards >= 0) {
        w = LITERAL(w, ", \"cards\": \"");
        w = cards_text(r, w, cards);
        *w++ = '"';
    } else
        w = LITERAL(w, ", \"cards\": null");
    if (rank) {
        w = LITERAL(w, ", \"rank\": ");
        w = integer(w, rank);
        w = LITERAL(w, ", \"description\": \"");
        w = word(r, w, BADUGI_RENDER_LIMITS + 52 + (size_t)(rank - 1));
        *w++ = '"';
    } else
        w = LITERAL(w, ", \"rank\": null, \"description\": null");
    if (p[BADUGI_HH_WORDS_START] >= 0) {
        w = LITERAL(w, ", \"site_description\": ");
        w = json_string(w, text + p[BADUGI_HH_WORDS_START], (size_t)(p[BADUGI_HH_WORDS_END] - p[BADUGI_HH_WORDS_START]));
    } else
        w = LITERAL(w, ", \"site_description\": null");
    w = LITERAL(w, ", \"collected\": \"");
    w = money(w, collected, places);
    w = LITERAL(w, "\", \"expected\": \"");
    w = money(w, p[BADUGI_HH_EXPECTED], places);
    if (position >= 0) {
        w = LITERAL(w, "\", \"position\": ");
        w = integer(w, position);
    } else
        w = LITERAL(w, "\", \"position\": null");
    w = BOOL_MEMBER(w, "hero", p[BADUGI_HH_HERO] != 0);
    w = LITERAL(w, ", \"put_in\": \"");
    w = money(w, put_in, places);
    w = LITERAL(w, "\", \"net\": \"");
    w = money(w, collected - put_in, places);
    *w++ = '"';
    w = BOOL_MEMBER(w, "vpip", (facts & BADUGI_FACT_VPIP) != 0);
    w = BOOL_MEMBER(w, "pfr", (facts & BADUGI_FACT_PFR) != 0);
    w = BOOL_MEMBER(w, "three_bet", (facts & BADUGI_FACT_THREE_BET) != 0);
    w = BOOL_MEMBER(w, "three_bet_chance", (facts & BADUGI_FACT_THREE_BET_CHANCE) != 0);
    w = LITERAL(w, ", \"bets\": ");
    w = integer(w, counts & 0xFFFF);
    w = LITERAL(w, ", \"raises\": ");
    w = integer(w, counts >> 16 & 0xFFFF);
    w = LITERAL(w, ", \"calls\": ");
    w = integer(w, counts >> 32 & 0xFFFF);
    static const char drew[3][13] = {", \"drew_1\": ", ", \"drew_2\": ", ", \"drew_3\": "};
    for (int d = 0; d < 3; ++d) {
        memcpy(w, drew[d], 12);
        w += 12;
        int64_t cards_drawn = draws >> (4 * d) & 15;
        w = cards_drawn ? integer(w, cards_drawn - 1) : LITERAL(w, "null");
    }
    w = BOOL_MEMBER(w, "showdown", in_at_showdown);
    w = BOOL_MEMBER(w, "won", in_at_showdown && collected > 0);
    *w++ = '}';
    return w;
}

/* output._player_text of a C player entry: `name [cards] (description) collected/expected`. */
static void csv_player(renderer *r, const int64_t *p, int places)
{
    put(&r->out, r->text + p[BADUGI_HH_NAME_START], (size_t)(p[BADUGI_HH_NAME_END] - p[BADUGI_HH_NAME_START]));
    if (p[BADUGI_HH_CARDS] >= 0 && (p[BADUGI_HH_CARDS] & 7)) {
        put(&r->out, " [", 2);
        put_cards(r, p[BADUGI_HH_CARDS]);
        put(&r->out, "]", 1);
    }
    if (p[BADUGI_HH_RANK]) {
        put(&r->out, " (", 2);
        put_word(r, BADUGI_RENDER_LIMITS + 52 + (size_t)(p[BADUGI_HH_RANK] - 1));
        put(&r->out, ")", 1);
    }
    put(&r->out, " ", 1);
    put_money(&r->out, p[BADUGI_HH_COLLECTED], places);
    put(&r->out, "/", 1);
    put_money(&r->out, p[BADUGI_HH_EXPECTED], places);
}

/* One value of the hand after its players: a JSON member (`, "name": value`) or a CSV cell (`,value`), the value
 * being written between value_start and value_end. */
static size_t value_start(renderer *r, const char *json_key)
{
    key(r, r->form == BADUGI_RENDER_JSONL ? json_key : ",");
    return r->out.n;
}

static void value_end(renderer *r, size_t start)
{
    if (r->form == BADUGI_RENDER_CSV)
        end_cell(&r->out, start);
}

static void null_value(renderer *r)
{
    if (r->form == BADUGI_RENDER_JSONL)
        put_null(r);
}

/* A span of the text (start -1: none) as a value. */
static void span_value(renderer *r, const char *json_key, int64_t start, int64_t end)
{
    size_t at = value_start(r, json_key);
    if (start >= 0)
        put_text(r, r->text + start, (size_t)(end - start));
    else
        null_value(r);
    value_end(r, at);
}

/* An amount (or two, `low/high`) as a value. */
static void money_value(renderer *r, const char *json_key, const int64_t *amounts, int count, int places)
{
    size_t at = value_start(r, json_key);
    if (r->form == BADUGI_RENDER_JSONL)
        put(&r->out, "\"", 1);
    for (int k = 0; k < count; ++k) {
        if (k)
            put(&r->out, "/", 1);
        put_money(&r->out, amounts[k], places);
    }
    if (r->form == BADUGI_RENDER_JSONL)
        put(&r->out, "\"", 1);
    value_end(r, at);
}

/* The record of an answered hand (read._c_result: the Result; output._json_line or _csv_row: its text). */
static void render_hand(renderer *r, const int64_t *record, const char *file, size_t file_length, const char *site,
                        size_t site_length, int64_t index)
{
    int jsonl = r->form == BADUGI_RENDER_JSONL;
    int64_t flags = record[BADUGI_HH_FLAGS];
    int places = flags & BADUGI_HH_MONEY ? 2 : 0, showdown = (flags & BADUGI_HH_SHOWDOWN) != 0;
    int64_t limit = record[BADUGI_HH_LIMIT];
    size_t at;
    if (jsonl)
        key(r, "{\"file\": ");
    at = r->out.n;
    put_text(r, file, file_length);
    value_end(r, at);
    key(r, jsonl ? ", \"index\": " : ",");
    put_int(&r->out, index);
    span_value(r, ", \"hand_id\": ", record[BADUGI_HH_ID_START], record[BADUGI_HH_ID_END]);
    at = value_start(r, ", \"site\": ");
    put_text(r, site, site_length);
    value_end(r, at);
    at = value_start(r, ", \"game\": ");
    put_text(r, "Badugi", 6);
    value_end(r, at);
    at = value_start(r, ", \"limit\": ");
    if (jsonl)
        put(&r->out, "\"", 1);
    put_word(r, (size_t)limit);
    if (jsonl)
        put(&r->out, "\"", 1);
    value_end(r, at);
    at = value_start(r, ", \"status\": ");
    put_text(r, record[BADUGI_HH_STATUS] == BADUGI_HH_VERIFIED ? "verified" : "no_showdown",
             record[BADUGI_HH_STATUS] == BADUGI_HH_VERIFIED ? 8 : 11);
    value_end(r, at);
    at = value_start(r, ", \"reason\": ");
    null_value(r);
    value_end(r, at);
    const int64_t *players = record + BADUGI_HH_HAND_FIELDS;
    int64_t count = record[BADUGI_HH_PLAYERS];
    at = value_start(r, ", \"players\": [");
    for (int64_t k = 0; k < count; ++k) {
        if (k)
            puts_(&r->out, jsonl ? ", " : "; ");
        if (jsonl) {
            const int64_t *player = players + k * BADUGI_HH_PLAYER_FIELDS;
            char *w = reserve(&r->out, json_player_most(r, player));
            if (w == NULL)
                return; /* full: the hand is read again with a bigger buffer */
            wrote(&r->out, json_player(r, w, player, places, showdown));
        } else
            csv_player(r, players + k * BADUGI_HH_PLAYER_FIELDS, places);
    }
    if (jsonl)
        put(&r->out, "]", 1);
    value_end(r, at);
    /* score.table_of, of the values read._table takes from the record */
    at = value_start(r, ", \"started\": ");
    int64_t started = record[BADUGI_HH_STARTED];
    if (started >= 0) {
        char d[14], when[19];
        uint64_t rest = (uint64_t)started;
        for (int k = 13; k >= 0; --k, rest /= 10)
            d[k] = (char)('0' + rest % 10);
        const char layout[] = {d[0], d[1], d[2], d[3], '-', d[4], d[5], '-', d[6], d[7], ' ',
                               d[8], d[9], ':', d[10], d[11], ':', d[12], d[13]};
        memcpy(when, layout, sizeof when);
        put_text(r, when, sizeof when);
    } else
        null_value(r);
    value_end(r, at);
    span_value(r, ", \"time_zone\": ", record[BADUGI_HH_ZONE_START], record[BADUGI_HH_ZONE_END]);
    if ((flags & BADUGI_HH_TOURNAMENT) && !places) {
        at = value_start(r, ", \"currency\": ");
        put_text(r, "chips", 5);
        value_end(r, at);
    } else
        span_value(r, ", \"currency\": ", record[BADUGI_HH_CURRENCY_START], record[BADUGI_HH_CURRENCY_END]);
    const int64_t stakes[2] = {record[BADUGI_HH_STAKES_LOW], record[BADUGI_HH_STAKES_HIGH]};
    if (stakes[1]) {
        money_value(r, ", \"stakes\": ", stakes, 2, places);
        money_value(r, ", \"big_blind\": ", stakes + (limit == BADUGI_LIMIT_FIXED ? 0 : 1), 1, places);
    } else {
        at = value_start(r, ", \"stakes\": ");
        null_value(r);
        value_end(r, at);
        if (record[BADUGI_HH_LARGEST_BLIND])
            money_value(r, ", \"big_blind\": ", record + BADUGI_HH_LARGEST_BLIND, 1, places);
        else {
            at = value_start(r, ", \"big_blind\": ");
            null_value(r);
            value_end(r, at);
        }
    }
    puts_(&r->out, jsonl ? "}\n" : "\n");
}

/* Whether render_hand can write `record` with the words it has (a record C wrote always can: a check, not a case). */
static int renderable(const int64_t *record)
{
    if (record[BADUGI_HH_LIMIT] < 0 || record[BADUGI_HH_LIMIT] >= BADUGI_RENDER_LIMITS ||
        record[BADUGI_HH_STARTED] >= (int64_t)100000000000000) /* read._started writes 14 digits */
        return 0;
    const int64_t *players = record + BADUGI_HH_HAND_FIELDS;
    for (int64_t k = 0; k < record[BADUGI_HH_PLAYERS]; ++k) {
        int64_t rank = players[k * BADUGI_HH_PLAYER_FIELDS + BADUGI_HH_RANK];
        if (rank && !valid_rank(rank))
            return 0;
    }
    return 1;
}

size_t badugi_render_scan(int reader, int form, const char *text, size_t length, size_t *offset, size_t *line,
                          const badugi_render_words *words, const char *file, size_t file_length, const char *site,
                          size_t site_length, int64_t index, char *out, size_t out_size, int64_t *info,
                          size_t info_room)
{
    if (text == NULL || offset == NULL || line == NULL || words == NULL || out == NULL || info == NULL ||
        (form != BADUGI_RENDER_JSONL && form != BADUGI_RENDER_CSV) ||
        (reader != BADUGI_READ_STARS && reader != BADUGI_READ_PHH))
        return 0;
    size_t word_most = 0;
    for (size_t k = 0; k < BADUGI_RENDER_WORDS; ++k)
        if (words->starts[k + 1] - words->starts[k] > word_most)
            word_most = words->starts[k + 1] - words->starts[k];
    renderer r = {form, words, word_most, text, {out, 0, out_size, 0}};
    int64_t record[BADUGI_HH_RECORD_MAX];
    size_t done = 0;
    while (done < info_room) {
        size_t was_offset = *offset, was_line = *line;
        size_t used = reader == BADUGI_READ_STARS
                          ? badugi_stars_scan(text, length, offset, line, record, BADUGI_HH_RECORD_MAX)
                          : badugi_phh_scan(text, length, offset, line, record, BADUGI_HH_RECORD_MAX);
        if (used == 0)
            break;
        if (record[BADUGI_HH_STATUS] != BADUGI_HH_FALLBACK && !renderable(record))
            record[BADUGI_HH_STATUS] = BADUGI_HH_FALLBACK;
        if (record[BADUGI_HH_STATUS] != BADUGI_HH_FALLBACK)
            render_hand(&r, record, file, file_length, site, site_length, index + (int64_t)done);
        if (r.out.full) { /* the next call reads this hand again */
            *offset = was_offset, *line = was_line;
            break;
        }
        int64_t *about = info + done * BADUGI_RENDER_INFO;
        about[BADUGI_RENDER_STATUS] = record[BADUGI_HH_STATUS];
        about[BADUGI_RENDER_FLAGS] = record[BADUGI_HH_FLAGS];
        about[BADUGI_RENDER_FIRST_LINE] = record[BADUGI_HH_FIRST_LINE];
        about[BADUGI_RENDER_FIRST_BYTE] = record[BADUGI_HH_FIRST_BYTE];
        about[BADUGI_RENDER_END_BYTE] = record[BADUGI_HH_END_BYTE];
        about[BADUGI_RENDER_TEXT_END] = (int64_t)r.out.n;
        ++done;
    }
    return done;
}

int badugi_render_keep_memory(size_t bytes)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    if (bytes == 0 || bytes > INT_MAX / 4)
        return 0;
    return mallopt(M_MMAP_THRESHOLD, (int)bytes) == 1 && mallopt(M_TRIM_THRESHOLD, (int)(4 * bytes)) == 1;
#else
    (void)bytes;
    return 0;
#endif
}
