"""What a person meets privately, read as they would: their DM conversation (each question
followed by its outcome, none still clickable once spent, at most one open at a time), their
"My secrets" (the secret first) and the recap posted at the end."""
from __future__ import annotations

import re

from .people import Person
from .seen import CLOCK, CLOSED_LINE
from .views import ChannelView, MessageView

QUESTION_TITLE = re.compile(rf".+, ({CLOCK}): your decision$")
OUTCOME = re.compile(r"^(You chose \*\*.+\*\*\.|Time ran out: \*\*.+\*\*\.|This question is closed\.)$")
RECAP_TITLE = "## What happened in secret"
RECAP_HEADER = re.compile(rf"^### (?i:{CLOCK}) · \S.*$")     # the game's clock, then phase
REPEATED = re.compile(r" \(×\d+\)$")       # a line said again at once (recap, DMs)
SECTIONS = ["Yours", "What you know", "Open questions", "Latest private news"]
# What a Python repr leaves in a line: brackets, None, quoted words.
REPR = re.compile(r"[\[\]{}]|\bNone\b|'\w*'|\(\w+_\w+\)")


def recap_header(line: str) -> bool:
    """The recap's own title and round headers: the bot's words, not a game event."""
    return line == RECAP_TITLE or bool(RECAP_HEADER.match(line))


def event_line(line: str) -> str:
    """A recap or DM line as its event said it (without the "(×3)" of a line said again)."""
    return REPEATED.sub("", line)


def is_question(message: MessageView) -> bool:
    return bool(message.embeds) and bool(QUESTION_TITLE.match(message.embeds[-1].get("title", "")))


def open_dm_questions(person: Person) -> list[MessageView]:
    return [m for m in person.dms() if m.buttons or m.selects]


def assert_dm_conversation_reads_down(person: Person, *, over: bool) -> None:
    """Each question in the DMs says its round; once spent, it is one line under the news sent
    with it, saying when it was asked and its outcome ("…: your decision — You chose X"), its
    buttons, deadline and box gone; questions asked in turn in one message (each in the place
    of the one answered) are such lines one under the other. When the game is `over` every
    question is spent."""
    for m in person.dms():
        if is_question(m):
            assert not over and (m.buttons or m.selects), \
                f"{person.name}: a spent question keeps its box: {m!r}"
            continue
        closed = [line for line in (m.content or "").splitlines() if CLOSED_LINE.match(line)]
        if not closed:
            continue
        assert not (m.buttons or m.selects), f"{person.name}: spent question still open: {m!r}"
        assert "<t:" not in m.content, f"{person.name}: spent question keeps a deadline"
        assert closed == m.content.splitlines()[-len(closed):], f"{person.name}: {m.content!r}"
        for line in closed:
            assert OUTCOME.match(line.rsplit(" — ", 1)[1]), f"{person.name}: {line!r}"


def assert_secrets_lead_with_the_secret(reply) -> None:
    """ "My secrets": no public board first; its first section is the seat's own."""
    [embed] = reply.message.embeds
    assert not embed.get("description"), embed
    fields = embed["fields"]
    assert fields[0]["name"] == "Yours" and fields[0]["value"].strip(), embed
    names = [f["name"] for f in fields]
    assert "Open questions" in names and names == sorted(names, key=SECTIONS.index), names
    assert sum(len(f["value"]) for f in fields) < 6000


def recap_lines(thread: ChannelView) -> list[str]:
    """The lines of the recap posted after the end (none when the game kept no secret log)."""
    messages = thread.messages()
    start = next((i for i, m in enumerate(messages) if m.content.startswith(RECAP_TITLE)), None)
    if start is None:
        return []
    return [line for m in messages[start:] for line in m.content.splitlines()]


def assert_recap_reads_by_round(thread: ChannelView) -> list[str]:
    lines = recap_lines(thread)
    if not lines:
        return lines
    assert lines[0] == RECAP_TITLE and RECAP_HEADER.match(lines[1]), lines[:3]
    for line in lines:
        assert not REPR.search(line), f"a repr in the recap: {line!r}"
    return lines
