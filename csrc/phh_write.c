/* badugi-fast: PokerStars hands that csrc/stars.c answered, written as PHH (see phh_write.h).
 *
 * The Python original is badugi_fast/formats/phh/writer.py (_Writer and its helpers; each function below names the
 * part it mirrors) of the hand that formats/pokerstars/reader.py, formats/lines.py and formats/builder.py read and
 * formats/replay.py replays; badugi_fast/history/converted.py names this file back. Only hands badugi_stars_scan
 * answered are read here: their lines are known to be PokerStars' (the reader vouched for every one of them, and for
 * the rules' account of the hand), so this second reading takes from each line only what the PHH table needs, and
 * gives the hand up (a BADUGI_PHH_WRITE_* code: Python writes it) wherever it meets something it does not model.
 */
#include "phh_write.h"

#include <string.h>

#include "rules.h"
#include "sink.h"
#include "spans.h"
#include "stars.h"
#include "verdict.h"

#define MAX_PLAYERS BADUGI_HH_MAX_PLAYERS
#define MAX_EVENTS BADUGI_HH_MAX_EVENTS

/* ---- what a line says --------------------------------------------------------------------------------------- */

static long rfind_char(span s, char c)
{
    for (size_t i = s.n; i-- > 0;)
        if (s.p[i] == c)
            return (long)i;
    return -1;
}

static span last_word(span s) /* str.rpartition(" ")[2] */
{
    size_t i = s.n;
    while (i > 0 && s.p[i - 1] != ' ')
        i--;
    return sub(s, i);
}

/* money.parse_amount of an amount as PokerStars writes them ("$1,285.50", "20"): hundredths, or -1 for anything
 * else (csrc/stars.c read the hand, so only what it reads is taken here). */
static int64_t amount(span s)
{
    for (size_t sign; (sign = currency_sign(s)) != 0;)
        s = sub(s, sign);
    int64_t whole = 0, fraction = 0;
    int digits = 0, fraction_digits = 0, dot = 0;
    for (size_t i = 0; i < s.n; i++) {
        char c = s.p[i];
        if (c == ',' && !dot)
            continue;
        if (c == '.' && !dot)
            dot = 1;
        else if (is_digit(c) && !dot && digits < 15)
            whole = whole * 10 + (c - '0'), digits++;
        else if (is_digit(c) && dot && fraction_digits < 2)
            fraction = fraction * 10 + (c - '0'), fraction_digits++;
        else
            return -1;
    }
    if (digits == 0 || (dot && fraction_digits == 0))
        return -1;
    return whole * 100 + (fraction_digits == 1 ? fraction * 10 : fraction);
}

/* common.cards_in of text holding cards as PokerStars writes them ("[4c 9h 3s] [3d]"): their codes (4 * rank +
 * suit, as cards.card_str reads them) and count, or -1 for anything else or more than `room` cards. */
static int card_codes(span s, uint8_t *cards, int room)
{
    static const char ranks[] = "A23456789TJQK", suits[] = "cdhs";
    int count = 0;
    for (size_t i = 0; i < s.n; i++) {
        char c = s.p[i];
        if (c == ' ' || c == ',' || c == '[' || c == ']')
            continue;
        const char *rank = memchr(ranks, c, 13), *suit = i + 1 < s.n ? memchr(suits, s.p[i + 1], 4) : NULL;
        char next = i + 2 < s.n ? s.p[i + 2] : ' ';
        if (rank == NULL || suit == NULL || !(next == ' ' || next == ',' || next == '[' || next == ']') ||
            count == room)
            return -1;
        cards[count++] = (uint8_t)(4 * (rank - ranks) + (suit - suits));
        i++;
    }
    return count;
}

/* ---- the hand as the writer sees it ------------------------------------------------------------------------- */

enum { POST, ANTE, FOLD, CHECK, CALL, BET, RAISE, DRAW };

typedef struct {
    int kind, player, street;
    int64_t amount; /* the chips the action put in (the replay's increment) */
    int64_t to;     /* a bet's or raise's total for the round (Action.to) */
    int discarded;  /* a draw's cards */
    int nthrown, nfresh; /* the draw's cards thrown and new when the history shows them (Draw.thrown, new_cards); -1 */
    uint8_t thrown[4], fresh[4];
} event;

typedef struct {
    span name;
    long seat;
    int64_t stack, collected;
    int position;            /* PHH's place - 1 (the rules' position), -1 when not dealt in */
    int ndealt, nheld;       /* Hand.dealt and Hand.cards as read so far: 4 or 0 */
    uint8_t dealt[4], held[4];
    int ncards;              /* the record's cards (Hand.cards at the end): 4, or -1 when unknown */
    uint8_t cards[4];
    int64_t round;           /* live chips in the betting round (the engine's bets) */
    int shown, mucked, folded;
    int shown_order;
} seat;

typedef struct {
    const char *text;
    const int64_t *record;
    int places, limit;
    seat players[MAX_PLAYERS];
    int count;                /* the record's players */
    int order[MAX_PLAYERS];   /* PHH's order: the index of each position's player */
    int dealt_in;
    size_t nevents;
    int street, section, showdown, shows;
    int64_t big_blind, rake;  /* rake -1: the summary writes none */
    span table;               /* p NULL: no table line */
    span sign;                /* the currency sign before the stakes; n 0 for none */
    int code;
    event events[MAX_EVENTS]; /* last: only the first nevents are read, so only the fields before it are cleared */
} hand;

