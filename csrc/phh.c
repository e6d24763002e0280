/* badugi-fast: PHH Badugi hands read in C and given to the shared verdict (see phh.h).
 *
 * Each function names the Python it mirrors, in badugi_fast/formats/phh/: reader.py (where a hand's text starts and
 * ends, _Reader: its fields and actions), toml_reader.py (the TOML), and formats/replay.py (Recorder and
 * _check_cards, through verdict.c). Wherever Python would read something this code does not model exactly, the
 * hand is marked `bad` and Python reads it: bad never means "wrong", only "not this code's to say".
 */
#include "phh.h"

#include <string.h>

#include "rules.h"
#include "sites.h"
#include "spans.h"
#include "stars.h"
#include "verdict.h"

/* The most TOML keys and values (every item of an array counts) of a hand this code reads; a hand with more is
 * Python's. */
#define MAX_FIELDS 64
#define MAX_ITEMS 1024

enum { T_INT, T_FLOAT, T_STRING, T_TIME, T_OTHER }; /* TOML types: integer, float (Decimal), string, local time
                                                     * "HH:MM:SS", boolean */

typedef struct {
    int type;
    span text;          /* the value as written; a string's text without its quotes */
    int money;          /* an amount money.hundredths_of reads (an integer or decimal of at most 15 whole digits
                         * and two places) */
    int64_t hundredths; /* ... its value in hundredths */
} item;

typedef struct {
    span key;
    int array;            /* an array (of `count` items from `first`), else one value (the item at `first`) */
    size_t first, count;
} field;

typedef struct {
    hand_state h;
    item items[MAX_ITEMS];
    size_t nitems;
    field fields[MAX_FIELDS];
    size_t nfields;
    int money;       /* reader._Reader: hand.places is 2 (amounts with decimals, or a currency) */
    int drawing;     /* reader._Reader.drawing: a draw is under way */
    int drew_now[BADUGI_HH_MAX_PLAYERS];  /* who has discarded in it */
    int dealt[BADUGI_HH_MAX_PLAYERS];     /* who has been dealt hole cards */
    int pending[BADUGI_HH_MAX_PLAYERS];   /* the cards of a draw whose replacement cards are still to come, or -1 */
    int thrown_known[BADUGI_HH_MAX_PLAYERS];
    uint8_t thrown[BADUGI_HH_MAX_PLAYERS][4];
    int vague[BADUGI_HH_MAX_PLAYERS]; /* cards seen, then lost sight of: _check_cards' `kept`, not modelled here */
    int reshuffles;                           /* how many times the stub ran out */
    int drawn_after[BADUGI_HH_MAX_PLAYERS];  /* ... when the player's pending draw was made */
    signed char seen_before[BADUGI_HH_MAX_PLAYERS][52]; /* the card ledger when the stub ran out after that draw */
} phh_hand;

/* ---- lines ---------------------------------------------------------------------------------------------------- */

/* The start of the line before the one at `offset` (> 0). */
static size_t line_before(const char *text, size_t offset)
{
    size_t at = offset - 1; /* the newline that ends the line before */
    while (at > 0 && text[at - 1] != '\n')
        at--;
    return at;
}

/* reader.FORMAT.is_header, as csrc/sites.c's finder knows it. */
static int is_header(span line) { return badugi_phh_header_line(line.p, line.n); }

