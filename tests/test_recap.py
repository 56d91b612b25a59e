"""The recap posted at the end: the GM log grouped by the round and phase each line was
written in, lines that say nothing happened left out, a line repeated at once written once,
and every row carried by some message (so none is posted twice)."""
from __future__ import annotations

from cogs.common.recap import recap
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.simulate import SimulationArgs, simulate
from hosting.store import OutboxRow, Store
from hosting.text import Translator
from tests.test_host import Recorder, four_people

NAMES = ["Ana", "Bruno", "AI 1"]


def row(i: int, kind: str, data: dict, moment: str | None) -> OutboxRow:
    return OutboxRow(i, 1, i, "gm", kind, data, moment)


def log() -> list[OutboxRow]:
    protect = {"by": 1, "seat": 0, "pos": 2}
    return [
        row(1, "gm_protect", protect, "night:1"),
        row(2, "gm_arthur_result", {"by": 2, "seat": 0, "pos": 1, "uneventful": True},
            "night:1"),
        row(3, "gm_protect", protect, "night:1"),
        row(4, "gm_protect", protect, "night:1"),
        row(5, "table_dm_set_aside", {"code": 50007}, None),   # a note between steps
        row(6, "gm_arthur_result", {"by": 2, "seat": 0, "pos": 1, "uneventful": True},
            "day:1"),                                      # a moment where nothing happened
        row(7, "gm_conference", {"seats": [0, 1]}, "night:2"),
    ]


def test_recap_groups_the_log_by_round_without_non_events():
    t = Translator("bethlem", "en", NAMES, markdown=True)
    [(ids, text)] = recap(t, log())
    assert text.splitlines() == [
        "## What happened in secret",
        "### Round 1 · Night",
        "Bruno protected Ana #2. (×3)",          # the story's sentence, not the log's line
        t.event("table_dm_set_aside", {"code": 50007}),   # a kind the story has no words for
        "### Round 2 · Night",
        "The mutineers met in secret: Ana, Bruno.",
    ]
    assert sorted(ids) == [1, 2, 3, 4, 5, 6, 7]        # every row rides on the recap


def test_recap_tells_a_run_of_alike_secret_moves_as_one_sentence_in_each_language():
    """Room 25's programmes of a round are one sentence; a line the story leaves out
    (Mysterium's seed) is not told."""
    plans = [row(i, "gm_plan", {"char": c, "seat": i - 1, "tokens": ["look", "move"],
                                "adr": False}, "programming:2")
             for i, c in enumerate(("max", "jennifer"), start=1)]
    english = Translator("room25", "en", NAMES, markdown=True)
    [(ids, text)] = recap(english, plans)
    assert ids == [1, 2] and text.splitlines()[1:] == [
        "### Round 2 · Programming",
        "In secret, each planned their two actions: Max (Ana) Look, Move; "
        "Jennifer (Bruno) Look, Move."]
    spanish = Translator("room25", "es", NAMES, markdown=True)
    assert recap(spanish, plans)[0][1].splitlines()[2].startswith(
        "En secreto, cada uno planeó sus dos acciones: Max (Ana) ")
    seed = Translator("mysterium", "en", NAMES, markdown=True)
    assert recap(seed, [row(1, "gm_seed", {"seed": 7}, "setup:0")]) == []


def test_recap_headers_name_the_games_own_clock():
    t = Translator("room25", "en", NAMES, markdown=True)
    plans = [row(1, "gm_plan", {"char": "max", "seat": 0, "tokens": ["look", "move"],
                                "adr": False}, "programming:2")]
    [(_, text)] = recap(t, plans, lambda at: "hour " + at.rpartition(":")[2] + " of 7")
    assert text.splitlines()[1] == "### Hour 2 of 7 · Programming"


def test_recap_speaks_the_table_language_and_splits_long_logs():
    t = Translator("bethlem", "es", NAMES, markdown=True)
    rows = [row(i, "gm_conference", {"seats": [i % 3]}, f"night:{i}") for i in range(1, 200)]
    messages = recap(t, rows)
    assert len(messages) > 1 and all(len(text) <= 2000 for _, text in messages)
    assert messages[0][1].startswith("## Lo que pasó en secreto\n### Ronda 1 · ")
    assert sorted(i for ids, _ in messages for i in ids) == list(range(1, 200))
    assert recap(t, []) == []


async def test_each_outbox_row_carries_the_moment_of_its_step(tmp_path):
    """The host stamps every row with the public moment the step happened in: the wolf's kill
    (and its GM line) belongs to night 1 though dawn follows it in the same step."""
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        out = Recorder()
        host = Host(store, FakeClock(), out, background=False)
        table = await four_people(host)
        await host.start(table.id, table.host_user)
        [kill] = host.pending(table)
        await host.decide(table.id, table.seats[kill.seat].user_id, kill.id, kill.default)
        moments = {r.kind: r.moment for r in await store._outbox("game_id = ?", (table.id,))}
        assert moments["gm_kill"] == moments["night_kill"] == "night:1"
        assert {r.moment for r in out.rows} >= {"night:1"}
        assert {r.moment for r in await store.gm_log(table.id)} == {"night:1"}
    finally:
        await store.close()


async def test_the_recap_tells_who_sabotaged_and_what_the_ghost_meant(tmp_path):
    """Among Cultists' cards played face down and the Mysterium Ghost's meaning behind each
    vision given are secret moves of the log, told in the recap."""
    for game, private, secret in (("cultists", "you_put", "gm_put"),
                                  ("mysterium", "gave", "gm_meant")):
        db = tmp_path / f"{game}.sqlite3"
        assert (await simulate(SimulationArgs(game, players=5, seed=3, db=str(db))))["finished"]
        store = await Store.open(db)
        try:
            [game_id] = await store.game_ids(statuses=("finished",))
            table = await store.load_game(game_id)
            rows = await store._outbox("game_id = ?", (game_id,))
            gm = [r for r in rows if r.kind == secret]
            assert gm and len(gm) == len([r for r in rows if r.kind == private])
            assert {r.audience for r in gm} == {"gm"}
            t = Translator(game, "en", table.names, markdown=True)
            text = "\n".join(text for _, text in recap(t, await store.gm_log(game_id)))
            for r in gm:
                line = (t("story_items", r.kind, **r.data) if t.has("story_folds", r.kind)
                        else t("story", r.kind, **r.data))
                assert line in text
        finally:
            await store.close()
