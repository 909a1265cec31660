"""A teacher's lesson: a small data file holding a position (an example's name or a whole position), a line of
play from it, and a question or a remark for any of its steps. The presenter plays it step by step (predict,
then reveal), the HTML export writes it as a page, and `export-test --lesson` replays it as a pytest file.

    {"game": "attack-the-tower", "title": "...", "position": "mid-game-battle",
     "steps": [{"action": {...}, "question": "...", "answer": "...", "remark": "..."}, ...]}

A lesson is validated whole when it is read: an unknown field, a position the rules refuse or an action that is
not legal where it stands is refused with the step it is at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rules.core.descriptor import GameDescriptor
from rules.core.errors import IllegalAction, IllegalPosition, MalformedFile
from rules.core.files import escape, read_text_file
from rules.core.jsonio import parse_model
from rules.core.records import json_data
from rules.registry import descriptor, names


class LessonStep(BaseModel):
    """One step of the line: the action, and what the teacher asks or says about it (all optional)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    action: dict[str, Any]
    question: str = Field("", max_length=500, description="Asked before the step's result is shown.")
    answer: str = Field("", max_length=500, description="Said when the result is revealed.")
    remark: str = Field("", max_length=1000, description="Said with the step's result.")


class Lesson(BaseModel):
    """A position, a line of play from it and the teacher's words for its steps."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str = Field(description="The game's name as the command line writes it: attack-the-tower, ...")
    title: str = Field(max_length=200)
    about: str = Field("", max_length=2000, description="What the lesson shows, said before its first step.")
    position: str | dict[str, Any] = Field(description="An example's name, or a whole position (JSON).")
    steps: tuple[LessonStep, ...] = Field(max_length=2000)

    def start(self) -> Any:
        """The position the lesson starts from (validated by the game's rules)."""
        found = _game(self.game)
        if isinstance(self.position, str):
            return found.positions.example(self.position)
        return found.game.positions.validate(self.position)

    def line(self) -> list[Any]:
        """The actions of the line, each read as an action of the game and checked legal where it stands
        (IllegalAction names the step refused)."""
        game = _game(self.game).game
        state = self.start()
        actions = []
        for number, step in enumerate(self.steps, 1):
            try:
                action = game.read_action(step.action)
            except IllegalPosition as refusal:
                raise MalformedFile(
                    f"the lesson's step {number} is not an action of {self.game}: {refusal.problems[0]}"
                ) from None
            try:
                state, _events = game.apply(state, action)
            except IllegalAction as refusal:
                raise IllegalAction(f"the lesson's step {number} is refused: {refusal}", refusal.rule) from None
            actions.append(action)
        return actions

    def note(self, number: int) -> LessonStep | None:
        """The teacher's words for step `number` (1-based), or None past the lesson's steps."""
        return self.steps[number - 1] if 1 <= number <= len(self.steps) else None


def _game(game: str) -> GameDescriptor:
    """The game a lesson names (a registered game)."""
    if game not in names():
        raise MalformedFile(f"the lesson names no game of this project: {game!r} (games: {', '.join(names())})")
    return descriptor(game)


def read_lesson(path_or_text: str | Path) -> Lesson:
    """A lesson from a file or from its JSON text (validated; refused whole, with what is wrong)."""
    text = str(path_or_text)
    if text.lstrip().startswith("{"):
        return parse_model(Lesson, text, source="the lesson")
    return parse_model(Lesson, read_text_file(path_or_text, what="a lesson file"), source=escape(text))


def lesson_of(game: str, title: str, position: Any, actions: list[Any], notes: dict[int, LessonStep]) -> Lesson:
    """A lesson of a line of play (what the panel's 'download lesson' writes): the position whole, each action
    with the words already given for its step."""
    positions = _game(game).game.positions
    steps = []
    for number, action in enumerate(actions, 1):
        words = notes.get(number)
        said = {} if words is None else words.model_dump(exclude={"action"})
        steps.append(LessonStep(action=json_data(action), **said))
    return Lesson(game=game, title=title, position=positions.data(position), steps=tuple(steps))
