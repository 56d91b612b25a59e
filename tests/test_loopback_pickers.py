"""Pickers through the loopback Discord: Room 25's programme is chosen as a first action, then
a second, in menus of one DM edited in place (no DM more, nothing decided until the button),
and the button answers with the programme they make."""
from __future__ import annotations

import asyncio
import sqlite3

from tests.loopback.table import FAST_TIMINGS, answer_first, at_a_table, open_questions

TIMINGS = FAST_TIMINGS.replace("programming=3", "programming=60")


def decisions(db) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT pending_id, choice FROM decisions ORDER BY seq").fetchall()


async def test_room25_programme_is_two_menus_and_one_button_in_one_dm(tmp_path):
    db = tmp_path / "db.sqlite3"
    async with at_a_table(db, "ana") as (discord, (ana,), games_channel):
        await ana.slash(games_channel, "room25 new", mode="coop", timings=TIMINGS)
        lobby = games_channel.last_message()
        for _ in range(2):
            await ana.slash(games_channel, "room25 add-ai")
        await ana.click(lobby, "Start")
        give_up, answered = asyncio.get_running_loop().time() + 30, set()
        programme = None
        while programme is None and asyncio.get_running_loop().time() < give_up:
            for prompt in open_questions(ana, lobby.thread, answered):
                if any(s.get("placeholder") == "First action" for s in prompt.selects):
                    programme = prompt
                else:
                    await answer_first(ana, prompt, answered)
            await asyncio.sleep(0.05)
        assert programme is not None, [m.text for m in ana.dms()]
        assert [s["placeholder"] for s in programme.selects] == ["First action"]
        [confirm] = [b for b in programme.buttons if b["label"] == "Confirm"]
        assert confirm.get("disabled")
        dms, before = len(ana.dms()), decisions(db)

        first = await ana.select(programme, "Move", menu="First action")
        assert first.type == 7 and first.message == programme and len(ana.dms()) == dms
        assert [s["placeholder"] for s in programme.selects] == ["First action", "Second action"]
        # Look, unless the deal leaves this character none to take (then its first action)
        [offered] = [[o["label"] for o in s["options"]] for s in programme.selects
                     if s["placeholder"] == "Second action"]
        then = "Look" if "Look" in offered else next(o for o in offered if "None" not in o)
        second = await ana.select(programme, then, menu="Second action")
        assert second.type == 7 and len(ana.dms()) == dms
        assert decisions(db) == before                   # nothing decided by choosing
        assert [o["label"] for s in programme.selects for o in s["options"]
                if o.get("default")] == ["Move", then]

        await ana.click(programme, f"Confirm: 1: Move · 2: {then}")
        # the question closed to one line (a next question of hers may take its place)
        assert f"your decision — You chose **1: Move · 2: {then}**." in programme.content
        [(_, choice)] = [d for d in decisions(db) if d not in before and d[0].startswith("p")]
        assert choice == "M" + {"Look": "L", "Push": "P", "Control": "C"}[then]
