"""A finished game's replay through the loopback Discord: refused privately while the game
runs, then opened by anyone from the final status (or `/GAME replay`) as an ephemeral page
whose Previous and Next turn it in place, telling every secret move."""
from __future__ import annotations

import io

from PIL import Image

from hosting.store import Store
from hosting.text import Translator
from tests.loopback.table import KILL_PROMPT, answer, at_a_table, open_questions, play


def drawn(view, t) -> bytes:
    """A picture of the toy's table: one colour for each number of people alive."""
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (40 * len(view["alive"]) % 256, 90, 160)).save(out, "PNG")
    return out.getvalue()


def replay_button(thread):
    found = [m for m in thread.messages() if "Replay" in m.labels()]
    assert found, [m.labels() for m in thread.messages()]
    return found[-1]


async def test_replay_pages_turn_in_place_and_a_running_game_is_refused(tmp_path, monkeypatch):
    from tests.toy import ToyGame
    monkeypatch.setattr(ToyGame, "picture", lambda self, view, t: drawn(view, t))
    async with at_a_table(tmp_path / "db.sqlite3", "ana", "bruno", "carla", "dora",
                          "eve") as (discord, (ana, bruno, carla, dora, eve), games_channel):
        await ana.slash(games_channel, "toy new", pace="live")
        lobby = games_channel.last_message()
        for person in (bruno, carla, dora):
            await person.click(lobby, "Join")
        await ana.click(lobby, "Start")
        thread = lobby.thread
        early = await eve.slash(thread, "toy replay")
        assert early.ephemeral and "once it has ended" in early.text
        done: set = set()
        for _ in range(20):        # nobody is voted out on the first day: a second round
            if "Night 2 falls." in "\n".join(m.text for m in thread.messages()):
                break
            for person in (ana, bruno, carla, dora):
                for prompt in open_questions(person, thread, done):
                    await answer(person, prompt, prompt.labels()[-1]
                                 if KILL_PROMPT in prompt.text else "Nobody", done)
        await play([ana, bruno, carla, dora], thread)

        opened = await eve.click(replay_button(thread), "Replay")   # not seated: may ask too
        page = opened.followups[0] if opened.followups else opened.message
        assert page.ephemeral and page.embeds[0]["title"].startswith("Replay · ")
        first = page.embeds[0]["title"]
        assert first.endswith(f"page 1 of {first.rpartition(' of ')[2]}")
        pages = int(first.rpartition(" of ")[2])
        assert pages > 1
        texts = [page.embeds[0]["description"]]
        pictures = [await page.attachments[0].read()]
        for number in range(2, pages + 1):
            turned = await eve.click(page, "Next")
            assert turned.type == 7 and turned.message.id == page.id      # edited in place
            assert page.embeds[0]["title"].endswith(f"page {number} of {pages}")
            texts.append(page.embeds[0]["description"])
            [picture] = page.attachments                  # the round's picture, with alt text
            assert picture.description and page.embeds[0]["image"]["url"].endswith("round.png")
            pictures.append(await picture.read())
        assert pictures[0] != pictures[-1]
        assert [b["disabled"] for b in page.buttons] == [False, True]
        back = await eve.click(page, "Previous")
        assert back.type == 7 and page.embeds[0]["title"].endswith(f"page {pages - 1} of {pages}")

        store = await Store.open(tmp_path / "db.sqlite3")
        try:
            [game_id] = await store.game_ids(statuses=("finished",))
            table = await store.load_game(game_id)
            gm = await store.gm_log(game_id)
        finally:
            await store.close()
        t = Translator("toy", "en", table.names, markdown=True)
        told = "\n".join(texts)
        assert gm and all(t.event(r.kind, r.data) in told for r in gm)
        asked = await bruno.slash(games_channel, "toy replay", game=game_id)
        shown = asked.followups[0] if asked.followups else asked.message
        assert shown.ephemeral and shown.embeds[0]["title"] == first
        record = await bruno.slash(games_channel, "history", game=game_id)
        record = record.followups[0] if record.followups else record.message
        title = record.embeds[0]["title"]
        opened = await bruno.click(record, "Replay")    # from the record: a page of its own
        again = opened.followups[0] if opened.followups else opened.message
        assert again.id != record.id and again.embeds[0]["title"] == first
        assert record.embeds[0]["title"] == title
        assert not any("Replay · " in str(m.embeds) for m in thread.messages())  # never public
