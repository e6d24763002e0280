/* csrc/phh_write.c under AddressSanitizer and UndefinedBehaviorSanitizer (tests/test_convert_fast.py builds and runs
 * it): PokerStars text from the files named on the command line, whole and mutated (lines dropped, doubled, swapped,
 * bytes changed), each copy in a buffer of its exact size, written as PHH into output buffers of every size from
 * far too small to enough. Any read or write out of bounds stops the run; so does a table that does not end where
 * the next begins, or a call that says it wrote more than it was given room for. Prints "ok". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "phh_write.h"

static unsigned long long state = 88172645463325252ULL;

static unsigned next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state >> 11);
}

static int fail(const char *what)
{
    printf("%s\n", what);
    return 1;
}

/* Every hand of text[0:length] written in calls of out_size bytes and room hands; 0 when all is well. */
static int write_all(const char *text, size_t length, size_t out_size, size_t room, size_t *written)
{
    size_t offset = 0, line = 0;
    int64_t *info = malloc(sizeof(int64_t) * BADUGI_PHH_WRITE_INFO * room);
    char *out = malloc(out_size ? out_size : 1);
    if (info == NULL || out == NULL)
        return fail("out of memory");
    *written = 0;
    while (offset < length) {
        size_t done = badugi_phh_write_scan(text, length, &offset, &line, out, out_size, info, room);
        if (done > room)
            return fail("more hands than room");
        if (done == 0)
            break; /* the buffer is too small for the next table: the caller grows it */
        int64_t end = 0;
        for (size_t k = 0; k < done; k++) {
            int64_t *about = info + k * BADUGI_PHH_WRITE_INFO;
            if (about[BADUGI_PHH_WRITE_TEXT_END] < end || (size_t)about[BADUGI_PHH_WRITE_TEXT_END] > out_size ||
                about[BADUGI_PHH_WRITE_CODE] < BADUGI_PHH_WRITE_WRITTEN ||
                about[BADUGI_PHH_WRITE_CODE] > BADUGI_PHH_WRITE_REFUSED ||
                (about[BADUGI_PHH_WRITE_CODE] != BADUGI_PHH_WRITE_WRITTEN && about[BADUGI_PHH_WRITE_TEXT_END] != end) ||
                about[BADUGI_PHH_WRITE_END_BYTE] > (int64_t)length)
                return fail("info out of range");
            if (about[BADUGI_PHH_WRITE_CODE] == BADUGI_PHH_WRITE_WRITTEN)
                ++*written;
            end = about[BADUGI_PHH_WRITE_TEXT_END];
        }
        if (end && out[end - 1] != '\n')
            return fail("a table that does not end its line");
    }
    free(info);
    free(out);
    return 0;
}

/* text with one mutation, in a buffer of its exact size (*length updated). */
static char *mutated(const char *text, size_t *length)
{
    size_t n = *length, at = n ? next() % n : 0, to = n ? next() % n : 0;
    while (at > 0 && text[at - 1] != '\n')
        at--;
    size_t end = at;
    while (end < n && text[end] != '\n')
        end++;
    end += end < n;
    char *copy = malloc(2 * n + 1);
    if (copy == NULL)
        return NULL;
    size_t m = 0;
    switch (next() % 4) {
    case 0: /* drop a line */
        memcpy(copy, text, at), m = at;
        memcpy(copy + m, text + end, n - end), m += n - end;
        break;
    case 1: /* double a line */
        memcpy(copy, text, end), m = end;
        memcpy(copy + m, text + at, end - at), m += end - at;
        memcpy(copy + m, text + end, n - end), m += n - end;
        break;
    case 2: /* a byte changed */
        memcpy(copy, text, n), m = n;
        if (n)
            copy[to] = "0123456789 :[]$'\"\\\n\xe2\x82\xac*-,.ATKQJcdhs"[next() % 36];
        break;
    default: /* a line moved elsewhere */
        memcpy(copy, text, at), m = at;
        memcpy(copy + m, text + end, n - end), m += n - end;
        to = m ? next() % m : 0;
        memmove(copy + to + (end - at), copy + to, m - to);
        memcpy(copy + to, text + at, end - at), m += end - at;
    }
    char *exact = malloc(m ? m : 1);
    if (exact != NULL)
        memcpy(exact, copy, m);
    free(copy);
    *length = m;
    return exact;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 1000;
    for (int file = 2; file < argc; file++) {
        FILE *in = fopen(argv[file], "rb");
        if (in == NULL)
            return fail("cannot open a file");
        fseek(in, 0, SEEK_END);
        size_t length = (size_t)ftell(in);
        fseek(in, 0, SEEK_SET);
        char *text = malloc(length ? length : 1);
        if (text == NULL || fread(text, 1, length, in) != length)
            return fail("cannot read a file");
        fclose(in);
        size_t whole = 0, small = 0;
        if (write_all(text, length, 2 * length + 4096, length / 64 + 1, &whole) ||
            write_all(text, length, 200, 1, &small))
            return 1;
        if (whole == 0)
            return fail("no hand written");
        for (int round = 0; round < rounds; round++) {
            size_t n = length, written;
            char *copy = mutated(text, &n);
            if (copy == NULL)
                return fail("out of memory");
            for (int again = next() % 3; again > 0; again--) { /* up to three mutations */
                char *more = mutated(copy, &n);
                free(copy);
                if ((copy = more) == NULL)
                    return fail("out of memory");
            }
            size_t sizes[] = {0, 1, 64, 700, 2 * n + 4096};
            for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
                if (write_all(copy, n, sizes[s], 1 + next() % 4, &written))
                    return 1;
            free(copy);
        }
        free(text);
    }
    printf("ok\n");
    return 0;
}
