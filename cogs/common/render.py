"""Embeds and component layouts built from a table: lobby, status, prompts, secrets.

Nothing here decides anything; it only shows what the host and the engine say, in the table's
language. Only questions the engine marks public name the people asked.
"""
from __future__ import annotations

import io
import re
import string
from collections import Counter

import discord

import games
from games.base import JOIN, PUBLIC_PICTURE, IllegalMove, Option, Pending, joined
from games.settings_text import format_settings
from hosting import autopilot
from hosting.host import moment_of
from hosting.more_time import now_part
from hosting.pace import presets
from hosting.store import GameRow
from hosting.text import Translator, escape

EMBED_LIMIT = 4000
MESSAGE_LIMIT = 1900      # what we put in one message, leaving room for pings
CONTENT_MAX = 2000        # Discord's limit on a message's content
BUTTONS_MAX = 20          # four rows of five; more options go to select menus
BUTTONS_ROW = 5           # Discord's buttons per row
SELECT_SIZE = 25          # Discord's limit per select menu
ROWS_MAX = 5              # Discord's rows per message; a menu takes one


def translator(table: GameRow) -> Translator:
    """For message text and embeds: player names escaped."""
    return Translator(table.game, table.lang, table.names, markdown=True)


def plain_translator(table: GameRow) -> Translator:
    """For button labels, menu options and pictures, where Discord reads no markdown."""
    return Translator(table.game, table.lang, table.names)


def game_title(t: Translator) -> str:
    return t.lookup("meta", "name") if t.has("meta", "name") else str(t.game)


