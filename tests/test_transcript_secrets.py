"""Secret audits over simulator transcripts: what a whole hosted game actually delivered, line by
line, to the public, to each seat and to the GM log."""
from __future__ import annotations

import json

import pytest

import games
from hosting import autopilot, pace
from hosting.simulate import SimulationArgs, simulate
from hosting.store import Store

# Bethlem: public events that tie a card to a seat. Each is a reveal the spec's information
# model makes public: deaths and revivals at dawn, the lobotomy and confession reveals, an
# announced awakening, Gas de la risa's raised hand, the open 2-player draft, the day
# personalities.
BETHLEM_REVEALS = {"card_died", "card_revived", "lobotomy", "confession", "awakening_announced",
                   "laugh", "drafted", "personalities_revealed"}
# Private answers: they go to seats, never to the public or the GM log alone.
BETHLEM_SINGLE = {"peek_result", "mary_answer", "archivo_answer", "arthur_result", "ali_peek",
                  "your_row", "your_cards", "objective", "your_objective_card"}


async def transcript(tmp_path, game, mode, players, seed) -> list[dict]:
    path = tmp_path / f"{game}-{mode}-{players}-{seed}.jsonl"
    result = await simulate(SimulationArgs(game, players=players, seed=seed, mode=mode,
                                           transcript=str(path)))
    assert result["finished"]
    return [json.loads(line) for line in path.read_text().splitlines()]


def before_the_end(lines: list[dict]) -> list[dict]:
    """Everything delivered before the decision that ended the game (whose events reveal all)."""
    last = next(x["seq"] for x in lines if x["kind"] == "table_finished")
    return [x for x in lines if x["seq"] < last]


@pytest.mark.parametrize("mode,players,seed", [("normal", 5, 1), ("normal", 7, 2), ("three", 3, 3),
                                               ("two", 2, 4), ("custom", 6, 5)])
async def test_bethlem_transcript_reveals_cards_only_as_the_rules_do(tmp_path, mode, players, seed):
    lines = await transcript(tmp_path, "bethlem", mode, players, seed)
    for x in before_the_end(lines):
        data, audience = x["data"], x["audience"]
        if audience == "public":
            ties = ("card" in data or "cards" in data) and ("seat" in data or "seats" in data)
            assert not ties or x["kind"] in BETHLEM_REVEALS, x
            assert not x["kind"].startswith("gm_"), x
        if x["kind"] in BETHLEM_SINGLE:
            assert audience.startswith("seat:"), x


@pytest.mark.parametrize("mode,players,seed", [("suspicion", 4, 1), ("suspicion", 6, 2),
                                               ("suspicion", 8, 3), ("coop", 1, 4), ("coop", 4, 5)])
async def test_room25_transcript_names_rooms_only_once_revealed(tmp_path, mode, players, seed):
    lines = await transcript(tmp_path, "room25", mode, players, seed)
    revealed: set[str] = set()
    unmasked: set[str] = set()
    for x in before_the_end(lines):
        data, audience, kind = x["data"], x["audience"], x["kind"]
        if kind == "look_result":
            assert audience.startswith("seat:"), x       # a Look reaches the looker only
        if kind == "you_are":
            assert audience.startswith("seat:"), x
        if audience != "public" or kind == "game_over":
            continue
        assert kind != "hidden_room", x                  # face-down rooms show only at the end
        if kind in ("revealed", "replaced"):
            revealed.add(data["room"])
        elif "room" in data:
            assert data["room"] in revealed, x
        if kind == "identity":
            unmasked.add(data["char"])
        elif "role" in data:
            assert data.get("char") in unmasked, x


@pytest.mark.parametrize("game,mode,players,seed", [
    ("toy", "normal", 6, 8), ("toy", "normal", 6, 0), ("bethlem", "normal", 5, 3),
    ("bethlem", "normal", 7, 2), ("room25", "suspicion", 4, 1), ("cultists", None, 5, 1)])
async def test_autopilot_tells_the_table_only_at_public_deadlines(tmp_path, game, mode,
                                                                  players, seed):
    """The last seat never answers: the bot takes it over after its misses, and the table
    learns so at the one deadline that makes its public misses in a row the table's number,
    worked out from the public questions alone (replayed from the stored decisions)."""
    db, path = tmp_path / "g.sqlite3", tmp_path / "t.jsonl"
    result = await simulate(SimulationArgs(game, players=players, seed=seed, mode=mode,
                                           absent=1, db=str(db), transcript=str(path)))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    store = await Store.open(db)
    try:
        [game_id] = await store.game_ids(statuses=("finished", "running"))
        table, decisions = await store.load_game(game_id), await store.decisions(game_id)
    finally:
        await store.close()
    absent, engine = players - 1, games.engine(game)
    state, _ = engine.setup({**pace.game_options(table.options), "mode": table.mode},
                            players, table.seed)
    run, told, expected = 0, False, []
    for seq, seat, pending_id, choice, source in decisions:
        asked = next(p for p in engine.pending(state) if p.id == pending_id)
        if seat == absent and asked.public:
            run = run + 1 if source == "timeout" else 0
            if run == autopilot.misses(table) and not told:
                expected.append(seq)
                told = True
        state, _ = engine.apply(state, seat, pending_id, choice)
    shown = [x["seq"] for x in lines if x["audience"] == "public" and "autopilot" in x["kind"]]
    assert shown == expected and result["decisions"] == len(decisions)
    assert expected
    private = [x for x in lines if x["kind"].startswith("autopilot_")]
    assert [x["audience"] for x in private] == [f"seat:{absent}"]   # told once, to the seat
    assert table.seats[absent].autopilot == "missed"
    assert any(d[1] == absent and d[4] == "ai" for d in decisions)   # the bot played it
