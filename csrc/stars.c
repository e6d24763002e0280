/* badugi-fast: PokerStars Badugi hands read and scored in C (see stars.h).
 *
 * Each function below names the Python it mirrors, which stays the specification (in badugi_fast/formats/:
 * lines.py, pokerstars/reader.py, common.py, builder.py; and badugi_fast/money.py, badugi_fast/history/score.py);
 * each of those Python functions names its mirror here. The words this code looks for are PokerStars'
 * wordings, defined once in badugi_fast/formats/pokerstars/wordings.py: the comments name them (wordings.ALL_IN
 * ...), and tests/test_history_pokerstars_wordings.py checks that each one is spelled here. Where Python would
 * accept something this code does not model exactly (Unicode digits or spaces, odd card spellings, names it has
 * not seen seated, sums of chips too large for its 64-bit integers: see CHIPS_MAX), the hand is marked `bad` and
 * Python reads it.
 */
#include "stars.h"
#include "rules.h"
#include "sites.h"
#include "verdict.h"

#include <stddef.h>
#include <string.h>

#include "badugi.h"
#include "spans.h"

/* ---- spans (and spans.h) ---------------------------------------------------------------------------------- */

static long rfind(span s, const char *literal)
{
    size_t n = strlen(literal);
    for (size_t i = s.n >= n ? s.n - n + 1 : 0; i-- > 0;)
        if (memcmp(s.p + i, literal, n) == 0)
            return (long)i;
    return -1;
}

static long find_char(span s, char c)
{
    const char *at = s.n ? memchr(s.p, c, s.n) : NULL;
    return at ? (long)(at - s.p) : -1;
}

static int is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static int is_letter(char c) { return is_upper(c) || (c >= 'a' && c <= 'z'); }
static int is_word(char c) { return is_letter(c) || is_digit(c) || c == '_'; } /* regex \w in ASCII */

/* A Unicode space at either end of what Python's str.strip() strips (it would strip that too) makes the hand bad. */
static int unicode_space_at(const unsigned char *p, size_t n)
{
    if (n >= 2 && p[0] == 0xc2 && (p[1] == 0x85 || p[1] == 0xa0))
        return 1;
    if (n >= 3 && p[0] == 0xe2 && p[1] == 0x80 && ((p[2] >= 0x80 && p[2] <= 0x8a) || p[2] == 0xa8 || p[2] == 0xa9 || p[2] == 0xaf))
        return 1;
    return n >= 3 && ((p[0] == 0xe1 && p[1] == 0x9a && p[2] == 0x80) || (p[0] == 0xe2 && p[1] == 0x81 && p[2] == 0x9f) ||
                      (p[0] == 0xe3 && p[1] == 0x80 && p[2] == 0x80));
}

static int unicode_space_ends(span s)
{
    const unsigned char *p = (const unsigned char *)s.p;
    if (s.n && p[s.n - 1] >= 0x80)
        for (size_t back = 2; back <= 3 && back <= s.n; back++)
            if (unicode_space_at(p + s.n - back, back))
                return 1;
    return s.n && p[0] >= 0x80 && unicode_space_at(p, s.n < 3 ? s.n : 3);
}

static span strip(span s, hand_state *h)
{
    while (s.n && is_space((unsigned char)s.p[0]))
        s = sub(s, 1);
    while (s.n && is_space((unsigned char)s.p[s.n - 1]))
        s.n--;
    if (unicode_space_ends(s))
        h->bad = 1;
    return s;
}

/* str.strip(" ()") */
static span strip_parens(span s)
{
    while (s.n && (s.p[0] == ' ' || s.p[0] == '(' || s.p[0] == ')'))
        s = sub(s, 1);
    while (s.n && (s.p[s.n - 1] == ' ' || s.p[s.n - 1] == '(' || s.p[s.n - 1] == ')'))
        s.n--;
    return s;
}

/* ---- what lines say (common.py, lines.py) --------------------------------------------------------------------- */

/* money.parse_amount: hundredths in "$1,285.5"-like text; -1 (and a bad hand) when Python would refuse it or this code
 * cannot tell. */
static int64_t amount(span s, hand_state *h)
{
    s = strip(s, h);
    for (size_t sign; (sign = currency_sign(s)) != 0;)
        s = sub(s, sign);
    int64_t whole = 0, fraction = 0;
    int digits = 0, fraction_digits = 0, dot = 0;
    for (size_t i = 0; i < s.n; i++) {
        char c = s.p[i];
        if (c == ',')
            continue;
        if (c == '.' && !dot) {
            dot = 1;
        } else if (is_digit(c) && !dot && digits < 15) {
            whole = whole * 10 + (c - '0');
            digits++;
        } else if (is_digit(c) && dot && fraction_digits < 2) {
            fraction = fraction * 10 + (c - '0');
            fraction_digits++;
        } else {
            h->bad = 1;
            return -1;
        }
    }
    if (dot ? fraction_digits == 0 : digits == 0) {
        h->bad = 1;
        return -1;
    }
    return whole * 100 + (fraction_digits == 1 ? fraction * 10 : fraction);
}

