"""Reading components the way a person does: find a button by its label, a select option by what
it says, a modal field by its label; build what the Discord client sends back; and gather every
piece of text a message shows (used to check that no secret leaks)."""
from __future__ import annotations

import re

from .limits import BUTTON, LABEL, ROW, SELECTS, STRING_SELECT, TEXT_INPUT, walk
from .model import Message

TEXT_DISPLAY = 10


def find_button(message: Message, name: str) -> dict:
    buttons = [c for c in walk(message.components) if c["type"] == BUTTON]
    for key in ("label", "custom_id"):
        found = [b for b in buttons if b.get(key) == name]
        if found:
            return found[0]
    shown = [b.get("label") or b.get("custom_id") for b in buttons]
    raise LookupError(f"no button {name!r} on message {message.id}; it has {shown}")


def find_select(message: Message, choices: tuple[str, ...],
                menu: str | None) -> tuple[dict, list[str]]:
    """The select (by placeholder or custom_id when `menu` is given) and the option values
    chosen by label or value."""
    selects = [c for c in walk(message.components) if c["type"] == STRING_SELECT
               and (menu is None or menu in (c.get("placeholder"), c.get("custom_id")))]
    for select in selects:
        values = [_option_value(select, choice) for choice in choices]
        if None not in values:
            return select, values
    offered = {s.get("placeholder") or s["custom_id"]: [o["label"] for o in s.get("options", [])]
               for s in selects}
    raise LookupError(f"no select on message {message.id} offers {list(choices)}; it has {offered}")


def _option_value(select: dict, choice: str) -> str | None:
    for key in ("label", "value"):
        for opt in select.get("options") or []:
            if opt.get(key) == choice:
                return opt["value"]
    return None


def modal_fields(modal: dict) -> list[tuple[str, dict]]:
    """(label, input component) for each field, whether wrapped in a Label or an action row."""
    out = []
    for comp in modal.get("components") or []:
        if comp["type"] == LABEL:
            out.append((comp.get("label", ""), comp["component"]))
        elif comp["type"] == ROW:
            out += [(c.get("label", ""), c) for c in comp.get("components") or []]
    return out


def modal_submission(modal: dict, values: dict[str, object]) -> list[dict]:
    """The `components` of a modal submit: the modal's shape with what the person typed.
    A value is matched to a field by label, custom_id, or label as a Python name."""
    remaining = dict(values)
    answers: dict[str, object] = {}
    for label, field in modal_fields(modal):
        cid = field["custom_id"]
        for key in (label, cid, _pyname(label)):
            if key in remaining:
                answers[cid] = remaining.pop(key)
                break
        else:
            if field.get("required", True) and field["type"] == TEXT_INPUT \
                    and not field.get("value"):
                raise ValueError(f"modal {modal.get('title')!r}: field {label!r} is required")
    if remaining:
        raise LookupError(f"modal {modal.get('title')!r} has no fields {sorted(remaining)}; "
                          f"it has {[label for label, _ in modal_fields(modal)]}")
    return [_answer(comp, answers) for comp in modal.get("components") or []]


def _answer(comp: dict, answers: dict[str, object]) -> dict:
    if comp["type"] == LABEL:
        return {"type": LABEL, "component": _answer(comp["component"], answers)}
    if comp["type"] == ROW:
        return {"type": ROW, "components": [_answer(c, answers) for c in comp["components"]]}
    cid = comp["custom_id"]
    if comp["type"] in SELECTS:
        chosen = answers.get(cid, [])
        return {"type": comp["type"], "custom_id": cid,
                "values": [chosen] if isinstance(chosen, str) else list(chosen)}
    typed = answers.get(cid, comp.get("value") or "")
    return {"type": comp["type"], "custom_id": cid, "value": str(typed)}


def _pyname(label: str) -> str:
    return re.sub(r"\W+", "_", label.strip().lower()).strip("_")


def text_of(message: Message) -> str:
    """Everything a person can read on the message: content, embeds and component text."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title"), embed.get("description"),
                  (embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
        for fld in embed.get("fields") or []:
            parts += [fld.get("name"), fld.get("value")]
    for comp in walk(message.components):
        if comp["type"] == TEXT_DISPLAY:
            parts.append(comp.get("content"))
        parts += [comp.get("label"), comp.get("placeholder")]
        for opt in comp.get("options") or []:
            parts += [opt.get("label"), opt.get("description")]
    parts += [a.filename for a in message.attachments]
    return "\n".join(p for p in parts if p)
