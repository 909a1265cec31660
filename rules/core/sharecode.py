"""Share codes: a position as one short string a teacher can paste into a chat or a notebook.

The code is the position's JSON (defaults left out), zlib-compressed and URL-safe base64, behind a
prefix naming the game and the format version; reading one validates the position like a file.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import TypeVar

from rules.core import limits
from rules.core.codec import Positions
from rules.core.errors import MalformedFile, kind_of

S = TypeVar("S")


def share_code(positions: Positions[S], state: S, prefix: str) -> str:
    """A compact string that reproduces `state` exactly (fields at their defaults left out)."""
    raw = json.dumps(positions.compact_data(state), separators=(",", ":")).encode()
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def from_share_code(positions: Positions[S], code: str, prefix: str, game: str) -> S:
    """The position a share code of `game` describes; MalformedFile when the code is another game's or damaged,
    IllegalPosition when it decodes to an illegal position."""
    if not isinstance(code, str):
        raise MalformedFile(f"a share code is text starting with {prefix!r}, not {kind_of(code)}")
    if len(code) > limits.MAX_SHARE_CODE_CHARS:
        raise MalformedFile(
            f"this share code has {len(code):,} characters; a share code is at most {limits.MAX_SHARE_CODE_CHARS:,}"
        )
    code = code.strip()
    if not code.startswith(prefix):
        raise MalformedFile(f"a share code of {game} starts with {prefix!r}")
    body = code[len(prefix) :]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise MalformedFile("this share code is damaged (was it copied whole?)") from None
    raw = _inflate(packed)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedFile("this share code is damaged (it does not hold text)") from None
    return positions.parse(text, source="the share code")


def _inflate(packed: bytes) -> bytes:
    """Decompress at most MAX_INFLATED_BYTES (and MAX_INFLATE_RATIO times the code), never more: a code
    built to inflate to gigabytes is refused after reading the first megabyte."""
    cap = min(limits.MAX_INFLATED_BYTES, max(1, len(packed)) * limits.MAX_INFLATE_RATIO)
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, cap + 1)
    except zlib.error:
        raise MalformedFile("this share code is damaged (was it copied whole?)") from None
    if len(raw) > cap:
        raise MalformedFile(
            f"this share code inflates to more than {cap:,} bytes (at most {limits.MAX_INFLATED_BYTES:,} bytes "
            f"and {limits.MAX_INFLATE_RATIO} times its size); no position is that large"
        )
    if not inflater.eof or inflater.unused_data:
        raise MalformedFile("this share code is damaged (was it copied whole?)")
    return raw
