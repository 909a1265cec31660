"""A form over any game's rules config: one control per field, built from its type and description,
so a new rule variant appears in every panel without widget code (nested tables become a row)."""

from __future__ import annotations

import typing
from typing import Any, Generic, TypeVar

import ipywidgets as w
from pydantic import BaseModel

from explorer.number_box import WholeNumberText, whole_number
from rules.core.jsonio import validate_model

R = TypeVar("R", bound=BaseModel)

LABEL_WIDTH = "260px"


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def field_control(name: str, value: Any, annotation: Any, description: str) -> w.Widget:
    """The control for one field: a checkbox, a choice, a number, a number or nothing, or a row of numbers."""
    if annotation is bool:
        return w.Checkbox(value=value, description=name, indent=False, tooltip=description)
    if typing.get_origin(annotation) is typing.Literal:
        return w.Dropdown(options=list(typing.get_args(annotation)), value=value, description=name, tooltip=description)
    if annotation is int:
        return WholeNumberText(value=value, description=name, tooltip=description)
    if _is_model(annotation):
        hints = typing.get_type_hints(annotation)
        parts = [
            field_control(part, getattr(value, part), hints[part], info.description or "")
            for part, info in annotation.model_fields.items()
        ]
        for part in parts:
            part.layout = w.Layout(width="150px")
            part.style = {"description_width": "55px"}
        return w.HBox([w.Label(name, tooltip=description, layout=w.Layout(width=LABEL_WIDTH)), *parts])
    # int | None: a number, empty meaning none
    return w.Text(value="" if value is None else str(value), description=name, tooltip=description, placeholder="none")


def read_control(control: w.Widget, annotation: Any) -> Any:
    """The value a control holds, as the field's type expects it."""
    if _is_model(annotation):
        hints = typing.get_type_hints(annotation)
        parts = control.children[1:]
        return {part: read_control(c, hints[part]) for part, c in zip(annotation.model_fields, parts, strict=True)}
    if isinstance(control, WholeNumberText):
        return whole_number(control)
    if isinstance(control, w.Text):
        text = control.value.strip()
        if text == "":
            return None
        if not text.lstrip("-").isdigit():
            raise ValueError(f"{control.description}: write a whole number, or leave it empty for none")
        return int(text)
    return control.value


def show_value(control: w.Widget, value: Any, annotation: Any) -> None:
    """Set a control to a field's value."""
    if _is_model(annotation):
        hints = typing.get_type_hints(annotation)
        for part, c in zip(annotation.model_fields, control.children[1:], strict=True):
            show_value(c, getattr(value, part), hints[part])
    elif isinstance(control, w.Text):
        control.value = "" if value is None else str(value)
    else:
        control.value = value


class RulesForm(w.VBox, Generic[R]):  # type: ignore[misc]
    """Every field of a rules model, editable; `value()` is the rules the form describes (validated)."""

    def __init__(self, model: type[R], rules: R) -> None:
        self.model = model
        self.shown = rules
        self.hints = typing.get_type_hints(model)
        self.controls = {
            name: field_control(name, getattr(rules, name), self.hints[name], info.description or "")
            for name, info in model.model_fields.items()
        }
        for name, control in self.controls.items():
            if not _is_model(self.hints[name]):
                control.style = {"description_width": LABEL_WIDTH}
                control.layout = w.Layout(width="420px")
        super().__init__(list(self.controls.values()))

    def value(self) -> R:
        """The rules the form shows; an impossible value is refused with the field's own message."""
        data = {name: read_control(c, self.hints[name]) for name, c in self.controls.items()}
        return validate_model(self.model, data)

    def show(self, rules: R) -> None:
        """Show `rules` in the form (after a variant was applied or a position loaded); the rules shown already
        (a refused variant) leave the form as the user set it."""
        if rules == self.shown:
            return
        self.shown = rules
        for name, control in self.controls.items():
            show_value(control, getattr(rules, name), self.hints[name])