static int is_bare(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* What a line is to reader._TABLE: 0 not a table header, 1 the simple header "[key]" (a bare key, then spaces or
 * tabs), -1 a line this code cannot tell about (any other line that starts with "[" after spaces or tabs). */
static int table_line(span line)
{
    size_t i = 0;
    while (i < line.n && (line.p[i] == ' ' || line.p[i] == '\t'))
        i++;
    if (i == line.n || line.p[i] != '[')
        return 0;
    if (i != 0)
        return -1;
    size_t k = 1;
    while (k < line.n && is_bare(line.p[k]))
        k++;
    if (k == 1 || k == line.n || line.p[k] != ']')
        return -1;
    for (k++; k < line.n; k++)
        if (line.p[k] != ' ' && line.p[k] != '\t')
            return -1;
    return 1;
}

/* ---- the TOML subset (toml_reader.py) ------------------------------------------------------------------------ */

typedef struct {
    const char *p, *end;
    phh_hand *hand;
} cursor;

static void skip_blanks(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
        c->p++;
}

/* A comment to the end of its line, which holds no control character but the tab (toml_reader._COMMENT). */
static void skip_comment(cursor *c)
{
    for (c->p++; c->p < c->end && *c->p != '\n'; c->p++) {
        unsigned char b = (unsigned char)*c->p;
        if ((b < 0x20 && b != '\t') || b == 0x7f)
            c->hand->h.bad = 1;
    }
}

/* Spaces, newlines and comments, as between the values of an array. */
static void skip_space(cursor *c)
{
    while (c->p < c->end) {
        if (*c->p == ' ' || *c->p == '\t' || *c->p == '\n')
            c->p++;
        else if (*c->p == '#')
            skip_comment(c);
        else
            return;
    }
}

static int ends_value(const cursor *c)
{
    char b = c->p < c->end ? *c->p : '\n';
    return b == ' ' || b == '\t' || b == '\n' || b == ',' || b == ']' || b == '#';
}

static int two_digits(const char *p, char most_first)
{
    return p[0] >= '0' && p[0] <= most_first && is_digit(p[1]);
}

/* A local time "HH:MM:SS" (toml_reader._TIME without a fraction). */
static int time_at(const cursor *c)
{
    const char *p = c->p;
    if (c->end - p < 8 || p[2] != ':' || p[5] != ':' || !two_digits(p + 3, '5') || !two_digits(p + 6, '5'))
        return 0;
    return (p[0] == '2' ? p[1] >= '0' && p[1] <= '3' : two_digits(p, '1'));
}

/* An integer or a decimal float: "[+-](0|[1-9][0-9]*)(.[0-9]+)?", with its hundredths when it is money. Exponents,
 * underscores, other bases, inf and nan are TOML this code leaves to Python. */
static int number(cursor *c, item *it)
{
    const char *p = c->p;
    int negative = 0;
    if (p < c->end && (*p == '+' || *p == '-'))
        negative = *p++ == '-';
    const char *digits = p;
    while (p < c->end && is_digit(*p))
        p++;
    size_t whole = (size_t)(p - digits);
    if (whole == 0 || (whole > 1 && digits[0] == '0'))
        return 0;
    int64_t value = 0;
    int fraction_digits = 0, money = whole <= 15;
    for (size_t k = 0; k < whole && money; k++)
        value = value * 10 + (digits[k] - '0');
    value *= 100;
    it->type = T_INT;
    if (p < c->end && *p == '.') {
        it->type = T_FLOAT;
        const char *fraction = ++p;
        while (p < c->end && is_digit(*p))
            p++;
        if (p == fraction)
            return 0;
        for (const char *f = fraction; f < p; f++, fraction_digits++)
            if (fraction_digits < 2)
                value += (*f - '0') * (fraction_digits == 0 ? 10 : 1);
            else if (*f != '0')
                money = 0; /* more than two places: hundredths_of refuses it */
    }
    it->text = (span){c->p, (size_t)(p - c->p)};
    it->money = money;
    it->hundredths = negative ? -value : value;
    c->p = p;
    return ends_value(c);
}

/* A basic string with no escape, or a literal string, on one line (toml_reader._BASIC, _LITERAL). */
static int string(cursor *c, item *it)
{
    char quote = *c->p;
    const char *start = ++c->p, *close = memchr(start, quote, (size_t)(c->end - start));
    if (close == NULL)
        return 0; /* no closing quote */
    for (const char *at = start; at < close; at++) {
        unsigned char b = (unsigned char)*at;
        if ((unsigned char)(b - 0x20) >= 0x5f && ((b < 0x20 && b != '\t') || b == 0x7f))
            return 0; /* a newline or a control character (printable ASCII passes the first test alone) */
        if (b == '\\' && quote == '"')
            return 0; /* an escape: Python reads it */
    }
    c->p = close;
    if (close == start && c->end - close >= 2 && close[1] == quote)
        return 0; /* the start of a multi-line string */
    it->type = T_STRING;
    it->text = (span){start, (size_t)(c->p - start)};
    it->money = 0;
    c->p++;
    return ends_value(c);
}

/* One value that is not an array: the next item of the hand. */
static int scalar(cursor *c)
{
    phh_hand *hand = c->hand;
    if (c->p == c->end || hand->nitems == MAX_ITEMS)
        return 0;
    item *it = &hand->items[hand->nitems++];
    char b = *c->p;
    if (b == '"' || b == '\'')
        return string(c, it);
    it->money = 0;
    it->text = (span){c->p, 0};
    it->type = T_OTHER;
    for (int k = 0; k < 2; k++) {
        const char *word = k ? "false" : "true";
        size_t n = strlen(word);
        if ((size_t)(c->end - c->p) >= n && memcmp(c->p, word, n) == 0) {
            c->p += n;
            return ends_value(c);
        }
    }
    if (time_at(c)) {
        it->type = T_TIME;
        it->text = (span){c->p, 8};
        c->p += 8;
        return ends_value(c);
    }
    return number(c, it);
}

/* `key = value` at the cursor (after its line's leading blanks): 0 when this code does not read it. */
static int key_value(cursor *c)
{
    phh_hand *hand = c->hand;
    const char *key = c->p;
    while (c->p < c->end && is_bare(*c->p))
        c->p++;
    if (c->p == key || hand->nfields == MAX_FIELDS)
        return 0;
    field *f = &hand->fields[hand->nfields];
    f->key = (span){key, (size_t)(c->p - key)};
    for (size_t k = 0; k < hand->nfields; k++)
        if (hand->fields[k].key.n == f->key.n && memcmp(hand->fields[k].key.p, key, f->key.n) == 0)
            return 0; /* a key twice: a TOML error, which Python says */
    hand->nfields++;
    skip_blanks(c);
    if (c->p == c->end || *c->p != '=')
        return 0;
    c->p++;
    skip_blanks(c);
    f->first = hand->nitems;
    f->array = c->p < c->end && *c->p == '[';
    if (!f->array) {
        if (!scalar(c))
            return 0;
    } else {
        c->p++;
        for (;;) {
            skip_space(c);
            if (c->p < c->end && *c->p == ']')
                break;
            if (c->p < c->end && *c->p == '[')
                return 0; /* an array of arrays */
            if (!scalar(c))
                return 0;
            skip_space(c);
            if (c->p < c->end && *c->p == ',') {
                c->p++;
                continue;
            }
            if (c->p == c->end || *c->p != ']')
                return 0;
            break;
        }
        c->p++;
    }
    f->count = hand->nitems - f->first;
    skip_blanks(c);
    if (c->p < c->end && *c->p == '#')
        skip_comment(c);
    return c->p == c->end || *c->p == '\n';
}

/* The key/value lines of text[from:to] (after the table header, if any); 0 for anything else. */
static int read_toml(phh_hand *hand, const char *from, const char *to)
{
    cursor c = {from, to, hand};
    while (c.p < c.end) {
        skip_blanks(&c);
        if (c.p == c.end)
            break;
        if (*c.p == '\n') {
            c.p++;
        } else if (*c.p == '#') {
            skip_comment(&c);
        } else if (!key_value(&c)) {
            return 0;
        } else if (c.p < c.end) {
            c.p++; /* the newline */
        }
    }
    return !hand->h.bad;
}

/* ---- the fields (reader._Reader) ------------------------------------------------------------------------------ */

static const field *get(const phh_hand *hand, const char *key)
{
    size_t n = strlen(key);
    for (size_t k = 0; k < hand->nfields; k++)
        if (hand->fields[k].key.n == n && memcmp(hand->fields[k].key.p, key, n) == 0)
            return &hand->fields[k];
    return NULL;
}

/* Field `key` as `count` items, one per player (reader._list: an array of that many, or one value for all); NULL
 * (and a bad hand when `required`) without one. out[k] is player k's item. */
static int per_player(phh_hand *hand, const char *key, int count, const item **out, int required)
{
    const field *f = get(hand, key);
    if (f == NULL) {
        if (required)
            hand->h.bad = 1;
        return 0;
    }
    if (f->array ? f->count != (size_t)count : 0) {
        hand->h.bad = 1;
        return 0;
    }
    for (int k = 0; k < count; k++)
        out[k] = &hand->items[f->first + (f->array ? (size_t)k : 0)];
    return 1;
}

/* money.hundredths_of of an item (a bad hand when it is not an amount this code reads). */
static int64_t chips_of(phh_hand *hand, const item *it)
{
    if ((it->type != T_INT && it->type != T_FLOAT) || !it->money) {
        hand->h.bad = 1;
        return 0;
    }
    return it->hundredths;
}

/* Field `key` when it is one value (NULL without it; an array is a bad hand: Python says what it makes of it). */
static const field *scalar_field(phh_hand *hand, const char *key)
{
    const field *f = get(hand, key);
    if (f == NULL || !f->array)
        return f;
    hand->h.bad = 1;
    return NULL;
}

/* The betting structure of a Badugi variant code (writer.VARIANTS), or -1. */
static int limit_of(span variant)
{
    static const char *const codes[] = {"FB", "_PB", "_HPB", "_NB"};
    static const int limits[] = {BADUGI_LIMIT_FIXED, BADUGI_LIMIT_POT, BADUGI_LIMIT_HALF_POT, BADUGI_LIMIT_NO};
    for (int k = 0; k < 4; k++)
        if (equals(variant, codes[k]))
            return limits[k];
    return -1;
}

/* A seat number as written (an integer of at most nine digits), or a bad hand. */
static long seat_of(phh_hand *hand, const item *it)
{
    if (it->type != T_INT || it->text.n > 10) {
        hand->h.bad = 1;
        return 0;
    }
    return (long)(it->hundredths / 100);
}

/* _Reader.__init__: the players (PHH's order: from the left of the button to the button), seats and stacks. */
static void seat_players(phh_hand *hand)
{
    hand_state *h = &hand->h;
    const field *stacks = get(hand, "starting_stacks");
    if (stacks == NULL || !stacks->array || stacks->count < 2 || stacks->count > BADUGI_HH_MAX_PLAYERS) {
        h->bad = 1;
        return;
    }
    int count = (int)stacks->count;
    const field *names = get(hand, "players"), *seats = get(hand, "seats");
    if (names == NULL || !names->array || names->count != stacks->count ||
        (seats != NULL && (!seats->array || seats->count != stacks->count))) {
        h->bad = 1; /* anonymous players are "p1"... (not in the text), one name for all is two the same */
        return;
    }
    h->count = count;
    for (int k = 0; k < count; k++) {
        player *p = &h->players[k];
        const item *name = &hand->items[names->first + (size_t)k];
        p->name = name->text;
        p->seat = seats ? seat_of(hand, &hand->items[seats->first + (size_t)k]) : k + 1;
        p->stack = chips_of(hand, &hand->items[stacks->first + (size_t)k]);
        p->ncards = -1;
        p->drew = -1;
        hand->pending[k] = -1;
        if (name->type != T_STRING || name->text.n == 0 || p->stack <= 0 || p->stack > CHIPS_MAX)
            h->bad = 1;
        for (int j = 0; j < k; j++)
            if (h->players[j].seat == p->seat ||
                (h->players[j].name.n == p->name.n && memcmp(h->players[j].name.p, p->name.p, p->name.n) == 0))
                h->bad = 1; /* two the same: Python says which */
    }
    h->button = h->players[count - 1].seat; /* PHH's last player is on the button */
}

/* _Reader._forced_bets: antes, then blinds (heads-up, in reverse); a negative blind is a post. */
static void forced_bets(phh_hand *hand)
{
    hand_state *h = &hand->h;
    int count = h->count;
    const item *antes[BADUGI_HH_MAX_PLAYERS], *blinds[BADUGI_HH_MAX_PLAYERS];
    int has_antes = per_player(hand, "antes", count, antes, 0);
    int has_blinds = per_player(hand, "blinds_or_straddles", count, blinds, 0);
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < count && (pass ? has_blinds : has_antes); k++) {
            int from = count == 2 ? 1 - k : k;
            int64_t chips = chips_of(hand, pass ? blinds[from] : antes[from]);
            if (!pass && chips < 0)
                h->bad = 1; /* a negative ante */
            if (chips < 0)
                chips = -chips;
            if (chips == 0)
                continue;
            badugi_hh_event(h, pass ? BADUGI_EVENT_POST : BADUGI_EVENT_ANTE, k, chips);
        }
}