/* How many ASCII digits s starts with. A non-ASCII byte after them (a Unicode digit, for Python's \d) makes the
 * hand bad. */
static size_t digits(span s, hand_state *h)
{
    size_t i = 0;
    while (i < s.n && is_digit(s.p[i]))
        i++;
    if (i < s.n && (unsigned char)s.p[i] >= 0x80)
        h->bad = 1;
    return i;
}

/* The number written in ASCII digits at the start of s (at most 9 of them, else a bad hand), or -1 when there is
 * none; *used gets how many bytes it took. */
static long number(span s, size_t *used, hand_state *h)
{
    long value = 0;
    *used = digits(s, h);
    if (*used > 9) {
        h->bad = 1;
        return -1;
    }
    for (size_t i = 0; i < *used; i++)
        value = value * 10 + (s.p[i] - '0');
    return *used ? value : -1;
}

/* Whether s has a non-ASCII character other than the currency signs $, € and £. */
static int has_unicode(span s)
{
    for (size_t i = 0; i < s.n; i++)
        if ((unsigned char)s.p[i] >= 0x80) {
            size_t sign = currency_sign(sub(s, i));
            if (sign == 0)
                return 1;
            i += sign - 1;
        }
    return 0;
}

/* common.cards_in: the cards of s, which holds nothing but cards and separators (spaces, commas, brackets).
 * Returns the count (codes in cards[0..3]), or -1 for anything else (a damaged card, which Python calls an
 * unreadable line; a card Python spells otherwise: "10h", "as", "A♠"; KingsClub's hidden "X"; more than four
 * cards). */
static int card_codes(span s, uint8_t cards[4])
{
    int count = 0;
    for (size_t i = 0; i < s.n; i++) {
        char c = s.p[i], next = i + 1 < s.n ? s.p[i + 1] : '\0';
        if (c == ' ' || c == ',' || c == '[' || c == ']')
            continue;
        char after = i + 2 < s.n ? s.p[i + 2] : ' ';
        if (rank_of_char(c) < 0 || suit_of_char(next) < 0 ||
            !(after == ' ' || after == ',' || after == '[' || after == ']') || count == 4)
            return -1;
        cards[count++] = (uint8_t)(4 * rank_of_char(c) + suit_of_char(next));
        i++;
    }
    return count;
}

/* card_codes, where anything but cards makes the hand bad (Python reads it). */
static int cards_in(span s, uint8_t cards[4], hand_state *h)
{
    int count = card_codes(s, cards);
    if (count < 0) {
        h->bad = 1;
        return 0;
    }
    return count;
}

static int seated(const hand_state *h, span name)
{
    for (int i = 0; i < h->count; i++)
        if (same(h->players[i].name, name))
            return i;
    return -1;
}

/* The seated player called `name`, or -1 and a bad hand: Python would add an unseated player, which this code
 * does not model. */
static int player_named(hand_state *h, span name)
{
    int i = seated(h, name);
    if (i < 0)
        h->bad = 1;
    return i;
}

/* Builder.dealt / show / reveal: the cards of `text` held by player i (verdict.h: badugi_hh_hold). */
static void set_cards(hand_state *h, int i, span text, int forget_descriptions, int drawn)
{
    uint8_t cards[4];
    int count = cards_in(text, cards, h);
    badugi_hh_hold(h, i, cards, count, forget_descriptions, drawn);
}

/* Builder.describe: the site's words for the player's hand. */
static void describe(hand_state *h, int i, span words)
{
    player *p = &h->players[i];
    words = strip(words, h);
    if (p->descriptions == 0)
        p->description = words;
    else if (!same(p->description, words))
        p->conflicting = 1;
    p->descriptions++;
}

static span last_word(span s) { /* str.rpartition(" ")[2] */
    size_t i = s.n;
    while (i > 0 && s.p[i - 1] != ' ')
        i--;
    return sub(s, i);
}

/* lines._post: a blind, an ante, a dead blind or "small & big blinds" (wordings.BLINDS["big"] is "big blind"). */
static void post(hand_state *h, player *p, span tail)
{
    int64_t chips = amount(last_word(tail), h);
    if (chips < 0)
        return;
    int i = (int)(p - h->players);
    if (find(tail, "ante") >= 0 || find(tail, "dead") >= 0) {
        badugi_hh_event(h, BADUGI_EVENT_ANTE, i, chips);
        return; /* in the pot, not part of the player's bet on the street */
    }
    if (find(tail, "&") >= 0) {
        int64_t live = h->big_blind && h->big_blind < chips ? h->big_blind : chips;
        badugi_hh_event(h, BADUGI_EVENT_POST, i, live);
        badugi_hh_event(h, BADUGI_EVENT_ANTE, i, chips - live);
        return;
    }
    badugi_hh_event(h, BADUGI_EVENT_POST, i, chips);
    if (find(tail, "big blind") >= 0 && chips > h->big_blind)
        h->big_blind = chips;
}

