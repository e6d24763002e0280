/* badugi-fast: the verdict on a recorded hand, shared by csrc/stars.c and csrc/phh.c (see verdict.h).
 *
 * Each function names the Python it mirrors (history/score.py, badugi_fast/pots.py, formats/replay.py), which stays
 * the specification.
 */
#include "verdict.h"

#include <string.h>

#include "badugi.h"

/* *sum += chips, or a bad hand (and *sum unchanged) when the sum would pass CHIPS_MAX. */
void badugi_hh_add_chips(int64_t *sum, int64_t chips, hand_state *h)
{
    if (chips < 0 || chips > CHIPS_MAX - *sum) {
        h->bad = 1;
        return;
    }
    *sum += chips;
}

/* formats/replay._check_cards: a draw of `cards` cards. When the stub runs out, the discards become a new one, and
 * a card seen before may come back: who held what is forgotten. Every player dealt in has posted or acted by the
 * first draw, so the stub is counted from them then. */
void badugi_hh_drawn(hand_state *h, long cards)
{
    if (cards < 0)
        return; /* a count this code could not read: the hand is bad already */
    if (h->dealt_in == 0) {
        int in_hand[BADUGI_HH_MAX_PLAYERS] = {0};
        for (size_t k = 0; k < h->nevents; k++)
            in_hand[h->events[k].player] = 1;
        for (int i = 0; i < h->count; i++)
            h->dealt_in += in_hand[i];
        h->stub = 52 - 4 * h->dealt_in;
    }
    if (cards > h->stub) { /* the discards and the folded hands become the new stub (the engine's draw): all but
                              the live hands, of which this draw takes the rest; cards seen before may come back */
        int folded[BADUGI_HH_MAX_PLAYERS] = {0}, live = h->dealt_in;
        for (size_t k = 0; k < h->nevents; k++)
            if (h->events[k].kind == BADUGI_EVENT_FOLD && !folded[h->events[k].player]++)
                live--;
        h->stub = 52 - 4 * live;
        memset(h->owner, -1, sizeof h->owner);
    }
    h->stub -= (int)cards;
}

/* One more thing a player did, for the replay of the rules (rules.h); a bad hand when there is no more room (a
 * hand with so many lines is Python's). Forced bets of nothing are not events (Builder.post writes no action). */
void badugi_hh_event(hand_state *h, int kind, int player, int64_t value)
{
    if ((kind == BADUGI_EVENT_POST || kind == BADUGI_EVENT_ANTE) && value == 0)
        return;
    if (h->shown) { /* play after a show: Python says where it breaks the rules */
        h->bad = 1;
        return;
    }
    if (h->nevents == BADUGI_HH_MAX_EVENTS) {
        h->bad = 1;
        return;
    }
    h->events[h->nevents++] = (badugi_event){kind, player, value};
}

/* Builder.dealt / show / reveal: the player's cards are now `cards` (a new hand forgets older descriptions). What
 * formats/replay._check_cards holds the history to, more strictly (this code cannot tell when the stub ran out):
 * four distinct cards; none that another player was shown holding; the same cards as the player was last shown
 * with, unless `drawn` (a "Dealt to" line after the player's draw: the cards not thrown stay, and the new ones are
 * cards nobody was shown holding). */
void badugi_hh_hold(hand_state *h, int i, const uint8_t *cards, int count, int forget_descriptions, int drawn)
{
    player *p = &h->players[i];
    if (count != 4) {
        h->bad = 1; /* Python's replay says what is wrong with a hand of other than four cards */
        return;
    }
    uint64_t now = 0, before = 0;
    for (int c = 0; c < 4; c++)
        now |= (uint64_t)1 << cards[c];
    for (int c = 0; p->ncards == 4 && c < 4; c++)
        before |= (uint64_t)1 << p->cards[c];
    int changed = __builtin_popcountll(now & ~before);
    if (__builtin_popcountll(now) != 4 || (p->ncards == 4 && changed && !(drawn && p->drew == changed)) ||
        (p->ncards == 4 && drawn && p->drew > 0 && changed != p->drew)) {
        /* a card twice, or a hand that changed otherwise than by the player's draw (a draw of k cards brings k
         * cards the player did not hold: one thrown and dealt back is one _check_cards says was dealt already) */
        h->bad = 1;
        return;
    }
    for (int c = 0; c < 4; c++) {
        int owner = h->owner[cards[c]];
        if ((owner >= 0 && owner != i) || (owner == i && !(before >> cards[c] & 1))) {
            h->bad = 1; /* a card another player held, or one that comes back: Python knows if the stub ran out */
            return;
        }
        h->owner[cards[c]] = (signed char)i;
    }
    memcpy(p->cards, cards, sizeof p->cards);
    p->ncards = 4;
    p->drew = -1;
    if (forget_descriptions)
        p->descriptions = p->conflicting = 0;
}

