"""The size and shape limits Discord enforces on what a bot sends, so a bot that breaks one
fails in the tests (400 50035, as Discord answers) rather than in production."""
from __future__ import annotations

from .errors import EMPTY_MESSAGE, ApiError, invalid_form

COMPONENTS_V2 = 1 << 15
ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18
SELECTS = {3, 5, 6, 7, 8}
EMBED_LIMITS = {"title": 256, "description": 4096}
EMBED_PARTS = {"footer": ("text", 2048), "author": ("name", 256)}
UPLOAD_LIMIT = 10 * 1024 * 1024   # bytes a file may hold: Discord's default since 2025-01-16
ALT_TEXT_LIMIT = 1024             # characters of an attachment's description (alt text)


def check_uploads(uploads) -> None:
    """Each file is checked alone (per attachment, not per message): 413 40005 above the limit."""
    if any(len(data) > UPLOAD_LIMIT for _, data, _ in uploads):
        raise ApiError(413, 40005, "Request entity too large")


def check_message(body: dict, has_files: bool = False, creating: bool = True) -> None:
    problems: dict[str, str] = {}
    content = body.get("content") or ""
    if len(content) > 2000:
        problems["content"] = f"Must be 2000 or fewer in length (got {len(content)})."
    _check_embeds(body.get("embeds") or [], problems)
    flags = body.get("flags") or 0
    components = body.get("components") or []
    if flags & COMPONENTS_V2:
        if content or body.get("embeds"):
            problems["content"] = "Cannot send content or embeds with the components V2 flag."
        if sum(1 for _ in walk(components)) > 40:
            problems["components"] = "Must be 40 or fewer components in total."
    else:
        _check_rows(components, problems)
    _check_custom_ids(components, problems)
    for i, attachment in enumerate(body.get("attachments") or []):
        if len(attachment.get("description") or "") > ALT_TEXT_LIMIT:
            problems[f"attachments.{i}.description"] = (
                f"Must be {ALT_TEXT_LIMIT} or fewer in length.")
    if problems:
        raise invalid_form(problems)
    empty = not (content or body.get("embeds") or components or has_files
                 or body.get("attachments") or body.get("poll") or body.get("sticker_ids"))
    if creating and empty:
        raise ApiError(400, EMPTY_MESSAGE, "Cannot send an empty message")


def check_modal(data: dict) -> None:
    problems: dict[str, str] = {}
    if not 1 <= len(data.get("title") or "") <= 45:
        problems["data.title"] = "Must be between 1 and 45 in length."
    if not 1 <= len(data.get("custom_id") or "") <= 100:
        problems["data.custom_id"] = "Must be between 1 and 100 in length."
    if not 1 <= len(data.get("components") or []) <= 5:
        problems["data.components"] = "Must be between 1 and 5 in length."
    for i, comp in enumerate(walk(data.get("components") or [])):
        if comp["type"] in (TEXT_INPUT, LABEL) and len(comp.get("label") or "") > 45:
            problems[f"data.components.{i}.label"] = "Must be 45 or fewer in length."
        if comp["type"] == LABEL and len(comp.get("description") or "") > 100:
            problems[f"data.components.{i}.description"] = "Must be 100 or fewer in length."
        if comp["type"] == TEXT_INPUT and len(comp.get("placeholder") or "") > 100:
            problems[f"data.components.{i}.placeholder"] = "Must be 100 or fewer in length."
        if comp.get("disabled"):
            problems[f"data.components.{i}.disabled"] = "A modal cannot hold disabled components."
    _check_custom_ids(data.get("components") or [], problems, prefix="data.")
    if problems:
        raise invalid_form(problems)


def check_choices(choices: list[dict]) -> None:
    if len(choices) > 25:
        raise invalid_form({"data.choices": "Must be 25 or fewer in length."})
    for i, choice in enumerate(choices):
        if not 1 <= len(choice.get("name", "")) <= 100:
            raise invalid_form({f"data.choices.{i}.name": "Must be between 1 and 100 in length."})


