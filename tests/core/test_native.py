"""The compiled path (rules.core.native*): a record class written out for mypyc behaves as its metaclass makes it,
the engine runs compiled where the build ran, and the sources it was compiled from play the same games."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import sysconfig
import types
import typing
from pathlib import Path
from typing import Any

import pytest

from rules.core import native, native_build
from rules.core.codec import record_schemas
from rules.core.native_record import NativeRecord
from rules.core.native_source import compiled_source
from rules.core.records import compact_json, json_data
from tests.fingerprint import STORED

ROOT = Path(__file__).resolve().parents[2]

SOURCE = '''
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from rules.core.records import Record

Pair = tuple[int, int]


class Piece(Record):
    """A piece."""

    name: str
    height: Annotated[int, Field(ge=0)] = 1
    TAG = ("kind", "piece")

    def taller(self) -> Piece:
        return self.replace(height=self.height + 1)


class Board(Record, kw_only=True):
    """A board."""

    pieces: tuple[Piece, Piece]
    corner: Pair = (0, 0)
    __slots__ = ("extra",)
'''


def _module(name: str, text: str) -> types.ModuleType:
    """The source run as a module of its own (registered, so that its records pickle)."""
    module = types.ModuleType(name)
    sys.modules[name] = module
    exec(compile(text, name, "exec"), module.__dict__)
    return module


def test_a_record_written_out_for_mypyc_behaves_as_its_metaclass_makes_it() -> None:
    """The same fields, order, defaults, keyword-only marks, `replace`, equality, hashing, text, pickling and
    schema (each tuple's length kept, though the compiled field is written `tuple[X, ...]`). Checked where the
    sources run (a compiled base takes no class written in Python under it)."""
    script = "from tests.core.test_native import check_written_out\ncheck_written_out()\n"
    env = {**os.environ, native.PURE: "1"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]


def check_written_out() -> None:
    """The comparison of `test_a_record_written_out_for_mypyc_behaves_as_its_metaclass_makes_it`."""
    assert not native.running_compiled()
    written = compiled_source(SOURCE.replace('    __slots__ = ("extra",)\n', ""))
    assert "metaclass" not in written and "__slots__" not in compiled_source(SOURCE)
    assert "Pair = tuple[int, ...]" in written and "pieces: tuple[Piece, ...]" in written
    made, out = (
        _module("_made_by_metaclass", SOURCE.replace('    __slots__ = ("extra",)\n', "")),
        _module("_written_out", written),
    )
    assert issubclass(out.Board, NativeRecord) and not issubclass(made.Board, NativeRecord)
    for module in (made, out):
        piece = module.Piece("rook")
        board = module.Board(pieces=(piece, piece.taller()))
        assert (piece.height, piece.taller().height, board.corner) == (1, 2, (0, 0))
        assert board.replace(corner=(2, 3)).corner == (2, 3) and board.replace().pieces == board.pieces
        assert board == module.Board(pieces=(piece, module.Piece("rook", 2))) and board != board.replace(corner=(1, 1))
        assert hash(board) == hash(module.Board(pieces=(piece, module.Piece("rook", 2))))
        assert pickle.loads(pickle.dumps(board)) == board
        assert repr(piece) == "Piece(name='rook', height=1)"
        with pytest.raises(TypeError):
            module.Board((piece, piece))  # keyword-only
        with pytest.raises(TypeError):
            piece.replace(colour="red")
    pairs = [(m.Board(pieces=(m.Piece("a"), m.Piece("b", 3))), m) for m in (made, out)]
    assert (
        json_data(pairs[0][0])
        == json_data(pairs[1][0])
        == {
            "pieces": [{"kind": "piece", "name": "a", "height": 1}, {"kind": "piece", "name": "b", "height": 3}],
            "corner": [0, 0],
        }
    )
    assert compact_json(pairs[0][0]) == compact_json(pairs[1][0])
    schemas = [record_schemas([m.Board]) for _, m in pairs]
    written_schemas = [{s.__name__: s.model_json_schema() for s in found} for found in schemas]
    assert written_schemas[0] == written_schemas[1]
    assert typing.get_args(typing.get_type_hints(out.Board.__init__)["corner"]) == (int, Ellipsis)


def test_the_engine_runs_compiled_where_the_build_ran() -> None:
    """`make install` compiles where a C compiler is found: then every compiled module runs, none stale (unless
    the sources are asked for)."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None or os.environ.get(native.PURE) == "1":
        assert not native.running_compiled()
        return
    assert native.recorded(), "no compiled build here: `make install` compiles the engine"
    assert native.stale_sources() == []
    assert native.running_compiled()
    built = {path: path.stat().st_mtime_ns for path in native.compiled_present()}
    assert native_build.build() == 0  # up to date: nothing is compiled again
    assert {path: path.stat().st_mtime_ns for path in native.compiled_present()} == built


def test_the_sources_play_the_same_games_as_the_compiled_modules() -> None:
    """The fingerprint of seeded games of every game, played by the Python sources (`TOWER_RULES_PURE=1`, in a
    process of its own): the stored one, as the compiled modules play it in this process (test_fingerprint)."""
    script = (
        "import json, sys\n"
        "from rules.core import native\n"
        "from tests.fingerprint import GAMES, fingerprint\n"
        "assert not native.running_compiled()\n"
        "json.dump({name: fingerprint(name) for name in sorted(GAMES)}, sys.stdout)\n"
    )
    env = {**os.environ, native.PURE: "1"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found: dict[str, Any] = json.loads(done.stdout)
    assert found == json.loads(STORED.read_text(encoding="utf-8"))


def test_compiled_modules_are_trusted_only_as_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A compiled module is stale once its source changes, or when another of the same build is missing, or when
    no build records it: then none is used (`prefer_sources`)."""
    package = tmp_path / "rules"
    (package / "game").mkdir(parents=True)
    sources = {"rules/game/engine.py": "x = 1\n", "rules/game/model.py": "y = 2\n"}
    for relative, text in sources.items():
        (tmp_path / relative).write_text(text)
    monkeypatch.setattr(native, "ROOT", tmp_path)
    monkeypatch.setattr(native, "PACKAGE", package)
    monkeypatch.setattr(native, "MANIFEST", package / ".native.json")
    assert native.stale_sources() == [] and native.recorded() == {}
    for relative in sources:
        native.extension(relative).write_bytes(b"")
    assert sorted(native.stale_sources()) == sorted(r.removesuffix(".py") + native.EXTENSION for r in sources)
    native.MANIFEST.write_text(json.dumps({"compiled": {r: native.digest(r) for r in sources}}))
    assert native.stale_sources() == []
    (tmp_path / "rules/game/model.py").write_text("y = 3\n")
    assert native.stale_sources() == ["rules/game/model.py"]
    (tmp_path / "rules/game/model.py").write_text("y = 2\n")
    native.extension("rules/game/engine.py").unlink()
    assert native.stale_sources() == ["rules/game/engine.py"]