/* _Reader._stakes: the small and big bet (fixed limit), else min_bet and the smallest blind posted. */
static void stakes(phh_hand *hand)
{
    hand_state *h = &hand->h;
    if (h->limit == BADUGI_LIMIT_FIXED) {
        const field *small = scalar_field(hand, "small_bet"), *big = scalar_field(hand, "big_bet");
        if (small == NULL || big == NULL) {
            h->bad = 1;
            return;
        }
        h->stakes[0] = chips_of(hand, &hand->items[small->first]);
        h->stakes[1] = chips_of(hand, &hand->items[big->first]);
    } else {
        const field *least = scalar_field(hand, "min_bet");
        if (least == NULL)
            return; /* no stakes: the rules take the largest blind */
        h->stakes[1] = chips_of(hand, &hand->items[least->first]);
        h->stakes[0] = h->stakes[1];
        int posted = 0;
        for (size_t k = 0; k < h->nevents; k++)
            if (h->events[k].kind == BADUGI_EVENT_POST && (!posted++ || h->events[k].value < h->stakes[0]))
                h->stakes[0] = h->events[k].value;
    }
    if (h->stakes[0] <= 0 || h->stakes[1] <= 0 || h->stakes[1] > CHIPS_MAX)
        h->bad = 1; /* the rules cannot hold a hand to stakes of nothing: Python says what they are */
}