static void give_up(hand *h, int code)
{
    if (h->code == BADUGI_PHH_WRITE_WRITTEN)
        h->code = code;
}

static int player_named(const hand *h, span name)
{
    for (int k = 0; k < h->count; k++)
        if (same(h->players[k].name, name))
            return k;
    return -1;
}

static event *add_event(hand *h, int kind, int k)
{
    if (h->nevents == MAX_EVENTS || h->players[k].position < 0) {
        give_up(h, BADUGI_PHH_WRITE_LINE);
        return NULL;
    }
    if (kind == DRAW && h->nevents && h->events[h->nevents - 1].kind != DRAW)
        for (int other = 0; other < h->count; other++)
            h->players[other].round = 0; /* the betting round is over: the next starts from nothing (the rules',
                                            wherever the history writes its street markers) */
    event *e = &h->events[h->nevents++];
    memset(e, 0, sizeof *e);
    e->kind = kind, e->player = k, e->street = h->street, e->nthrown = e->nfresh = -1;
    return e;
}

/* Builder.put / post / ante, with the replay's chips and totals: what the action adds and to what it brings the
 * player's round (formats/replay.Recorder.act: `before` is the engine's bet of the round). */
static void bet(hand *h, int kind, int k, int64_t chips)
{
    seat *p = &h->players[k];
    if (chips > CHIPS_MAX || p->round > CHIPS_MAX - chips) {
        give_up(h, BADUGI_PHH_WRITE_LINE); /* sums the reader's bound (verdict.h) keeps far away: a forged hand */
        return;
    }
    event *e = add_event(h, kind, k);
    if (e == NULL)
        return;
    if (kind == RAISE) {
        if (chips < p->round) {
            give_up(h, BADUGI_PHH_WRITE_LINE);
            return;
        }
        e->amount = chips - p->round;
        e->to = p->round = chips;
    } else if (kind != ANTE) {
        e->amount = chips;
        e->to = p->round += chips;
    } else
        e->amount = chips;
}

/* lines._post: a blind, an ante, a dead blind or "small & big blinds". */
static void post(hand *h, int k, span tail)
{
    int64_t chips = amount(last_word(tail));
    if (chips < 0) {
        give_up(h, BADUGI_PHH_WRITE_LINE);
        return;
    }
    if (find(tail, "ante") >= 0 || find(tail, "dead") >= 0) {
        bet(h, ANTE, k, chips);
    } else if (find(tail, "&") >= 0) {
        int64_t live = h->big_blind && h->big_blind < chips ? h->big_blind : chips;
        if (live)
            bet(h, POST, k, live);
        if (live != chips)
            bet(h, ANTE, k, chips - live);
    } else {
        bet(h, POST, k, chips);
        if (find(tail, "big blind") >= 0 && chips > h->big_blind)
            h->big_blind = chips;
    }
}

/* Builder._drawn: the player's draw of this street took their hand from `was` to `now`: it threw the cards that
 * went and brought those that came (when as many went as the draw says). */
static void drawn(hand *h, int k, const uint8_t *was, const uint8_t *now)
{
    for (size_t i = h->nevents; i-- > 0;) {
        event *e = &h->events[i];
        if (e->kind != DRAW)
            continue;
        if (e->street != h->street)
            return;
        if (e->player != k)
            continue;
        uint8_t thrown[4], fresh[4];
        int nthrown = 0, nfresh = 0;
        for (int c = 0; c < 4; c++) {
            if (memchr(now, was[c], 4) == NULL)
                thrown[nthrown++] = was[c];
            if (memchr(was, now[c], 4) == NULL)
                fresh[nfresh++] = now[c];
        }
        if (e->nthrown < 0 && nthrown == nfresh && nthrown == e->discarded) {
            memcpy(e->thrown, thrown, 4), e->nthrown = nthrown;
            if (e->nfresh < 0)
                memcpy(e->fresh, fresh, 4), e->nfresh = nfresh;
        }
        return;
    }
}

/* Builder.dealt: the player's whole hand is now `cards` (hole cards, or the kept and new cards after a draw). */
static void dealt(hand *h, int k, span text)
{
    uint8_t now[4];
    seat *p = &h->players[k];
    if (card_codes(text, now, 4) != 4) {
        give_up(h, BADUGI_PHH_WRITE_CARDS);
        return;
    }
    if (h->street == 0 && p->ndealt == 0)
        memcpy(p->dealt, now, 4), p->ndealt = 4;
    else if (h->street != 0 && p->nheld == 4)
        drawn(h, k, p->held, now);
    memcpy(p->held, now, 4), p->nheld = 4;
}

