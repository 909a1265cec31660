"""The Attack the Tower rulebook registry: every rule sentence of seeds 004, 000 and 001 and its fate, read
from data/rulebook.toml (see rules.core.rulebook for the file's shape), with the army tables built from the
card data files, so the documentation cannot drift from the code.
"""

from __future__ import annotations

from pathlib import Path

from rules.attack_the_tower.cards import TROOP_TYPE_LABEL, AbilityCard, Army
from rules.attack_the_tower.catalog import ARMY_IDS, army
from rules.attack_the_tower.variants import Rules
from rules.core.rulebook import load_rulebook


def _cell(text: str) -> str:
    """Text made safe for one Markdown table cell."""
    return text.replace("|", "/").replace("\n", " ")


def _copies(count: int, assumed: bool) -> str:
    return f"{count} (assumed)" if assumed else str(count)


def _ability_type(card: AbilityCard) -> str:
    """The card's type in words; a special ability also names the troop it recruits."""
    if card.special_troop is not None:
        spec = card.special_troop
        return f"special ({spec.name}, power {spec.power})"
    labels: dict[str, str] = {t: label for t, label in TROOP_TYPE_LABEL.items()}
    return labels.get(card.type, card.type)


def _army_note(a: Army) -> str:
    """One army as Markdown: where it is from, its notes, its ability cards and its base cards."""
    lines = [f"#### {a.name} (`{a.id}`)", "", f"Source: {_cell(a.source)}.", ""]
    if a.notes:
        lines += [a.notes, ""]
    if a.abilities:
        lines += [
            "| ability | type | printed text | copies | in the engine |",
            "|---|---|---|---|---|",
        ]
        for c in a.abilities:
            status = "implemented" if c.not_implemented is None else f"not yet: {c.not_implemented}"
            if c.not_implemented is None and c.reading is not None:
                status += f"; read as: {c.reading}"
            lines.append(
                f'| {_cell(c.name)} | {_ability_type(c)} | "{_cell(c.text)}" '
                f"| {_copies(c.copies, c.copies_assumed)} | {_cell(status)} |"
            )
        lines.append("")
    else:
        lines += ["No ability card of this army is known, so none is shipped.", ""]
    lines += ["| base | recruits | troop type | copies | source |", "|---|---|---|---|---|"]
    for b in a.bases:
        lines.append(
            f"| {_cell(b.name)} | {_cell(b.troop_name)} | {TROOP_TYPE_LABEL[b.troop_type]} "
            f"| {_copies(b.copies, b.assumed)} | {_cell(b.source)} |"
        )
    return "\n".join(lines)


def army_notes() -> tuple[str, ...]:
    """The 'Armies and their cards' notes, one per shipped army, built from its data file."""
    intro = (
        "### Armies and their cards\n\n"
        "The ability cards of each army with their printed text and whether the engine implements "
        "them (a card marked 'not yet' can be played, with no effect), then the base cards."
    )
    return (intro, *(_army_note(army(a)) for a in ARMY_IDS))


RULEBOOK = load_rulebook(Path(__file__).with_name("data") / "rulebook.toml", Rules, army_notes)
"""The Attack the Tower registry rendered into docs/rules.md."""