/* ---- the actions (_Reader._action and what it calls) --------------------------------------------------------- */

/* reader._cards: PHH cards ("As2h", "??" unknown) as codes; returns the count (at most four, else a bad hand),
 * *known whether every one is known. */
static int cards_of(phh_hand *hand, span text, uint8_t cards[4], int *known)
{
    *known = 1;
    if (text.n % 2 || text.n > 8) {
        hand->h.bad = 1;
        return 0;
    }
    int count = 0;
    for (size_t at = 0; at < text.n; at += 2, count++) {
        char r = text.p[at], s = text.p[at + 1];
        if (r == '?' && s == '?') {
            *known = 0;
            continue;
        }
        int rank = rank_of_char(r), suit = suit_of_char(s);
        if (rank < 0 || suit < 0) {
            hand->h.bad = 1; /* a card Python spells otherwise, or no card */
            return 0;
        }
        cards[count] = (uint8_t)(4 * rank + suit);
    }
    return count;
}

/* reader._Reader._player: "p1" ... as the player's index, or -1 (a bad hand). */
static int player_of(phh_hand *hand, span label)
{
    int number = 0;
    if (label.n < 2 || label.n > 4 || label.p[0] != 'p') {
        hand->h.bad = 1;
        return -1;
    }
    for (size_t k = 1; k < label.n; k++) {
        if (!is_digit(label.p[k])) {
            hand->h.bad = 1;
            return -1;
        }
        number = number * 10 + (label.p[k] - '0');
    }
    if (number < 1 || number > hand->h.count) {
        hand->h.bad = 1;
        return -1;
    }
    return number - 1;
}

