"""What each person sees of a game through the loopback, as Discord draws it after every edit,
and the checks a player makes of it: a question that closed no longer offers its buttons, the
same picture is not posted twice in a row, no line shows an internal id or a Python repr, the
game ends with one game-over post, a spent question shows no deadline, a conversation reads
top to bottom, every picture has alt text (a screen reader says only "image" for one without),
no DM holds nothing but a header, an answered question is one line, a player who is out is
told once and then written to only to be asked something, a question offering a single answer
says why it is asked at all.

`what_people_see(thread, people)` takes the snapshot; `findings(snapshot)` returns what a player
would stumble on, one readable sentence each (empty when the views are clean). The snapshot is
plain data, so the checks can be tried on hand-made messages and the pictures of
`bench/draw_views.py` drawn from it."""
from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Collection, Iterable

import games
from hosting.text import load_locale

from .limits import SELECTS, walk
from .views import ChannelView

QUESTION = re.compile(r"^tbl:(d|s|b|bs):")      # a question's components (views.py custom ids)
ASKS = re.compile(r"^tbl:[ds]:[^|]+\|([^|]+)\|")  # a DM question's pending id
COUNTDOWN = re.compile(r"<t:\d+:R>")
# Discord's own markup: mentions, timestamps, custom emoji, links, code spans.
MARKUP = re.compile(r"<(@[!&]?|#|t:)\d+(:\w)?>|<a?:\w+:\d+>|https?://\S+|attachment://\S+"
                    r"|`[^`]*`")
MENTIONS = re.compile(r"(<@[!&]?\d+>\s*)+")
# A question's own outcome (locale ui: chose, timed_out, accepted).
OUTCOME = re.compile(r"^(You chose|Time ran out:|Got it:) \*\*.+\*\*\.$")
GAME_OVER = "The game is over"


UI = load_locale(None, "en")["ui"]


def _template(text: str, **parts: str) -> str:
    """A locale template as a pattern: each placeholder the part given for it, else any text."""
    return re.sub(r"\\\{(\w+)\\\}", lambda m: parts.get(m[1], ".+"), re.escape(text))


def _clocks() -> str:
    """Every game's clock in English as a pattern ("round 3", "Hour 3 of 7"): the shared
    `ui.clock_round` and each game's `views` entries named clock…, numbers for placeholders."""
    templates = [UI["clock_round"]] + [
        text for game in games.REGISTRY
        for key, text in load_locale(game, "en").get("views", {}).items()
        if key.startswith("clock") and isinstance(text, str)]
    return "|".join(re.sub(r"\\\{\w+\\\}", r"\\d+", re.escape(text)) for text in templates)


CLOCK = _clocks()
MOMENT = re.compile(rf"^\*\*(.+)\*\* · ({CLOCK})$")          # a DM moment's header (locale ui)
ASKED_IN = re.compile(rf"^(.+), ({CLOCK}): your decision$")    # a question's title (locale ui)
# A question's title, in a DM or in the thread, and a question closed to one line.
TITLE = "|".join(_template(UI[key], clock=f"(?:{CLOCK})")
                 for key in ("prompt_header", "ballot_header"))
QUESTION_TITLE = re.compile(rf"^(?:{TITLE})$")
CLOSED_LINE = re.compile(rf"^{_template(UI['closed_line'], asked=f'(?:{TITLE})')}$")
# What tells a player they are out of the game (each game's `you_are_out` event).
OUT = re.compile("|".join(
    f"^{_template(text)}$" for game in games.REGISTRY
    if (text := load_locale(game, "en").get("events", {}).get("you_are_out"))) or "(?!)")
FAREWELL = re.compile(_template(UI["ended_dm"]), re.DOTALL)     # the DM at the end
# A line a player cannot decode: Python reprs, placeholders, ids, keys.
INTERNALS = [
    (re.compile(r"\[['\"]|['\"]\]|\[\]"), "a Python list"),
    (re.compile(r"\{['\"]|\{\}"), "a Python dict"),
    (re.compile(r"\(['\"]"), "a Python tuple"),
    (re.compile(r"(^|[:=,(\[]\s*)(None|True|False)\b(?!\s+\w)"), "a Python constant"),
    (re.compile(r"<object|object at 0x|<[A-Z]\w+ "), "a Python object"),
    (re.compile(r"#-1\b"), "a missing number"),
    (re.compile(r"—:|:\s*—\s*$|^\s*—\s*$"), "a dash in place of a value"),
    (re.compile(r"\{[a-z_]+(:[a-z_]+)?\}"), "an unfilled placeholder"),
    (re.compile(r"\bs\d+(p\d+)?\b"), "a seat id"),
    (re.compile(r"(?<![/\w])[a-z]+(_[a-z0-9]+)+\b"), "a raw key"),
    (re.compile(r"(?i)\b(\w{3,}(?: \w+)?) \1\b"), "a doubled word"),
]


