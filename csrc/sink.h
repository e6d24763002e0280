/* badugi-fast: the output buffer the C writers share (the records of csrc/render.c, the PHH tables of
 * csrc/phh_write.c): bytes put at its end while they fit; once one does not, `full` is set and nothing more is written (the caller drops the
 * hand, and asks again with a bigger buffer). Static inline: each file gets its own copy from here. */
#ifndef BADUGI_SINK_H
#define BADUGI_SINK_H

#include <stddef.h>
#include <string.h>

typedef struct {
    char *p;
    size_t n, room;
    int full; /* something did not fit: the hand is not written */
} sink;

static inline void put(sink *s, const char *bytes, size_t n)
{
    if (s->room - s->n < n) {
        s->full = 1;
        return;
    }
    memcpy(s->p + s->n, bytes, n);
    s->n += n;
}

static inline void puts_(sink *s, const char *literal) { put(s, literal, strlen(literal)); }

/* Room for at most n more bytes, written at the pointer returned (then `wrote` says where they end); NULL, and
 * `full` set, when they may not fit. For a writer that knows a bound of what it writes: it then writes without a
 * check per piece. */
static inline char *reserve(sink *s, size_t n)
{
    if (s->room - s->n < n) {
        s->full = 1;
        return NULL;
    }
    return s->p + s->n;
}

static inline void wrote(sink *s, const char *end) { s->n = (size_t)(end - s->p); }

#endif
