/* Drives every entry point of csrc/badugi.c, csrc/odds.c, csrc/stars.c and csrc/phh.c with random input under
 * AddressSanitizer and UndefinedBehaviorSanitizer (tests/test_c_sanitized.py compiles and runs it). Every buffer is malloc'd at its exact size, so a read one byte
 * past the end is reported. Exits non-zero on the first inconsistency; the sanitizers abort on any bad access. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"
#include "odds.h"
#include "phh.h"
#include "sites.h"
#include "stars.h"

static unsigned long long state = 88172645463325252ULL;

static unsigned next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state >> 32);
}

static const char ALPHABET[] = "A23456789TJQKakqjt10cdhsCDHS ,\t\n\xe2\x99\xa0\xa3\xa5\xa6\x00";

static size_t random_text(char *buffer, size_t room)
{
    size_t length = next() % room;
    for (size_t i = 0; i < length; i++)
        buffer[i] = next() % 4 ? ALPHABET[next() % (sizeof ALPHABET - 1)] : (char)next();
    return length;
}

static int fail(const char *what)
{
    fprintf(stderr, "inconsistent: %s\n", what);
    return 1;
}

/* Lines of PokerStars hands, which random_hands() puts together and damages. */
static const char *const STARS_LINES[] = {
    "PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
    "PokerStars Hand #1: Tournament #2, $1.00+$0.10 USD Badugi Limit - Level I (10/20) - 2010/09/05",
    "PokerStars Game #7: Razz Limit ($1/$2 USD)",
    "Table 'Ariadne' 6-max Seat #2 is the button",
    "Seat 1: Al ($10 in chips)",
    "Seat 2: Bo ($5.25 in chips)",
    "Seat 3: Cy (1,500 in chips) is sitting out",
    "Seat 4: D (x) y ($1, 2 bounty)",
    "Al: posts small blind $0.10",
    "Bo: posts big blind $0.25",
    "Cy: posts small & big blinds $0.35",
    "Al: posts the ante 5",
    "*** DEALING HANDS ***",
    "Dealt to Al [As 2c 3d 4h]",
    "Al: raises $0.25 to $0.50",
    "Bo: calls $0.25",
    "Cy: folds",
    "Bo: bets $0.50 and is all-in",
    "*** FIRST DRAW ***",
    "Al: discards 2 cards",
    "Bo: stands pat on [2d 3s 4h 6s]",
    "Dealt to Al [As 2c] [5h Ks]",
    "*** SECOND DRAW ***",
    "*** SHOW DOWN ***",
    "Al: shows [As 2c 3d 4h] (Badugi: 4,3,2,A)",
    "Bo: mucks hand",
    "Uncalled bet ($0.25) returned to Bo",
    "Al collected $1.20 from pot",
    "Bo collected $0.60 from side pot-1",
    "*** SUMMARY ***",
    "Total pot $1.25 | Rake $0.05",
    "Total pot $5.70 Main pot $2.90. Side pot-2 $2.55. | Rake $0.25",
    "Seat 1: Al (button) showed [As 2c 3d 4h] and won ($1.20) with a Badugi: 4,3,2,A",
    "Seat 2: Bo mucked [Kd Kh Qs Jc] - a 2-Card: K, Q",
    "",
    /* the largest amounts the C reader takes, which random_hands() sometimes writes hundreds of times */
    "Al: calls $720,575,940,379,279.36",
    "Bo: raises $999,999,999,999,999 to $999,999,999,999,999.99",
    "Al: posts the ante 999999999999999",
    "Al collected $999,999,999,999,999.99 from pot",
    "Uncalled bet ($999,999,999,999,999.99) returned to Bo",
    "Total pot $999,999,999,999,999.99 Main pot $999,999,999,999,999.99. | Rake $999,999,999,999,999.99",
};

/* Lines of PHH hands, for random_hands() too. */
static const char *const PHH_LINES[] = {
    "[1]", "[2]", "[3.x]", " [4]", "variant = \"FB\"", "variant = \"_NB\"", "variant='_PB'", "  variant = \"FB\"",
    "\"variant\" = \"FB\"", "\t'variant'= '_PB'", "\"variant' = 1", "antes = [0, 0, 0]",
    "antes = 5", "blinds_or_straddles = [10, 20, 0]", "blinds_or_straddles = [0.25, -0.5]", "small_bet = 20",
    "big_bet = 40", "min_bet = 0.50", "starting_stacks = [1000, 500, 800]", "starting_stacks = [20, 999999999999999]",
    "actions = [", "actions = [\"d dh p1 AsKd2c3h\", \"p2 f\"]", "  \"d dh p1 Qs7c2dAc\",", "  \"d dh p2 ????????\",",
    "  \"d dh p3 6c9dKsTh\",", "  \"p3 cc\",", "  \"p1 cbr 40\",", "  \"p2 cbr 0.75\",", "  \"p1 f\",",
    "  \"p1 sd Qs\",", "  \"p2 sd\",", "  \"d dh p1 3h\",", "  \"p1 sm 3h7c2dAc\",", "  \"p2 sm\",", "  \"p3 sm -\",",
    "]", "hand = 42", "hand = \"x\"", "players = [\"Al\", \"Bo\", \"Cy\"]", "seats = [1, 2, 3]",
    "time = 12:30:05", "finishing_stacks = [1100, 420, 780]", "winnings = [180, 0, 0]", "_rake = 0",
    "currency = \"USD\"", "# a comment", "s = \"\"\"", "",
};