/* lines.dealt_line: "Dealt to Hero [As 3h 8h 6s]", or after a draw "Dealt to Hero [As 3h] [5h Ks]" (kept, new). */
static void dealt_line(hand *h, span line)
{
    span rest = sub(line, 9);
    long bracket = find(rest, " [");
    span name = before(rest, bracket), cards = after(rest, bracket, 2);
    uint8_t probe[8];
    int count = card_codes(cards, probe, 8);
    if (count == 0)
        return; /* no cards written: the line says nothing */
    while (name.n && name.p[name.n - 1] == ':')
        name.n--;
    int k = player_named(h, name);
    if (k < 0 || count < 0) {
        give_up(h, BADUGI_PHH_WRITE_LINE);
        return;
    }
    dealt(h, k, cards);
    if (find(cards, "] [") < 0)
        return;
    span last = after(cards, rfind_char(cards, '['), 1);
    for (size_t i = h->nevents; i-- > 0;) { /* the player's last draw gets the new cards */
        event *e = &h->events[i];
        if (e->kind == DRAW && e->player == k) {
            e->nfresh = card_codes(last, e->fresh, 4);
            if (e->nfresh < 0)
                give_up(h, BADUGI_PHH_WRITE_CARDS);
            break;
        }
    }
}

/* lines.player_action: what player k did, from the words after "name: ". */
static void player_action(hand *h, int k, span rest)
{
    seat *p = &h->players[k];
    long space = find(rest, " ");
    span verb = before(rest, space), tail = without_all_in(after(rest, space, 1));
    int kind = starts(verb, "calls") && verb.n == 5 ? CALL : starts(verb, "bets") && verb.n == 4 ? BET
             : starts(verb, "raises") && verb.n == 6 ? RAISE : -1;
    if (kind >= 0) {
        int64_t chips = amount(kind == RAISE ? last_word(tail) : tail);
        if (chips < 0)
            give_up(h, BADUGI_PHH_WRITE_LINE);
        else
            bet(h, kind, k, chips);
    } else if (verb.n == 5 && starts(verb, "folds")) {
        p->folded = 1;
        add_event(h, FOLD, k);
    } else if (verb.n == 6 && starts(verb, "checks")) {
        add_event(h, CHECK, k);
    } else if (verb.n == 5 && starts(verb, "posts")) {
        post(h, k, tail);
    } else if (verb.n == 5 && starts(verb, "antes")) {
        int64_t chips = amount(tail);
        if (chips < 0)
            give_up(h, BADUGI_PHH_WRITE_LINE);
        else
            bet(h, ANTE, k, chips);
    } else if (verb.n == 8 && starts(verb, "discards")) {
        span count = before(tail, find(tail, " "));
        event *e = add_event(h, DRAW, k);
        if (e != NULL && (count.n != 1 || !is_digit(count.p[0]) || count.p[0] > '4'))
            give_up(h, BADUGI_PHH_WRITE_LINE);
        else if (e != NULL)
            e->discarded = count.p[0] - '0';
    } else if (verb.n == 6 && starts(verb, "stands")) {
        if (starts(tail, "pat"))
            add_event(h, DRAW, k);
        long open = find(tail, "[");
        if (open >= 0)
            dealt(h, k, after(tail, open, 0));
    } else if (verb.n == 5 && starts(verb, "shows")) {
        uint8_t cards[4];
        if (card_codes(before(tail, find(tail, "]")), cards, 4) != 4) {
            give_up(h, BADUGI_PHH_WRITE_CARDS);
            return;
        }
        memcpy(p->held, cards, 4), p->nheld = 4;
        if (h->showdown && !p->shown)
            p->shown = 1, p->shown_order = h->shows++;
    } else if (verb.n == 5 && starts(verb, "mucks")) {
        p->mucked |= h->showdown;
    } else if ((verb.n == 5 && starts(verb, "draws")) || (verb.n == 4 && (starts(verb, "wins") || starts(verb, "ties")))) {
        give_up(h, BADUGI_PHH_WRITE_LINE);
    }
}

/* lines.marker: the words between the first two "***" of a line, without the spaces around them. */
static span marker(span line)
{
    long first = find(line, "***");
    span rest = after(line, first, 3);
    long second = first < 0 ? -1 : find(rest, "***");
    if (second < 0)
        return (span){line.p, 0};
    span words = before(rest, second);
    while (words.n && is_space((unsigned char)words.p[0]))
        words = sub(words, 1);
    while (words.n && is_space((unsigned char)words.p[words.n - 1]))
        words.n--;
    return words;
}

/* lines.table_of: the name in "Table 'It's 6' 6-max Seat #2 is the button" (the greedy name ends at the last "' "
 * before the last button phrase). */
static void table_line(hand *h, span line)
{
    long last = -1;
    for (long at = find(line, "Seat #"); at >= 0;) {
        span s = sub(line, (size_t)at + 6);
        size_t digits = 0;
        while (digits < s.n && is_digit(s.p[digits]))
            digits++;
        if (digits && starts(sub(s, digits), " is the button"))
            last = at;
        long next = find(sub(line, (size_t)at + 1), "Seat #");
        at = next < 0 ? -1 : at + 1 + next;
    }
    for (long at = last - 2; at >= 7; at--)
        if (line.p[at] == '\'' && line.p[at + 1] == ' ') {
            h->table = (span){line.p + 7, (size_t)at - 7};
            return;
        }
}

/* lines.summary_line's "Total pot ... | Rake $0.25": the rake the site took (the last one written). */
static void summary_line(hand *h, span line)
{
    if (!starts(line, "Total pot "))
        return;
    span fees = after(line, find(line, " | "), 3);
    for (span fee = fees; fee.n;) {
        long next = find(fee, " | ");
        span one = before(fee, next);
        if (starts(one, "Rake ")) {
            h->rake = amount(sub(one, 5));
            if (h->rake < 0)
                give_up(h, BADUGI_PHH_WRITE_LINE);
        }
        fee = after(fee, next, 3);
    }
}