/* _Reader._bet: cc (a check or a call of what the round asks, less when the stack is less), cbr (a bet or raise
 * bringing the player's round total to `to`), f; as events for the rules, whose replay (csrc/rules.c) says what a cc
 * costs, whether a cbr is a bet or a raise, and checks each one. */
static void bet(phh_hand *hand, int i, span verb, span to)
{
    hand_state *h = &hand->h;
    hand->drawing = 0;
    if (equals(verb, "f")) {
        h->players[i].folded = 1;
        badugi_hh_event(h, BADUGI_EVENT_FOLD, i, 0);
    } else if (equals(verb, "cc")) {
        badugi_hh_event(h, BADUGI_EVENT_CC, i, 0);
    } else {
        item amount;
        cursor c = {to.p, to.p + to.n, hand};
        if (to.n == 0 || to.p[0] == '+' || to.p[0] == '-' || !number(&c, &amount) || c.p != c.end || !amount.money)
            h->bad = 1; /* reader._number reads more (leading zeros, exponents): Python does */
        else
            badugi_hh_event(h, BADUGI_EVENT_RAISE, i, amount.hundredths);
    }
}

/* _Reader._discard: "sd" and the cards thrown (none: the player stands pat); a new draw starts after betting or
 * when the player has drawn in this one. */
static void discard(phh_hand *hand, int i, span cards_text)
{
    hand_state *h = &hand->h;
    player *p = &h->players[i];
    if (!hand->drawing || hand->drew_now[i]) {
        hand->drawing = 1;
        memset(hand->drew_now, 0, sizeof hand->drew_now);
    }
    hand->drew_now[i] = 1;
    uint8_t cards[4] = {0};
    int known, count = cards_of(hand, cards_text, cards, &known);
    if (hand->pending[i] >= 0) {
        h->bad = 1; /* a draw before the last one's cards came */
        return;
    }
    badugi_hh_event(h, BADUGI_EVENT_DRAW, i, count);
    if (count > h->stub) { /* the discards become the stub: who held what is forgotten (badugi_hh_drawn) */
        hand->reshuffles++;
        for (int k = 0; k < h->count; k++)
            if (hand->pending[k] >= 0) /* a draw whose new cards _check_cards held to the cards seen before */
                memcpy(hand->seen_before[k], h->owner, sizeof h->owner);
    }
    badugi_hh_drawn(h, count);
    hand->drawn_after[i] = hand->reshuffles;
    p->drew = count;
    if (count == 0)
        return;
    hand->pending[i] = count;
    hand->thrown_known[i] = known && p->ncards == 4;
    uint64_t thrown = 0, held = 0;
    for (int c = 0; c < count; c++)
        thrown |= (uint64_t)1 << cards[c];
    for (int c = 0; c < 4 && p->ncards == 4; c++)
        held |= (uint64_t)1 << p->cards[c];
    if (hand->thrown_known[i] && (__builtin_popcountll(thrown) != count || (thrown & ~held)))
        h->bad = 1; /* replay._check_cards: a card thrown twice, or one not in the player's hand */
    memcpy(hand->thrown[i], cards, sizeof cards);
}

