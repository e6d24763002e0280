/* Drives every entry point of csrc/badugi.c with random input under AddressSanitizer and UndefinedBehaviorSanitizer
 * (tests/test_c_sanitized.py compiles and runs it). Every buffer is malloc'd at its exact size, so a read one byte
 * past the end is reported. Exits non-zero on the first inconsistency; the sanitizers abort on any bad access. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"

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

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 20000;
    size_t first_bad;
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
    }
    puts("ok");
    return 0;
}