/* lines.read_body, one line (only what writer.py takes from the hand; the record has the rest). */
static void body_line(hand *h, span line)
{
    if (h->section != 2) {
        long colon = find(line, ": ");
        if (colon >= 0) {
            int k = player_named(h, before(line, colon));
            span rest = after(line, colon, 2);
            static const char *const playing[] = {"posts ", "calls ", "bets ", "raises ", "folds", "checks",
                                                  "discards ", "stands pat"}; /* lines._PLAYING */
            if (k >= 0) {
                player_action(h, k, rest);
                return;
            }
            for (size_t verb = 0; verb < sizeof playing / sizeof *playing; verb++)
                if (starts(rest, playing[verb])) {
                    give_up(h, BADUGI_PHH_WRITE_LINE); /* a player the record does not list plays */
                    return;
                }
        } /* else chat ('Hero said, "a: b"'), a seat line, or one who sits out: read on as Python does */
    }
    if (line.n == 0)
        return;
    if (line.p[0] == '*') {
        span words = marker(line);
        static const char *const draws[] = {"FIRST DRAW", "SECOND DRAW", "THIRD DRAW"};
        for (int d = 0; d < 3; d++)
            if (words.n == strlen(draws[d]) && starts(words, draws[d])) {
                h->street = d + 1; /* the draws' street (Draw.street): the betting round is the draws' business */
                return;
            }
        if (words.n == 9 && starts(words, "SHOW DOWN"))
            h->showdown = 1;
        else if (words.n == 7 && starts(words, "SUMMARY"))
            h->section = 2;
        else if (words.n)
            h->section = 1;
    } else if (h->section == 2) {
        summary_line(h, line);
    } else if (starts(line, "Dealt to ")) {
        dealt_line(h, line);
    } else if (starts(line, "Table '")) {
        table_line(h, line);
    } else if (find(line, " collected ") >= 0 && !starts(line, "Uncalled bet ") && !starts(line, "The button ")) {
        int k = player_named(h, before(line, find(line, " collected ")));
        if (k < 0 || h->players[k].position < 0)
            give_up(h, BADUGI_PHH_WRITE_REFUSED); /* writer._Writer._outcome: paid but not in the hand */
    }
}

/* The seat number and stack of record player k, from their seat line ("Seat 3: Hero ($5.25 in chips)"), where the
 * record's name lies. */
static int seat_of(seat *p, const char *text, size_t first, size_t end)
{
    size_t start = (size_t)(p->name.p - text);
    if (start < first || start + p->name.n > end)
        return 0;
    while (start > first && text[start - 1] != '\n')
        start--;
    span line = badugi_hh_line(text, end, start);
    span head = {text + start, (size_t)(p->name.p - text) - start};
    if (!starts(head, "Seat ") || head.n < 8 || head.p[head.n - 2] != ':' || head.p[head.n - 1] != ' ')
        return 0;
    long seat_number = 0;
    for (size_t i = 5; i < head.n - 2; i++) {
        if (!is_digit(head.p[i]) || i > 13)
            return 0;
        seat_number = seat_number * 10 + (head.p[i] - '0');
    }
    span rest = sub(line, head.n + p->name.n);
    if (!starts(rest, " ("))
        return 0;
    rest = sub(rest, 2);
    size_t run = currency_sign(rest);
    while (run < rest.n && (is_digit(rest.p[run]) || rest.p[run] == ',' || rest.p[run] == '.'))
        run++;
    span tail = sub(rest, run);
    if (!(starts(tail, ")") || starts(tail, " in chips)")))
        return 0;
    p->seat = seat_number;
    p->stack = amount((span){rest.p, run});
    return p->stack >= 0;
}

/* ---- the PHH text ------------------------------------------------------------------------------------------- */