/* _Reader._deal: "d dh": the hole cards, or the replacement cards of the player's draw. */
static void deal(phh_hand *hand, int i, span cards_text)
{
    hand_state *h = &hand->h;
    player *p = &h->players[i];
    uint8_t cards[4] = {0};
    int known, count = cards_of(hand, cards_text, cards, &known);
    int thrown = hand->pending[i];
    if (thrown < 0) { /* hole cards */
        if (hand->dealt[i] || count != 4) {
            h->bad = 1;
            return;
        }
        hand->dealt[i] = 1;
        if (known) {
            badugi_hh_hold(h, i, cards, 4, 1, 0);
            p->face_up = 1; /* Builder.dealt before the first draw: hand.dealt */
        }
        return;
    }
    hand->pending[i] = -1;
    int since = hand->reshuffles - hand->drawn_after[i]; /* reshuffles between the discard and the new cards */
    if (count != thrown || since > 1) {
        h->bad = 1;
        return;
    }
    for (int c = 0; c < count && since && known; c++)
        if (hand->seen_before[i][cards[c]] >= 0) {
            h->bad = 1; /* _check_cards: a card dealt already, before the stub ran out */
            return;
        }
    if (!known || !hand->thrown_known[i] || p->ncards != 4) {
        if (p->ncards == 4)
            hand->vague[i] = 1; /* Python forgets the player's cards */
        p->ncards = -1;
        return;
    }
    uint8_t now[4];
    int kept = 0;
    for (int c = 0; c < 4; c++)
        if (memchr(hand->thrown[i], p->cards[c], (size_t)thrown) == NULL)
            now[kept++] = p->cards[c];
    if (kept + count != 4) {
        h->bad = 1;
        return;
    }
    memcpy(now + kept, cards, (size_t)count);
    badugi_hh_hold(h, i, now, 4, 1, 1);
}

/* _Reader._show: "sm" with the cards shown ("-": the cards known), or none: a muck. A show while a draw's new cards
 * are still to come breaks the rules: Python says so. */
static void show(phh_hand *hand, int i, span cards_text, int given)
{
    hand_state *h = &hand->h;
    player *p = &h->players[i];
    for (int k = 0; k < h->count; k++)
        if (hand->pending[k] >= 0) {
            h->bad = 1;
            return;
        }
    h->showdown = 1;
    h->shown = 1; /* play after a show (or a muck) is Python's to judge */
    if (!given) {
        p->mucked = 1;
        return;
    }
    if (equals(cards_text, "-"))
        return; /* the cards known, shown again: nothing changes */
    uint8_t cards[4] = {0};
    int known, count = cards_of(hand, cards_text, cards, &known);
    if (!known)
        return;
    if (hand->vague[i]) {
        h->bad = 1; /* what _check_cards allows of cards lost sight of is Python's to say */
        return;
    }
    badugi_hh_hold(h, i, cards, count, 0, 0);
}

/* One action: its words (the text before "#", split at spaces and tabs). */
static void action(phh_hand *hand, span text)
{
    span words[5];
    int n = 0;
    for (size_t at = 0; at < text.n && text.p[at] != '#';) {
        unsigned char b = (unsigned char)text.p[at];
        if (b == ' ' || b == '\t') {
            at++;
            continue;
        }
        if (b >= 0x80 || n == 5) {
            hand->h.bad = 1; /* Unicode spaces split Python's words; more words than any action has */
            return;
        }
        size_t start = at;
        while (at < text.n && text.p[at] != ' ' && text.p[at] != '\t' && text.p[at] != '#' &&
               (unsigned char)text.p[at] < 0x80)
            at++;
        words[n++] = (span){text.p + start, at - start};
    }
    if (n == 0)
        return;
    if (n >= 2 && equals(words[0], "d")) {
        int i = n == 4 && equals(words[1], "dh") ? player_of(hand, words[2]) : -1;
        if (i < 0)
            hand->h.bad = 1;
        else
            deal(hand, i, words[3]);
        return;
    }
    int i = n >= 2 ? player_of(hand, words[0]) : -1;
    if (i < 0) {
        hand->h.bad = 1;
        return;
    }
    span verb = words[1];
    if (equals(verb, "sd") && n <= 3)
        discard(hand, i, n == 3 ? words[2] : (span){verb.p, 0});
    else if (equals(verb, "sm") && n <= 3)
        show(hand, i, n == 3 ? words[2] : verb, n == 3);
    else if ((equals(verb, "cc") || equals(verb, "f")) && n == 2)
        bet(hand, i, verb, verb);
    else if (equals(verb, "cbr") && n == 3)
        bet(hand, i, verb, words[2]);
    else
        hand->h.bad = 1;
}

/* _Reader._outcome: what each player was paid (`winnings`, after rake), `finishing_stacks` when given (the verdict
 * checks them against the replay's account), and `_rake`. Without `winnings` or `_rake`, Python says what is recorded. */
