"""Rulebook registries: every rule sentence of a game's source documents, with what the code does of it.

Each game package has a `rulebook.py` that builds one `Rulebook`. Events cite the `rule` ids listed
here; `python -m rules.rulebooks` renders every registry as docs/rules.md, and tests check that every
quote stands in its seed file, that every id the code cites is registered, and that docs/rules.md is
up to date.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel

Status = Literal["implemented", "not yet", "no rule"]


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence (or clause) of a rulebook and its fate in the code."""

    rule: str
    """The rule id events cite, e.g. 'battles.3 initiative'; several sentences may share one id."""
    source: str
    """The seed file the words are from, e.g. '004_b630b22d9110621e.txt'."""
    quote: str
    """The words as the seed prints them (OCR slips kept), so a test can find them."""
    status: Status
    where: str = ""
    """The module(s) implementing it, e.g. 'rules.attack_the_tower.engine'."""
    note: str = ""
    """How the sentence is read, or why it is not implemented yet."""


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    sentences: tuple[Sentence, ...]


@dataclass(frozen=True)
class Rulebook:
    """A game's registry of rule sentences, its rules config (interpretations) and extra notes."""

    game: str
    sources: tuple[str, ...]
    sections: tuple[Section, ...]
    rules_config: type[BaseModel] | None = None
    notes: tuple[str, ...] = field(default=())

    def rule_ids(self) -> set[str]:
        return {s.rule for section in self.sections for s in section.sentences}

    def sentences(self) -> list[Sentence]:
        return [s for section in self.sections for s in section.sentences]

    def render_markdown(self) -> str:
        """The registry as a Markdown chapter: sentences by section, then the interpretations."""
        lines = [f"## {self.game}", "", "Sources: " + ", ".join(f"`{s}`" for s in self.sources) + ".", ""]
        for section in self.sections:
            lines += [
                f"### {section.title}",
                "",
                "| rule | sentence | status | where / note |",
                "|---|---|---|---|",
            ]
            for s in section.sentences:
                quote = s.quote.replace("|", "\\|").replace("\n", " ")
                where = " - ".join(part for part in (f"`{s.where}`" if s.where else "", s.note) if part)
                lines.append(f'| `{s.rule}` | "{quote}" ({s.source[:3]}) | {s.status} | {where} |')
            lines.append("")
        if self.rules_config is not None:
            lines += [
                f"### Numbers and interpretations (`{self.rules_config.__module__}.{self.rules_config.__name__}`)",
                "",
                "Each is a field of the rules config; the default is the reading named first.",
                "",
                "| field | default | what it means, and the sentence it reads |",
                "|---|---|---|",
            ]
            for name, info in self.rules_config.model_fields.items():
                default = info.default
                lines.append(f"| `{name}` | `{default!r}` | {(info.description or '').replace('|', '/')} |")
            lines.append("")
        for note in self.notes:
            lines += [note, ""]
        return "\n".join(lines)
