/* badugi-fast: PHH Badugi hands read and scored in C, the fast path of `badugi score` on .phh and .phhs files.
 *
 * badugi_fast/formats/phh/reader.py (Python) is the definition. This code reads the hands it fully understands the
 * same way: the TOML subset that badugi-fast and pokerkit write (a table `[name]` per hand, or none in a .phh file;
 * bare keys; integers, decimals, strings without escapes, booleans, times and one-level arrays of them), variants FB,
 * _PB, _HPB and _NB, the actions d dh, cc, cbr, f, sd and sm, and an outcome written as `winnings` (checked against
 * `finishing_stacks` when both are given) with `_rake`. It turns the actions into the events csrc/rules.c replays
 * and gives the hand to the shared verdict (csrc/verdict.c), so its records are those of csrc/stars.c (stars.h), with
 * one more flag. Anything else (invalid or unusual TOML, a multi-line string, a name that is empty, too many
 * players or actions, a reshuffled stub, ...) makes the hand a BADUGI_HH_FALLBACK record, and Python reads it.
 *
 * The text is UTF-8 with "\n" line ends; all offsets in records are byte offsets into it.
 */
#ifndef BADUGI_PHH_H
#define BADUGI_PHH_H

#include <stddef.h>
#include <stdint.h>


/* The most bytes of one hand (its table) this code reads, as formats/phh/toml_reader.py bounds a document; the most
 * lines it looks back from a hand's `variant` line for the hand's table header (reader.LEAD_LINES). */
#define BADUGI_PHH_MAX_BYTES ((size_t)1 << 20)
#define BADUGI_PHH_LEAD_LINES 1000

/* Reads the hands of text[0:length] from byte *offset (at line *line) on, as badugi_stars_scan does: a hand starts
 * at each line that begins "variant" then "=" (after spaces or tabs), and its record's lines run from there to the
 * next such line. Text before *offset is looked into for the first hand's table header (a run's lead lines); text
 * from *offset to the first hand is skipped. Returns the number of values written. */
size_t badugi_phh_scan(const char *text, size_t length, size_t *offset, size_t *line, int64_t *out, size_t out_size);

#endif