static void outcome(phh_hand *hand)
{
    hand_state *h = &hand->h;
    int count = h->count;
    const item *won[BADUGI_HH_MAX_PLAYERS], *finishing[BADUGI_HH_MAX_PLAYERS];
    const field *winnings = get(hand, "winnings"), *rake = scalar_field(hand, "_rake");
    if (winnings == NULL || !winnings->array || rake == NULL || !per_player(hand, "winnings", count, won, 1)) {
        h->bad = 1;
        return;
    }
    h->rake = chips_of(hand, &hand->items[rake->first]);
    h->finishing_written = per_player(hand, "finishing_stacks", count, finishing, 0);
    if (get(hand, "finishing_stacks") != NULL && !get(hand, "finishing_stacks")->array)
        h->bad = 1;
    for (int k = 0; k < count && !h->bad; k++) {
        player *p = &h->players[k];
        int64_t chips = chips_of(hand, won[k]);
        if (chips < 0 || h->rake < 0) {
            h->bad = 1;
            return;
        }
        badugi_hh_add_chips(&p->collected, chips, h);
        p->has_collected = chips != 0;
        if (h->finishing_written) /* the verdict checks it against the replay's account (verdict.c: pay) */
            p->finishing = chips_of(hand, finishing[k]);
    }
}

/* reader._Reader._decimal and the currency: whether hand.places is 2. */
static int is_money(phh_hand *hand)
{
    static const char *const keys[] = {"small_bet", "big_bet", "min_bet", "starting_stacks", "antes",
                                       "blinds_or_straddles"};
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        const field *f = get(hand, keys[k]);
        for (size_t j = 0; f != NULL && j < f->count; j++)
            if (hand->items[f->first + j].type == T_FLOAT)
                return 1;
    }
    const field *currency = scalar_field(hand, "currency");
    if (currency != NULL && hand->items[currency->first].type != T_STRING)
        hand->h.bad = 1; /* Python asks whether it is truthy */
    return currency != NULL && hand->items[currency->first].text.n > 0;
}

/* A field's text when it is a TOML string (p NULL otherwise): _Reader._facts keeps `currency` and `time_zone` only
 * when they are strings. */
static span string_field(phh_hand *hand, const char *key)
{
    const field *f = get(hand, key);
    if (f == NULL || f->array || hand->items[f->first].type != T_STRING)
        return (span){NULL, 0};
    return hand->items[f->first].text;
}

/* A date part written as a small integer ("2020", "+7"): its value, or -1 when it is none that a date can hold
 * (no date); a bad hand for a boolean, which Python takes for 0 or 1. */
static long date_part(phh_hand *hand, const field *f)
{
    const item *it = &hand->items[f->first];
    if (f->array || it->type == T_OTHER) {
        hand->h.bad = 1; /* isinstance(True, int) in Python: not a case this code follows */
        return -1;
    }
    return it->type == T_INT && it->money && it->hundredths >= 0 && it->hundredths <= 999900 ? (long)(it->hundredths / 100)
                                                                                            : -1;
}

/* _Reader._facts: the currency and time zone (strings), and the date and time when `year`, `month`, `day` (integers)
 * and `time` (a local time) make one: YYYYMMDDhhmmss in h->started (-1 for none: a missing key, another type, or
 * not a real date, which Python leaves out too). */
static void table_facts(phh_hand *hand)
{
    static const char days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    hand_state *h = &hand->h;
    h->currency = string_field(hand, "currency");
    h->zone = string_field(hand, "time_zone");
    h->started = -1;
    const field *year = get(hand, "year"), *month = get(hand, "month"), *day = get(hand, "day"), *time = get(hand, "time");
    if (year == NULL || month == NULL || day == NULL || time == NULL)
        return;
    long y = date_part(hand, year), m = date_part(hand, month), d = date_part(hand, day);
    const item *clock = &hand->items[time->first];
    if (y < 0 || m < 0 || d < 0 || time->array || clock->type != T_TIME)
        return; /* isinstance() says no, or an integer no date holds */
    int leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || d > days[m - 1] || (m == 2 && d == 29 && !leap))
        return; /* not a date (Python's date() refuses it): none */
    const char *t = clock->text.p;
    long hms = ((t[0] - '0') * 10 + (t[1] - '0')) * 10000 + ((t[3] - '0') * 10 + (t[4] - '0')) * 100 +
               (t[6] - '0') * 10 + (t[7] - '0');
    h->started = ((y * 100 + m) * 100 + d) * 1000000 + hms;
}

