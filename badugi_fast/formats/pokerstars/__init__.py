"""PokerStars hand histories, read and written with one set of words.

- ``wordings``: every word and phrase of a PokerStars Badugi hand history, defined once;
- ``reader``: PokerStars text -> ``history.model.Hand`` (the headers; the body is read by ``history.lines``, which
  Full Tilt and KingsClub share, with these words);
- ``writer``: the engine's hands (``badugi_fast.game``) -> PokerStars text, in these words.

``csrc/stars.c`` reads PokerStars text again in C (the fast path of ``badugi score``): it mirrors the reader, and
each side names the other.
"""
