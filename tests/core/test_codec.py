"""rules.core.codec: a position is read once - the shape by the schema, the rules by the game's check - into
records, and written back from the records' fields in `FIELDS` order (a union member's tag first), so that it
reads back equal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from rules.core.codec import ActionReader, Codec, record_schemas
from rules.core.errors import IllegalPosition, MalformedFile
from rules.core.records import ReadAs, Record, json_data, json_text


class Spot(Record):
    row: int
    column: int = 0


class Token(Record):
    spot: Spot
    TAG = ("kind", "token")


class Board(Record):
    name: str
    tokens: tuple[Token, ...] = ()


class Stop(Record):
    __slots__ = ()
    TAG = ("kind", "stop")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SpotSchema(_Frozen):
    row: int = Field(ge=0)
    column: int = 0


class TokenSchema(_Frozen):
    kind: Literal["token"] = "token"
    spot: SpotSchema


class BoardSchema(_Frozen):
    name: str
    tokens: tuple[TokenSchema, ...] = ()


def _no_two_tokens_on_one_spot(board: Board) -> list[str]:
    spots = [t.spot for t in board.tokens]
    return ["tokens: two tokens stand on one spot"] if len(set(spots)) != len(spots) else []


BOARDS: Codec[Board] = Codec(
    BoardSchema, {SpotSchema: Spot, TokenSchema: Token, BoardSchema: Board}, _no_two_tokens_on_one_spot
)


def test_json_follows_fields_with_the_tag_first() -> None:
    board = Board("b", (Token(Spot(1, 2)),))
    assert json_data(board) == {"name": "b", "tokens": [{"kind": "token", "spot": {"row": 1, "column": 2}}]}
    assert json_text(Token(Spot(1, 2))) == '{"kind":"token","spot":{"row":1,"column":2}}'
    assert json_text(Stop()) == '{"kind":"stop"}'


def test_a_codec_reads_the_shape_then_the_rules_and_writes_what_it_reads() -> None:
    board = BOARDS.parse('{"name": "b", "tokens": [{"spot": {"row": 1}}]}')
    assert board == Board("b", (Token(Spot(1, 0)),))
    assert BOARDS.parse(BOARDS.text(board)) == board
    assert BOARDS.validate(board) == board, "records in Python data are read as their JSON"
    assert BOARDS.compact_data(board) == {"name": "b", "tokens": [{"spot": {"row": 1}}]}
    assert json.loads(BOARDS.text(board, indent=None)) == BOARDS.data(board)
    with pytest.raises(IllegalPosition, match=r"tokens\.0\.spot\.row: must be at least 0"):
        BOARDS.validate({"name": "b", "tokens": [{"spot": {"row": -1}}]})
    with pytest.raises(IllegalPosition, match="tokens: two tokens stand on one spot"):
        BOARDS.validate({"name": "b", "tokens": [{"spot": {"row": 1}}, {"spot": {"row": 1}}]})
    with pytest.raises(MalformedFile, match="not valid JSON"):
        BOARDS.parse("{name")


class Place(Record):
    """Put a token on a spot."""

    player: Annotated[int, Field(ge=0, le=1)]
    spot: Spot = Spot(0)
    TAG = ("action", "place")


class Resign(Record):
    TAG = ("action", "resign")


def test_an_action_reader_writes_each_records_schema_from_its_fields() -> None:
    read = ActionReader((Place, Resign), {SpotSchema: Spot})
    assert read({"action": "place", "player": 1, "spot": {"row": 2}}) == Place(1, Spot(2))
    assert read({"action": "place", "player": 0}) == Place(0) and read({"action": "resign"}) == Resign()
    with pytest.raises(IllegalPosition, match=r"place\.player: must be at most 1"):
        read({"action": "place", "player": 2})
    with pytest.raises(IllegalPosition, match=r"spot\.extra"):
        read({"action": "place", "player": 0, "spot": {"row": 1, "extra": 1}})
    with pytest.raises(IllegalPosition, match="'place', 'resign'"):
        read({"action": "move"})
    schema = read.adapter.json_schema()
    assert schema["$defs"]["Place"]["description"] == "Put a token on a spot."


Seat = Annotated[int, ReadAs(Literal[0, 1])]


class Hand(Record):
    """Cards a player holds."""

    player: Annotated[Seat, Field(description="Whose hand.")]
    cards: Annotated[tuple[str, ...], Field((), max_length=3)]
    spot: Spot | None = None


def test_record_schemas_write_each_records_model_from_its_fields() -> None:
    models = record_schemas([Hand], {SpotSchema: Spot})
    hand = next(schema for schema, record in models.items() if record is Hand)
    codec: Codec[Hand] = Codec(hand, models)
    assert codec.validate({"player": 1, "spot": {"row": 2}}) == Hand(1, (), Spot(2))
    with pytest.raises(IllegalPosition, match=r"player: must be one of 0 or 1"):
        codec.validate({"player": 2})
    with pytest.raises(IllegalPosition, match=r"spot\.row: must be at least 0"):
        codec.validate({"player": 0, "spot": {"row": -1}})
    schema = codec.json_schema()
    assert schema["description"] == "Cards a player holds." and schema["required"] == ["player"]
    assert schema["properties"]["player"]["description"] == "Whose hand."
    assert schema["properties"]["cards"]["maxItems"] == 3


class Score(Record):
    """A position of a designer's game holding a pair of numbers."""

    scores: tuple[int, int]


class _StrictScoreSchema(BaseModel):
    """A schema written by hand with strict types (as tests/nim's are): a tuple there takes a tuple only."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    scores: tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]]


def test_a_strict_schema_reads_a_position_built_in_python_as_it_reads_its_file() -> None:
    """A position built in Python (a sweep's start, OpenSpiel's) is validated as its file is read: its tuple
    written as a list is a tuple, where Python-mode strict validation said it must be a list."""
    codec: Codec[Score] = Codec(_StrictScoreSchema, {_StrictScoreSchema: Score})
    assert codec.validate(Score((3, 4))) == Score((3, 4)) == codec.parse('{"scores": [3, 4]}')
    assert codec.compact_data(Score((3, 4))) == {"scores": [3, 4]}
    with pytest.raises(IllegalPosition, match=r"scores\.1: must be at least 0"):
        codec.validate(Score((3, -1)))


@pytest.mark.parametrize("text", ["[]", "  [1, 2]"])
def test_json_text_that_is_a_list_is_read_as_json_not_as_a_file_name(text: str) -> None:
    """An explorer's load('[]') said 'cannot read []: No such file or directory'."""
    from rules.the_tower.game import POSITION

    with pytest.raises(MalformedFile, match="must hold a JSON object in curly brackets, not a list"):
        POSITION.read(text)


def test_a_file_whose_name_opens_as_json_is_still_read_as_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only text that names no file is read as JSON text: a load box's '[draft] position.json' is a file."""
    from rules.the_tower import examples
    from rules.the_tower.game import POSITION

    monkeypatch.chdir(tmp_path)
    POSITION.save(examples.example("opening"), "[draft] position.json")
    assert POSITION.read("[draft] position.json") == examples.example("opening")