typedef struct {
    int64_t amount;
    int eligible[BADUGI_HH_MAX_PLAYERS];
    int neligible;
} pot;

/* pots.build_pots on the matched contributions; returns the number of pots. */
static int build_pots(const int64_t *paid, const int *folded, int n, pot *pots)
{
    int64_t levels[BADUGI_HH_MAX_PLAYERS];
    int nlevels = 0;
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        total += paid[i];
        if (paid[i] <= 0 || folded[i])
            continue;
        int k = 0;
        while (k < nlevels && levels[k] < paid[i])
            k++;
        if (k < nlevels && levels[k] == paid[i])
            continue;
        memmove(levels + k + 1, levels + k, sizeof levels[0] * (size_t)(nlevels - k));
        levels[k] = paid[i];
        nlevels++;
    }
    if (nlevels == 0) {
        if (total == 0)
            return 0;
        pots[0].amount = total;
        pots[0].neligible = 0;
        return 1;
    }
    int64_t below = 0;
    for (int k = 0; k < nlevels; k++) {
        int64_t capped = 0;
        pots[k].neligible = 0;
        for (int i = 0; i < n; i++) {
            capped += k == nlevels - 1 || paid[i] < levels[k] ? paid[i] : levels[k];
            if (paid[i] >= levels[k] && !folded[i])
                pots[k].eligible[pots[k].neligible++] = i;
        }
        pots[k].amount = capped - below;
        below = capped;
    }
    return nlevels;
}

/* score._score_badugi and pots.award_pots for a hand every line of which was understood and that the rules accept:
 * 1 when the site paid every pot exactly as we do (expected[] gets our payouts, *split whether a pot was shared),
 * else 0 (Python says why). What each player put in and had returned is the replay's (csrc/rules.c, the one betting
 * account: facts[].put_in and .returned): what it returned at the end of each betting round is
 * pots.split_uncalled of the hand's last betting round, on a hand the rules accept (only that round can leave a bet
 * unmatched), and the site must have returned the same (PokerStars' "Uncalled bet ... returned to"; PHH writes
 * none, but its finishing stacks, phh/reader._Reader._outcome, must be what the replay and the winnings leave).
 * Every player's sums are at most CHIPS_MAX and the site's totals are single amounts, so no sum here overflows. */