/* Hand-history-like text in buffer (room bytes), made of `lines`: whole lines, some of them cut or with random bytes
 * written in. */
static size_t random_hands(char *buffer, size_t room, const char *const *table, size_t count)
{
    size_t length = 0, lines = next() % 120;
    for (size_t i = 0; i < lines; i++) {
        const char *line = table[next() % count];
        size_t n = strlen(line);
        if (next() % 8 == 0)
            n = next() % (n + 1);
        if (length + n + 1 > room)
            break;
        size_t start = length;
        memcpy(buffer + length, line, n);
        for (int edits = next() % 8 == 0 ? (int)(next() % 4) : 0; edits > 0 && n > 0; edits--)
            buffer[length + next() % n] = next() % 2 ? ALPHABET[next() % (sizeof ALPHABET - 1)] : (char)next();
        length += n;
        if (next() % 16 != 0)
            buffer[length++] = '\n';
        for (size_t copies = next() % 32 == 0 ? next() % 300 : 0; copies > 0; copies--) { /* sums past 2^63 */
            size_t written = length - start;
            if (length + written > room)
                break;
            memcpy(buffer + length, buffer + start, written);
            length += written;
        }
    }
    return length;
}

/* The status of the first hand of text (a string), read from a buffer of exactly its length. */
static int64_t first_status(const char *text)
{
    size_t length = strlen(text), offset = 0, line = 0;
    char *exact = malloc(length);
    int64_t record[BADUGI_HH_RECORD_MAX];
    memcpy(exact, text, length);
    size_t used = badugi_stars_scan(exact, length, &offset, &line, record, BADUGI_HH_RECORD_MAX);
    free(exact);
    return used ? record[BADUGI_HH_STATUS] : -1;
}

/* A verified hand, then the same hand with 256 more lines of 2^56 hundredths each: every sum of chips the C reader
 * keeps grows by exactly 2^64, which a 64-bit sum would wrap back to the honest hand's. The C reader must not vouch
 * for such a hand (and the sanitizer stops any signed overflow on the way). */
static int forged_sums(void)
{
    static const char head[] = "PokerStars Game #1:  Badugi No Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\n"
                               "Table 'T' 6-max Seat #1 is the button\n"
                               "Seat 1: Al ($10 in chips)\n"
                               "Seat 2: Bo ($10 in chips)\n"
                               "Al: posts small blind $0.25\n"
                               "Bo: posts big blind $0.50\n";
    static const char play[] = "Al: calls $0.25\nBo: checks\n"
                               "*** FIRST DRAW ***\nBo: stands pat\nAl: stands pat\nBo: checks\nAl: checks\n"
                               "*** SECOND DRAW ***\nBo: stands pat\nAl: stands pat\nBo: checks\nAl: checks\n"
                               "*** THIRD DRAW ***\nBo: stands pat\nAl: stands pat\nBo: checks\nAl: checks\n";
    static const char tail[] = "*** SHOW DOWN ***\n"
                               "Al: shows [As 2c 3d 4h] (Badugi: 4,3,2,A)\n"
                               "Bo: shows [Ks Qd Jh Tc] (Badugi: K,Q,J,T)\n"
                               "Al collected $1 from pot\n"
                               "*** SUMMARY ***\n"
                               "Total pot $1 | Rake $0\n";
    static const char *const forged[] = {
        "Al: calls $720,575,940,379,279.36\n", /* what Al put in, and on the street */
        "Al: posts the ante 720575940379279.36\n",
        "Al: posts big blind $720,575,940,379,279.36\n",
        "Al collected $720,575,940,379,279.36 from pot\n", /* what the site paid */
        "Uncalled bet ($720,575,940,379,279.36) returned to Al\n",
    };
    static char text[sizeof head + sizeof play + sizeof tail + 256 * 64];
    snprintf(text, sizeof text, "%s%s%s", head, play, tail);
    if (first_status(text) != BADUGI_HH_VERIFIED)
        return fail("the honest hand of forged_sums is not verified");
    for (size_t k = 0; k < sizeof forged / sizeof *forged; k++) {
        size_t length = strlen(head);
        memcpy(text, head, length);
        for (int copy = 0; copy < 256; copy++, length += strlen(forged[k]))
            memcpy(text + length, forged[k], strlen(forged[k]));
        memcpy(text + length, play, strlen(play));
        memcpy(text + length + strlen(play), tail, sizeof tail);
        if (first_status(text) != BADUGI_HH_FALLBACK)
            return fail(forged[k]);
    }
    return 0;
}

