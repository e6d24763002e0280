/* badugi-fast: the betting of a recorded hand replayed by the rules (see rules.h). Each function names the Python
 * it mirrors (badugi_fast/rules/engine.py HandState, rules/replay.py Replay, formats/replay.py Recorder). */
#include "rules.h"

#include <string.h>

#define N BADUGI_RULES_MAX_PLAYERS

enum { BETTING, DRAW, COMPLETE };

typedef struct {
    int n;
    int64_t starting[N], stacks[N], bets[N], contributed[N], returned[N];
    int folded[N], able[N], acted[N], pending[N];
    int live[N], nlive; /* the players still in, clockwise from the left of the button */
    int order[N];       /* every player, clockwise from the left of the button */
    int button, big_blind_player;
    int limit;
    int64_t sizes[4], opening;
    int phase, round, to_act;
    int64_t level, pot, full_raise, short_all_ins, full_level;
    int draw_order[N], ndraw;
} state;

static int clockwise(const state *s, int p, int k) { return (p + k) % s->n; } /* k = 1 .. n: ends with p */

static void drop_live(state *s, int p)
{
    int j = 0;
    for (int k = 0; k < s->nlive; k++)
        if (s->live[k] != p)
            s->live[j++] = s->live[k];
    s->nlive = j;
}

static void start_round(state *s, int index);

/* HandState._end_round, with Replay._finish: the uncalled part of the top bet back (pots.uncalled), then the
 * draw, or the end. */
static void end_round(state *s)
{
    int top = -1;
    int64_t most = -1, second = -1;
    for (int p = 0; p < s->n; p++) { /* sorted(bets)[-1] and [-2]; the first player with the most */
        if (s->bets[p] > most) {
            second = most;
            most = s->bets[p];
            top = p;
        } else if (s->bets[p] > second) {
            second = s->bets[p];
        }
    }
    if (s->n >= 2 && most > second) {
        int64_t excess = most - second;
        s->stacks[top] += excess;
        s->contributed[top] -= excess;
        s->returned[top] += excess;
        s->pot -= excess;
        s->able[top] = !s->folded[top];
    }
    memset(s->bets, 0, sizeof s->bets);
    s->to_act = -1;
    if (s->round == 3 || s->nlive == 1) {
        s->phase = COMPLETE;
        return;
    }
    s->phase = DRAW;
    memcpy(s->draw_order, s->live, sizeof s->live);
    s->ndraw = s->nlive;
    s->to_act = s->draw_order[0];
}

/* HandState._acted: the next player still to act after p, or the round's end. */
static void acted(state *s, int p)
{
    s->pending[p] = 0;
    s->acted[p] = 1;
    for (int k = 1; k <= s->n; k++) {
        int seat = clockwise(s, p, k);
        if (s->pending[seat]) {
            s->to_act = seat;
            return;
        }
    }
    end_round(s);
}

/* HandState._start_round (Replay._opening_level for the first round's bet; no raise cap: formats/replay.py). */
static void start_round(state *s, int index)
{
    s->phase = BETTING;
    s->round = index;
    s->full_raise = s->short_all_ins = s->full_level = 0;
    memset(s->acted, 0, sizeof s->acted);
    memcpy(s->pending, s->able, sizeof s->able);
    int first;
    if (index == 0) {
        int64_t largest = 0;
        for (int p = 0; p < s->n; p++)
            largest = s->bets[p] > largest ? s->bets[p] : largest;
        s->level = s->full_level = s->opening >= 0 ? s->opening : largest;
        int64_t most = -1, second = -1; /* sorted(starting_stacks)[-2] */
        for (int p = 0; p < s->n; p++) {
            if (s->starting[p] > most) {
                second = most;
                most = s->starting[p];
            } else if (s->starting[p] > second) {
                second = s->starting[p];
            }
        }
        if (second <= s->level)
            for (int p = 0; p < s->n; p++)
                if (s->bets[p] >= second)
                    s->pending[p] = 0;
        int count = 0, only = -1;
        for (int p = 0; p < s->n; p++)
            if (s->pending[p]) {
                count++;
                if (only < 0)
                    only = p;
            }
        if (count == 1)
            s->pending[only] = s->bets[only] < s->level;
        first = s->big_blind_player;
    } else {
        s->level = 0;
        int count = 0;
        for (int p = 0; p < s->n; p++)
            count += s->pending[p];
        if (count < 2)
            memset(s->pending, 0, sizeof s->pending);
        first = s->button;
    }
    for (int k = 1; k <= s->n; k++) {
        int seat = clockwise(s, first, k);
        if (s->pending[seat]) {
            s->to_act = seat;
            return;
        }
    }
    end_round(s);
}

static int in_turn(const state *s, int p, int phase) { return s->phase == phase && s->to_act == p; }

