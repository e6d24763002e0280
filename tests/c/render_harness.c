/* csrc/render.c under AddressSanitizer and UndefinedBehaviorSanitizer (tests/test_render_fast.py builds and runs it):
 * every file named on the command line is read by both readers and written in both formats, into output buffers of
 * exact sizes from too small for one record to roomy, with room for one or two hands' values, so that any write
 * past a buffer or read past the text stops the run. Prints "ok" and the bytes written. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

static char *read_file(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc(size > 0 ? (size_t)size : 1); /* exactly the text: no terminating NUL to lean on */
    *length = fread(text, 1, (size_t)size, f);
    fclose(f);
    return text;
}

int main(int argc, char **argv)
{
    static char words_text[BADUGI_RENDER_WORDS * 8];
    static uint32_t starts[BADUGI_RENDER_WORDS + 1];
    for (int k = 0; k < BADUGI_RENDER_WORDS; ++k) {
        int n = snprintf(words_text + starts[k], 8, "w%d", k);
        starts[k + 1] = starts[k] + (uint32_t)n;
    }
    const badugi_render_words words = {words_text, starts};
    const char file[] = "dir/\"x\",\n=y\x01.txt";
    const size_t rooms[] = {1, 100, 1500, 6000, 1 << 20};
    unsigned long long written = 0;
    for (int a = 1; a < argc; ++a) {
        size_t length;
        char *text = read_file(argv[a], &length);
        if (text == NULL)
            return 2;
        for (int reader = 0; reader < 2; ++reader)
            for (int form = 0; form < 2; ++form)
                for (size_t r = 0; r < sizeof rooms / sizeof rooms[0]; ++r)
                    for (size_t hands = 1; hands <= 2; ++hands) {
                        size_t offset = 0, line = 0;
                        while (offset < length) {
                            char *out = malloc(rooms[r]);
                            int64_t *info = malloc(hands * BADUGI_RENDER_INFO * sizeof *info);
                            size_t done = badugi_render_scan(reader, form, text, length, &offset, &line, &words, file,
                                                             sizeof file - 1, "site", 4, 0, out, rooms[r], info, hands);
                            if (done > hands)
                                return 3;
                            if (done)
                                written += (unsigned long long)info[(done - 1) * BADUGI_RENDER_INFO +
                                                                    BADUGI_RENDER_TEXT_END];
                            free(out);
                            free(info);
                            if (!done)
                                break; /* the next record does not fit this room */
                        }
                    }
        free(text);
    }
    printf("ok %llu\n", written);
    return 0;
}