@dataclass(frozen=True)
class Picture:
    filename: str
    data: bytes = field(repr=False)
    description: str = ""          # its alt text

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()[:12]


@dataclass(frozen=True)
class Shown:
    """One message as drawn now: its last content, embeds, components and files."""
    id: int
    author: str
    content: str = ""
    embeds: tuple[dict, ...] = ()
    components: tuple[dict, ...] = ()
    pictures: tuple[Picture, ...] = ()
    edited: bool = False
    pinned: bool = False

    @property
    def controls(self) -> list[dict]:
        """Buttons and menus a reader can still use."""
        return [c for c in walk(list(self.components))
                if "custom_id" in c and not c.get("disabled")]

    @property
    def is_status(self) -> bool:
        """The table's status message: it offers "My secrets"."""
        return any(c.get("custom_id", "").startswith("tbl:secrets:")
                   for c in walk(list(self.components)))

    @property
    def live_questions(self) -> list[dict]:
        return [c for c in self.controls if QUESTION.match(c["custom_id"])]

    def lines(self) -> list[str]:
        """Every line a reader reads, in drawing order."""
        out = self.content.splitlines()
        for e in self.embeds:
            out += [e.get("author", {}).get("name", ""), e.get("title", ""),
                    *e.get("description", "").splitlines()]
            for f in e.get("fields", []):
                out += [f.get("name", ""), *f.get("value", "").splitlines()]
            out.append(e.get("footer", {}).get("text", ""))
        for c in walk(list(self.components)):
            out += [c.get("label", ""), c.get("placeholder", ""), c.get("content", "")]
            if c.get("type") in SELECTS:
                out += [o.get("label", "") for o in c.get("options", [])]
                out += [o.get("description", "") for o in c.get("options", [])]
        return [line for line in out if line and line != "\u200b"]

    def excerpt(self) -> str:
        """The message's first line of words (a line of pings says nothing of it)."""
        first = next((line for line in self.lines() if not MENTIONS.fullmatch(line)),
                     "(a picture)" if self.pictures else "(empty)")
        return first if len(first) <= 60 else first[:59] + "…"


@dataclass
class Seen:
    """A table's views: the channel (the lobby), the thread, and each person's DMs and
    ephemeral replies, every list oldest first."""
    channel: list[Shown]
    thread: list[Shown]
    dms: dict[str, list[Shown]]
    ephemerals: dict[str, list[Shown]] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)    # user id -> name, for mentions

    def places(self) -> Iterable[tuple[str, list[Shown]]]:
        yield "the channel", self.channel
        yield "the thread", self.thread
        for name, shown in self.dms.items():
            yield f"{name}'s DMs", shown
        for name, shown in self.ephemerals.items():
            yield f"{name}'s ephemeral replies", shown


def shown(view) -> Shown:
    """A loopback `MessageView` as drawn now."""
    return Shown(id=view.id, author=view.author, content=view.content or "",
                 embeds=tuple(view.embeds), components=tuple(view.components),
                 pictures=tuple(Picture(a.filename, a.data, a.description or "")
                               for a in view.attachments),
                 edited=view.edited, pinned=view.pinned)


def what_people_see(thread, people) -> Seen:
    """The snapshot of one table: `thread` a loopback `ChannelView`, `people` its `Person`s."""
    parent = ChannelView(thread.lb, thread.record.parent)
    return Seen(channel=[shown(m) for m in parent.messages()],
                thread=[shown(m) for m in thread.messages()],
                dms={p.name: [shown(m) for m in p.dms()] for p in people},
                ephemerals={p.name: [shown(m) for m in p.ephemerals()] for p in people},
                names={u.id: u.name for u in thread.lb.fake.world.users.values()})


# The checks by name: each finding starts with one, so a test can name those it expects.
CLICKABLE, PICTURE, INTERNAL = "clickable after closing", "same picture again", "internal text"
DEADLINE, UPSIDE_DOWN, ENDING = "spent deadline", "answer above question", "game-over posts"
EARLY, AGAIN = "question before its moment", "same line again"
UNDESCRIBED = "a picture without alt text"
HEADER_ONLY, UNSHRUNK = "header-only DM", "answered question kept whole"
OUT_AGAIN, LONE = "out, not left alone", "a lone answer, unexplained"
CHECKS = (CLICKABLE, PICTURE, INTERNAL, DEADLINE, UPSIDE_DOWN, EARLY, AGAIN, ENDING, UNDESCRIBED,
          HEADER_ONLY, UNSHRUNK, OUT_AGAIN, LONE)


