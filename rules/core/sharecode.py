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

from pydantic import BaseModel

from rules.core.errors import MalformedFile
from rules.core.jsonio import parse_model

M = TypeVar("M", bound=BaseModel)


def share_code(model: BaseModel, prefix: str) -> str:
    """A compact string that reproduces `model` exactly."""
    raw = json.dumps(model.model_dump(mode="json", exclude_defaults=True), separators=(",", ":")).encode()
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def from_share_code(cls: type[M], code: str, prefix: str, game: str) -> M:
    """The model a share code of `game` describes; MalformedFile when the code is another game's or damaged,
    IllegalPosition when it decodes to an illegal position."""
    code = code.strip()
    if not code.startswith(prefix):
        raise MalformedFile(f"a share code of {game} starts with {prefix!r}")
    body = code[len(prefix) :]
    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (binascii.Error, zlib.error, ValueError):
        raise MalformedFile("this share code is damaged (was it copied whole?)") from None
    return parse_model(cls, raw.decode("utf-8"), source="the share code")