/* Replay.idle: nothing to call and nobody left who could call a bet. */
static int idle(const state *s, int p)
{
    if (s->bets[p] < s->level)
        return 0;
    for (int k = 0; k < s->nlive; k++)
        if (s->live[k] != p && s->able[s->live[k]])
            return 0;
    return 1;
}

/* Recorder._pass_idle: players to act before p (-1: anyone) who have nothing to decide pass. */
static void pass_idle(state *s, int p)
{
    while (s->phase == BETTING && s->to_act >= 0 && s->to_act != p && idle(s, s->to_act))
        acted(s, s->to_act);
}

/* HandState._why_no_raise is None: p may bet or raise now. */
static int may_raise(const state *s, int p)
{
    int64_t owed = s->level - s->bets[p];
    if (s->stacks[p] <= owed)
        return 0;
    if (s->limit == BADUGI_LIMIT_FIXED ? s->acted[p]
                                       : owed < s->full_raise ||
                                             (s->short_all_ins && s->short_all_ins < s->full_raise && s->acted[p]))
        return 0; /* a short all-in does not reopen the betting for players who have acted */
    for (int k = 1; k < s->n; k++) {
        int other = clockwise(s, p, k);
        if (!s->folded[other] && s->stacks[other] + s->bets[other] > s->level)
            return 1;
    }
    return 0;
}

/* limits.raise_to_bounds through HandState._bounds (fixed limit: a full bet above the last full level). */
static void bounds(const state *s, int p, int64_t *low, int64_t *high)
{
    int64_t size = s->sizes[s->round], own = s->bets[p];
    int64_t min_raise = s->full_raise > size ? s->full_raise : size;
    int64_t base = s->limit == BADUGI_LIMIT_FIXED ? s->full_level : s->level;
    int64_t all_in = own + s->stacks[p], smallest = base + min_raise, largest;
    switch (s->limit) {
    case BADUGI_LIMIT_FIXED: largest = smallest; break;
    case BADUGI_LIMIT_POT: largest = s->level + s->pot + s->level - own; break;
    case BADUGI_LIMIT_HALF_POT: largest = s->level + (s->pot + s->level - own) / 2; break;
    default: largest = all_in;
    }
    if (largest < smallest)
        largest = smallest;
    if (smallest > all_in)
        smallest = all_in;
    *low = smallest;
    *high = largest < all_in ? largest : all_in;
}

/* HandState._wager (and _fixed_wager in fixed limit): a bet or raise to `total` (bet and raise_to checked the level
 * first). */
static int wager(state *s, int p, int64_t total)
{
    int64_t low, high;
    if (!may_raise(s, p))
        return 0;
    bounds(s, p, &low, &high);
    if (total < low || total > high)
        return 0;
    int64_t increment = total - s->level, paid = total - s->bets[p];
    s->stacks[p] -= paid;
    s->bets[p] = total;
    s->contributed[p] += paid;
    s->pot += paid;
    int all_in = s->stacks[p] == 0;
    if (all_in)
        s->able[p] = 0;
    if (s->limit == BADUGI_LIMIT_FIXED) { /* a full bet sets the level; it or an all-in of half of one reopens */
        int64_t over = total - s->full_level, size = s->sizes[s->round];
        if (over >= size)
            s->full_level = total;
        if (2 * over >= size)
            memset(s->acted, 0, sizeof s->acted);
    } else {
        if (increment >= s->full_raise) {
            memset(s->acted, 0, sizeof s->acted);
            if (increment > s->full_raise)
                s->full_raise = increment;
        }
        int64_t shorts = all_in ? s->short_all_ins + increment : 0;
        s->short_all_ins = shorts >= s->full_raise ? 0 : shorts;
    }
    s->level = total;
    memcpy(s->pending, s->able, sizeof s->able);
    acted(s, p);
    return 1;
}

/* Recorder.act for one betting event (fold, check, call, bet, raise), through HandState's methods: 1 when the
 * rules accept it. */
