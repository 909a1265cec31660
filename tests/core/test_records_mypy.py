"""mypy checks a record's `replace` as it checks `dataclasses.replace`, through the project's plugin
(`rules.core.records_mypy`): a wrong field name or type is an error, a right one is not."""

from __future__ import annotations

from pathlib import Path

from mypy import api

SNIPPET = """
from rules.core.records import Record


class Spot(Record):
    row: int
    name: str = "a"


def moved(spot: Spot) -> Spot:
    spot.replace(colour=1)
    spot.replace(row="two")
    return spot.replace(row=2, name="b")
"""

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_checks_the_fields_a_record_replace_names(tmp_path: Path) -> None:
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET)
    out, _, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--no-incremental", "--follow-imports=silent", str(snippet)]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1 and len(errors) == 2, out
    assert 'Unexpected keyword argument "colour"' in errors[0] and ":11:" in errors[0]
    assert 'Argument "row" to "replace"' in errors[1] and 'expected "int"' in errors[1] and ":12:" in errors[1]