/* Reads text (exactly length bytes) with output buffers of random, exact sizes; checks every record's bounds. */
static int scan_hands(const char *text, size_t length)
{
    size_t offset = 0, line = 0, used, hands = 0;
    size_t room = BADUGI_HH_RECORD_MAX + next() % (3 * BADUGI_HH_RECORD_MAX);
    int64_t *out = malloc(room * sizeof *out);
    while ((used = badugi_stars_scan(text, length, &offset, &line, out, room)) != 0) {
        if (used > room || offset > length)
            return fail("stars_scan wrote past its buffer or text");
        for (size_t at = 0; at < used; hands++) {
            const int64_t *record = out + at;
            int64_t players = record[BADUGI_HH_PLAYERS];
            if (record[BADUGI_HH_STATUS] < 0 || record[BADUGI_HH_STATUS] > 2 || players < 0 ||
                players > BADUGI_HH_MAX_PLAYERS || record[BADUGI_HH_FIRST_BYTE] > record[BADUGI_HH_END_BYTE] ||
                record[BADUGI_HH_END_BYTE] > (int64_t)length || record[BADUGI_HH_FIRST_LINE] >= record[BADUGI_HH_END_LINE])
                return fail("stars_scan record out of range");
            for (int64_t k = 0; k < players; k++) {
                const int64_t *entry = record + BADUGI_HH_HAND_FIELDS + k * BADUGI_HH_PLAYER_FIELDS;
                if (entry[0] < 0 || entry[1] > (int64_t)length || entry[0] > entry[1] || entry[4] > entry[5] ||
                    entry[5] > (int64_t)length)
                    return fail("stars_scan player out of range");
            }
            at += BADUGI_HH_HAND_FIELDS + (size_t)players * BADUGI_HH_PLAYER_FIELDS;
        }
    }
    size_t headers = 0; /* every line that starts "PokerStars " and holds "Game #" or "Hand #" is one record */
    for (size_t start = 0; start < length;) {
        const char *end = memchr(text + start, '\n', length - start);
        size_t n = end ? (size_t)(end - text) - start : length - start;
        int game = 0;
        for (size_t i = 0; i + 6 <= n; i++)
            game |= memcmp(text + start + i, "Game #", 6) == 0 || memcmp(text + start + i, "Hand #", 6) == 0;
        headers += n >= 11 && memcmp(text + start, "PokerStars ", 11) == 0 && game;
        start += n + 1;
    }
    free(out);
    return hands == headers ? 0 : fail("stars_scan record count");
}

/* badugi_phh_scan from the start of a random line of text (exactly length bytes) with output buffers of random,
 * exact sizes: every record in bounds, one per `variant` header line from there on. */
static int scan_phh(const char *text, size_t length)
{
    size_t offset = 0, line = 0, used, hands = 0, headers = 0;
    for (size_t skip = next() % 4; skip > 0 && offset < length; skip--, line++) {
        const char *end = memchr(text + offset, '\n', length - offset);
        offset = end ? (size_t)(end - text) + 1 : length;
    }
    size_t from = offset, room = BADUGI_HH_RECORD_MAX + next() % (3 * BADUGI_HH_RECORD_MAX);
    int64_t *out = malloc(room * sizeof *out);
    while ((used = badugi_phh_scan(text, length, &offset, &line, out, room)) != 0) {
        if (used > room || offset > length)
            return fail("phh_scan wrote past its buffer or text");
        for (size_t at = 0; at < used; hands++) {
            const int64_t *record = out + at;
            int64_t players = record[BADUGI_HH_PLAYERS];
            if (record[BADUGI_HH_STATUS] < 0 || record[BADUGI_HH_STATUS] > 2 || players < 0 ||
                players > BADUGI_HH_MAX_PLAYERS || record[BADUGI_HH_END_BYTE] > (int64_t)length ||
                record[BADUGI_HH_ID_START] > record[BADUGI_HH_ID_END] || record[BADUGI_HH_ID_END] > (int64_t)length ||
                record[BADUGI_HH_GAME_END] > (int64_t)length || record[BADUGI_HH_FIRST_LINE] >= record[BADUGI_HH_END_LINE])
                return fail("phh_scan record out of range");
            for (int64_t k = 0; k < players; k++) {
                const int64_t *entry = record + BADUGI_HH_HAND_FIELDS + k * BADUGI_HH_PLAYER_FIELDS;
                if (entry[0] < 0 || entry[1] > (int64_t)length || entry[0] > entry[1])
                    return fail("phh_scan player out of range");
            }
            at += BADUGI_HH_HAND_FIELDS + (size_t)players * BADUGI_HH_PLAYER_FIELDS;
        }
    }
    for (size_t start = from; start < length;) { /* blanks, the key variant (bare, "quoted" or 'quoted'), blanks, = */
        const char *end = memchr(text + start, '\n', length - start), *p = text + start;
        size_t n = end ? (size_t)(end - text) - start : length - start, k = 0;
        while (k < n && (p[k] == ' ' || p[k] == '\t'))
            k++;
        char quote = k < n && (p[k] == '"' || p[k] == '\'') ? p[k] : 0;
        k += quote != 0;
        int key = k + 7 <= n && memcmp(p + k, "variant", 7) == 0;
        k += 7;
        if (key && quote)
            key = k < n && p[k++] == quote;
        while (key && k < n && (p[k] == ' ' || p[k] == '\t'))
            k++;
        headers += key && k < n && p[k] == '=';
        start += n + 1;
    }
    free(out);
    return hands == headers ? 0 : fail("phh_scan record count");
}