static int pay(const hand_state *h, const badugi_facts *facts, const int *order, int64_t *expected, int *has_expected,
               int *ranks, int *split)
{
    int n = h->count;
    int64_t chip = h->whole_chips ? 100 : 1; /* score.py: 10 ** (2 - hand.places), amounts being hundredths */
    int64_t matched[BADUGI_HH_MAX_PLAYERS];
    int folded[BADUGI_HH_MAX_PLAYERS];
    int64_t total = 0;
    for (int k = 0; k < n; k++) {
        const player *p = &h->players[order[k]];
        matched[k] = facts[order[k]].put_in;
        folded[k] = p->folded;
        if (!h->returns_unwritten && p->returned != facts[order[k]].returned)
            return 0; /* the site returned other uncalled bets */
        if (h->finishing_written && p->finishing != p->stack - matched[k] + p->collected)
            return 0; /* the finishing stack is not what the winnings and the actions leave: Python says so */
        total += matched[k];
    }
    if (h->total_pot >= 0 && h->total_pot != total)
        return 0;
    if (h->rake < 0)
        return 0; /* no rake written: Python says what the site kept */
    for (int k = 0; k < n; k++) {
        const player *p = &h->players[order[k]];
        ranks[k] = 0;
        if (p->ncards == 4) {
            ranks[k] = badugi_rank4(p->cards[0], p->cards[1], p->cards[2], p->cards[3]);
            if (ranks[k] < 0)
                return 0; /* a card twice: an error hand */
        }
    }
    pot pots[BADUGI_HH_MAX_PLAYERS];
    int npots = build_pots(matched, folded, n, pots);
    int64_t rake[BADUGI_HH_MAX_PLAYERS];
    if (h->npots == npots && npots > 1) { /* the site raked each pot: its pots are after rake */
        int64_t sum = 0;
        for (int k = 0; k < npots; k++) {
            rake[k] = pots[k].amount - h->pots[k];
            if (rake[k] < 0)
                return 0;
            sum += rake[k];
        }
        if (sum != h->rake)
            return 0;
    } else { /* pots.rake_per_pot: one amount, from the main pot first */
        int64_t left = h->rake;
        for (int k = 0; k < npots; k++) {
            rake[k] = left < pots[k].amount ? left : pots[k].amount;
            left -= rake[k];
        }
        if (left > 0)
            return 0;
    }
    int place[BADUGI_HH_MAX_PLAYERS]; /* pots.odd_chip_order: first the first seat left of the button */
    int next = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < n; k++)
            if ((h->players[order[k]].seat > h->button) == (pass == 0))
                place[k] = next++;
    for (int k = 0; k < n; k++)
        expected[k] = has_expected[k] = 0;
    for (int number = 0; number < npots; number++) {
        const pot *pt = &pots[number];
        int64_t amount_left = pt->amount - rake[number];
        int winners[BADUGI_HH_MAX_PLAYERS], nwinners = 0;
        if (pt->neligible == 1) {
            winners[nwinners++] = pt->eligible[0];
        } else {
            int best = 0;
            for (int e = 0; e < pt->neligible; e++) {
                int k = pt->eligible[e];
                int contests = h->showdown && ranks[k] > 0 && !folded[k] && !h->players[order[k]].mucked;
                if (contests && (best == 0 || ranks[k] < best)) {
                    best = ranks[k];
                    nwinners = 0;
                }
                if (contests && ranks[k] == best)
                    winners[nwinners++] = k;
            }
            if (nwinners == 0)
                return 0; /* nobody shows a hand for this pot: Python says so */
        }
        if (nwinners > 1)
            *split = 1;
        /* pots._split: whole chips (a hundredth, or 100 of them when the amounts are whole chips), the odd ones one
         * each to the first winners in place order, a part of a chip (only from rake) to the first */
        int64_t chips = amount_left / chip, loose = amount_left % chip;
        int64_t share = chips / nwinners, odd = chips % nwinners;
        for (int w = 0; w < nwinners; w++) {
            int k = winners[w], ahead = 0;
            for (int v = 0; v < nwinners; v++)
                ahead += place[winners[v]] < place[k];
            expected[k] += (share + (ahead < odd ? 1 : 0)) * chip + (ahead == 0 ? loose : 0);
            has_expected[k] = 1;
        }
    }
    for (int k = 0; k < n; k++)
        if (h->players[order[k]].collected != expected[k])
            return 0; /* a mismatch: Python lists the differences */
    return 1;
}

/* The record of each player dealt in, who put in chips, showed cards or was paid, with the replay's facts:
 * history.read._c_result makes the score.player_entry of each from it. The hero is the one player whose hole
 * cards the history shows (score._hero). */
