"""What /history and /stats show: a page of ended games, one game's record (its final public
picture, every seat's part, the timeline of its phases) and the stats cards, from the results
index (`hosting.results`). People are named by mention (the messages ping nobody), AI seats by
their name; roles and sides in the game's own words, in the server's language."""
from __future__ import annotations

from itertools import groupby

import discord

import games
from cogs.common import render
from hosting import results
from hosting.results import GameResult, PersonStats, SeatResult, ServerStats, Tally
from hosting.store import GameRow
from hosting.text import Translator, escape

FIELD = 1024           # characters of an embed field's value
TALLY_LINES = 8        # lines of a per-game, per-side or per-role list


def _game_t(game: str, t: Translator) -> Translator:
    return Translator(game, t.lang, markdown=True)


def _who(seat: SeatResult) -> str:
    """A person by mention, an AI seat (or one nobody held at the end) by its name."""
    return f"<@{seat.user_id}>" if seat.user_id is not None else escape(seat.name)


def _marked(t: Translator, seat: SeatResult) -> str:
    """A person or AI at a seat, with how they held it unless they played it throughout."""
    who = _who(seat)
    return (who if seat.part in (results.COUNTED, "ai")
            else f"{who} ({t('history', f'part_{seat.part}')})")


def _date(at: float) -> str:
    return f"<t:{int(at)}:d>"


def _where(thread_id: int | None) -> str:
    return f"<#{thread_id}>" if thread_id else "—"


def _outcome(t: Translator, gt: Translator, game: GameResult) -> str:
    """Who won with which side; a cancelled or abandoned game says so."""
    lines = []
    if game.status != "finished":
        lines.append(t("history", f"status_{game.status}"))
    if game.status == "cancelled":
        return " ".join(lines)
    winners = [s for s in game.seats if s.won and s.part != "left"]
    if not winners:
        return " ".join(lines + [t("history", "nobody_won")])
    groups = [t("ui", "winners_side", names=", ".join(_who(s) for s in run),
                side=results.named(gt, side)) if side else ", ".join(_who(s) for s in run)
              for side, run in groupby(sorted(winners, key=lambda s: (s.side or "", s.seat)),
                                       key=lambda s: s.side)]
    return " ".join(lines + [t("history", "won_by", winners="; ".join(groups))])