/* A PHH hand that C answers for, and the same with stacks and winnings of 2^56 hundredths that do not add up. */
static int phh_hands(void)
{
    static const char hand[] = "[1]\nvariant = \"FB\"\nblinds_or_straddles = [10, 20]\nsmall_bet = 20\nbig_bet = 40\n"
                               "starting_stacks = [%s, %s]\nactions = [\"d dh p1 As2c3d4h\", \"d dh p2 KsQdJhTc\",\n"
                               "  \"p2 cc\", \"p1 cc\", \"p1 sd\", \"p2 sd\", \"p1 cc\", \"p2 cc\", \"p1 sd\", \"p2 sd\",\n"
                               "  \"p1 cc\", \"p2 cc\", \"p1 sd\", \"p2 sd\", \"p1 cc\", \"p2 cc\",\n"
                               "  \"p1 sm As2c3d4h\", \"p2 sm KsQdJhTc\"]\nplayers = [\"Al\", \"Bo\"]\n"
                               "winnings = [%s, 0]\n_rake = 0\n";
    static const char *const amounts[][2] = {{"100", "40"}, {"720575940379279.36", "720575940379279.36"}};
    for (int k = 0; k < 2; k++) {
        char text[1024];
        int n = snprintf(text, sizeof text, hand, amounts[k][0], amounts[k][0], amounts[k][1]);
        char *exact = malloc((size_t)n);
        memcpy(exact, text, (size_t)n);
        size_t offset = 0, line = 0;
        int64_t record[BADUGI_HH_RECORD_MAX];
        size_t used = badugi_phh_scan(exact, (size_t)n, &offset, &line, record, BADUGI_HH_RECORD_MAX);
        free(exact);
        if (used == 0 || record[BADUGI_HH_STATUS] != (k ? BADUGI_HH_FALLBACK : BADUGI_HH_VERIFIED))
            return fail(k ? "a forged PHH hand is vouched for" : "an honest PHH hand is not verified");
    }
    /* The honest hand with an array that fills the values csrc/phh.c keeps, then empty arrays where one value is
     * read: nothing may be read past the values kept. */
    static const char *const empty[] = {"currency = []", "hand = []"};
    for (size_t pad = 990; pad < 1030; pad++)
        for (size_t e = 0; e < sizeof empty / sizeof *empty; e++) {
            size_t room = 2048 + 3 * pad;
            char *text = malloc(room);
            int n = snprintf(text, room, hand, amounts[0][0], amounts[0][0], amounts[0][1]);
            n += snprintf(text + n, room - (size_t)n, "pad = [");
            for (size_t k = 0; k < pad; k++)
                n += snprintf(text + n, room - (size_t)n, "0,");
            n += snprintf(text + n, room - (size_t)n, "]\n%s", empty[e]);
            char *exact = malloc((size_t)n);
            memcpy(exact, text, (size_t)n);
            size_t offset = 0, line = 0;
            int64_t record[BADUGI_HH_RECORD_MAX];
            if (badugi_phh_scan(exact, (size_t)n, &offset, &line, record, BADUGI_HH_RECORD_MAX) == 0 ||
                record[BADUGI_HH_STATUS] != BADUGI_HH_FALLBACK)
                return fail("a PHH hand with an empty array for one value is vouched for");
            free(exact);
            free(text);
        }
    return 0;
}