static void write_players(const hand_state *h, const badugi_facts *facts, const int *order, const int64_t *expected,
                          const int *has_expected, const int *ranks, const char *text, int64_t *record)
{
    int64_t *out = record + BADUGI_HH_HAND_FIELDS;
    int listed = 0, faces_up = 0;
    for (int k = 0; k < h->count; k++)
        faces_up += h->players[k].face_up;
    for (int k = 0; k < h->count; k++) {
        const player *p = &h->players[order[k]];
        const badugi_facts *f = &facts[order[k]];
        if (!(f->flags & BADUGI_FACT_DEALT) && p->ncards < 0 && !p->has_collected && !has_expected[k])
            continue; /* not dealt in (one who put chips in posted or acted: dealt in), no cards shown, not paid */
        int64_t cards = -1;
        if (p->ncards >= 0) {
            cards = p->ncards;
            for (int c = 0; c < p->ncards; c++)
                cards |= (int64_t)p->cards[c] << (3 + 6 * c);
        }
        out[BADUGI_HH_NAME_START] = p->name.p - text;
        out[BADUGI_HH_NAME_END] = out[BADUGI_HH_NAME_START] + (int64_t)p->name.n;
        out[BADUGI_HH_CARDS] = cards;
        out[BADUGI_HH_RANK] = ranks[k];
        out[BADUGI_HH_WORDS_START] = p->descriptions ? p->description.p - text : -1;
        out[BADUGI_HH_WORDS_END] = p->descriptions ? out[BADUGI_HH_WORDS_START] + (int64_t)p->description.n : -1;
        out[BADUGI_HH_COLLECTED] = p->collected;
        out[BADUGI_HH_EXPECTED] = expected[k];
        out[BADUGI_HH_PUT_IN] = f->put_in;
        out[BADUGI_HH_POSITION] = f->position;
        out[BADUGI_HH_FACTS] = f->flags;
        out[BADUGI_HH_COUNTS] = f->bets | (int64_t)f->raises << 16 | (int64_t)f->calls << 32;
        out[BADUGI_HH_DRAWS] = (f->drew[0] + 1) | (f->drew[1] + 1) << 4 | (f->drew[2] + 1) << 8;
        out[BADUGI_HH_HERO] = p->face_up && faces_up == 1;
        out += BADUGI_HH_PLAYER_FIELDS;
        listed++;
    }
    record[BADUGI_HH_PLAYERS] = listed;
}