def clip(text: str, limit: int = EMBED_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


QUOTED_MAX = 80   # characters of what a person typed that an answer repeats
SETTINGS_SHOWN = 1000   # characters of a table's settings its lobby shows
# The params of a refusal that quote what a person typed (a command's option, a form's field);
# the others name the game's own things.
TYPED = ("mode", "pace", "part", "policy", "setting", "value", "timing", "script")


def echo(text: object) -> str:
    """What a person typed, quoted back: on one line, clipped, and escaped so that no markdown
    or mention in it takes over the answer."""
    return escape(clip(" ".join(str(text).split()), QUOTED_MAX))


def refusal(t: Translator, err: IllegalMove) -> str:
    """A refusal's one line: what it quotes of a person's typing is echoed (`echo`), and the
    whole fits one message."""
    typed = {key: echo(value) for key, value in err.params.items() if key in TYPED}
    return clip(t.error(err.code, {**err.params, **typed}, escape(err.message)), CONTENT_MAX)


def chunk_pairs(items: list[tuple[object, str]], limit: int = MESSAGE_LIMIT
                ) -> list[tuple[list, str]]:
    """Join (id, line) pairs into messages under Discord's length limit: each message with
    the ids of the lines it holds."""
    out: list[tuple[list, str]] = []
    ids: list = []
    current = ""
    for item, line in items:
        line = clip(line, limit)
        if current and len(current) + 1 + len(line) > limit:
            out.append((ids, current))
            ids, current = [], line
        else:
            current = f"{current}\n{line}" if current else line
        ids.append(item)
    if current:
        out.append((ids, current))
    return out


def template_ends(template: str) -> tuple[str, str] | None:
    """The words a template's lines begin and end with, around what they say."""
    parts = list(string.Formatter().parse(template))
    if not any(field is not None for _, field, _, _ in parts):
        return None
    last = max(i for i, (_, field, _, _) in enumerate(parts) if field is not None)
    return parts[0][0], "".join(text for text, *_ in parts[last + 1:])


def folded(t: Translator, text: str) -> str:
    """A phase post's lines with each run of alike small steps as one line: a game's
    `folds` section names the events whose lines fold (`folds.<kind>`, "The narrator
    called: {items}."), each line giving what it says between its template's first and last
    words ("The narrator calls: " … "."). Thirteen calls of a night read as one line, and
    the vote under them stays in view."""
    for kind in t.keys("folds"):
        ends = template_ends(t.template("events", kind) or "")
        if ends is None:
            continue
        start, end = ends
        out, run = [], []
        for line in [*text.split("\n"), None]:
            if line is not None and line.startswith(start) and line.endswith(end) \
                    and len(line) > len(start) + len(end):
                run.append(line[len(start):len(line) - len(end)])
                continue
            if run:
                out.append(t("folds", kind, items=", ".join(run)))
                run = []
            if line is not None:
                out.append(line)
        text = "\n".join(out)
    return text


def said_once(t: Translator, text: str) -> str:
    """A line repeated at once written once, counted ("… (×3)"): an AI pointing at the same
    card again and again reads as one line."""
    runs: list[list] = []
    for line in text.split("\n"):
        if runs and runs[-1][0] == line:
            runs[-1][1] += 1
        else:
            runs.append([line, 1])
    return "\n".join(line if count == 1 else t("ui", "recap_repeated", line=line, count=count)
                     for line, count in runs)


def thread_url(table: GameRow) -> str | None:
    return (f"https://discord.com/channels/{table.guild_id}/{table.thread_id}"
            if table.guild_id and table.thread_id else None)


def message_url(table: GameRow, message_id: int | None) -> str | None:
    url = thread_url(table)
    return f"{url}/{message_id}" if url and message_id else None


def winners_text(table: GameRow) -> str:
    """The winners grouped by their side, "Ana, Bruno (the inmates)"; a game whose outcome
    names no sides (its `params.sides`: seat -> a key of the game's `sides` table) gives
    the names alone. Empty when nobody won."""
    t = translator(table)
    result = table.result or {}
    sides = (result.get("params") or {}).get("sides") or {}
    groups: dict[str | None, list[str]] = {}
    for seat in result.get("winners", []):
        groups.setdefault(sides.get(str(seat)), []).append(t.seat_name(seat))
    return "; ".join(t("ui", "winners_side", names=", ".join(names), side=t.lookup("sides", side))
                     if side and t.has("sides", side) else ", ".join(names)
                     for side, names in groups.items())


def result_text(table: GameRow) -> str:
    """How a finished game ended, in one line: the rules' reason, then the winners."""
    t = translator(table)
    result = table.result or {}
    reason = result.get("reason")
    why = (t("outcomes", reason, **(result.get("params") or {}))
           if reason and t.has("outcomes", reason) else None)
    winners = winners_text(table)
    return " ".join(filter(None, (why, t("ui", "winners_are", winners=winners) if winners
                                  else t("ui", "nobody_won"))))


def lobby_embed(table: GameRow) -> discord.Embed:
    t = translator(table)
    engine = games.engine(table.game)
    lo, hi = engine.player_range(table.mode)
    host = next((t.name(s.name) for s in table.seats if s.user_id == table.host_user), "—")
    embed = discord.Embed(title=t("ui", "lobby_title", game=game_title(t)),
                          colour=discord.Colour.blurple())
    seats = ", ".join(t.name(s.name) for s in table.seats) or t("ui", "lobby_nobody")
    lines = [t("ui", "lobby_host", host=host)]
    if len(engine.modes) > 1:     # a game of one mode has nothing to choose
        lines.append(t("ui", "lobby_mode", mode=t.lookup("modes", table.mode)))
    lines.append(t("ui", "lobby_pace", pace=t.lookup("paces", _pace_name(table))))
    if table.options:   # as `settings:` takes them, so a host may copy them to a new table
        lines.append(t("ui", "lobby_settings", settings=escape(clip(
            format_settings(table.options), SETTINGS_SHOWN))))
    lines.append(t.plural("ui", "lobby_seats" if lo > 1 and lo != hi else "lobby_seats_fixed",
                          len(table.seats), max=hi, lo=lo, seats=seats))
    for seat, role in sorted(engine.seat_roles(table.mode, table.options).items()):
        role = t.lookup("seat_roles", role)
        lines.append(t("ui", "lobby_role", role=role, name=t.name(table.seats[seat].name))
                     if seat < len(table.seats) else
                     t("ui", "lobby_role_open", role=role, number=seat + 1))
    embed.description = "\n".join(lines)
    if table.status != "lobby":
        embed.set_footer(text=t.lookup("lobby_footers", table.status))
    return embed


def _pace_name(table: GameRow) -> str:
    for name, durations in presets().items():
        if durations == table.pace:
            return name
    return "custom"


def public_due(pending: list[Pending], deadlines: dict[str, float]) -> float | None:
    """The next deadline the whole table may know of: a public question's or a clock-only
    step's. A private question's deadline would tell that somebody was asked."""
    return min((deadlines[p.id] for p in pending
                if (p.public or p.seat is None) and p.id in deadlines), default=None)


def status_embed(table: GameRow, pending: list[Pending], due: float | None) -> discord.Embed:
    """The public status. It depends on public facts only (the phase, public questions, the
    public deadline `due`, the seats the table sees the bot play: `autopilot.shown`): whether
    a seat holds a private question, and whether that seat is a person or an AI, never shows
    here nor in when it changes."""
    t = translator(table)
    engine = games.engine(table.game)
    view = engine.public_view(table.state) if table.state is not None else {"phase": "lobby"}
    over = table.status in ("finished", "cancelled")     # said once, in words of the table
    embed = discord.Embed(title=t("ui", "status_title", game=game_title(t),
                                  phase=t.lookup("statuses", table.status) if over
                                  else t.lookup("phases", str(view.get("phase")))),
                          colour=discord.Colour.dark_teal())
    embed.description = clip(engine.describe(view, t)) if table.state is not None else None
    if table.status == "finished":      # how it ended (the side that won), then who
        result = table.result or {}
        outcome = (t("outcomes", result["reason"], **result.get("params", {}))
                   if result.get("reason") else "")
        embed.add_field(name="\u200b", value=t("ui", "finished", outcome=outcome,
                                                winners=winners_text(table) or "—"))
    elif table.status == "cancelled":
        embed.add_field(name="\u200b", value=t("ui", "cancelled"))
    elif table.status == "paused":
        embed.add_field(name="\u200b", value=t("ui", "suspended" if table.suspended else "paused"))
    else:
        # Who is still to answer shows on the question itself: naming them here would cost
        # an edit per answer.
        if any(p.public and p.seat is not None for p in pending):
            embed.add_field(name="\u200b", value=t("ui", "waiting_thread"))
        if due is not None:
            embed.add_field(name="\u200b", value=t("ui", "deadline", when=f"<t:{int(due)}:R>"))
        if given := now_part(table.clock, moment_of(engine, table.state)).get("given"):
            embed.add_field(name="\u200b", value=t("ui", "status_given", minutes=given))
        if played := [s.seat for s in table.seats if autopilot.shown(s, table)]:
            embed.add_field(name="\u200b", value=t("ui", "status_autopilot", seats=played))
    if "hours" in table.options and not over:
        embed.add_field(name="\u200b", value=t("ui", "status_hours", hours=escape(
            table.options["hours"]), tz=escape(table.options.get("tz", "UTC"))))
    if isinstance(view.get("clock"), dict) and "key" in view["clock"]:
        embed.set_footer(text=clock(view, t))
    elif view.get("round"):      # no "Round 0" while the table is set up
        embed.set_footer(text=t("ui", "round", round=view["round"]))
    return embed


def may(channel, permission: str) -> bool:
    """Whether the bot holds `permission` there (a `discord.Permissions` name); DMs allow
    everything the bot does."""
    guild = getattr(channel, "guild", None)
    if guild is None or guild.me is None:
        return True
    return getattr(channel.permissions_for(guild.me), permission)


def can_embed(channel) -> bool:
    """Whether embeds show there (without Embed Links Discord drops them silently)."""
    return may(channel, "embed_links")


def embed_text(embed: discord.Embed) -> str:
    """An embed's words as message text, for a channel where embeds are not shown."""
    lines = [f"**{embed.title}**" if embed.title else None, embed.description,
             *(f.value for f in embed.fields),
             f"-# {embed.footer.text}" if embed.footer and embed.footer.text else None]
    return "\n".join(line for line in lines if line)


def fit(channel, content: str | None, embed: discord.Embed | None) -> dict:
    """Text and embed for this channel: where embeds are not shown, the embed's words join the
    text, so nothing is lost."""
    if embed is None or can_embed(channel):
        return {"content": content, "embed": embed}
    text = "\n".join(filter(None, (content, embed_text(embed))))
    return {"content": clip(text, CONTENT_MAX), "embed": None}


def picture_png(table: GameRow, view: dict) -> bytes | None:
    return games.engine(table.game).picture(view, plain_translator(table)) or None


ALT_TEXT_MAX = 1024   # Discord's limit on an attachment's description (its alt text)
MARKS = re.compile(r"\*\*|__|~~|`|^#+ |^-# ", re.MULTILINE)


def alt_text(table: GameRow, view: dict) -> str:
    """A picture's alt text: the engine's words for the very view it draws, so a screen reader
    reads the board where it would say "image" (and a public picture's, public words only)."""
    text = MARKS.sub("", games.engine(table.game).describe(view, plain_translator(table)))
    kept = _lines(text.splitlines(), ALT_TEXT_MAX)
    return clip(text, ALT_TEXT_MAX) if kept == "…" else kept


def png_file(png: bytes, description: str, name: str = "table.png") -> discord.File:
    return discord.File(io.BytesIO(png), filename=name, description=description)


def picture_file(table: GameRow, view: dict, name: str = "table.png") -> discord.File | None:
    png = picture_png(table, view)
    return png_file(png, alt_text(table, view), name) if png else None


def seat_file(table: GameRow, seat: int, name: str = "seat.png") -> discord.File | None:
    """The seat's own picture (its `seat_view`, alt text from the same view), if any."""
    return picture_file(table, games.engine(table.game).seat_view(table.state, seat), name)


def shared_seat_pictures(table: GameRow, group: list[Pending]) -> dict[int, tuple[bytes, str]]:
    """The seat pictures a public question may show in the thread, seat -> (PNG, alt text):
    only those its engine vouches hold public facts alone (`params["picture"] ==
    PUBLIC_PICTURE`)."""
    engine, shared = games.engine(table.game), {}
    for p in group:
        if p.params.get("picture") == PUBLIC_PICTURE and p.seat not in shared:
            view = engine.seat_view(table.state, p.seat)
            if png := picture_png(table, view):
                shared[p.seat] = (png, alt_text(table, view))
    return shared


def seat_picture(table: GameRow, seat: int, embed: discord.Embed,
                 name: str = "seat.png") -> dict:
    """The seat's own picture (what it alone sees) shown in `embed`: the `files` to send with
    it, or nothing when the game draws none."""
    file = seat_file(table, seat, name)
    if file is None:
        return {}
    embed.set_image(url=f"attachment://{name}")
    return {"files": [file]}


def clock(view: dict, t: Translator) -> str:
    """When the game is, in its own words ("Hour 3 of 7", "Loop 2 · Day 4"): the public view's
    "clock", {"key": a key of the game's `views` (or the shared `ui`) section, "params": ...},
    else its round. (Among Cultists' "clock" is its track of events, no key: not words.)"""
    spec = view.get("clock")
    if not isinstance(spec, dict) or "key" not in spec:
        return t("ui", "clock_round", round=view.get("round", 0))
    section = "views" if t.has("views", spec["key"]) else "ui"
    return t(section, spec["key"], **spec.get("params", {}))


def moment(table: GameRow, t: Translator, at: str | None = None) -> dict:
    """The public moment a question or a post belongs to, as words: its phase and the game's
    clock. `at`: a past moment's key ("phase:round"), whose clock is the view's while the game
    is still in that round (a post sent as the next phase began), else the engine's
    `clock_at` that round."""
    engine = games.engine(table.game)
    view = {} if table.state is None else engine.public_view(table.state)
    if at is not None and at != f"{view.get('phase')}:{view.get('round')}":
        phase, _, rounds = at.rpartition(":")
        then = engine.clock_at(table.state, phase, int(rounds)) if (
            table.state is not None and rounds.isdigit()) else None
        view = ({**view, "phase": phase} if rounds == str(view.get("round"))
                else {"phase": phase, "round": rounds, **({"clock": then} if then else {})})
    return {"phase": t.lookup("phases", str(view.get("phase", ""))), "clock": clock(view, t)}


def option_note(t: Translator, option: Option) -> str | None:
    """The few words an option carries beside its label (a character's ability): the engine
    names them in `params["ability"]`, a key of the game's `abilities` table, whose entry is
    a name or a rich entry {"name", "text"} (then both show)."""
    ability = option.params.get("ability")
    if not ability:
        return None
    entry = t.template("abilities", str(ability))
    if isinstance(entry, dict) and entry.get("text"):
        return t("ui", "ability_note", name=entry.get("name", ability), text=entry["text"])
    return t.lookup("abilities", str(ability))


def question_text(t: Translator, pending: Pending, options=None) -> str:
    """The question, then each option that carries a note, one line each; a question that
    offers a single answer says why it is asked all the same (`Pending` "alone")."""
    options = pending.options if options is None else options
    notes = [t("ui", "option_note", label=t.option(o.key, o.params), note=note)
             for o in options if (note := option_note(t, o))]
    shown = [o for o in options if not o.params.get("unlisted")]
    why = pending.params.get("alone") if len(shown) == 1 else None
    return "\n".join([t("prompts", pending.kind, **pending.params), *notes,
                      *([t("ui", f"alone_{why}")] if why else [])])


def deadline_rule(t: Translator, group: list[Pending], due: float) -> str:
    """When the question closes and what is taken then (when it is the same for everyone
    asked), so nobody has to guess."""
    when = f"<t:{int(due)}:R>"
    pending = group[0]
    fallback = pending.option(pending.default) if pending.default else None
    if fallback is None or any(p.default != pending.default for p in group):
        return t("ui", "deadline", when=when)
    return t("ui", "deadline_rule", when=when, choice=t.option(fallback.key, fallback.params))


FIELD_LIMIT = 1024        # Discord's limit on an embed field's value


def _lines(lines: list[str], limit: int = FIELD_LIMIT) -> str:
    """Whole lines under `limit`: the first ones, then "…"."""
    kept, size = [], 0
    for line in lines:
        if size + len(line) + 1 > limit - 2:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


def secret_lines(table: GameRow, seat: int, t: Translator) -> dict[str, list[str]]:
    """The seat's secrets, "own" and "known" (`Engine.secrets`); for a game that does not
    say, the lines of its seat description the public one lacks."""
    engine = games.engine(table.game)
    view = engine.seat_view(table.state, seat)
    said = engine.secrets(view, t)
    if said is not None:
        return said
    public = set(engine.describe(engine.public_view(table.state), t).splitlines())
    return {"own": [line for line in engine.describe(view, t).splitlines()
                    if line.strip() and line not in public], "known": []}


def secrets_embed(table: GameRow, seat: int, open_questions: int,
                  recent: list[str]) -> discord.Embed:
    """ "My secrets": the seat's own secret first, then what it knows, how many questions
    wait, and (shortest) its latest private lines; the public board is the status's."""
    t = translator(table)
    secret = secret_lines(table, seat, t)
    embed = discord.Embed(title=t("ui", "secrets_title", **moment(table, t)),
                          colour=discord.Colour.dark_purple())
    for heading, lines in (("secrets_own", secret.get("own")),
                           ("secrets_known", secret.get("known"))):
        if lines:
            embed.add_field(name=t("ui", heading), value=_lines(lines), inline=False)
    embed.add_field(name=t("ui", "secrets_open"), inline=False, value=t.plural(
        "ui", "secrets_open", open_questions) if open_questions else t("ui", "nothing_pending"))
    if recent:
        embed.add_field(name=t("ui", "secrets_recent"), value=_lines(recent, 600), inline=False)
    return embed


def prompt_embed(table: GameRow, pending: Pending, due: float | None) -> discord.Embed:
    """One person's question: its round and phase in the title (a DM conversation holds many
    alike), the notes of its options, and its deadline with what a timeout takes."""
    t = translator(table)
    embed = discord.Embed(title=t("ui", "prompt_header", **moment(table, t)),
                          description=clip(question_text(t, pending)),
                          colour=discord.Colour.gold())
    if due is not None:
        embed.add_field(name="\u200b", value=deadline_rule(t, [pending], due), inline=False)
    return embed


def closed_question(t: Translator, content: str | None, embeds: list[discord.Embed],
                    outcome: str, pictures: bool = False) -> dict:
    """The edit that closes a question: the news that rode on it stays above, the question
    shrinks to one line (when it was asked, then what was chosen or that the time ran out),
    its buttons, deadline and, unless `pictures` are kept (the thread's, which the next
    posts are drawn against), its pictures go. A spent question reads as an answer, and
    the conversation stays short."""
    asked = next((e.title for e in reversed(embeds) if e.title), None)
    line = t("ui", "closed_line", asked=asked, outcome=outcome) if asked else outcome
    edit = {"content": clip("\n".join(filter(None, (content, line))), CONTENT_MAX),
            "embeds": [], "view": None}
    return edit if pictures else {**edit, "attachments": []}


def labels_of(message: discord.Message) -> dict[str, str]:
    """Option id -> label, read back from a question message's buttons and menus (their
    custom ids end with the option's id)."""
    labels = {}
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if isinstance(item, discord.Button) and item.custom_id:
                labels[item.custom_id.rsplit("|", 1)[-1]] = item.label or ""
            for option in getattr(item, "options", []):
                labels[option.value] = option.label
    return labels


def option_label(t: Translator, pending: Pending, option_id: str) -> str:
    """What an answer reads as: its option's label, or a multi-pick's picked ones'."""
    opt = pending.option(option_id)
    if opt is not None:
        return t.option(opt.key, opt.params)
    picked = pending.picked(option_id)
    return ", ".join(t.option(o.key, o.params) for o in picked) if picked else option_id


def choice_label(labels: dict[str, str], choice: str) -> str:
    """An answer read back from its question's labels (`labels_of`): a multi-pick's, each
    picked one's."""
    if JOIN in choice:
        return ", ".join(labels.get(part, part) for part in choice.split(JOIN))
    return labels.get(choice, choice)


def prompt_view(table: GameRow, pending: Pending, picked: tuple[str, ...] = (),
                steps: tuple[str, ...] = ()) -> discord.ui.View:
    """One person's question, with buttons that carry the question's id. A multi-pick is a
    menu of its options (those `picked` so far shown chosen) and a button that answers with
    them; options an engine spells as steps are a menu per step (`steps`: the parts chosen
    so far) and a button that answers with the option they make."""
    from cogs.common.views import DecisionButton, DecisionSelect

    t = plain_translator(table)
    first = [*_pick_items(t, table, pending, picked), *_step_items(t, table, pending, steps)]
    anchors = (pending.params.get("pick") or {}).get("anchors", ()) if pending.picks() else ()
    return _options_view(
        table, [o for o in pending.options if o not in pending.picks()
                and not o.params.get("path") and o.id not in anchors],
        lambda opt, label: DecisionButton(table.id, pending.id, opt, label),
        lambda page, choices, hint: DecisionSelect(table.id, pending.id, page, choices, hint),
        first)


def _pick_items(t: Translator, table: GameRow, pending: Pending, picked: tuple[str, ...]
                ) -> list:
    """A multi-pick's menu and the button that answers with what it holds (none yet: off),
    or one such button for each of its anchors."""
    from cogs.common.views import DecisionButton, PickSelect

    items = pending.picks()
    if not items:
        return []
    pick = pending.params["pick"]
    labels = dict(zip((o.id for o in items), option_labels(t, list(items))))
    choices = [discord.SelectOption(label=clip(labels[o.id], 100), value=o.id,
                                    default=o.id in picked,
                                    description=clip(option_note(t, o) or "", 100) or None)
               for o in items[:SELECT_SIZE]]
    menu = PickSelect(table.id, pending.id, choices, clip(menu_label(t, items[0]), 150),
                      min(pick.get("min", 1), len(choices)),
                      min(pick.get("max", len(choices)), len(choices)))
    picks = joined(picked, pending) if picked else ""
    buttons = []
    for anchor in [pending.option(a) for a in pick.get("anchors", ())] or [None]:
        answer = JOIN.join(filter(None, (anchor and anchor.id, picks)))
        allowed = bool(picks) and pending.picked(answer) is not None
        button = DecisionButton(table.id, pending.id,
                                answer if allowed else anchor.id if anchor else "-",
                                clip(t.option(pick["confirm"], anchor.params if anchor else {}),
                                     80))
        button.item.disabled = not allowed
        buttons.append(button)
    return [menu, *buttons]


def path_parts(option: Option) -> list[str]:
    return [part for _, part in option.params["path"]]


def part_label(t: Translator, part: str) -> str:
    """A step's part in words: a key of the game's `parts` section, or "section:key" for a
    thing the game names in another (Tragedy Looper's "cards:intrigue_plus1")."""
    section, _, key = part.rpartition(":")
    return t.lookup(section or "parts", key)


def _step_items(t: Translator, table: GameRow, pending: Pending, chosen: tuple[str, ...]
                ) -> list:
    """Options spelt as steps (`params["path"]`, [[menu, part], ...], alike for all): a menu
    for each step that has a choice left, up to the first not chosen yet (a step with one
    part left is taken, not asked), then a button that answers with the option the parts
    make (off until they make one). A choice of card × target, or a programme of two
    actions, reads as two short menus instead of a wall of every combination."""
    from cogs.common.views import DecisionButton, StepSelect

    pathed = [o for o in pending.options if o.params.get("path")]
    if not pathed:
        return []
    items, picks, fits = [], [], pathed
    for k, (menu, _) in enumerate(pathed[0].params["path"]):
        fits = [o for o in fits if path_parts(o)[:k] == picks]
        parts = list(dict.fromkeys(path_parts(o)[k] for o in fits))
        pick = chosen[k] if k < len(chosen) and chosen[k] in parts else None
        if len(parts) == 1:
            pick = parts[0]
        else:
            items.append(StepSelect(table.id, pending.id, k, tuple(picks), [
                discord.SelectOption(label=clip(part_label(t, part), 100), value=part,
                                     default=part == pick) for part in parts[:SELECT_SIZE]],
                clip(t("menus", menu), 150)))
        if pick is None:
            break
        picks.append(pick)
    answer = next((o for o in fits if path_parts(o) == picks), None)
    confirm = DecisionButton(
        table.id, pending.id, answer.id if answer else "-", clip(
            t("ui", "confirm_choice", choice=t.option(answer.key, answer.params))
            if answer else t("ui", "confirm"), 80))
    confirm.item.disabled = answer is None
    return [*items, confirm]


def ballot_view(table: GameRow, options: list[Option]) -> discord.ui.View:
    """A question asked in the thread: each person's click finds their own question. Options
    spelt as steps show their first step's menu alone (`BallotStepSelect`): a choice there
    answers the person asked alone, with the steps left and the button, so the thread shows
    nothing of what they pick (a protagonist's face-down card)."""
    from cogs.common.views import BallotButton, BallotSelect, BallotStepSelect

    t = plain_translator(table)
    pathed = [o for o in options if o.params.get("path")]
    first = []
    if pathed:
        parts = list(dict.fromkeys(path_parts(o)[0] for o in pathed))
        first = [BallotStepSelect(table.id, [
            discord.SelectOption(label=clip(part_label(t, part), 100), value=part)
            for part in parts[:SELECT_SIZE]], clip(t("menus", pathed[0].params["path"][0][0]),
                                                   150))]
    return _options_view(
        table, [o for o in options if not o.params.get("path")],
        lambda opt, label: BallotButton(table.id, opt, label),
        lambda page, choices, hint: BallotSelect(table.id, page, choices, hint), first)


def ballot_embed(table: GameRow, group: list[Pending], due: float | None,
                 answered: list[int] = ()) -> discord.Embed:
    """A question asked in the thread: whom it asks, people and AI seats alike (`answered`:
    the seats that already gave their answer, AI seats answering at once)."""
    t = translator(table)
    options = list({o.id: o for p in group for o in p.options}.values())
    embed = discord.Embed(title=t("ui", "ballot_header", **moment(table, t)),
                          description=clip(question_text(t, group[0], options)),
                          colour=discord.Colour.gold())
    seats = sorted({p.seat for p in group} | set(answered))
    embed.add_field(name="\u200b", inline=False, value=t(
        "ui", "asked", names=", ".join(t.seat_name(s) for s in seats)))
    if due is not None:
        embed.add_field(name="\u200b", value=deadline_rule(t, group, due), inline=False)
    return embed


def option_labels(t: Translator, options: list[Option]) -> list[str]:
    """Each option's label. Two that would read alike (two players of the same name, a player
    called "Nobody") are told apart by the seat number of those naming a seat."""
    labels = [t.option(o.key, o.params) for o in options]
    alike = Counter(label.casefold() for label in labels)
    return [t("ui", "seat_option", label=label, number=int(o.params["seat"]) + 1)
            if alike[label.casefold()] > 1 and "seat" in o.params else label
            for o, label in zip(options, labels)]


def menu_label(t: Translator, option: Option) -> str:
    """The words of the menu an option is listed in (`params["menu"]`, a key of the game's
    `menus` section filled with the option's params)."""
    return t("menus", str(option.params["menu"]), **option.params)


def arrange(t: Translator, options: list[Option], rows: int = ROWS_MAX
            ) -> list[tuple[str | None, list[Option]]]:
    """How options are shown within `rows` rows: (words, options) for each menu, then (None,
    options) for the buttons. Options an engine names a menu for (`menu_label`) go in that
    menu, the others on buttons; when they are too many for buttons, they go in menus of
    25 too. A menu too long for one is cut in parts, each named by its first and last
    option: never by a count nobody reads. Menus an engine names that would not fit the
    message are set aside for menus of 25, so that no option is left out."""
    menus: dict[str, list[Option]] = {}
    loose = []
    for opt in options:
        if opt.params.get("unlisted"):
            continue
        if opt.params.get("menu"):
            menus.setdefault(menu_label(t, opt), []).append(opt)
        else:
            loose.append(opt)
    room = (rows - sum(-(-len(part) // SELECT_SIZE) for part in menus.values())) * BUTTONS_ROW
    if len(loose) > min(room, BUTTONS_MAX):
        menus[""], loose = loose, []
    if sum(-(-len(part) // SELECT_SIZE) for part in menus.values()) \
            + -(-len(loose) // BUTTONS_ROW) > rows:
        menus, loose = {"": [o for o in options if not o.params.get("unlisted")]}, []
    labels = dict(zip((o.id for o in options), option_labels(t, options)))
    out: list[tuple[str | None, list[Option]]] = []
    for words, part in menus.items():
        chunks = [part[i:i + SELECT_SIZE] for i in range(0, len(part), SELECT_SIZE)]
        for chunk in chunks:
            ends = t("ui", "page", first=clip(labels[chunk[0].id], 60),
                     last=clip(labels[chunk[-1].id], 60))
            named = words if len(chunks) == 1 else t("ui", "menu_part", menu=words, part=ends)
            out.append((named if words else ends, chunk))
    button_rows = -(-len(loose) // BUTTONS_ROW)
    return [*out[:max(0, rows - button_rows)], *([(None, loose)] if loose else [])]


def _options_view(table: GameRow, options, button, select, first=()) -> discord.ui.View:
    """Buttons for a few options, menus for many or for those an engine groups (`arrange`);
    `first`: items that go before them (a picker's menus, a row each, and its buttons, which
    share rows)."""
    t = plain_translator(table)
    view = discord.ui.View(timeout=None)
    row, beside = 0, 0        # the row being filled, and how many buttons it holds
    for item in first:
        menu = isinstance(item.item, discord.ui.Select)
        if beside and (menu or beside == BUTTONS_ROW):
            row, beside = row + 1, 0
        item.item.row = row
        view.add_item(item)
        row, beside = (row + 1, 0) if menu else (row, beside + 1)
    row += 1 if beside else 0
    options = list(options)
    labels = dict(zip((o.id for o in options), option_labels(t, options)))
    for words, part in arrange(t, options, ROWS_MAX - row):
        if words is None:
            for i, opt in enumerate(part[:(ROWS_MAX - row) * BUTTONS_ROW]):
                item = button(opt.id, clip(labels[opt.id], 80))
                item.item.row = row + i // BUTTONS_ROW
                view.add_item(item)
            continue
        choices = [discord.SelectOption(label=clip(labels[o.id], 100), value=o.id,
                                        description=clip(option_note(t, o) or "", 100) or None)
                   for o in part]
        item = select(row, choices, clip(words, 150))
        item.item.row = row
        view.add_item(item)
        row += 1
    return view