/* ---- csrc/odds.c ------------------------------------------------------------------------------------------- */

static uint8_t *policy_masks;
static double *policy_first;

/* A random 64-bit card set: usually a few cards, sometimes nearly the whole deck or bits beyond it. */
static uint64_t random_dead(void)
{
    uint64_t dead = 0;
    int cards = next() % 4 == 0 ? (int)(next() % 48) : (int)(next() % 8);
    for (int i = 0; i < cards; i++)
        dead |= (uint64_t)1 << (next() % 52);
    if (next() % 32 == 0)
        dead |= (uint64_t)1 << (52 + next() % 12);
    return dead;
}

/* Codes for `count` hands: distinct valid cards, now and then one out of range or repeated. */
static void random_hands_codes(int *codes, int count)
{
    uint64_t used = 0;
    for (int i = 0; i < 4 * count; i++) {
        int code;
        do
            code = (int)(next() % 52);
        while (used >> code & 1);
        used |= (uint64_t)1 << code;
        codes[i] = code;
    }
    if (count > 0 && next() % 16 == 0)
        codes[next() % (unsigned)(4 * count)] = next() % 2 ? (int)(next() % 80) - 10 : codes[0];
}

/* A random question of `players` seats (sometimes out of range): known hands, unknown cards (-1), ranges of random
 * hands and weights in buffers of their exact sizes (*cards and *weights: freed by the caller), discards,
 * policies, dead cards. */
static void random_question(struct badugi_question *q, int players, int draws, uint8_t **cards, double **weights)
{
    memset(q, 0, sizeof *q);
    q->players = players;
    q->draws = draws;
    int seats = players >= 1 && players <= BADUGI_ODDS_MAX_PLAYERS ? players : BADUGI_ODDS_MAX_PLAYERS;
    random_hands_codes(q->cards, seats);
    size_t hands = next() % 3 ? 0 : 1 + next() % 40;
    *cards = malloc(4 * hands + 1);
    *weights = malloc(hands * sizeof **weights + sizeof **weights);
    double running = 0;
    for (size_t i = 0; i < hands; i++) {
        uint64_t set = 0;
        for (int j = 0; j < 4; j++) {
            unsigned code;
            do
                code = next() % 52;
            while (set >> code & 1);
            set |= (uint64_t)1 << code;
            (*cards)[4 * i + (size_t)j] = next() % 64 ? (uint8_t)code : (uint8_t)next();
        }
        running += next() % 8 ? (double)(next() % 5) : (next() % 2 ? -1.0 : 0.0);
        (*weights)[i] = next() % 128 ? running : (double)NAN;
    }
    q->range_cards = *cards;
    q->range_cards_size = next() % 32 ? 4 * hands : 4 * hands + 1;
    q->range_weights = *weights;
    q->range_weights_size = hands;
    size_t at = 0;
    for (int p = 0; p < seats; p++) {
        int kind = (int)(next() % 4); /* 0, 1: known; 2: some cards unknown; 3: a range */
        if (kind == 2)
            for (int i = 0; i < 4; i++)
                if (next() % 2)
                    q->cards[4 * p + i] = -1;
        if (kind == 3 && at < hands) {
            for (int i = 0; i < 4; i++)
                q->cards[4 * p + i] = next() % 32 ? -1 : (int)(next() % 52);
            q->range_begin[p] = at;
            at += 1 + next() % (hands - at);
            q->range_end[p] = next() % 32 ? at : hands + 1 + next() % 4;
        }
        q->discards[p] = next() % 32 ? (kind >= 2 ? (int)(next() % 2) - 1 : (int)(next() % 17) - 1)
                                     : (int)(next() % 40) - 20;
        q->policy_of[p] = next() % 32 ? 0 : (int)(next() % 3) - 1;
    }
    q->dead = random_dead();
    uint64_t in_hands = 0;
    for (int i = 0; i < 4 * seats; i++)
        in_hands |= q->cards[i] >= 0 && q->cards[i] < 52 ? (uint64_t)1 << q->cards[i] : 0;
    if (next() % 8)
        q->dead &= ~in_hands; /* usually dead cards apart from the hands, so that the loops run */
    q->masks = policy_masks;
    q->masks_size = BADUGI_POLICY_ENTRIES;
}