/* lines.player_action: what player i did, from the words after "name: " (the verbs wordings.CALLS, BETS, RAISES,
 * FOLDS, POSTS, DISCARDS, STANDS, SHOWS, MUCKS; "antes" and the rest are other sites'). */
static void player_action(hand_state *h, int i, span rest)
{
    player *p = &h->players[i];
    long space = find_char(rest, ' ');
    span verb = before(rest, space), tail = without_all_in(after(rest, space, 1));
    if (equals(verb, "calls") || equals(verb, "bets") || equals(verb, "raises")) {
        /* "raises $0.25 to $0.50": the last amount, the round's total (what that puts in is the replay's) */
        int64_t chips = amount(equals(verb, "raises") ? last_word(tail) : tail, h);
        if (chips >= 0)
            badugi_hh_event(h, equals(verb, "calls") ? BADUGI_EVENT_CALL : equals(verb, "bets") ? BADUGI_EVENT_BET : BADUGI_EVENT_RAISE,
                  i, chips);
    } else if (equals(verb, "folds")) {
        p->folded = 1;
        badugi_hh_event(h, BADUGI_EVENT_FOLD, i, 0);
    } else if (equals(verb, "checks")) {
        badugi_hh_event(h, BADUGI_EVENT_CHECK, i, 0);
    } else if (equals(verb, "posts")) {
        post(h, p, tail);
    } else if (equals(verb, "antes")) {
        int64_t ante = amount(tail, h);
        if (ante >= 0)
            badugi_hh_event(h, BADUGI_EVENT_ANTE, i, ante);
    } else if (equals(verb, "discards")) {
        size_t used;
        span count = before(tail, find_char(tail, ' '));
        if (tail.n && tail.p[0] == '[') /* KingsClub's hero draw, not a PokerStars wording */
            h->bad = 1;
        else {
            long cards = number(count, &used, h);
            if (cards < 0 || used != count.n)
                h->bad = 1;
            badugi_hh_event(h, BADUGI_EVENT_DRAW, i, cards);
            badugi_hh_drawn(h, cards);
            p->drew = (int)cards;
        }
    } else if (equals(verb, "stands")) {
        if (starts(tail, "pat")) {
            badugi_hh_event(h, BADUGI_EVENT_DRAW, i, 0);
            badugi_hh_drawn(h, 0);
        }
        if (find_char(tail, '[') >= 0)
            set_cards(h, i, after(tail, find_char(tail, '['), 0), 1, 0);
    } else if (equals(verb, "shows")) {
        long close = find_char(tail, ']');
        set_cards(h, i, before(tail, close), 0, 0);
        h->shown = 1;
        span words = strip_parens(after(tail, close, 1));
        if (words.n)
            describe(h, i, words);
    } else if (equals(verb, "mucks")) {
        if (h->showdown)
            p->mucked = 1;
    } else if (equals(verb, "draws") || equals(verb, "wins") || equals(verb, "ties")) {
        h->bad = 1; /* KingsClub and Full Tilt wordings */
    }
}

/* lines.marker: the words between the first two "***" (wordings.MARKER) of a line, stripped; empty when there are
 * not two. */
static span marker(span line, hand_state *h)
{
    long first = find(line, "***");
    long second = first < 0 ? -1 : find_from(line, (size_t)first + 3, "***");
    if (second < 0)
        return (span){line.p, 0};
    return strip((span){line.p + first + 3, (size_t)(second - first - 3)}, h);
}

/* The lines._SEAT pattern at s (after "Seat N: "), r"(.+?) \(([$€£]?[\d,.]+)(?: in chips)?(?:,[^)]*)?\)(.*)":
 * returns 1 with the name and stack found as Python's regex finds them (shortest name, longest amount), 0 when
 * it does not match. Linear in the line, as lines.seat_match: whether a ")" follows is known from the last one. */
