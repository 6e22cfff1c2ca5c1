"""The process's heap: large buffers go back to the system when freed.

glibc gives a buffer of 128 KiB or more a mapping of its own, unmapped when it is freed, until
such a buffer is freed: it then raises that threshold to the buffer's size (up to 32 MiB), and
later buffers under it come from the heap, which keeps what they free. Loading the rule index
and the sentence encoder frees many such buffers (reading the graph, onnxruntime's session):
about 23 MB stayed in the heap after the encoder's load, and with every test query answered
the process held 229–249 MB from one start to the next. With the threshold fixed at 512 KiB
it holds 222–223 MB (benchmarks/lookup.py, "RSS with everything loaded"; 1 MiB kept nothing
back). Fixing the threshold is what turns the raising off (mallopt(3)).
"""
from __future__ import annotations

import ctypes

M_MMAP_THRESHOLD = -3                  # glibc's malloc.h
OWN_MAPPING_FROM = 512 * 1024


def return_large_buffers() -> bool:
    """Fix glibc's threshold for a buffer's own mapping; False where the C library is not glibc
    (musl, macOS, Windows: their allocators have no such raising, and nothing is changed)."""
    try:
        libc = ctypes.CDLL(None)
    except (OSError, TypeError):
        return False
    if not hasattr(libc, "gnu_get_libc_version"):
        return False
    return bool(libc.mallopt(M_MMAP_THRESHOLD, OWN_MAPPING_FROM))