def findings(table: Seen, pending: Collection[str] | None = None,
             expected: Collection[str] = ()) -> list[str]:
    """What a player would stumble on, one sentence each: "check: place: “message” why".
    `pending`: the ids of the questions still open (None: the game is over and nothing is).
    `expected`: checks whose findings are left out (their fix is not there yet)."""
    over = pending is None
    found: list[str] = []
    for place, messages in table.places():
        found += _stale_questions(place, messages, pending)
        found += _internals(place, messages)
        found += _stale_countdowns(place, messages, over)
        found += _upside_down(place, messages)
        found += _before_its_moment(place, messages)
        found += _said_again(place, messages)
        found += _undescribed(place, messages)
        found += _unshrunk(place, messages)
        found += _lone_answers(place, messages)
    for name, messages in table.dms.items():
        found += _header_only(f"{name}'s DMs", messages)
        found += _out_not_left_alone(f"{name}'s DMs", messages)
    found += _repeated_pictures(table.thread)
    if over:
        posts = [m for m in table.thread if not m.is_status
                 and any(GAME_OVER in line for line in m.lines())]
        if len(posts) != 1:
            found.append(f"{ENDING}: the thread has {len(posts)}, not one: "
                         f"{[m.excerpt() for m in posts]}")
    counted = Counter(f for f in found if not f.startswith(tuple(expected) or "\0"))
    return [f"{text} (×{n})" if n > 1 else text for text, n in counted.items()]


def _stale_questions(place: str, messages: list[Shown], pending) -> list[str]:
    """A question whose buttons still work once it is closed: players cannot tell the live
    question from the old ones. A DM question carries its pending id; a question in the
    thread is judged once the game is over."""
    out = []
    for m in messages:
        stale = [c for c in m.live_questions if pending is None or (
            (asked := ASKS.match(c["custom_id"])) and asked.group(1) not in pending)]
        if stale:
            labels = [c.get("label") or c.get("placeholder") or "a menu" for c in stale]
            out.append(f"{CLICKABLE}: {place}: “{m.excerpt()}” still offers "
                       f"{', '.join(labels[:4])}{'…' if len(labels) > 4 else ''}")
    return out


def _internals(place: str, messages: list[Shown]) -> list[str]:
    out = []
    key = re.compile(rf"^({'|'.join(map(re.escape, games.REGISTRY))})\b")   # "room25 — …"
    for m in messages:
        for line in m.lines():
            text = MARKUP.sub("", line)
            for pattern, what in [*INTERNALS, (key, "the game's internal name")]:
                if hit := pattern.search(text):
                    out.append(f"{INTERNAL}: {place}: “{line[:80]}” shows {what} "
                               f"({hit.group(0)!r})")
                    break
    return out


def _stale_countdowns(place: str, messages: list[Shown], over: bool) -> list[str]:
    """A countdown belongs on a live question, and on the status while the game runs."""
    out = []
    for m in messages:
        if m.live_questions or (m.is_status and not over):
            continue
        if any(COUNTDOWN.search(line) for line in m.lines()):
            why = "after the game ended" if over else "though nothing there is asked"
            out.append(f"{DEADLINE}: {place}: “{m.excerpt()}” still counts down {why}")
    return out


def _upside_down(place: str, messages: list[Shown]) -> list[str]:
    """Discord draws a message's text above its embeds: an outcome written in the text of a
    question whose embed asks it reads before the question."""
    out = []
    for m in messages:
        said = [line for line in m.content.splitlines() if OUTCOME.match(line)]
        asked = [e["description"].splitlines()[0] for e in m.embeds if e.get("description")]
        if said and asked:
            out.append(f"{UPSIDE_DOWN}: {place}: the outcome (“{said[0][:24]}…”) is drawn "
                       f"above “{asked[0]}”")
    return out


def _before_its_moment(place: str, messages: list[Shown]) -> list[str]:
    """A conversation reads down: the header of a moment ("**Day** · round 9") comes before
    the questions of that moment ("Day, round 9: your decision")."""
    headers: dict[tuple[str, str], int] = {}
    for i, m in enumerate(messages):
        for line in m.content.splitlines():
            if moment := MOMENT.match(line):
                headers.setdefault(moment.groups(), i)
    out = []
    for i, m in enumerate(messages):
        for e in m.embeds:
            asked = ASKED_IN.match(e.get("title", ""))
            if asked and headers.get(asked.groups(), i) > i:
                out.append(f"{EARLY}: {place}: “{e['title']}” comes before “**{asked[1]}** · "
                           f"{asked[2]}”")
    return out


