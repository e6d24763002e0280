"""The compiled lookups (csrc/badugi.c through cffi), under the backend interface of ``_fallback``.

Each function returns a rank number or mask, or a negative BADUGI_E_* code for bad input; the caller turns errors
into messages. They are the C functions themselves: a Python wrapper per call would double the cost of a lookup.
"""

from __future__ import annotations

from badugi_fast._badugi import ffi, lib

__all__ = ["NAME", "ffi", "index4", "lib", "rank4", "rank_text", "usable4"]

NAME = "c"

rank4 = lib.badugi_rank4
usable4 = lib.badugi_usable4
index4 = lib.badugi_index4
#: rank_text(utf8: bytes, length: int) -> rank number or negative error
rank_text = lib.badugi_rank_text