def walk(components: list[dict]):
    """Every component, depth first, whatever the nesting (rows, sections, containers, labels)."""
    for comp in components:
        yield comp
        yield from walk(comp.get("components") or [])
        if comp.get("accessory"):
            yield from walk([comp["accessory"]])
        if comp.get("component"):
            yield from walk([comp["component"]])


def _check_embeds(embeds: list[dict], problems: dict[str, str]) -> None:
    if len(embeds) > 10:
        problems["embeds"] = "Must be 10 or fewer in length."
    total = 0
    for i, embed in enumerate(embeds):
        for key, limit in EMBED_LIMITS.items():
            size = len(embed.get(key) or "")
            total += size
            if size > limit:
                problems[f"embeds.{i}.{key}"] = f"Must be {limit} or fewer in length."
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems[f"embeds.{i}.fields"] = "Must be 25 or fewer in length."
        for j, fld in enumerate(fields):
            total += len(fld.get("name", "")) + len(fld.get("value", ""))
            if len(fld.get("name", "")) > 256 or len(fld.get("value", "")) > 1024:
                problems[f"embeds.{i}.fields.{j}"] = "Name over 256 or value over 1024."
        for part, (key, limit) in EMBED_PARTS.items():
            size = len((embed.get(part) or {}).get(key) or "")
            total += size
            if size > limit:
                problems[f"embeds.{i}.{part}.{key}"] = f"Must be {limit} or fewer in length."
    if total > 6000:
        problems["embeds"] = "Embed size exceeds maximum size of 6000."


def _check_rows(rows: list[dict], problems: dict[str, str]) -> None:
    if len(rows) > 5:
        problems["components"] = "Must be 5 or fewer in length."
    for i, row in enumerate(rows):
        items = row.get("components") or []
        where = f"components.{i}"
        if row.get("type") != ROW:
            problems[where] = "Top-level components must be action rows."
        elif not items:
            problems[where] = "An action row needs at least one component."
        elif any(c["type"] in SELECTS for c in items) and len(items) > 1:
            problems[where] = "A select must be alone in its action row."
        elif len(items) > 5:
            problems[where] = "Must be 5 or fewer in length."
        for j, comp in enumerate(items):
            _check_item(comp, f"{where}.components.{j}", problems)


def _check_item(comp: dict, where: str, problems: dict[str, str]) -> None:
    if comp["type"] == BUTTON:
        if len(comp.get("label") or "") > 80:
            problems[f"{where}.label"] = "Must be 80 or fewer in length."
        if comp.get("style") != 5 and not comp.get("custom_id"):
            problems[f"{where}.custom_id"] = "A non-link button needs a custom_id."
    if comp["type"] == STRING_SELECT:
        options = comp.get("options") or []
        if not 1 <= len(options) <= 25:
            problems[f"{where}.options"] = "Must be between 1 and 25 in length."
        for k, opt in enumerate(options):
            if any(len(opt.get(key) or "") > 100 for key in ("label", "value", "description")):
                problems[f"{where}.options.{k}"] = "Label, value and description: 100 at most."
        if (comp.get("max_values") or 1) > max(len(options), 1):
            problems[f"{where}.max_values"] = "Must be at most the number of options."
    if len(comp.get("placeholder") or "") > 150:
        problems[f"{where}.placeholder"] = "Must be 150 or fewer in length."


def _check_custom_ids(components: list[dict], problems: dict[str, str], prefix: str = "") -> None:
    seen: set[str] = set()
    for comp in walk(components):
        cid = comp.get("custom_id")
        if cid is None:
            continue
        if len(cid) > 100:
            problems[f"{prefix}components.custom_id"] = f"{cid[:20]}...: 100 or fewer in length."
        if cid in seen:
            problems[f"{prefix}components.custom_id"] = f"Duplicate custom_id {cid!r}."
        seen.add(cid)
