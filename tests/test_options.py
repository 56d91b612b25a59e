"""Settings and timings are checked against each game's declared options before a table opens:
the examples of issue 9 item 5, the declared defaults of every game, and the refusal as a
person reads it in `/GAME new` (one ephemeral line, clipped)."""
from __future__ import annotations

import pytest

import games
from games.base import IllegalMove
from games.options import AnyOf, Choice, DictOf, Fields, Flag, Int, ListOf, Number, check_options
from hosting import pace
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import Store
from hosting.text import Translator
from tests.loopback import Loopback
from tests.loopback.table import idle, make_bot
from tests.test_host import ALICE


def refused(call, *args, **kw) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        call(*args, **kw)
    return err.value


def said(err: IllegalMove, lang: str = "en", game: str | None = None) -> str:
    return Translator(game, lang).error(err.code, err.params, err.message)


@pytest.fixture
async def host(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    yield Host(store, FakeClock(), background=False)
    await store.close()


# ---- the examples of the issue ----------------------------------------------------------------
@pytest.mark.parametrize("options, option", [
    ({"events": ["barbero", "confesio"]}, "events"),
    ({"events": 5}, "events"),
    ({"cards": 5}, "cards"),
    ({"cards": {"P1": ["daniel", "nobody"]}}, "cards.P1"),
    ({"round_cap": "soon"}, "round_cap"),
    ({"round_cap": float("inf")}, "round_cap"),
    ({"ali_detect_pct": float("nan")}, "ali_detect_pct"),
    ({"cuentacuentos": "yes"}, "cuentacuentos"),
])
def test_bethlem_refuses_a_bad_value_naming_the_option(options, option):
    engine = games.engine("bethlem")
    err = refused(engine.setup, {"mode": "normal", **options}, 5, 1)
    assert err.code == "bad_option" and err.params["option"] == option
    assert f"“{option}”" in said(err, game="bethlem")


def test_the_documented_example_typo_says_what_events_take():
    err = refused(games.engine("bethlem").check_options, "normal",
                  {"events": ["barbero", "confesio"]})
    line = said(err)
    assert line.startswith("The setting “events” cannot be \"confesio\": it takes one of ")
    assert "barbero, confesion" in line and "psiquiatra" not in line   # custom-only event
    assert "El ajuste «events» no puede ser" in said(err, "es")


def test_unknown_options_and_options_of_another_mode_are_refused():
    bethlem = games.engine("bethlem")
    assert refused(bethlem.check_options, "normal", {"vot": 120}).code == "bad_setting"
    assert refused(bethlem.check_options, "normal", {"objectives": {}}).code == "bad_setting"
    bethlem.check_options("custom", {"objectives": {"obj_internos": 2}, "happenings": 1})
    assert refused(bethlem.check_options, "custom", {"happenings": 3}).code == "bad_option"
    bethlem.check_options("three", {"p2_group": "B"})
    room25 = games.engine("room25")
    room25.check_options("suspicion", {"level": "ultimate", "madness": True, "guards": 2,
                                       "characters": "random", "composition": None})
    room25.check_options("coop", {"composition": "B-COOP", "per_player": 2})
    assert refused(room25.check_options, "coop", {"guards": 2}).code == "bad_setting"
    assert refused(room25.check_options, "suspicion", {"level": "expert"}).code == "bad_option"
    assert refused(room25.check_options, "suspicion",
                   {"characters": ["nobody"]}).params["option"] == "characters"


@pytest.mark.parametrize("game", sorted(games.REGISTRY))
def test_every_game_accepts_its_own_defaults(game):
    engine = games.engine(game)
    for mode in engine.modes:
        lo, hi = engine.player_range(mode)
        for players in range(lo, hi + 1):
            engine.check_options(mode, engine.default_options(mode, players))


@pytest.mark.parametrize("text, code", [
    ("vote=inf", "bad_timing"), ("night_step=nan", "bad_timing"), ("vote=1e400", "bad_timing"),
    ("vote=0", "bad_timing"), ("vote=-5", "bad_timing"), ("vot=120", "unknown_timing"),
    ("vote=soon", "bad_pace"), ("vote", "bad_pace"),
])
def test_timings_must_be_known_finite_seconds(text, code):
    assert refused(pace.resolve, "live", text).code == code
    assert refused(pace.resolve, "live", {text.partition("=")[0]: float("inf")}).code in (
        "bad_timing", "unknown_timing")


def test_a_good_timing_still_overrides():
    assert pace.resolve("live", "vote=120, night_step=45.5")["night_step"] == 45.5


async def test_the_host_refuses_before_the_table_exists(host):
    with pytest.raises(IllegalMove) as err:
        await host.new_game("toy", host_user=ALICE, host_name="a", options={"round_cap": 0})
    assert err.value.code == "bad_option"
    with pytest.raises(IllegalMove):
        await host.new_game("toy", host_user=ALICE, host_name="a", options={"rounds": 3})
    assert await host.store.game_ids(statuses=("lobby",)) == []
    table = await host.new_game("toy", host_user=ALICE, host_name="a", options={"round_cap": 1})
    assert table.options == {"round_cap": 1}


def test_the_toy_round_cap_ends_the_game_after_that_many_days(toy):
    state, _ = toy.setup({"round_cap": 1}, 4, 2)
    while toy.outcome(state) is None:
        p = toy.pending(state)[0]
        state, _ = toy.apply(state, p.seat, p.id, p.default)
    assert state["round"] == 1 and toy.outcome(state).reason == "wolf"


# ---- the specs themselves ----------------------------------------------------------------------
def test_specs_accept_what_they_declare_and_describe_the_rest():
    specs = {"n": Int(1, 9), "x": Number(0, 1), "f": Flag(), "c": Choice("a", "b"),
             "l": ListOf(Choice("a", "b"), unique=True), "d": DictOf(Choice("a"), Int(0, 2)),
             "g": Fields(p=ListOf(Int(0, 3))), "o": AnyOf(Choice("pick"), ListOf(Int(0, 1)),
                                                       null=True)}
    check_options(specs, {"n": 3, "x": 0.5, "f": False, "c": "a", "l": ["b", "a"],
                          "d": {"a": 2}, "g": {"p": [3]}, "o": None})
    check_options(specs, {"o": "pick"})
    check_options(specs, {"o": [0, 1]})
    for bad in ({"n": True}, {"n": 2.5}, {"x": 1e400}, {"f": 1}, {"c": "z"}, {"l": ["a", "a"]},
                {"d": {"b": 1}}, {"d": {"a": 3}}, {"g": {"p": ["x"]}}, {"o": "drop"}):
        with pytest.raises(IllegalMove):
            check_options(specs, bad)
    with pytest.raises(IllegalMove) as err:
        check_options(specs, {"g": {"q": []}})
    assert err.value.code == "bad_setting" and err.value.params["setting"] == "g.q"
    with pytest.raises(IllegalMove) as err:
        check_options(specs, {"o": "drop"})
    assert said(err.value).endswith("it takes one of pick, or a JSON list, each item a whole "
                                    "number from 0 to 1, or null.")


# ---- through Discord ---------------------------------------------------------------------------
async def test_new_refuses_a_bad_setting_with_one_clipped_ephemeral_line(tmp_path):
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        alice, channel = guild.user("alice"), guild.text_channel("games")
        async with lb.run_bot(make_bot, tmp_path / "t.sqlite3", idle=idle):
            typo = await alice.slash(channel, "bethlem new",
                                     settings='events=["barbero","confesio"]')
            assert typo.ephemeral and typo.content.startswith(
                "The setting “events” cannot be \"confesio\"")
            unknown = await alice.slash(channel, "toy new", timings="vot=120")
            assert unknown.ephemeral and unknown.content.startswith("Unknown timing “vot”.")
            huge = await alice.slash(channel, "bethlem new", settings="x" * 5000 + "=1")
            assert huge.ephemeral and len(huge.content) <= 2000
            capped = await alice.slash(channel, "toy new", settings="round_cap=1e400")
            assert capped.ephemeral and "“round_cap”" in capped.content
            assert channel.messages() == []


def test_a_list_may_be_typed_as_words_where_the_game_reads_them():
    specs = {"roles": ListOf(Choice("a", "b", "c"), unique=True, commas=True)}
    check_options(specs, {"roles": "a, c"})
    check_options(specs, {"roles": ["b"]})
    for bad in ("a,z", "a,a", 5):
        with pytest.raises(IllegalMove) as err:
            check_options(specs, {"roles": bad})
    assert said(err.value).endswith("it takes a JSON list or words separated by commas, without "
                                    "repeats, each item one of a, b, c.")
