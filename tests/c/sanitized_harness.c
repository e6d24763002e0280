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
        /* The same text as a one-record batch. */
        char *record = malloc(length + 1);
        memcpy(record, text, length);
        record[length] = '\0';
        uint16_t *one = malloc(sizeof *one);
        size_t bad = badugi_rank_text_many(record, length + 1, one, 1, 1 + (int)(next() % 4), &first_bad);
        if (memchr(text, '\0', length) == NULL && bad != (size_t)-1 && *one != (rank > 0 ? rank : 0))
            return fail("rank_text_many differs from rank_text");
        free(text);
        free(record);
        free(one);

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
