"""rules.core.jsonio: files become typed errors with readable problems, never tracebacks."""

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, Field

from rules.core.errors import IllegalPosition, MalformedFile
from rules.core.jsonio import parse_model, read_text_file


class Point(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    x: int = Field(ge=0)
    y: int


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(Point(x=1, y=2).model_dump_json())
    assert parse_model(Point, read_text_file(path)) == Point(x=1, y=2)


def test_not_json_is_malformed() -> None:
    with pytest.raises(MalformedFile, match="not valid JSON"):
        parse_model(Point, "{x: 1")


def test_not_an_object_is_malformed() -> None:
    with pytest.raises(MalformedFile, match="JSON object"):
        parse_model(Point, "[1, 2]")


def test_each_problem_names_its_field() -> None:
    with pytest.raises(IllegalPosition) as caught:
        parse_model(Point, '{"x": -1, "z": 3}')
    wheres = {p.where for p in caught.value.problems}
    assert wheres == {"x", "y", "z"}


def test_missing_file_is_malformed(tmp_path: Path) -> None:
    with pytest.raises(MalformedFile, match="cannot read"):
        read_text_file(tmp_path / "absent.json")