static int act(state *s, const badugi_event *e)
{
    int p = e->player;
    pass_idle(s, p);
    int64_t total = e->kind == BADUGI_EVENT_RAISE ? e->value : s->bets[p] + e->value;
    if (e->kind == BADUGI_EVENT_RAISE && e->value < s->bets[p])
        return 0;
    switch (e->kind) {
    case BADUGI_EVENT_FOLD:
        if (!s->stacks[p] && !s->folded[p]) { /* Replay.give_up: a player all in, folded by the site */
            if (s->phase == COMPLETE)
                return 0;
            s->folded[p] = 1;
            drop_live(s, p);
            if (s->nlive == 1)
                end_round(s);
            return 1;
        }
        if (!in_turn(s, p, BETTING))
            return 0;
        s->folded[p] = 1;
        s->able[p] = 0;
        drop_live(s, p);
        if (s->nlive > 1)
            acted(s, p);
        else
            end_round(s);
        return 1;
    case BADUGI_EVENT_CHECK:
        if (!in_turn(s, p, BETTING) || s->bets[p] < s->level || e->value)
            return 0;
        acted(s, p);
        return 1;
    case BADUGI_EVENT_CALL: {
        if (!in_turn(s, p, BETTING))
            return 0;
        int64_t owed = s->level - s->bets[p];
        if (owed > s->stacks[p])
            owed = s->stacks[p];
        if (owed <= 0 || e->value != owed)
            return 0;
        s->stacks[p] -= owed;
        s->bets[p] += owed;
        s->contributed[p] += owed;
        s->pot += owed;
        if (s->stacks[p] == 0)
            s->able[p] = 0;
        acted(s, p);
        return 1;
    }
    default: /* a bet or a raise: the word is the site's, the rules say which it is */
        if (!in_turn(s, p, BETTING))
            return 0;
        return wager(s, p, total);
    }
}

/* Replay.draw: a draw of `count` cards in the player's turn. */
static int draw(state *s, int p, int64_t count)
{
    pass_idle(s, p);
    if (!in_turn(s, p, DRAW) || count < 0 || count > 4)
        return 0;
    for (int k = 1; k < s->ndraw; k++)
        s->draw_order[k - 1] = s->draw_order[k];
    s->ndraw--;
    if (s->ndraw)
        s->to_act = s->draw_order[0];
    else
        start_round(s, s->round + 1);
    return 1;
}

/* formats/facts.Notes.note, for one event of its player (f), before the rules apply it (raises: the raises
 * made so far before the first draw). */
static void note(const state *s, const badugi_event *e, badugi_facts *f, int *raises)
{
    if (e->kind == BADUGI_EVENT_DRAW) {
        if (s->phase == DRAW && s->round < 3 && e->value >= 0 && e->value <= 4) /* else draw() refuses it */
            f->drew[s->round] = (int)e->value;
        return;
    }
    int wager = e->kind == BADUGI_EVENT_BET || e->kind == BADUGI_EVENT_RAISE;
    if (s->round == 0 && s->phase == BETTING) {
        if (*raises == 1)
            f->flags |= BADUGI_FACT_THREE_BET_CHANCE;
        if (wager || e->kind == BADUGI_EVENT_CALL)
            f->flags |= BADUGI_FACT_VPIP;
        if (wager)
            f->flags |= BADUGI_FACT_PFR | (*raises == 1 ? BADUGI_FACT_THREE_BET : 0);
    }
    if (e->kind == BADUGI_EVENT_CALL)
        f->calls++;
    if (wager && s->level > 0) {
        f->raises++;
        *raises += s->round == 0;
    } else if (wager) {
        f->bets++;
    }
}

int badugi_rules_accept(const badugi_table *table, const badugi_event *events, size_t count)
{
    return badugi_rules_facts(table, events, count, NULL);
}

