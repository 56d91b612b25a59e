"""The simulator: whole toy games through the host and store, transcripts, the secret audit and
the kill -9 / --resume equivalence."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from games.base import IllegalMove
from hosting.simulate import SimulationArgs, simulate
from hosting.store import Store
from tests.durability import same_ending, whole_and_killed

ROOT = Path(__file__).resolve().parent.parent
TOY = ["-m", "tests.toy", "simulate", "toy"]


async def test_same_seed_same_game(tmp_path):
    a = await simulate(SimulationArgs("toy", players=6, seed=9))
    b = await simulate(SimulationArgs("toy", players=6, seed=9))
    assert a == b and a["finished"]
    assert set(a["winners"]) <= set(range(6)) and a["decisions"] > 0


async def test_absent_seats_play_by_default(tmp_path):
    result = await simulate(SimulationArgs("toy", players=5, seed=2, absent=5, mode="slow"))
    assert result["finished"]  # nobody answers: the clock decides, then the bot plays


async def test_a_seat_away_for_a_round_is_the_bots_then_its_persons_again(tmp_path):
    path, db = tmp_path / "t.jsonl", tmp_path / "g.sqlite3"
    result = await simulate(SimulationArgs("toy", players=6, seed=8, away=["5:1"], db=str(db),
                                           transcript=str(path)))
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    switches = [(x["audience"], x["kind"]) for x in lines if "autopilot" in x["kind"]]
    assert switches == [("seat:5", "autopilot_on"), ("public", "table_autopilot_on"),
                        ("seat:5", "autopilot_off"), ("public", "table_autopilot_off")]
    back = next(x["seq"] for x in lines if x["kind"] == "autopilot_off")
    store = await Store.open(db)
    try:
        ours = [(seq, source) for seq, seat, *_, source in await store.decisions(1) if seat == 5]
    finally:
        await store.close()
    assert {s for seq, s in ours if seq < back} == {"ai"}        # the wolf's first night
    assert {s for seq, s in ours if seq > back} == {"player"} and result["finished"]
    with pytest.raises(IllegalMove):
        await simulate(SimulationArgs("toy", players=6, seed=8, absent=1, away=["5:1"]))


async def test_transcript_secret_audit(tmp_path):
    """No text addressed to one seat (a role) ever reaches the public; the GM log stays GM."""
    path = tmp_path / "t.jsonl"
    await simulate(SimulationArgs("toy", players=7, seed=4, transcript=str(path)))
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert [x["id"] for x in lines] == sorted({x["id"] for x in lines})
    private = {x["text"] for x in lines if x["audience"].startswith("seat:")}
    public = [x for x in lines if x["audience"] == "public"]
    assert private and public
    assert not private & {x["text"] for x in public}
    wolf = next(x for x in lines if x["kind"] == "role" and "wolf" in x["text"])
    wolf_seat = int(wolf["audience"][5:])
    for x in public:
        if x["kind"] != "game_over" and not (x["kind"] == "lynched" and x["data"]["seat"] == wolf_seat):
            assert "wolf" not in x["text"].lower().replace("the wolf wins", "")
    assert {x["audience"] for x in lines if x["kind"] == "gm_kill"} == {"gm"}


def test_kill_nine_and_resume_end_like_an_uninterrupted_run(tmp_path):
    args = ["--players", "8", "--seed", "11", "--mode", "slow", "--absent", "2"]
    whole, killed = whole_and_killed(TOY, args, tmp_path, delay=0.06,
                                     kills=[0.9, 0.5, 0.7, 0.6, 0.8])
    assert whole["finished"]
    assert killed["killed"] >= 3
    assert same_ending(whole, killed), (whole, killed)


def test_rules_engines_never_import_discord():
    offenders = []
    for path in (ROOT / "games").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{path}: {n}" for n in names if n.split(".")[0] == "discord"]
    assert offenders == []


def test_bot_without_token_explains_and_exits_2():
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "bot.py"], cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": ""},
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "applications.commands" in proc.stderr and "simulate" in proc.stderr


def bot(*args: str, entry: tuple[str, ...] = ("bot.py",)):
    import subprocess
    import sys

    return subprocess.run([sys.executable, *entry, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_help_lists_the_commands_games_modes_and_policies():
    top = bot("--help")
    assert top.returncode == 0 and "simulate" in top.stdout and "DISCORD_TOKEN" in top.stdout
    sim = bot("simulate", "--help")
    assert sim.returncode == 0
    for text in ("bethlem", "normal (4-7 players)", "room25", "coop (1-6 players)",
                 "AI policies: baseline, objective", "--option KEY=VALUE", "round_cap"):
        assert text in sim.stdout, text


@pytest.mark.parametrize("args, says", [
    (["chess", "--players", "3"], "invalid choice: 'chess'"),
    (["bethlem", "--players", "9"], "needs 4 to 7 players"),
    (["bethlem", "--players", "five"], "invalid int value"),
    (["room25", "--players", "4", "--mode", "bogus"], "Unknown mode"),
    (["bethlem", "--players", "5", "--policy", "genius"], "Unknown AI policy"),
    (["bethlem", "--players", "5", "--option", "vot=120"], "Unknown setting “vot”"),
    (["bethlem", "--players", "5", "--option", "round_cap=1e400"], "“round_cap”"),
    (["bethlem", "--resume"], "--resume needs --db"),
])
def test_a_bad_value_is_one_line_and_status_2(args, says, capsys):
    from bot import main

    with pytest.raises(SystemExit) as done:
        main(["simulate", *args])
    err = capsys.readouterr().err
    assert done.value.code == 2 and says in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


async def test_a_transcript_is_never_mixed_with_another_game(tmp_path):
    path = tmp_path / "t.jsonl"
    await simulate(SimulationArgs("toy", players=5, seed=1, transcript=str(path)))
    before = path.read_text()
    with pytest.raises(IllegalMove) as err:
        await simulate(SimulationArgs("toy", players=5, seed=2, transcript=str(path)))
    assert err.value.code == "transcript_exists" and path.read_text() == before
    done = bot("simulate", "toy", "--players", "5", "--transcript", str(path),
               entry=("-m", "tests.toy"))
    assert done.returncode == 2 and "--resume" in done.stderr and path.read_text() == before


async def test_options_reach_the_game(tmp_path):
    db = tmp_path / "g.sqlite3"
    result = await simulate(SimulationArgs(
        "room25", players=5, seed=3, db=str(db),
        option=["level=ultimate", "madness=true", 'composition="SUS2"', "guards=2"]))
    assert result["finished"]
    store = await Store.open(db)
    try:
        row = await store.load_game(1)
    finally:
        await store.close()
    assert row.options == {"level": "ultimate", "madness": True, "composition": "SUS2",
                           "guards": 2}
    assert row.state["level"] == "ultimate" and row.state["madness"] is True
    short = await simulate(SimulationArgs("toy", players=6, seed=9, option=["round_cap=1"]))
    assert short["rounds"] == 1 and short["reason"] == "wolf"


def test_the_readme_sends_readers_only_to_files_the_repo_has():
    import re

    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"\]\(([^)#]+)\)", readme)
    assert "docs/bethlem.md" in links and "docs/room25.md" in links
    assert [link for link in links if not link.startswith("http")
            and not (ROOT / link).exists()] == []
    assert "../" not in readme