/* Every entry point of odds.c with random arguments and buffers of their exact sizes; checks what comes back. */
static int fuzz_odds(void)
{
    /* A policy table: built in (sometimes with wrong arguments), or random bytes (any user policy). */
    int kind = (int)(next() % 6) - 1, bound = (int)(next() % 800) - 20;
    int filled = badugi_policy_table(kind, bound, policy_masks, BADUGI_POLICY_ENTRIES, policy_first, BADUGI_POLICY_ENTRIES);
    if ((filled == 0) != (kind >= 0 && kind <= 3 && (kind != BADUGI_POLICY_PAT || (bound >= 1 && bound <= 715))))
        return fail("policy_table accepts exactly the built-in kinds");
    if (badugi_policy_table(BADUGI_POLICY_USABLE, 0, policy_masks, BADUGI_POLICY_ENTRIES - 1, NULL, 0) != BADUGI_E_ARGUMENT)
        return fail("policy_table size check");
    if (filled != 0)
        for (size_t i = 0; i < BADUGI_POLICY_ENTRIES; i++) {
            policy_masks[i] = (uint8_t)next();
            policy_first[i] = next() % 3 ? 1.0 : (double)(next() % 1000) / 999.0;
        }
    int randomized = next() % 2;

    struct badugi_question q;
    uint8_t *cards;
    double *weights;
    int draws = (int)(next() % 6) - 1;
    random_question(&q, next() % 16 ? 1 : (int)(next() % 4) - 1, draws, &cards, &weights);
    q.first = randomized ? policy_first : NULL;
    q.first_size = randomized ? BADUGI_POLICY_ENTRIES : 0;
    double *probabilities = malloc(BADUGI_ODDS_BINS * sizeof *probabilities);
    double *work = malloc(BADUGI_ODDS_WORK * sizeof *work);
    uint64_t *sets = malloc(BADUGI_ODDS_WORK * sizeof *sets);
    double deals = 0, steps = 0;
    int status = badugi_draw_odds_exact(&q, (double)(next() % 3000), (double)(next() % 100000), probabilities,
                                        BADUGI_ODDS_BINS, work, BADUGI_ODDS_WORK, sets, BADUGI_ODDS_WORK, &deals);
    if (status == 0) {
        double total = 0;
        for (int r = 0; r < BADUGI_ODDS_BINS; r++)
            total += probabilities[r];
        if (total < 1 - 1e-9 || total > 1 + 1e-9 || probabilities[0] != 0 || deals < 1)
            return fail("draw_odds_exact is not a distribution");
    } else if (status > 0 || status < BADUGI_E_RANGES) {
        return fail("draw_odds_exact status");
    }
    if (badugi_draw_odds_exact(&q, 10, 10, probabilities, BADUGI_ODDS_BINS - 1, work, BADUGI_ODDS_WORK, sets,
                               BADUGI_ODDS_WORK, &deals) >= 0 ||
        badugi_draw_odds_exact(NULL, 10, 10, probabilities, BADUGI_ODDS_BINS, work, BADUGI_ODDS_WORK, sets,
                               BADUGI_ODDS_WORK, &deals) >= 0)
        return fail("draw_odds_exact size check");
    free(sets);
    free(work);
    free(probabilities);

    uint64_t samples = 1 + next() % 64, seed = ((uint64_t)next() << 32) | next();
    uint64_t first_trial = next() % 16 ? next() : UINT64_MAX - next() % 8;
    int threads = next() % 16 == 0 ? (int)(next() % 70) - 2 : 1 + (int)(next() % 3);
    uint64_t *counts = malloc(BADUGI_ODDS_BINS * sizeof *counts);
    status = badugi_draw_odds_sample(&q, seed, first_trial, samples, threads, counts, BADUGI_ODDS_BINS);
    if (status == 0) {
        uint64_t total = 0;
        for (int r = 0; r < BADUGI_ODDS_BINS; r++)
            total += counts[r];
        if (total != samples || counts[0] != 0)
            return fail("draw_odds_sample counts");
    } else if (status > 0 || status < BADUGI_E_RANGES) {
        return fail("draw_odds_sample status");
    }
    free(counts);
    free(weights);
    free(cards);

    int players = (int)(next() % 8);
    random_question(&q, players, next() % 4 ? 1 : (int)(next() % 5) - 1, &cards, &weights);
    int sure = next() % 2; /* a policy without coin flips, so that exact equity can run */
    q.first = sure ? NULL : policy_first;
    q.first_size = sure ? 0 : BADUGI_POLICY_ENTRIES;
    int seats = players >= 2 && players <= BADUGI_ODDS_MAX_PLAYERS ? players : 2;
    size_t fields = (size_t)seats * BADUGI_EQUITY_EXACT_FIELDS;
    double *exact = malloc(fields * sizeof *exact);
    uint32_t *counters = malloc(BADUGI_EQUITY_WORK * sizeof *counters);
    status = badugi_equity_exact(&q, (double)(next() % 4000000), (double)(next() % 2000000), 1 + (int)(next() % 3),
                                 exact, fields, counters, BADUGI_EQUITY_WORK, &deals, &steps);
    if (status == 0) {
        double shares = 0;
        for (int p = 0; p < seats; p++)
            for (int k = 0; k < BADUGI_EQUITY_EXACT_FIELDS; k++)
                shares += exact[p * BADUGI_EQUITY_EXACT_FIELDS + k] / (k ? k : 1);
        if (shares < 1 - 1e-9 || shares > 1 + 1e-9 || deals < 1)
            return fail("equity_exact shares do not add up to one");
    } else if (status > 0 || status < BADUGI_E_RANGES) {
        return fail("equity_exact status");
    }
    free(counters);
    free(exact);

    fields = (size_t)seats * BADUGI_EQUITY_SAMPLE_FIELDS;
    uint64_t *sums = malloc(fields * sizeof *sums);
    status = badugi_equity_sample(&q, seed, first_trial, samples, threads, sums, players == seats ? fields : 0);
    if (status == 0) {
        uint64_t shares = 0;
        for (int p = 0; p < seats; p++)
            shares += sums[p * BADUGI_EQUITY_SAMPLE_FIELDS + 2];
        if (shares != 60 * samples)
            return fail("equity_sample shares do not add up to the trials");
    } else if (status > 0 || status < BADUGI_E_RANGES) {
        return fail("equity_sample status");
    }
    free(sums);

    int options[BADUGI_ADVICE_MAX_OPTIONS], option_count = (int)(next() % 19) - 1;
    for (int o = 0; o < BADUGI_ADVICE_MAX_OPTIONS; o++)
        options[o] = next() % 32 ? (int)(next() % 16) : (int)(next() % 40) - 20;
    size_t advice_fields = option_count > 0 ? (size_t)option_count * BADUGI_EQUITY_SAMPLE_FIELDS : 1;
    uint64_t *advice = malloc(advice_fields * sizeof *advice);
    status = badugi_advice_sample(&q, options, option_count, seed, first_trial, samples, threads, advice,
                                  advice_fields);
    if (status == 0) {
        for (int o = 0; o < option_count; o++) {
            uint64_t *row = advice + (size_t)o * BADUGI_EQUITY_SAMPLE_FIELDS;
            if (row[0] + row[1] > samples || row[2] > 60 * samples)
                return fail("advice_sample sums exceed the trials");
        }
    } else if (status > 0 || status < BADUGI_E_RANGES) {
        return fail("advice_sample status");
    }
    free(advice);
    free(weights);
    free(cards);
    return 0;
}