int badugi_rules_facts(const badugi_table *table, const badugi_event *events, size_t count, badugi_facts *facts)
{
    if (table == NULL || events == NULL || table->count < 0 || table->count > N)
        return 0;
    /* Recorder.of: the players are those who post, act or draw, in seat order. */
    int in_hand[N] = {0}, index[N], seat_of[N], n = 0;
    for (size_t i = 0; i < count; i++) {
        if (events[i].player < 0 || events[i].player >= table->count)
            return 0;
        in_hand[events[i].player] = 1;
    }
    for (int p = 0; p < table->count; p++)
        if (in_hand[p]) {
            int k = n++;
            while (k > 0 && table->seats[seat_of[k - 1]] > table->seats[p]) { /* a stable sort by seat */
                seat_of[k] = seat_of[k - 1];
                k--;
            }
            seat_of[k] = p;
        }
    if (n < 2)
        return 0; /* nothing the rules can say: Python says it */
    for (int k = 0; k < n; k++)
        index[seat_of[k]] = k;
    state s;
    memset(&s, 0, sizeof s);
    s.n = n;
    s.limit = table->limit;
    for (int k = 0; k < n; k++) {
        s.starting[k] = s.stacks[k] = table->stacks[seat_of[k]];
        s.able[k] = 1;
    }
    /* formats/replay._button: the button's player, or the last before its seat. */
    s.button = n - 1;
    if (table->button >= 0) {
        for (int k = 0; k < n; k++)
            if (table->seats[seat_of[k]] <= table->button)
                s.button = k;
    }
    /* Replay.__init__: the forced bets, as posted. */
    size_t at = 0;
    int64_t largest = 0;
    int short_blind = 0;
    for (; at < count && (events[at].kind == BADUGI_EVENT_POST || events[at].kind == BADUGI_EVENT_ANTE); at++) {
        int p = index[events[at].player];
        int64_t chips = events[at].value;
        if (chips > s.stacks[p])
            return 0; /* more than the stack holds: formats/replay.Recorder.start says so */
        int live = events[at].kind == BADUGI_EVENT_POST;
        if (live && events[at].value) /* formats/replay._rules: the largest live blind */
            largest = events[at].value > largest ? events[at].value : largest;
        s.stacks[p] -= chips;
        if (live)
            s.bets[p] += chips;
        s.contributed[p] += chips;
        s.pot += chips;
        s.able[p] = s.stacks[p] != 0;
    }
    for (int k = 0; k < n; k++) /* formats/replay._rules: a live blind that left its player all in (antes too) */
        short_blind |= s.bets[k] > 0 && s.stacks[k] == 0;
    for (int k = 0; k < n; k++)
        s.order[k] = s.live[k] = clockwise(&s, s.button, k + 1);
    s.nlive = n;
    /* formats/replay._rules: the structure's bet sizes and the first round's bet. */
    int64_t nominal, small = 0, big = 0;
    if (s.limit == BADUGI_LIMIT_FIXED) {
        small = table->stakes[0] ? table->stakes[0] : (largest ? largest : 1);
        big = table->stakes[0] ? table->stakes[1] : 2 * small;
        nominal = small;
        s.sizes[0] = s.sizes[1] = small;
        s.sizes[2] = s.sizes[3] = big;
    } else {
        nominal = table->stakes[0] ? table->stakes[1] : (largest ? largest : 1);
        if (nominal < 1)
            nominal = 1;
        for (int r = 0; r < 4; r++)
            s.sizes[r] = nominal;
    }
    if (table->stakes[0] < 0 || table->stakes[1] < 0 || (table->stakes[0] != 0) != (table->stakes[1] != 0))
        return 0; /* stakes this code does not model: Python holds the hand to them */
    s.opening = short_blind ? (largest > nominal ? largest : nominal) : -1;
    /* Replay._big_blind: the first from the left of the button with the largest live blind. */
    int64_t most = 0;
    for (int p = 0; p < n; p++)
        most = s.bets[p] > most ? s.bets[p] : most;
    s.big_blind_player = s.button;
    if (most)
        for (int k = 0; k < n; k++)
            if (s.bets[s.order[k]] == most) {
                s.big_blind_player = s.order[k];
                break;
            }
    start_round(&s, 0);
    badugi_facts noted[N];
    memset(noted, 0, sizeof noted);
    for (int k = 0; k < n; k++)
        noted[k].drew[0] = noted[k].drew[1] = noted[k].drew[2] = -1;
    int raises = 0;
    /* formats/replay.replay: every event after the forced bets, in order. */
    for (; at < count; at++) {
        badugi_event e = events[at];
        e.player = index[e.player];
        if (e.kind == BADUGI_EVENT_POST || e.kind == BADUGI_EVENT_ANTE)
            return 0; /* a post after the betting began */
        if (e.kind == BADUGI_EVENT_CC) { /* phh/reader._Reader._bet and Recorder.act(decided): what the rules ask
                                            (HandState.to_call), before the idle pass */
            int64_t owed = s.level - s.bets[e.player];
            e.value = owed < s.stacks[e.player] ? owed : s.stacks[e.player];
            e.kind = e.value ? BADUGI_EVENT_CALL : BADUGI_EVENT_CHECK;
        }
        pass_idle(&s, e.player); /* as act and draw do first: the round the event is in */
        note(&s, &e, &noted[e.player], &raises);
        if (e.kind == BADUGI_EVENT_DRAW ? !draw(&s, e.player, e.value) : !act(&s, &e))
            return 0;
    }
    /* Recorder.finish: the hand over by the rules, and a showdown only between two players or more. */
    pass_idle(&s, -1);
    if (s.phase != COMPLETE || (table->showdown && s.nlive < 2))
        return 0;
    if (facts != NULL) {
        for (int p = 0; p < table->count; p++) {
            memset(&facts[p], 0, sizeof facts[p]);
            facts[p].position = -1;
            facts[p].drew[0] = facts[p].drew[1] = facts[p].drew[2] = -1;
        }
        for (int k = 0; k < n; k++) {
            int p = s.order[k];
            badugi_facts *f = &facts[seat_of[p]];
            *f = noted[p];
            f->flags |= BADUGI_FACT_DEALT | (s.folded[p] ? BADUGI_FACT_FOLDED : 0);
            f->position = k;
            f->put_in = s.contributed[p];
            f->returned = s.returned[p];
        }
    }
    return 1;
}