def _said_again(place: str, messages: list[Shown]) -> list[str]:
    """One line twice in a row in one message ("Arthur stopped an attack: no." eight times):
    the reader learns nothing from the second."""
    out = []
    for m in messages:
        lines = m.lines()
        out += [f"{AGAIN}: {place}: “{line[:80]}” twice in a row"
                for before, line in zip(lines, lines[1:]) if line == before]
    return out


def _undescribed(place: str, messages: list[Shown]) -> list[str]:
    """A picture a screen reader can only call "image": the board is the game."""
    return [f"{UNDESCRIBED}: {place}: “{m.excerpt()}” shows {picture.filename}"
            for m in messages for picture in m.pictures if not picture.description.strip()]


ANSWERS = re.compile(r"^tbl:(d|s|pk|pt|b|bs|bp):")   # a question's buttons and menus


def answers_offered(components: list[dict]) -> int:
    """How many answers a live question's message offers: its answer buttons and the
    options of its menus (a picker's Confirm, off until a choice is made, is none). One is
    a ritual click: a question with a single legal answer should not be asked."""
    live = [c for c in walk(list(components))
            if ANSWERS.match(c.get("custom_id", "")) and not c.get("disabled")]
    return sum(len(c["options"]) if "options" in c else 1 for c in live)


# Why a question offering one answer is asked all the same (locale ui, `Pending` "alone").
WHY_ALONE = frozenset(UI[key] for key in ("alone_cover", "alone_ready"))


def ritual(m: Shown) -> bool:
    """A live question offering a single answer that does not say why it is asked: a click
    that decides nothing. One asked so that nobody can tell who had a choice, or a Ready
    that ends a wait early, says so."""
    return answers_offered(m.components) == 1 and not WHY_ALONE & set(m.lines())


def _lone_answers(place: str, messages: list[Shown]) -> list[str]:
    return [f"{LONE}: {place}: “{m.excerpt()}” offers one answer and says not why"
            for m in messages if ritual(m)]


def header_only(m: Shown) -> bool:
    """A DM that says nothing but the moment it was sent at ("**Day** · round 2")."""
    lines = m.lines()
    return bool(lines) and not m.pictures and all(MOMENT.match(line) for line in lines)


def _header_only(place: str, messages: list[Shown]) -> list[str]:
    """A DM is a notification: one with nothing to read or answer costs the reader a look."""
    return [f"{HEADER_ONLY}: {place}: “{m.excerpt()}” says nothing else"
            for m in messages if header_only(m)]


def _unshrunk(place: str, messages: list[Shown]) -> list[str]:
    """A question answered or closed reads as one line ("…: your decision — You chose X"):
    its whole box kept makes the conversation long and the live question hard to find."""
    return [f"{UNSHRUNK}: {place}: “{e['title']}” keeps its box once closed"
            for m in messages if not m.live_questions
            for e in m.embeds if QUESTION_TITLE.match(e.get("title", ""))]


def asks(m: Shown) -> bool:
    """The message asks something, or asked it (closed to one line), or offers a button."""
    return bool(m.controls) or any(CLOSED_LINE.match(line) for line in m.content.splitlines())


def _out_not_left_alone(place: str, messages: list[Shown]) -> list[str]:
    """A player who is out is told so once (`you_are_out`), then written to only to be asked
    something (and at the end, the farewell)."""
    told = [i for i, m in enumerate(messages) if any(OUT.match(line) for line in m.lines())]
    if not told:
        return []
    out = [f"{OUT_AGAIN}: {place}: told {len(told)} times"] if len(told) > 1 else []
    return out + [f"{OUT_AGAIN}: {place}: “{m.excerpt()}” asks nothing"
                  for i, m in enumerate(messages) if i > told[0] and i not in told
                  and not asks(m) and not FAREWELL.match(m.content)]


def _repeated_pictures(thread: list[Shown]) -> list[str]:
    out, last = [], None
    for m in thread:
        for picture in m.pictures:
            if last is not None and picture.digest == last.digest:
                out.append(f"{PICTURE}: the thread: “{m.excerpt()}” posts {picture.filename}, "
                           f"the same as the picture before it")
            last = picture
    return out