static int lower(char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }
static int word_char(char c)
{
    c = (char)lower(c);
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* Whether s, from *at, starts with `literal` in any case (then *at moves past it). */
static int take(span s, size_t *at, const char *literal)
{
    size_t n = strlen(literal);
    if (s.n - *at < n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (lower(s.p[*at + i]) != literal[i])
            return 0;
    *at += n;
    return 1;
}

/* history/score.agrees: whether the site's description `words` names the usable ranks of `cards` (score.site_values
 * against ranks.rank_values). 0 as well for words this code does not read as Python does (anything but printable
 * ASCII): the hand is then Python's, which lists the mismatch or finds none. */
static int agrees(span words, const uint8_t cards[4])
{
    static const char *const heads[] = {"badugi", "four", "three", "two", "one", "1-card", "2-card", "3-card", "4-card"};
    static const int sizes[] = {4, 4, 3, 2, 1, 1, 2, 3, 4};
    for (size_t i = 0; i < words.n; i++)
        if ((unsigned char)words.p[i] < 0x20 || (unsigned char)words.p[i] >= 0x7f)
            return 0;
    size_t at = 0; /* _HEAD, r"(?:a |an )?(badugi|four|three|two|one|[1-4]-card)s?\b", IGNORECASE */
    int size = 0;
    for (int article = 1; article >= 0 && !size; article--) {
        at = 0;
        if (article && !take(words, &at, "a ") && !take(words, &at, "an "))
            continue;
        for (size_t k = 0; k < sizeof heads / sizeof heads[0] && !size; k++) {
            size_t end = at;
            if (!take(words, &end, heads[k]))
                continue;
            if (end < words.n && lower(words.p[end]) == 's' && (end + 1 == words.n || !word_char(words.p[end + 1])))
                end++;
            else if (end < words.n && word_char(words.p[end]))
                continue;
            at = end;
            size = sizes[k];
        }
    }
    if (!size)
        return 0;
    int values[4], n = 0; /* the tokens after the head, split at r"[\s,:;\-]+", less "card" and "cards" */
    while (at < words.n) {
        while (at < words.n && strchr(" ,:;-", words.p[at]))
            at++;
        size_t start = at;
        while (at < words.n && !strchr(" ,:;-", words.p[at]))
            at++;
        span token = {words.p + start, at - start};
        size_t used = 0;
        if (token.n == 0 || ((take(token, &used, "cards") || take(token, &used, "card")) && used == token.n))
            continue;
        static const char ranks[] = "a23456789tjqk"; /* cards.rank_value */
        const char *found = token.n == 1 ? strchr(ranks, lower(token.p[0])) : NULL;
        int value = token.n == 2 && token.p[0] == '1' && token.p[1] == '0' ? 10 : found ? (int)(found - ranks) + 1 : 0;
        if (value == 0 || n == 4)
            return 0;
        values[n++] = value;
    }
    if (n != size)
        return 0;
    int usable = badugi_usable4(cards[0], cards[1], cards[2], cards[3]), m = 0;
    int have[4];
    for (int c = 0; c < 4; c++)
        if (usable > 0 && (usable >> c & 1))
            have[m++] = (cards[c] >> 2) + 1;
    if (m != n)
        return 0;
    for (int i = 0; i < n; i++) { /* the same values, in any order (each hand's are distinct) */
        int k = 0;
        while (k < m && have[k] != values[i])
            k++;
        if (k == m)
            return 0;
        have[k] = have[--m];
    }
    return 1;
}

/* formats/replay.replay: the hand's forced bets, actions and draws, replayed through the rules (csrc/rules.c),
 * which note each player's facts (formats/facts.py). */
static int played_by_the_rules(const hand_state *h, badugi_facts *facts)
{
    if (h->limit < 0 || h->button < 0 || h->count > BADUGI_RULES_MAX_PLAYERS)
        return 0;
    badugi_table table = {.count = h->count, .button = h->button, .limit = h->limit, .showdown = h->showdown};
    table.stakes[0] = h->stakes[0];
    table.stakes[1] = h->stakes[1];
    for (int i = 0; i < h->count; i++) {
        table.seats[i] = h->players[i].seat;
        table.stacks[i] = h->players[i].stack;
    }
    return badugi_rules_facts(&table, h->events, h->nevents, facts);
}

/* A span of `text` in the record (its start and end offsets), or -1, -1 for none. */
static void span_record(span s, const char *text, int64_t *record, int at_start, int at_end)
{
    record[at_start] = s.p != NULL ? s.p - text : -1;
    record[at_end] = s.p != NULL ? record[at_start] + (int64_t)s.n : -1;
}

/* The hand's table in the record, what score.table_of makes the record's started, time_zone, currency, stakes and
 * big_blind of (history/read.py: _table): the stakes (0, 0 for none), the date, currency and time zone, and the
 * largest live blind posted (score.hand_table's stand-in for stakes a PHH hand does not name). */
static void table_record(const hand_state *h, const char *text, int64_t *record)
{
    int64_t largest = 0;
    for (size_t k = 0; k < h->nevents; k++)
        if (h->events[k].kind == BADUGI_EVENT_POST && h->events[k].value > largest)
            largest = h->events[k].value;
    record[BADUGI_HH_STAKES_LOW] = h->stakes[0];
    record[BADUGI_HH_STAKES_HIGH] = h->stakes[1];
    record[BADUGI_HH_LARGEST_BLIND] = largest;
    record[BADUGI_HH_STARTED] = h->started;
    span_record(h->currency, text, record, BADUGI_HH_CURRENCY_START, BADUGI_HH_CURRENCY_END);
    span_record(h->zone, text, record, BADUGI_HH_ZONE_START, BADUGI_HH_ZONE_END);
}

/* score.score of a hand read in full: replayed, paid and recorded when it is what the rules and the site say. */
void badugi_hh_verdict(const hand_state *h, const char *text, int64_t *record)
{
    int order[BADUGI_HH_MAX_PLAYERS], n = h->count; /* seat order (score.py sorts seats by number, stably) */
    for (int i = 0; i < n; i++) {
        int k = i;
        while (k > 0 && h->players[order[k - 1]].seat > h->players[i].seat) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
    for (int k = 0; k < n; k++)
        if (h->players[order[k]].conflicting)
            return; /* different descriptions of the same cards: Python checks each */
    badugi_facts facts[BADUGI_HH_MAX_PLAYERS];
    if (!played_by_the_rules(h, facts))
        return; /* Python's replay says where the hand leaves the rules, or this code could not tell */
    int64_t expected[BADUGI_HH_MAX_PLAYERS];
    int has_expected[BADUGI_HH_MAX_PLAYERS], ranks[BADUGI_HH_MAX_PLAYERS], split = 0;
    if (!pay(h, facts, order, expected, has_expected, ranks, &split))
        return; /* Python says what the site paid otherwise, or why no one could be paid */
    for (int k = 0; k < n; k++) {
        const player *p = &h->players[order[k]];
        if (ranks[k] && p->descriptions && !agrees(p->description, p->cards))
            return; /* the site describes the hand otherwise (or in words this code does not read): Python's */
    }
    record[BADUGI_HH_STATUS] = h->showdown ? BADUGI_HH_VERIFIED : BADUGI_HH_NO_SHOWDOWN;
    record[BADUGI_HH_FLAGS] = (h->showdown ? BADUGI_HH_SHOWDOWN : 0) | (split ? BADUGI_HH_SPLIT : 0) |
                              (h->whole_chips ? 0 : BADUGI_HH_MONEY) | (h->tournament ? BADUGI_HH_TOURNAMENT : 0);
    table_record(h, text, record);
    write_players(h, facts, order, expected, has_expected, ranks, text, record);
}

span badugi_hh_line(const char *text, size_t length, size_t offset)
{
    const char *end = memchr(text + offset, '\n', length - offset);
    return (span){text + offset, end ? (size_t)(end - text) - offset : length - offset};
}

size_t badugi_hh_scan(const char *text, size_t length, size_t *offset, size_t *line, int64_t *out, size_t out_size,
                      int (*is_header)(span line),
                      size_t (*read_hand)(const char *text, size_t length, size_t offset, size_t *line, int64_t *record))
{
    size_t used = 0;
    if (text == NULL || offset == NULL || line == NULL || out == NULL || *offset > length)
        return 0;
    while (*offset < length && out_size - used >= BADUGI_HH_RECORD_MAX) {
        span current = badugi_hh_line(text, length, *offset);
        if (!is_header(current)) { /* text before the first hand */
            *offset = *offset + current.n >= length ? length : *offset + current.n + 1;
            ++*line;
            continue;
        }
        *offset = read_hand(text, length, *offset, line, out + used);
        used += BADUGI_HH_HAND_FIELDS + (size_t)out[used + BADUGI_HH_PLAYERS] * BADUGI_HH_PLAYER_FIELDS;
    }
    return used;
}

void badugi_hh_record(int64_t *record, const char *text, size_t length, size_t offset, size_t at, size_t end_line,
                      span id, span game, int limit)
{
    record[BADUGI_HH_STATUS] = BADUGI_HH_FALLBACK;
    record[BADUGI_HH_FLAGS] = 0;
    record[BADUGI_HH_END_LINE] = (int64_t)end_line;
    record[BADUGI_HH_FIRST_BYTE] = (int64_t)offset;
    record[BADUGI_HH_END_BYTE] = (int64_t)(at < length ? at - 1 : length);
    record[BADUGI_HH_ID_START] = id.p - text;
    record[BADUGI_HH_ID_END] = record[BADUGI_HH_ID_START] + (int64_t)id.n;
    record[BADUGI_HH_GAME_START] = game.p - text;
    record[BADUGI_HH_GAME_END] = record[BADUGI_HH_GAME_START] + (int64_t)game.n;
    record[BADUGI_HH_LIMIT] = limit;
    record[BADUGI_HH_STAKES_LOW] = record[BADUGI_HH_STAKES_HIGH] = record[BADUGI_HH_LARGEST_BLIND] = 0; /* set by
                                                                         table_record() for a hand answered */
    record[BADUGI_HH_CURRENCY_START] = record[BADUGI_HH_CURRENCY_END] = -1;
    record[BADUGI_HH_STARTED] = -1;
    record[BADUGI_HH_ZONE_START] = record[BADUGI_HH_ZONE_END] = -1;
    record[BADUGI_HH_PLAYERS] = 0;
}