static void put_int(sink *s, int64_t value)
{
    char text[24], *end = text + sizeof text, *at = end;
    uint64_t magnitude = value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value;
    do {
        *--at = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (value < 0)
        *--at = '-';
    put(s, at, (size_t)(end - at));
}

/* money.amount_text: two places, or none for whole chips with no cents (places 0). */
static void put_money(sink *s, int64_t hundredths, int places)
{
    uint64_t magnitude = hundredths < 0 ? (uint64_t)0 - (uint64_t)hundredths : (uint64_t)hundredths;
    if (hundredths < 0)
        put(s, "-", 1);
    put_int(s, (int64_t)(magnitude / 100));
    if (places != 0 || magnitude % 100 != 0) {
        char cents[3] = {'.', (char)('0' + magnitude % 100 / 10), (char)('0' + magnitude % 10)};
        put(s, cents, 3);
    }
}

/* toml.string: a TOML basic string, quotes, backslashes and control characters escaped (\uXXXX in capitals). */
static void put_string(sink *s, span text)
{
    static const char hex[] = "0123456789ABCDEF";
    put(s, "\"", 1);
    for (size_t i = 0; i < text.n; i++) {
        unsigned char c = (unsigned char)text.p[i];
        const char *short_escape = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\b' ? "\\b" : c == '\t' ? "\\t"
                                 : c == '\n' ? "\\n" : c == '\f' ? "\\f" : c == '\r' ? "\\r" : NULL;
        if (short_escape != NULL)
            puts_(s, short_escape);
        else if (c < 0x20 || c == 0x7f) {
            char escape[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            put(s, escape, 6);
        } else
            put(s, text.p + i, 1);
    }
    put(s, "\"", 1);
}

static void put_cards(sink *s, const uint8_t *cards, int count)
{
    static const char ranks[] = "A23456789TJQK", suits[] = "cdhs";
    for (int c = 0; c < count; c++) {
        char card[2] = {ranks[cards[c] / 4], suits[cards[c] % 4]};
        put(s, card, 2);
    }
}

/* `key = [a, b, ...]` of amounts, and a newline. */
static void money_array(sink *s, const char *key, const int64_t *values, int count, int places)
{
    puts_(s, key);
    puts_(s, " = [");
    for (int k = 0; k < count; k++) {
        if (k)
            puts_(s, ", ");
        put_money(s, values[k], places);
    }
    puts_(s, "]\n");
}

/* writer._Writer._known_draws: whether the history shows every card player k held, draw after draw. */
static int known_draws(const hand *h, int k)
{
    const seat *p = &h->players[k];
    if (p->ndealt != 4)
        return 0;
    uint8_t held[4];
    memcpy(held, p->dealt, 4);
    for (size_t i = 0; i < h->nevents; i++) {
        const event *e = &h->events[i];
        if (e->kind != DRAW || e->player != k || e->discarded == 0)
            continue;
        if (e->nthrown != e->discarded || e->nfresh != e->discarded)
            return 0;
        uint8_t kept[4];
        int nkept = 0;
        for (int c = 0; c < 4; c++) {
            if (memchr(held, e->thrown[c < e->nthrown ? c : 0], 4) == NULL)
                return 0; /* it throws a card the player did not hold */
            if (memchr(e->thrown, held[c], (size_t)e->nthrown) == NULL)
                kept[nkept++] = held[c];
        }
        if (nkept + e->nfresh != 4)
            return 0;
        memcpy(held, kept, (size_t)nkept);
        memcpy(held + nkept, e->fresh, (size_t)e->nfresh);
    }
    if (p->ncards != 4)
        return 1;
    uint64_t final = 0, now = 0;
    for (int c = 0; c < 4; c++)
        final |= (uint64_t)1 << p->cards[c], now |= (uint64_t)1 << held[c];
    return final == now; /* the cards are distinct (the reader checked): as sets, as writer.py sorts them */
}

/* writer._Writer._forced_bets: each player's dead money and live blind, in PHH's order (a blind out of position
 * negative); 0 when writer.py refuses the hand. */
static int forced_bets(hand *h, int64_t *antes, int64_t *blinds)
{
    int n = h->dealt_in, any = 0;
    memset(antes, 0, sizeof(int64_t) * (size_t)n), memset(blinds, 0, sizeof(int64_t) * (size_t)n);
    for (size_t i = 0; i < h->nevents; i++) {
        const event *e = &h->events[i];
        if (e->kind == DRAW)
            continue;
        if (e->kind != POST && e->kind != ANTE)
            break;
        int index = h->players[e->player].position;
        if (e->kind == ANTE)
            antes[index] += e->amount;
        else if (blinds[index])
            return 0; /* posts two blinds */
        else
            blinds[index] = index < 2 || n == 2 ? e->amount : -e->amount;
    }
    for (int k = 0; k < n; k++)
        any |= antes[k] != 0 || blinds[k] != 0;
    if (n == 2) { /* PHH reverses both heads-up */
        int64_t a = antes[0], b = blinds[0];
        antes[0] = antes[1], antes[1] = a, blinds[0] = blinds[1], blinds[1] = b;
    }
    return any;
}

static void tag(sink *s, int index)
{
    put(s, "p", 1);
    put_int(s, index + 1);
}

/* One action string of the actions array: its opening (`  "`) and closing (`",\n`) around what `open` begins. */
static void open_action(sink *s) { puts_(s, "  \""); }
static void close_action(sink *s) { puts_(s, "\",\n"); }

/* writer._Writer._actions and _showdown: the deal, the betting and the draws, the showdown; 0 when writer.py refuses
 * the hand. */
static int actions(hand *h, sink *s, const int known[MAX_PLAYERS], int64_t *put_in)
{
    for (int index = 0; index < h->dealt_in; index++) {
        const seat *p = &h->players[h->order[index]];
        open_action(s);
        puts_(s, "d dh ");
        tag(s, index);
        put(s, " ", 1);
        if (known[h->order[index]])
            put_cards(s, p->dealt, 4);
        else
            puts_(s, "????????");
        close_action(s);
    }
    size_t deals[MAX_PLAYERS]; /* the events of the draw under way whose replacement cards are still to come */
    int ndeals = 0, street = 0;
    for (size_t i = 0; i <= h->nevents; i++) {
        const event *e = i < h->nevents ? &h->events[i] : NULL;
        if (e == NULL || e->kind != DRAW || e->street != street) { /* a draw's cards, after all of its discards */
            for (int d = 0; d < ndeals; d++) {
                const event *drew = &h->events[deals[d]];
                open_action(s);
                puts_(s, "d dh ");
                tag(s, h->players[drew->player].position);
                put(s, " ", 1);
                if (known[drew->player])
                    put_cards(s, drew->fresh, drew->nfresh);
                else
                    for (int c = 0; c < drew->discarded; c++)
                        puts_(s, "??");
                close_action(s);
            }
            ndeals = 0;
        }
        if (e == NULL)
            break;
        street = e->street;
        int index = h->players[e->player].position;
        if (e->kind == DRAW) {
            open_action(s);
            tag(s, index);
            puts_(s, " sd");
            if (e->discarded) {
                put(s, " ", 1);
                if (known[e->player])
                    put_cards(s, e->thrown, e->nthrown);
                else
                    for (int c = 0; c < e->discarded; c++)
                        puts_(s, "??");
                if (ndeals == MAX_PLAYERS)
                    return 0;
                deals[ndeals++] = i;
            }
            close_action(s);
            continue;
        }
        const seat *p = &h->players[e->player];
        if (e->kind == FOLD && put_in[index] == p->stack)
            return 0; /* folds with nothing behind (all in): PHH's players cannot */
        if (put_in[index] > CHIPS_MAX - e->amount)
            return 0; /* more than the reader's bound (verdict.h): a forged hand, Python's */
        put_in[index] += e->amount;
        if (e->kind == POST || e->kind == ANTE)
            continue;
        open_action(s);
        tag(s, index);
        if (e->kind == FOLD)
            puts_(s, " f");
        else if (e->kind == CHECK || e->kind == CALL)
            puts_(s, " cc");
        else {
            puts_(s, " cbr ");
            put_money(s, e->to, h->places);
        }
        close_action(s);
    }
    /* _showdown: `sm` for every player left at the end when two or more are, those who showed first */
    int left[MAX_PLAYERS], nleft = 0;
    for (int index = 0; index < h->dealt_in; index++)
        if (!h->players[h->order[index]].folded)
            left[nleft++] = h->order[index];
    if (nleft < 2)
        return 1;
    int turn[MAX_PLAYERS], nturn = 0;
    for (int shown = 0; shown < h->shows; shown++)
        for (int j = 0; j < nleft; j++)
            if (h->players[left[j]].shown && h->players[left[j]].shown_order == shown)
                turn[nturn++] = left[j];
    for (int j = 0; j < nleft; j++)
        if (!h->players[left[j]].shown)
            turn[nturn++] = left[j];
    for (int j = 0; j < nturn; j++) {
        const seat *p = &h->players[turn[j]];
        if (!p->mucked && p->ncards != 4 && p->collected)
            return 0; /* paid at the showdown, but their cards are not known */
        open_action(s);
        tag(s, p->position);
        puts_(s, " sm");
        if (p->mucked && p->ncards == 4)
            puts_(s, " # mucked ");
        else if (!p->mucked && p->ncards == 4)
            put(s, " ", 1);
        if (p->ncards == 4)
            put_cards(s, p->cards, 4);
        close_action(s);
    }
    return 1;
}

static const char *const VARIANT[] = {"FB", "_PB", "_HPB", "_NB"}; /* writer.VARIANTS, by rules.h BADUGI_LIMIT_* */

/* writer._TIME_ZONES: the IANA name of a site's time zone, or NULL. */
static const char *time_zone(span zone)
{
    static const char *const zones[][2] = {{"ET", "America/New_York"}, {"UTC", "UTC"}, {"GMT", "UTC"},
                                           {"CET", "CET"}, {"WET", "WET"}, {"EET", "EET"}};
    for (size_t k = 0; k < sizeof zones / sizeof *zones; k++)
        if (zone.n == strlen(zones[k][0]) && starts(zone, zones[k][0]))
            return zones[k][1];
    return NULL;
}

/* writer._Writer.pieces (table_text without its "[n]" line): the whole table; 0 when writer.py refuses the hand. */
static int write_table(hand *h, sink *s)
{
    const int64_t *record = h->record;
    int n = h->dealt_in, places = h->places;
    int64_t antes[MAX_PLAYERS], blinds[MAX_PLAYERS], values[MAX_PLAYERS], put_in[MAX_PLAYERS] = {0};
    int known[MAX_PLAYERS] = {0};
    if (!forced_bets(h, antes, blinds))
        return 0;
    for (int k = 0; k < h->count; k++)
        known[k] = h->players[k].position >= 0 && known_draws(h, k);
    puts_(s, "variant = \"");
    puts_(s, VARIANT[h->limit]);
    puts_(s, "\"\n");
    money_array(s, "antes", antes, n, places);
    money_array(s, "blinds_or_straddles", blinds, n, places);
    if (h->limit == BADUGI_LIMIT_FIXED) {
        puts_(s, "small_bet = ");
        put_money(s, record[BADUGI_HH_STAKES_LOW], places);
        puts_(s, "\nbig_bet = ");
    } else
        puts_(s, "min_bet = ");
    put_money(s, record[BADUGI_HH_STAKES_HIGH], places);
    put(s, "\n", 1);
    for (int index = 0; index < n; index++)
        values[index] = h->players[h->order[index]].stack;
    money_array(s, "starting_stacks", values, n, places);
    puts_(s, "actions = [\n");
    if (!actions(h, s, known, put_in))
        return 0;
    puts_(s, "]\nhand = ");
    span id = {h->text + record[BADUGI_HH_ID_START], (size_t)(record[BADUGI_HH_ID_END] - record[BADUGI_HH_ID_START])};
    if (id.n && id.p[0] != '0')
        put(s, id.p, id.n); /* the reader's hand number is ASCII digits */
    else
        put_string(s, id);
    puts_(s, "\nplayers = [");
    for (int index = 0; index < n; index++) {
        if (index)
            puts_(s, ", ");
        put_string(s, h->players[h->order[index]].name);
    }
    puts_(s, "]\nseats = [");
    for (int index = 0; index < n; index++) {
        if (index)
            puts_(s, ", ");
        put_int(s, h->players[h->order[index]].seat);
    }
    puts_(s, "]\n");
    if (h->table.p != NULL && h->table.n) {
        puts_(s, "table = ");
        put_string(s, h->table);
        put(s, "\n", 1);
    }
    puts_(s, "venue = \"PokerStars\"\n");
    if (places && record[BADUGI_HH_CURRENCY_START] >= 0) {
        puts_(s, "currency = ");
        put_string(s, (span){h->text + record[BADUGI_HH_CURRENCY_START],
                             (size_t)(record[BADUGI_HH_CURRENCY_END] - record[BADUGI_HH_CURRENCY_START])});
        put(s, "\n", 1);
    }
    if (places && h->sign.n) {
        puts_(s, "currency_symbol = ");
        put_string(s, h->sign);
        put(s, "\n", 1);
    }
    int64_t started = record[BADUGI_HH_STARTED];
    if (started >= 0) {
        int64_t date = started / 1000000, clock = started % 1000000;
        puts_(s, "year = ");
        put_int(s, date / 10000);
        puts_(s, "\nmonth = ");
        put_int(s, date / 100 % 100);
        puts_(s, "\nday = ");
        put_int(s, date % 100);
        char time[8] = {(char)('0' + clock / 100000), (char)('0' + clock / 10000 % 10), ':',
                        (char)('0' + clock / 1000 % 10), (char)('0' + clock / 100 % 10), ':',
                        (char)('0' + clock / 10 % 10), (char)('0' + clock % 10)};
        puts_(s, "\ntime = ");
        put(s, time, 8);
        put(s, "\n", 1);
        const char *zone = record[BADUGI_HH_ZONE_START] < 0 ? NULL : time_zone((span){
            h->text + record[BADUGI_HH_ZONE_START], (size_t)(record[BADUGI_HH_ZONE_END] - record[BADUGI_HH_ZONE_START])});
        if (zone != NULL) {
            puts_(s, "time_zone = \"");
            puts_(s, zone);
            puts_(s, "\"\n");
        }
    }
    /* _outcome: pots.split_uncalled of what each put in, what the site paid, the finishing stacks and the rake */
    int top = 0;
    int64_t second = -1, matched = 0, paid = 0;
    for (int index = 1; index < n; index++)
        if (put_in[index] > put_in[top])
            top = index;
    for (int index = 0; index < n; index++)
        if (index != top && put_in[index] > second)
            second = put_in[index];
    put_in[top] = second;
    for (int index = 0; index < n; index++) {
        const seat *p = &h->players[h->order[index]];
        values[index] = p->stack - put_in[index] + p->collected;
        matched += put_in[index], paid += p->collected;
    }
    int64_t rake = h->rake >= 0 ? h->rake : matched - paid;
    if (rake < 0 || paid + rake != matched)
        return 0;
    money_array(s, "finishing_stacks", values, n, places);
    for (int index = 0; index < n; index++)
        values[index] = h->players[h->order[index]].collected;
    money_array(s, "winnings", values, n, places);
    puts_(s, "_rake = ");
    put_money(s, rake, places);
    put(s, "\n", 1);
    return 1;
}

/* common.stakes_in's sign: the currency sign of the first stakes written in the header, r"([$€£]?)\d[\d,]*(?:\.\d+)?/
 * [$€£]?\d" (its amounts' ends do not matter here: the reader read them). */
static span stakes_sign(span header)
{
    for (size_t at = 0; at < header.n; at++) {
        span s = sub(header, at);
        size_t sign = currency_sign(s), i = sign;
        if (i >= s.n || !is_digit(s.p[i]))
            continue;
        while (i < s.n && (is_digit(s.p[i]) || s.p[i] == ','))
            i++;
        if (i + 1 < s.n && s.p[i] == '.' && is_digit(s.p[i + 1]))
            for (i++; i < s.n && is_digit(s.p[i]);)
                i++;
        if (i < s.n && s.p[i] == '/') {
            span high = sub(s, i + 1);
            size_t high_sign = currency_sign(high);
            if (high_sign < high.n && is_digit(high.p[high_sign]))
                return (span){s.p, sign};
        }
    }
    return (span){header.p, 0};
}

/* The PHH of the hand the reader answered with `record` (text[first:end]), or a code saying why not. */
static int write_hand(hand *h, const char *text, const int64_t *record, sink *s)
{
    memset(h, 0, offsetof(hand, events));
    h->text = text, h->record = record, h->rake = -1, h->table = (span){NULL, 0};
    h->limit = (int)record[BADUGI_HH_LIMIT];
    h->places = record[BADUGI_HH_FLAGS] & BADUGI_HH_MONEY ? 2 : 0;
    h->count = (int)record[BADUGI_HH_PLAYERS];
    if (h->limit < 0 || h->limit > BADUGI_LIMIT_NO || h->count < 2 || h->count > MAX_PLAYERS ||
        !record[BADUGI_HH_STAKES_HIGH])
        return BADUGI_PHH_WRITE_LINE;
    size_t first = (size_t)record[BADUGI_HH_FIRST_BYTE], end = (size_t)record[BADUGI_HH_END_BYTE];
    int taken = 0; /* the positions of the players seen */
    for (int k = 0; k < h->count; k++) {
        const int64_t *entry = record + BADUGI_HH_HAND_FIELDS + k * BADUGI_HH_PLAYER_FIELDS;
        seat *p = &h->players[k];
        p->name = (span){text + entry[BADUGI_HH_NAME_START], (size_t)(entry[BADUGI_HH_NAME_END] - entry[BADUGI_HH_NAME_START])};
        p->collected = entry[BADUGI_HH_COLLECTED];
        p->position = (int)entry[BADUGI_HH_POSITION];
        p->ncards = -1;
        int64_t cards = entry[BADUGI_HH_CARDS];
        if (cards >= 0 && (cards & 7) == 4) {
            p->ncards = 4;
            for (int c = 0; c < 4; c++)
                p->cards[c] = (uint8_t)(cards >> (3 + 6 * c) & 63);
        }
        if (p->position >= MAX_PLAYERS || !seat_of(p, text, first, end))
            return BADUGI_PHH_WRITE_LINE;
        if (p->position >= 0) {
            if (taken >> p->position & 1)
                return BADUGI_PHH_WRITE_LINE;
            taken |= 1 << p->position;
            h->order[p->position] = k;
            if (p->position + 1 > h->dealt_in)
                h->dealt_in = p->position + 1;
        } else if (p->collected)
            return BADUGI_PHH_WRITE_REFUSED; /* paid but not in the hand */
    }
    int dealt_in = 0;
    for (int k = 0; k < h->count; k++) {
        dealt_in += h->players[k].position >= 0;
        for (int other = 0; other < k; other++)
            if (h->players[other].seat == h->players[k].seat)
                return BADUGI_PHH_WRITE_LINE; /* two players in one seat: the rules' order of them is Python's to say */
    }
    if (dealt_in != h->dealt_in || dealt_in < 2)
        return BADUGI_PHH_WRITE_LINE;
    size_t at = first;
    span header = badugi_hh_line(text, end, at);
    long date = -1;
    for (long found = find(header, " - "); found >= 0;) { /* the header's last " - ": the date follows */
        date = found;
        long next = find(sub(header, (size_t)found + 1), " - ");
        found = next < 0 ? -1 : found + 1 + next;
    }
    h->sign = stakes_sign(sub(before(header, date), (size_t)(record[BADUGI_HH_ID_END] - record[BADUGI_HH_FIRST_BYTE])));
    for (at += header.n + 1; at <= end && h->code == BADUGI_PHH_WRITE_WRITTEN;) {
        span line = badugi_hh_line(text, end, at);
        body_line(h, line);
        at += line.n + 1;
    }
    if (h->code != BADUGI_PHH_WRITE_WRITTEN)
        return h->code;
    return write_table(h, s) ? BADUGI_PHH_WRITE_WRITTEN : BADUGI_PHH_WRITE_REFUSED;
}

size_t badugi_phh_write_scan(const char *text, size_t length, size_t *offset, size_t *line, char *out,
                             size_t out_size, int64_t *info, size_t info_room)
{
    if (text == NULL || offset == NULL || line == NULL || out == NULL || info == NULL)
        return 0;
    hand h;
    int64_t record[BADUGI_HH_RECORD_MAX];
    sink s = {out, 0, out_size, 0};
    size_t done = 0;
    while (done < info_room) {
        size_t was_offset = *offset, was_line = *line, was_used = s.n;
        if (badugi_stars_scan(text, length, offset, line, record, BADUGI_HH_RECORD_MAX) == 0)
            break;
        int code = BADUGI_PHH_WRITE_NOT_READ;
        if (record[BADUGI_HH_STATUS] != BADUGI_HH_FALLBACK)
            code = write_hand(&h, text, record, &s);
        if (s.full) { /* the next call reads this hand again */
            *offset = was_offset, *line = was_line;
            break;
        }
        if (code != BADUGI_PHH_WRITE_WRITTEN)
            s.n = was_used; /* what was written of a hand given up */
        int64_t *about = info + done * BADUGI_PHH_WRITE_INFO;
        about[BADUGI_PHH_WRITE_CODE] = code;
        about[BADUGI_PHH_WRITE_LIMIT] = code == BADUGI_PHH_WRITE_WRITTEN ? record[BADUGI_HH_LIMIT] : -1;
        about[BADUGI_PHH_WRITE_FIRST_LINE] = record[BADUGI_HH_FIRST_LINE];
        about[BADUGI_PHH_WRITE_FIRST_BYTE] = record[BADUGI_HH_FIRST_BYTE];
        about[BADUGI_PHH_WRITE_END_BYTE] = record[BADUGI_HH_END_BYTE];
        about[BADUGI_PHH_WRITE_TEXT_END] = (int64_t)s.n;
        ++done;
    }
    return done;
}