/* The formats of formats/registry.py as history/sites.py hands them to the finder, and one C has no matcher for. */
static const badugi_format FORMATS[] = {
    {"PokerStars ", 11, BADUGI_MATCH_POKERSTARS}, {"Full Tilt Poker ", 16, BADUGI_MATCH_FULL_TILT},
    {"<game", 5, BADUGI_MATCH_MERGE},           {"#", 1, BADUGI_MATCH_KINGSCLUB},
    {"variant", 7, BADUGI_MATCH_PHH},           {"Pok", 3, BADUGI_MATCH_NONE},
    {"FullTiltPoker ", 14, BADUGI_MATCH_FULL_TILT}, {"\"variant\"", 9, BADUGI_MATCH_PHH},
    {"'variant'", 9, BADUGI_MATCH_PHH},         {" ", 1, BADUGI_MATCH_PHH},
    {"\t", 1, BADUGI_MATCH_PHH},
};

/* badugi_find_headers over all of `text` with a small `room`, resumed as Python resumes it: every header within
 * the text, in order, each a line's start, with the format's prefix; the newlines counted; bad formats refused. */
static int find_all_headers(const char *text, size_t length)
{
    size_t offsets[3], lines[3], next_at, newlines, at = 0, counted = 0, previous = 0;
    uint8_t sites[3];
    size_t formats = 1 + next() % (sizeof FORMATS / sizeof FORMATS[0]);
    badugi_format bad = {"x", 0, BADUGI_MATCH_PHH};
    if (badugi_find_headers(text, length, 0, length, &bad, 1, offsets, sites, lines, 3, &next_at, &newlines) !=
            (size_t)-1 ||
        badugi_find_headers(text, length, 0, length + 1, FORMATS, formats, offsets, sites, lines, 3, &next_at,
                            &newlines) != (size_t)-1)
        return fail("find_headers took bad arguments");
    while (at < length) {
        size_t room = 1 + next() % 3;
        size_t found = badugi_find_headers(text, length, at, length, FORMATS, formats, offsets, sites, lines, room,
                                           &next_at, &newlines);
        if (found > room || next_at < at || next_at > length)
            return fail("find_headers count or resumption");
        for (size_t k = 0; k < found; k++) {
            if (offsets[k] < at || offsets[k] >= next_at || offsets[k] < previous ||
                (offsets[k] > 0 && text[offsets[k] - 1] != '\n'))
                return fail("find_headers offset");
            if (sites[k] != BADUGI_SITE_ASK && (sites[k] >= formats ||
                memcmp(text + offsets[k], FORMATS[sites[k]].prefix, FORMATS[sites[k]].length) != 0))
                return fail("find_headers format");
            previous = offsets[k] + 1;
        }
        counted += newlines;
        if (next_at == at && found == 0)
            return fail("find_headers made no progress");
        at = next_at;
    }
    size_t expected = 0;
    for (size_t i = 0; i < length; i++)
        expected += text[i] == '\n';
    return counted == expected ? 0 : fail("find_headers newlines");
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 20000;
    policy_masks = malloc(BADUGI_POLICY_ENTRIES);
    policy_first = malloc(BADUGI_POLICY_ENTRIES * sizeof *policy_first);
    size_t first_bad;
    if (forged_sums() || phh_hands())
        return 1;
    for (long round = 0; round < rounds; round++) {
        /* One hand of text, in a buffer of exactly its length. */
        char scratch[24];
        size_t length = random_text(scratch, sizeof scratch);
        char *text = malloc(length ? length : 1);
        memcpy(text, scratch, length);
        int rank = badugi_rank_text(text, length);
        if (rank == 0 || rank > BADUGI_RANK_COUNT)
            return fail("rank_text out of range");
        /* The same text as a batch: its NULs separate records, each must rank as rank_text ranks it alone. */
        size_t records = 1;
        for (size_t i = 0; i < length; i++)
            records += text[i] == '\0';
        uint16_t *ranks = malloc(records * sizeof *ranks);
        size_t bad = badugi_rank_text_many(text, length, ranks, records, 1 + (int)(next() % 6), &first_bad);
        if (bad == (size_t)-1 || badugi_rank_text_many(text, length, ranks, records + 1, 2, &first_bad) != (size_t)-1)
            return fail("rank_text_many record count");
        size_t start = 0, record = 0, refused = 0;
        for (size_t i = 0; i <= length; i++) {
            if (i == length || text[i] == '\0') {
                int alone = badugi_rank_text(text + start, i - start);
                if (ranks[record++] != (alone > 0 ? alone : 0))
                    return fail("rank_text_many differs from rank_text");
                refused += alone < 0;
                start = i + 1;
            }
        }
        if (bad != refused)
            return fail("rank_text_many error count");
        free(text);
        free(ranks);

        /* Random codes, single and bulk. */
        int a = (int)(next() % 60) - 4, b = (int)(next() % 60) - 4, c = (int)(next() % 60) - 4, d = (int)next();
        rank = badugi_rank4(a, b, c, d);
        if (rank == 0 || rank > BADUGI_RANK_COUNT || (rank > 0) != (badugi_usable4(a, b, c, d) > 0))
            return fail("rank4 / usable4");
        size_t n = next() % 40;
        uint8_t *cards = malloc(4 * n + 1);
        uint16_t *out = malloc(2 * n + 2);
        for (size_t i = 0; i < 4 * n; i++)
            cards[i] = next() % 5 ? (uint8_t)(next() % 52) : (uint8_t)next();
        bad = badugi_rank_codes_many(cards, 4 * n, out, n, 1 + (int)(next() % 8), &first_bad);
        size_t counted = 0;
        for (size_t i = 0; i < n; i++) {
            int expected = badugi_rank4(cards[4 * i], cards[4 * i + 1], cards[4 * i + 2], cards[4 * i + 3]);
            if (out[i] != (expected > 0 ? expected : 0))
                return fail("rank_codes_many differs from rank4");
            counted += expected < 0;
        }
        if (bad != counted)
            return fail("rank_codes_many error count");
        free(cards);
        free(out);

        /* PokerStars hands, damaged, in a buffer of exactly their length. */
        static char hands_scratch[16384];
        length = random_hands(hands_scratch, sizeof hands_scratch, STARS_LINES, sizeof STARS_LINES / sizeof *STARS_LINES);
        text = malloc(length ? length : 1);
        memcpy(text, hands_scratch, length);
        if (scan_hands(text, length) || find_all_headers(text, length))
            return 1;
        free(text);

        /* PHH hands, damaged, in a buffer of exactly their length, read from a random line on. */
        length = random_hands(hands_scratch, sizeof hands_scratch, PHH_LINES, sizeof PHH_LINES / sizeof *PHH_LINES);
        text = malloc(length ? length : 1);
        memcpy(text, hands_scratch, length);
        if (scan_phh(text, length))
            return 1;
        free(text);

        /* Draw odds and equity, less often: a built-in policy table takes a moment to fill. */
        if (round % 80 == 0 && fuzz_odds())
            return 1;
    }
    free(policy_first);
    free(policy_masks);
    puts("ok");
    return 0;
}
