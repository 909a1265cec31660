"""The army matrix kept beside notebook 05 (`notebooks/attack-the-tower/data/army-matrix-500.json`): the sweep its
command plays, whole, with figures that add up (a result played once and kept must say truly how it was made)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pandas as pd

from rules.cli import build_parser
from rules.sweeps.cli import spec_from
from rules.sweeps.spec import SweepSpec
from rules.sweeps.strengths import compare_strengths

KEPT = Path(__file__).resolve().parents[2] / "notebooks" / "attack-the-tower" / "data" / "army-matrix-500.json"


def test_the_kept_matrix_is_the_sweep_its_command_plays() -> None:
    kept = json.loads(KEPT.read_text(encoding="utf-8"))
    words = shlex.split(kept["command"])
    assert words[0] == "tower-rules"
    args = build_parser().parse_args(words[1:])
    assert SweepSpec.model_validate(kept["sweep"]["spec"]) == spec_from(args)


def test_every_ordered_pair_is_there_at_both_strengths_with_figures_that_add_up() -> None:
    kept = json.loads(KEPT.read_text(encoding="utf-8"))["sweep"]
    spec = SweepSpec.model_validate(kept["spec"])
    summary = pd.DataFrame(kept["summary"])
    armies = {"undead", "bandits", "westerners", "easterners"}
    assert {(a, b) for a, b in spec.armies} == {(a, b) for a in armies for b in armies if a != b}
    assert list(spec.strengths) == ["planner", "tuned"] and spec.games == 500
    assert len(summary) == 24 and (summary["games"] == 500).all()
    assert (summary["wins_0"] + summary["wins_1"] + summary["draws"] == summary["games"]).all()
    assert (summary["turns_p10"] <= summary["turns_median"]).all()
    assert (summary["turns_median"] <= summary["turns_p90"]).all()
    assert len(compare_strengths(spec, summary)) == 12
