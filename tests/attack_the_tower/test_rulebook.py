"""The Attack the Tower rulebook's notes: the army tables are built from the card data files (the checks every
registry shares are in tests/core/test_rulebooks.py)."""

from __future__ import annotations

from rules.attack_the_tower.catalog import ARMY_IDS, army
from rules.attack_the_tower.rulebook import RULEBOOK


def test_the_army_tables_show_every_card_of_the_data() -> None:
    # The notes are built from the data files: every card appears with its copies and its status.
    lines = RULEBOOK.render_markdown().splitlines()

    def row(start: str) -> str:
        return next((line for line in lines if line.startswith(start)), "")

    for army_id in ARMY_IDS:
        a = army(army_id)
        for b in a.bases:
            copies = f"{b.copies} (assumed)" if b.assumed else str(b.copies)
            assert f"| {copies} |" in row(f"| {b.name} | {b.troop_name} |"), b.id
        for c in a.abilities:
            status = "implemented" if c.not_implemented is None else f"not yet: {c.not_implemented}"
            if c.reading is not None:
                status += f"; read as: {c.reading}"
            copies = f"{c.copies} (assumed)" if c.copies_assumed else str(c.copies)
            ability_row = row(f"| {c.name} |")
            assert f'"{c.text}"' in ability_row and f"| {copies} | {status} |" in ability_row, c.id