static int seat_pattern(span s, span *name, span *stack, hand_state *h)
{
    size_t last_close = 0; /* one past the last ")" of s, 0 without one */
    for (size_t i = s.n; i > 0 && last_close == 0; i--)
        if (s.p[i - 1] == ')')
            last_close = i;
    for (size_t end = 1; end + 2 < s.n; end++) {
        if (s.p[end] != ' ' || s.p[end + 1] != '(')
            continue;
        span rest = sub(s, end + 2);
        size_t sign = currency_sign(rest);
        size_t run = sign;
        while (run < rest.n && (is_digit(rest.p[run]) || rest.p[run] == ',' || rest.p[run] == '.'))
            run++;
        if (run < rest.n && (unsigned char)rest.p[run] >= 0x80)
            h->bad = 1; /* a Unicode digit would extend Python's [\d,.]+ */
        int parenthesis_after = last_close > end + 2 + run; /* a ")" after the amount, as after any shorter one */
        for (size_t stop = run; stop > sign; stop--) { /* the amount, longest first */
            span tail = sub(rest, stop);
            for (int chips = 1; chips >= 0; chips--) {
                span t = tail;
                if (chips) {
                    if (!starts(t, " in chips"))
                        continue;
                    t = sub(t, 9);
                }
                if (starts(t, ")") || (starts(t, ",") && parenthesis_after)) {
                    *name = (span){s.p, end};
                    *stack = (span){rest.p + sign, stop - sign};
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* Whether a player sits in seat `seat` already. */
static int seat_taken(const hand_state *h, long seat)
{
    for (int k = 0; k < h->count; k++)
        if (h->players[k].seat == seat)
            return 1;
    return 0;
}

/* lines.read_body's seat line: "Seat 3: Hero ($5.25 in chips)" (wordings.SEAT, IN_CHIPS), a player seated as
 * builder.Builder.seat seats one. */
static void seat_line(hand_state *h, span line)
{
    size_t used;
    span s = sub(line, 5);
    long seat = number(s, &used, h);
    span name, stack;
    if (seat < 0 || !starts(sub(s, used), ": ") || !seat_pattern(sub(s, used + 2), &name, &stack, h))
        return; /* Python's pattern does not match either: the line says nothing */
    int64_t chips = amount(stack, h);
    if (h->count == BADUGI_HH_MAX_PLAYERS || seated(h, name) >= 0 || seat_taken(h, seat) || find(name, ": ") >= 0 ||
        chips < 0) {
        h->bad = 1; /* too many seats, a name or a seat twice, or a name this code's action lines would misread */
        return;
    }
    player *p = &h->players[h->count++];
    memset(p, 0, sizeof *p);
    p->name = name;
    p->seat = seat;
    p->stack = chips;
    p->ncards = -1;
    p->drew = -1;
}

/* lines._POTS, r"(?:Main|Side) pot(?:-\d+)? (\S+?)\.(?:\s|$)" (the pots named by wordings.pot_names), at offset
 * i of s: 1 with the amount's text and the offset after the match, or 0. */
static int pot_at(span s, size_t i, span *value, size_t *end, hand_state *h)
{
    span at = sub(s, i);
    if (!starts(at, "Main pot") && !starts(at, "Side pot"))
        return 0;
    size_t j = 8;
    if (j < at.n && at.p[j] == '-') { /* "Side pot-2" */
        size_t used = digits(sub(at, j + 1), h);
        if (used == 0)
            return 0;
        j += 1 + used;
    }
    if (j >= at.n || at.p[j] != ' ')
        return 0;
    for (size_t dot = j + 2; dot < at.n && !is_space((unsigned char)at.p[dot - 1]); dot++)
        if (at.p[dot] == '.' && (dot + 1 == at.n || is_space((unsigned char)at.p[dot + 1]))) {
            *value = (span){at.p + j + 1, dot - j - 1};
            *end = i + (dot + 1 == at.n ? dot + 1 : dot + 2);
            return 1;
        }
    return 0;
}

/* lines.summary_line: "Total pot ..." and the seat lines that show or muck cards (wordings.SEAT, SHOWED, MUCKED,
 * WITH_A, TOTAL_POT, FEES, RAKE; " - a " is Full Tilt's). */
static void summary_line(hand_state *h, span line)
{
    if (starts(line, "Seat ")) {
        if (find(line, "ed [") < 0)
            return;
        span rest = after(line, find(line, ": "), 2);
        static const char *const words[] = {" showed [", " mucked ["};
        for (int k = 0; k < 2; k++) {
            long at = find(rest, words[k]);
            if (at <= 0)
                continue;
            span name = {rest.p, (size_t)at};
            for (long tag; ends(name, ")") && (tag = rfind(name, " (")) >= 0;) /* lines._untagged: "Hero (button)" */
                name.n = (size_t)tag;
            int i = player_named(h, name);
            if (i < 0)
                return;
            span cards = after(rest, at, strlen(words[k]));
            long close = find_char(cards, ']');
            span tail = after(cards, close, 1);
            set_cards(h, i, before(cards, close), 0, 0);
            long with = find(tail, " with a ");
            span description = after(tail, with, 8);
            if (description.n == 0)
                description = after(tail, find(tail, " - a "), 5);
            if (description.n)
                describe(h, i, description);
            return;
        }
    } else if (starts(line, "Total pot ")) {
        span rest = sub(line, 10);
        long bar = find(rest, " | ");
        span pots = before(rest, bar), fees = after(rest, bar, 3);
        h->total_pot = amount(before(pots, find_char(pots, ' ')), h);
        if (has_unicode(line))
            h->bad = 1; /* Python's \s and \S know Unicode spaces */
        int found = 0;
        int64_t listed[BADUGI_HH_MAX_PLAYERS];
        span value;
        for (size_t i = 0, end; find(pots, " pot") >= 0 && i < pots.n;) {
            if (!pot_at(pots, i, &value, &end, h)) {
                i++;
                continue;
            }
            if (found == BADUGI_HH_MAX_PLAYERS) {
                h->bad = 1;
                return;
            }
            listed[found++] = amount(value, h);
            i = end;
        }
        if (found) {
            memcpy(h->pots, listed, sizeof listed[0] * (size_t)found);
            h->npots = found;
        }
        for (;;) { /* fees.split(" | ") */
            long next = find(fees, " | ");
            span fee = before(fees, next);
            if (starts(fee, "Rake "))
                h->rake = amount(sub(fee, 5), h);
            if (next < 0)
                break;
            fees = after(fees, next, 3);
        }
    }
}

/* The button's seat when line[at:] reads "Seat #N is the button" (wordings.IS_THE_BUTTON), else -1: part of
 * lines._play_line's _TABLE pattern. */
static long button_at(span line, size_t at, hand_state *h)
{
    size_t used;
    long seat = number(sub(line, at + 6), &used, h);
    return seat >= 0 && starts(sub(line, at + 6 + used), " is the button") ? seat : -1;
}

/* lines._play_line for PokerStars: the lines of the play that are not "name: verb ..." (lines.dealt_line,
 * lines.uncalled_line; wordings.DEALT_TO, UNCALLED, RETURNED_TO, COLLECTED). */
static void play_line(hand_state *h, span line)
{
    if (starts(line, "Dealt to ")) {
        span rest = sub(line, 9);
        long bracket = find(rest, " [");
        span name = before(rest, bracket), cards = after(rest, bracket, 2);
        uint8_t probe[4];
        if (card_codes(cards, probe) == 0)
            return; /* no cards written: the line says nothing */
        while (name.n && name.p[name.n - 1] == ':')
            name.n--;
        int i = player_named(h, name);
        if (i >= 0) {
            set_cards(h, i, cards, 1, 1);
            h->players[i].face_up |= h->draws == 0;
        }
    } else if (starts(line, "Uncalled bet ")) {
        span rest = sub(line, 13);
        long at = find(rest, " returned to ");
        if (at < 0) {
            h->bad = 1;
            return;
        }
        span chips = before(rest, at);
        while (chips.n && (chips.p[0] == '(' || chips.p[0] == ')'))
            chips = sub(chips, 1);
        while (chips.n && (chips.p[chips.n - 1] == '(' || chips.p[chips.n - 1] == ')'))
            chips.n--;
        if (starts(chips, "of "))
            chips = sub(chips, 3);
        int64_t value = amount(chips, h);
        int i = player_named(h, after(rest, at, 13));
        if (i >= 0 && value >= 0)
            badugi_hh_add_chips(&h->players[i].returned, value, h);
    } else if (starts(line, "Table '")) {
        /* lines.table_of, r"Table '(.*)' .*?Seat #(\d+) is the button": the greedy name ends at the last "' " that
         * a button is written after, and the button is the first one written after that "' ". */
        long last = -1, quote = -1;
        for (long seat = find(line, "Seat #"); seat >= 0; seat = find_from(line, (size_t)seat + 1, "Seat #"))
            if (button_at(line, (size_t)seat, h) >= 0)
                last = seat;
        for (long at = last - 2; at >= 7 && quote < 0; at--)
            if (line.p[at] == '\'' && line.p[at + 1] == ' ')
                quote = at;
        for (long seat = quote < 0 ? -1 : find_from(line, (size_t)quote + 2, "Seat #"); seat >= 0;
             seat = find_from(line, (size_t)seat + 1, "Seat #"))
            if (button_at(line, (size_t)seat, h) >= 0) {
                h->button = button_at(line, (size_t)seat, h);
                return;
            }
    } else if (starts(line, "The button is in seat #")) {
        size_t used;
        long button = number(sub(line, 23), &used, h);
        if (button >= 0)
            h->button = button;
    } else {
        long at = find(line, " collected ");
        if (at < 0)
            return;
        span rest = after(line, at, 11);
        int64_t chips = amount(before(rest, find_char(rest, ' ')), h);
        int i = player_named(h, before(line, at));
        if (i >= 0 && chips >= 0) {
            badugi_hh_add_chips(&h->players[i].collected, chips, h);
            h->players[i].has_collected = 1;
        }
    }
}

/* lines.read_body, one line (PokerStars: actions are "name: verb ..."; the markers wordings.DRAWS, SHOW_DOWN,
 * SUMMARY). */
static void body_line(hand_state *h, span line)
{
    if (h->section != 2) {
        long colon = find(line, ": ");
        if (colon >= 0) {
            int i = seated(h, before(line, colon));
            if (i >= 0) {
                player_action(h, i, after(line, colon, 2));
                return;
            }
            static const char *const playing[] = {"posts ", "calls ", "bets ", "raises ", "folds", "checks",
                                                  "discards ", "stands pat"}; /* lines._PLAYING */
            span rest = after(line, colon, 2);
            for (size_t k = 0; k < sizeof playing / sizeof *playing; k++)
                if (starts(rest, playing[k])) {
                    h->bad = 1; /* a player with no seat line plays: Python's replay says so */
                    return;
                }
        }
    }
    if (line.n == 0)
        return;
    if (line.p[0] == '*') {
        span words = marker(line, h);
        int street = equals(words, "FIRST DRAW") ? 1 : equals(words, "SECOND DRAW") ? 2 : equals(words, "THIRD DRAW") ? 3 : 0;
        if (street) {
            h->draws = street;
        } else if (equals(words, "SHOW DOWN")) {
            h->showdown = 1;
        } else if (equals(words, "SUMMARY")) {
            h->section = 2;
        } else if (words.n) {
            h->section = 1;
        }
    } else if (h->section == 2) {
        summary_line(h, line);
    } else if (h->section == 0 && starts(line, "Seat ")) {
        seat_line(h, line);
    } else {
        play_line(h, line);
    }
}

/* ---- hands and records -------------------------------------------------------------------------------------- */

/* A PokerStars header line (pokerstars/reader.FORMAT.is_header), as csrc/sites.c's finder knows it: "PokerStars "
 * (wordings.HEADER_PREFIX), then "Game #" or "Hand #" (HAND_NUMBERS). The run this code reads was cut at these
 * lines by the same test. */
static const badugi_format POKERSTARS = {"PokerStars ", 11, BADUGI_MATCH_POKERSTARS};

static int is_header(span line) { return badugi_header_line(line.p, line.n, &POKERSTARS) == 1; }

/* pokerstars/reader.game_of, for the game words this code answers for: plain Badugi named as PokerStars names it
 * ("Badugi Limit", "Badugi Pot Limit", "Badugi Half Pot Limit", "Badugi No Limit", "Badugi Fixed Limit"), alone, with
 * the stakes after it ("Badugi Limit ($0.25/$0.50 USD)"), as the game of a mixed game ("8-Game (Badugi Limit, ...")
 * or after a tournament's buy-in ("Tournament #330855877, $1.00+$0.20 USD Badugi Limit"). Returns the betting
 * structure (common.game_info's) and sets h->tournament and h->whole_chips (game_of's places 0: a tournament, or no
 * currency sign); -1 for any other words, which Python reads (so history/read.py never reads game words again). */
static int game_words(span words, hand_state *h)
{
    static const struct {
        const char *name;
        int limit;
    } names[] = {{"Badugi Limit", BADUGI_LIMIT_FIXED},
                 {"Badugi Fixed Limit", BADUGI_LIMIT_FIXED},
                 {"Badugi Pot Limit", BADUGI_LIMIT_POT},
                 {"Badugi Half Pot Limit", BADUGI_LIMIT_HALF_POT},
                 {"Badugi No Limit", BADUGI_LIMIT_NO}};
    span name = words;
    h->tournament = starts(words, "Tournament #");
    if (h->tournament) { /* _TOURNAMENT without its "{...} " prefix: "Tournament #\d+, (?:Freeroll|\S+(?: [A-Z]{3})?) " */
        size_t used = digits(sub(words, 12), h);
        span rest = sub(words, 12 + used);
        if (used == 0 || !starts(rest, ", "))
            return -1;
        rest = sub(rest, 2);
        size_t token = 0;
        while (token < rest.n && rest.p[token] != ' ') {
            size_t sign = currency_sign(sub(rest, token));
            if (!sign && ((unsigned char)rest.p[token] >= 0x80 || is_space((unsigned char)rest.p[token])))
                return -1; /* where \S ends beyond ASCII: Python's */
            token += sign ? sign : 1;
        }
        if (token == 0 || token == rest.n)
            return -1;
        int freeroll = token == 8 && starts(rest, "Freeroll"); /* the pattern's first choice: no currency code */
        rest = sub(rest, token);
        if (!freeroll && rest.n > 4 && is_upper(rest.p[1]) && is_upper(rest.p[2]) && is_upper(rest.p[3]) &&
            rest.p[4] == ' ')
            rest = sub(rest, 4); /* the buy-in's currency code */
        name = sub(rest, 1);
    } else {
        long open = find(words, " (");
        span inside = after(words, open, 2);
        name = before(words, open);
        if (inside.n && is_letter(inside.p[0])) /* a mixed game names the game being played */
            for (name = before(inside, find_char(inside, ',')); name.n && name.p[name.n - 1] == ')';)
                name.n--;
        else if (inside.n && (unsigned char)inside.p[0] >= 0x80 && !currency_sign(inside))
            return -1; /* str.isalpha() of a letter beyond ASCII: Python's (a euro or pound sign is none) */
    }
    h->whole_chips = 1;
    for (size_t at = 0; at < words.n && !h->tournament; at++)
        if (currency_sign(sub(words, at)))
            h->whole_chips = 0;
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
        if (equals(name, names[k].name))
            return names[k].limit;
    return -1;
}

/* The end of a stakes amount at s, r"\d[\d,]*(?:\.\d+)?": the offset after it, 0 when there is none. */
static size_t stakes_amount(span s)
{
    size_t i = 0;
    if (s.n == 0 || !is_digit(s.p[0]))
        return 0;
    while (i < s.n && (is_digit(s.p[i]) || s.p[i] == ','))
        i++;
    if (i + 1 < s.n && s.p[i] == '.' && is_digit(s.p[i + 1]))
        for (i++; i < s.n && is_digit(s.p[i]);)
            i++;
    return i;
}

/* common.stakes_in: the first stakes written in the header's text before the date ("$0.25/$0.50", "(20/40)"), as
 * hundredths in h->stakes (0, 0 for none); a bad hand for text Python's patterns read otherwise (non-ASCII digits,
 * amounts it would refuse). */
static void stakes_of(span text, hand_state *h)
{
    if (has_unicode(text)) {
        h->bad = 1;
        return;
    }
    for (size_t at = 0; at < text.n; at++) {
        span s = sub(text, at);
        size_t low = stakes_amount(sub(s, currency_sign(s))), start = currency_sign(s);
        if (low == 0)
            continue;
        span rest = sub(s, start + low);
        if (rest.n == 0 || rest.p[0] != '/')
            continue;
        rest = sub(rest, 1);
        size_t sign = currency_sign(rest), high = stakes_amount(sub(rest, sign));
        if (high == 0)
            continue;
        h->stakes[0] = amount((span){s.p + start, low}, h);
        h->stakes[1] = amount((span){rest.p + sign, high}, h);
        if (h->stakes[0] <= 0 || h->stakes[1] <= 0)
            h->bad = 1; /* Python's stakes are then None, or not what this code can hold the hand to */
        span code = sub(rest, sign + high); /* r"(?: ([A-Z]{3})\b)?" */
        if (code.n >= 4 && code.p[0] == ' ' && is_upper(code.p[1]) && is_upper(code.p[2]) && is_upper(code.p[3]) &&
            (code.n == 4 || !is_word(code.p[4])))
            h->currency = (span){code.p + 1, 3};
        return;
    }
    h->bad = 1; /* no stakes: Python's table stands in the largest blind, which it reads itself */
}

/* The ASCII digits of s from `at`, at least `least` and at most `most` of them (greedy, as a regex's \d{least,most}
 * where a digit cannot follow): their value, -1 when there are too few or too many; *at moves past them. */
static long date_digits(span s, size_t *at, size_t least, size_t most)
{
    long value = 0;
    size_t n = 0;
    while (*at + n < s.n && is_digit(s.p[*at + n]) && n <= most)
        value = value * 10 + (s.p[*at + n++] - '0');
    if (n < least || n > most)
        return -1;
    *at += n;
    return value;
}

/* Whether s holds one of the characters `one_of` at *at (then moved past it). */
static int skip_one(span s, size_t *at, const char *one_of)
{
    if (*at >= s.n || strchr(one_of, s.p[*at]) == NULL || s.p[*at] == '\0')
        return 0;
    ++*at;
    return 1;
}

/* common.when's first pattern, r"(\d{4})[/-](\d{1,2})[/-](\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Za-z]+))?", at the
 * start of the header's date text (where PokerStars writes it), as YYYYMMDDhhmmss in h->started and the zone in
 * h->zone; a bad hand (Python reads it) for a date written otherwise or not a real date (which `when` finds
 * elsewhere in the text, or makes None). */
static void when_of(span text, hand_state *h)
{
    static const char days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    size_t at = 0;
    long year = date_digits(text, &at, 4, 4), month = -1, day = -1, hour = -1, minute = -1, second = -1;
    if (year >= 0 && skip_one(text, &at, "/-"))
        month = date_digits(text, &at, 1, 2);
    if (month >= 0 && skip_one(text, &at, "/-"))
        day = date_digits(text, &at, 1, 2);
    if (day >= 0 && skip_one(text, &at, " "))
        hour = date_digits(text, &at, 1, 2);
    if (hour >= 0 && skip_one(text, &at, ":"))
        minute = date_digits(text, &at, 2, 2);
    if (minute >= 0 && skip_one(text, &at, ":") && at + 2 <= text.n && is_digit(text.p[at]) && is_digit(text.p[at + 1])) {
        second = (text.p[at] - '0') * 10 + (text.p[at + 1] - '0'); /* (\d{2}): a digit may follow */
        at += 2;
    }
    int leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    if (second < 0 || year < 1 || month < 1 || month > 12 || day < 1 || day > days[month - 1] ||
        (month == 2 && day == 29 && !leap) || hour > 23 || minute > 59 || second > 59) {
        h->bad = 1;
        return;
    }
    h->started = ((((year * 100 + month) * 100 + day) * 100 + hour) * 100 + minute) * 100 + second;
    size_t letters = 0;
    while (at + 1 + letters < text.n && is_letter(text.p[at + 1 + letters]))
        letters++;
    if (letters && text.p[at] == ' ')
        h->zone = (span){text.p + at + 1, letters};
}

/* pokerstars/reader._HEADER, r"PokerStars .*?(?:Game|Hand) #(\d+): +(.*)" (wordings.HEADER_PREFIX, HAND_NUMBERS):
 * the hand number and the words before " - ". */
static int header(span line, span *id, span *game, hand_state *h)
{
    for (size_t at = 11; at + 6 <= line.n; at++) {
        span s = sub(line, at);
        if (!starts(s, "Game #") && !starts(s, "Hand #"))
            continue;
        size_t used = digits(sub(s, 6), h);
        if (used == 0 || !starts(sub(s, 6 + used), ": "))
            continue;
        *id = (span){s.p + 6, used};
        span rest = sub(s, 6 + used + 1);
        while (rest.n && rest.p[0] == ' ')
            rest = sub(rest, 1);
        *game = before(rest, find(rest, " - "));
        h->limit = game_words(*game, h);
        if (h->limit < 0)
            h->bad = 1; /* not Badugi, or words this code does not read: Python says what they are */
        long date = rfind(rest, " - "); /* the header's text rpartitioned at its last " - " (pokerstars/reader) */
        if (date < 0)
            h->bad = 1;
        stakes_of(before(rest, date), h);
        when_of(after(rest, date, 3), h);
        return 1;
    }
    return 0;
}

/* A hand_state of zeros, but for its events (about 6 of its 8 KiB), which are written before they are read: a hand
 * reads only the first nevents of them. */
static void clear_hand(hand_state *h)
{
    memset(h, 0, offsetof(hand_state, events));
    memset(&h->nevents, 0, sizeof *h - offsetof(hand_state, nevents));
}

/* One hand from the header line at `offset` to the next header; returns the offset after it. What
 * pokerstars/reader.parse_hand and score.score say of a hand, for the hands this code can vouch for. */
static size_t scan_hand(const char *text, size_t length, size_t offset, size_t *line_number, int64_t *record)
{
    hand_state h;
    clear_hand(&h);
    h.total_pot = h.rake = -1;
    h.npots = -1;
    h.button = -1;
    h.limit = -1;
    h.started = -1;
    memset(h.owner, -1, sizeof h.owner);
    span first = badugi_hh_line(text, length, offset);
    span id = {text, 0}, game = {text, 0};
    if (!header(first, &id, &game, &h))
        h.bad = 1; /* not a header Python reads: Python says so */
    if (h.whole_chips)
        h.currency = (span){NULL, 0}; /* pokerstars/reader: a currency only where the amounts are money */
    record[BADUGI_HH_FIRST_LINE] = (int64_t)*line_number;
    size_t at = offset; /* the start of the current line, which is line number *line_number */
    for (span line = first;;) {
        ++*line_number;
        if (at + line.n >= length) { /* the last line of the text: it has no newline */
            at = length;
            break;
        }
        at += line.n + 1;
        line = badugi_hh_line(text, length, at);
        if (is_header(line))
            break;
        if (!h.bad)
            body_line(&h, line);
    }
    badugi_hh_record(record, text, length, offset, at, *line_number, id, game, h.limit);
    if (h.bad || h.section != 2 || h.count == 0)
        return at;
    badugi_hh_verdict(&h, text, record);
    return at;
}

size_t badugi_stars_scan(const char *text, size_t length, size_t *offset, size_t *line, int64_t *out,
                         size_t out_size)
{
    return badugi_hh_scan(text, length, offset, line, out, out_size, is_header, scan_hand);
}
