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
FINGERPRINTS = Path(__file__).resolve().parents[1] / "fingerprint.json"


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


def test_the_kept_matrix_was_played_by_the_engine_and_players_of_today() -> None:
    """The kept file names the behaviour fingerprint of Attack the Tower it was played under (`tests/fingerprint.py`:
    seeded games of every player, the planner and the tuned player among them). A change of the rules or of a
    player's choices changes the fingerprint, and the matrix must then be played again, not shown as today's."""
    kept = json.loads(KEPT.read_text(encoding="utf-8"))
    today = json.loads(FINGERPRINTS.read_text(encoding="utf-8"))["attack_the_tower"]["sha256"]
    assert kept["fingerprint"] == today, (
        "the engine or its players play otherwise since the army matrix was played: run its command again "
        f"({kept['command']}) and keep the output with today's fingerprint"
    )