/* reader.parse_hand after the TOML: the hand read from its fields, for the verdict. */
static void read_hand(phh_hand *hand, span *id, span *game)
{
    hand_state *h = &hand->h;
    const field *variant = scalar_field(hand, "variant"), *number = scalar_field(hand, "hand");
    const field *actions = get(hand, "actions");
    if (variant == NULL || hand->items[variant->first].type != T_STRING || actions == NULL || !actions->array) {
        h->bad = 1;
        return;
    }
    *game = hand->items[variant->first].text;
    h->limit = limit_of(*game);
    if (number != NULL) {
        const item *it = &hand->items[number->first];
        *id = it->text; /* str() of a string, or of an integer written as Python writes it */
        if (!(it->type == T_STRING || (it->type == T_INT && is_digit(it->text.p[0]))))
            h->bad = 1;
    }
    if (h->limit < 0) {
        h->bad = 1; /* not Badugi: Python says it is skipped */
        return;
    }
    seat_players(hand);
    if (h->bad)
        return;
    table_facts(hand);
    hand->money = is_money(hand);
    forced_bets(hand);
    stakes(hand);
    h->dealt_in = h->count; /* replay._check_cards counts the stub from every player the rules deal in */
    h->stub = 52 - 4 * h->count;
    for (size_t k = 0; k < actions->count && !h->bad; k++) {
        const item *it = &hand->items[actions->first + k];
        if (it->type != T_STRING) {
            h->bad = 1;
            return;
        }
        action(hand, it->text);
    }
    if (h->bad)
        return;
    int acted[BADUGI_HH_MAX_PLAYERS] = {0};
    for (size_t k = 0; k < h->nevents; k++)
        acted[h->events[k].player] = 1;
    for (int k = 0; k < h->count; k++)
        if (!acted[k]) {
            h->bad = 1; /* Recorder.start deals every listed player in: one who never acts breaks the rules there, and
                         * rules.c would leave them out (badugi_rules_facts plays those who post, act or draw) */
            return;
        }
    outcome(hand);
}

/* ---- hands and records ---------------------------------------------------------------------------------------- */

/* reader._first_line: where the hand whose `variant` line starts at `header` (line `line`) begins: its table
 * header, or the start of the text when it has none; (size_t)-1 when this code cannot tell, or Python refuses. */
static size_t first_line(const char *text, size_t header, size_t line, int *table)
{
    size_t at = header;
    for (int back = 0; at > 0; back++) {
        at = line_before(text, at);
        span s = badugi_hh_line(text, header, at);
        int kind = table_line(s);
        if (kind < 0 || back == BADUGI_PHH_LEAD_LINES || is_header(s))
            return (size_t)-1; /* a line Python may read as a table header; another hand in this table */
        if (kind) {
            *table = 1;
            return at;
        }
    }
    *table = 0;
    return line >= BADUGI_PHH_LEAD_LINES ? (size_t)-1 : 0;
}

/* One hand from its `variant` line at `offset` to the next hand's; returns the offset after it. */
static size_t scan_hand(const char *text, size_t length, size_t offset, size_t *line_number, int64_t *record)
{
    phh_hand hand;
    hand_state *h = &hand.h;
    memset(h, 0, sizeof *h);
    hand.nitems = hand.nfields = 0;
    hand.drawing = 0;
    hand.reshuffles = 0;
    memset(hand.drew_now, 0, sizeof hand.drew_now);
    memset(hand.dealt, 0, sizeof hand.dealt);
    memset(hand.vague, 0, sizeof hand.vague);
    h->total_pot = h->rake = -1;
    h->npots = -1;
    h->button = -1;
    h->limit = -1;
    h->returns_unwritten = 1;
    memset(h->owner, -1, sizeof h->owner);
    record[BADUGI_HH_FIRST_LINE] = (int64_t)*line_number;
    int table = 0;
    size_t first = first_line(text, offset, *line_number, &table);
    /* reader._last_line: the hand's text ends at the next table header (this code reads no tables of a table) */
    size_t at = offset, last = (size_t)-1;
    for (span line = badugi_hh_line(text, length, offset);;) {
        ++*line_number;
        if (at + line.n >= length) {
            at = length;
            break;
        }
        at += line.n + 1;
        line = badugi_hh_line(text, length, at);
        if (is_header(line))
            break;
        int kind = last == (size_t)-1 ? table_line(line) : 0;
        if (kind < 0)
            h->bad = 1; /* a line Python may read as a table header */
        if (kind)
            last = at;
    }
    if (last == (size_t)-1)
        last = at < length ? at : length;
    if (first == (size_t)-1 || last - first > BADUGI_PHH_MAX_BYTES)
        h->bad = 1;
    span id = {text + offset, 0}, game = {text + offset, 0};
    if (!h->bad) {
        const char *from = text + first;
        if (table)
            from += badugi_hh_line(text, length, first).n; /* the table header line */
        if (read_toml(&hand, from, text + last))
            read_hand(&hand, &id, &game);
        else
            h->bad = 1;
    }
    badugi_hh_record(record, text, length, offset, at, *line_number, id, game, h->limit);
    if (h->bad)
        return at;
    h->whole_chips = !hand.money; /* reader._Reader: hand.places 0 */
    badugi_hh_verdict(h, text, record);
    return at;
}

size_t badugi_phh_scan(const char *text, size_t length, size_t *offset, size_t *line, int64_t *out, size_t out_size)
{
    return badugi_hh_scan(text, length, offset, line, out, out_size, is_header, scan_hand);
}