def history_page(t: Translator, title: str, total: int, page: int,
                 found: list[GameResult]) -> discord.Embed:
    """One page of ended games, newest first."""
    pages = max(1, -(-total // results.PAGE))
    blocks = []
    for game in found:
        gt = _game_t(game.game, t)
        seats = ", ".join(_marked(t, s) for s in game.seats)
        blocks.append("\n".join((
            t("history", "game_line", id=game.game_id, game=render.game_title(gt),
              mode=gt.lookup("modes", game.mode), date=_date(game.finished_at),
              where=_where(game.thread_id)),
            t("history", "seats", seats=seats), _outcome(t, gt, game))))
    embed = discord.Embed(title=render.clip(title, 256),
                          description=render.clip("\n\n".join(blocks) or t("history", "none"),
                                                  4000),
                          colour=discord.Colour.dark_teal())
    embed.set_footer(text=t.plural("history", "page", total, page=page + 1, pages=pages))
    return embed


def _seat_lines(t: Translator, gt: Translator, game: GameResult) -> list[str]:
    lines = []
    for seat, held in groupby(game.seats, key=lambda s: s.seat):
        held = list(held)
        last = held[-1]
        parts = ([t("history", "unknown")] if game.status == "cancelled"   # never revealed
                 else [results.named(gt, last.role), results.named(gt, last.side)])
        if last.won is not None:
            parts.append(t("history", "won" if last.won else "lost"))
        lines.append(t("history", "seat_line", seat=seat + 1,
                       who=" → ".join(_marked(t, s) for s in held),
                       parts=" · ".join(p for p in parts if p)))
    return lines


def _timeline(t: Translator, gt: Translator, moments: list[str]) -> list[str]:
    """Each round with the phases it went through, in order ("round 2: night, day")."""
    rounds: dict[str, list[str]] = {}
    for moment in moments:
        phase, _, number = moment.rpartition(":")
        names = rounds.setdefault(number, [])
        if (name := gt.lookup("phases", phase)) not in names:
            names.append(name)
    return [t("history", "timeline_round", clock=gt("ui", "clock_round", round=number),
              phases=", ".join(names)) for number, names in rounds.items()]


def board_file(table: GameRow | None) -> discord.File | None:
    """The engine's public picture of the game's final state, with its alt text (none for a
    game this build cannot load)."""
    if table is None or table.state is None or table.unreadable is not None:
        return None
    try:
        view = games.engine(table.game).public_view(table.state)
        return render.picture_file(table, view, "board.png")
    except Exception:   # a game whose engine cannot draw it still has its record
        return None


def game_record(t: Translator, game: GameResult, table: GameRow | None,
                moments: list[str]) -> dict:
    """One game's record as message parts: its embed (and picture)."""
    gt = _game_t(game.game, t)
    why = (render.result_text(table)       # the rules' reason, as the end told it
           if table is not None and game.status == "finished" else _outcome(t, gt, game))
    rounds = gt("ui", "clock_round", round=game.rounds)
    embed = discord.Embed(
        title=render.clip(t("history", "record_title", id=game.game_id,
                            game=render.game_title(gt), mode=gt.lookup("modes", game.mode)), 256),
        description=render.clip("\n".join((
            t("history", "record_ended", date=_date(game.finished_at), rounds=rounds,
              where=_where(game.thread_id)), why)), 4000),
        colour=discord.Colour.dark_teal())
    embed.add_field(name=t("history", "seats_title"),
                    value=render.clip("\n".join(_seat_lines(t, gt, game)), FIELD), inline=False)
    if timeline := _timeline(t, gt, moments):
        embed.add_field(name=t("history", "timeline_title"),
                        value=render.clip("\n".join(timeline), FIELD), inline=False)
    files = []
    if file := board_file(table):
        embed.set_image(url="attachment://board.png")
        files.append(file)
    return {"embed": embed, "files": files}


def _tally(t: Translator, tally: Tally) -> str:
    return t("history", "tally", won=tally.won, played=tally.played,
             rate=round(100 * tally.rate))


def _tallies(t: Translator, items: list[tuple[str, Tally]]) -> str:
    best = sorted(items, key=lambda item: (-item[1].played, item[0]))[:TALLY_LINES]
    return render.clip("\n".join(t("history", "named_tally", name=name, tally=_tally(t, tally))
                                 for name, tally in best) or t("history", "nothing"), FIELD)


def _by_game(t: Translator, keyed: dict) -> list[tuple[str, Tally]]:
    """(game, key) tallies named "Game · role"."""
    out = []
    for (game, ref), tally in keyed.items():
        gt = _game_t(game, t)
        out.append((t("history", "game_part", game=render.game_title(gt),
                      name=results.named(gt, ref)), tally))
    return out


def person_card(t: Translator, title: str, stats: PersonStats) -> discord.Embed:
    embed = discord.Embed(title=render.clip(title, 256), colour=discord.Colour.dark_teal())
    embed.add_field(name=t("history", "games_field"), inline=False, value=t.plural(
        "history", "games_line", stats.games,
        **{s: stats.statuses.get(s, 0) for s in ("finished", "cancelled", "abandoned")}))
    other = stats.statuses.get("cancelled", 0) + stats.statuses.get("abandoned", 0)
    embed.add_field(name=t("history", "wins_field"), inline=False, value="\n".join((
        _tally(t, stats.total),
        t("history", "not_counted", other=other,
          **{p: stats.parts.get(p, 0) for p in ("left", "autopilot", "substitute")}))))
    embed.add_field(name=t("history", "per_game_field"), inline=False, value=_tallies(
        t, [(render.game_title(_game_t(g, t)), tally) for g, tally in stats.per_game.items()]))
    embed.add_field(name=t("history", "per_side_field"), inline=False,
                    value=_tallies(t, _by_game(t, stats.per_side)))
    embed.add_field(name=t("history", "per_role_field"), inline=False,
                    value=_tallies(t, _by_game(t, stats.per_role)))
    embed.add_field(name=t("history", "ai_field"), inline=False, value=t.plural(
        "history", "ai_line", stats.games, with_ai=stats.with_ai,
        beside=stats.ai_beside, against=stats.ai_against))
    return embed


def server_card(t: Translator, stats: ServerStats) -> discord.Embed:
    embed = discord.Embed(title=t("history", "stats_title_server"),
                          colour=discord.Colour.dark_teal())
    lines = [t("history", "server_games_line", game=render.game_title(_game_t(game, t)),
               **{s: counts.get(s, 0) for s in ("finished", "cancelled", "abandoned")})
             for game, counts in sorted(stats.per_game.items())]
    embed.add_field(name=t("history", "games_field"), inline=False,
                    value=render.clip("\n".join(lines) or t("history", "none"), FIELD))
    embed.add_field(name=t("history", "sides_field"), inline=False,
                    value=_tallies(t, _by_game(t, stats.sides)))
    embed.add_field(name=t("history", "most_field"), inline=False, value="\n".join(
        t("history", "most_line", rank=i + 1, who=f"<@{user}>", games=n)
        for i, (user, n) in enumerate(stats.most_games)) or t("history", "nothing"))
    embed.add_field(name=t("history", "best_field", min=results.MIN_RATED), inline=False,
                    value="\n".join(t("history", "best_line", rank=i + 1, who=f"<@{user}>",
                                      tally=_tally(t, tally))
                                    for i, (user, tally) in enumerate(stats.best_rate))
                    or t("history", "nothing"))
    embed.set_footer(text=t("history", "lists_footer"))
    return embed
