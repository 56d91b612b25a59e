"""New scripts on demand (spec 8.5): a seeded draw of plots, cast, roles and incidents for a
tragedy set and a difficulty, retried until the validator accepts it. Every generated script is
valid by construction of this loop, not by trust."""
from __future__ import annotations

from games.looper import data
from games.looper.script import ScriptError, required_roles, validate
from games.rng import Rng

# Loops the protagonists get, by difficulty (more loops, more to learn from).
LOOPS = {"easy": 5, "normal": 4, "hard": 3}
TRIES = 500


def generate(rng: Rng, tragedy_set: str, difficulty: str = "normal",
             days: int | None = None, loops: int | None = None, vet: bool = True) -> dict:
    """A valid script; with `vet`, also one that plays (spec 8.5): the planning Mastermind can
    win its first loop against protagonists who do nothing, and cannot end it on day 1 against
    protagonists who play."""
    ts = data.tragedy_set(tragedy_set)
    for attempt in range(TRIES):
        script = _draw(rng, tragedy_set, ts, difficulty, days, loops)
        if script is None:
            continue
        try:
            validate(script)
        except ScriptError:
            continue
        if not vet or playable(script, seed=attempt):
            return script
    raise ScriptError("script_generate", "No valid script could be drawn for these settings.")


def playable(script: dict, seed: int) -> bool:
    passive = _first_loop(script, seed, active=False)
    active = _first_loop(script, seed, active=True)
    return passive["lost"] and not (active["lost"] and active["day"] == 1)


def _first_loop(script: dict, seed: int, active: bool) -> dict:
    """Play loop 1 with the planning Mastermind; the protagonists play their AI, or pass."""
    from games.looper import LooperEngine
    engine = LooperEngine()
    s, _ = engine.setup({"mode": script["tragedy_set"], "script": script,
                         "first_leader": 1}, 4, seed)
    while s["loop"] == 1 and s["result"] is None:
        p = engine.pending(s)[0]
        mastermind = p.seat == 0
        choice = (engine.ai_choice(s, p, "planner") if mastermind or active else None)
        s, _ = engine.apply(s, p.seat, p.id, choice or p.default)
        if s["loop_ended"] or (s["step"] == "loop_end"):
            break
    return {"lost": s["loop_lost"] or s["loop"] > 1 or (s["result"] or {}).get(
        "winner") == "mastermind", "day": s["day"]}


def _draw(rng: Rng, set_name: str, ts: dict, difficulty: str, days, loops) -> dict | None:
    main = rng.choice(sorted(ts["main_plots"]))
    subs = rng.sample(sorted(ts["subplots_list"]), ts["subplots"])
    choices = {}
    if "a_hideous_script" in subs:
        choices["curmudgeons"] = rng.randint(0, 2)
    script = {"tragedy_set": set_name, "main_plot": main, "subplots": subs,
              "script_choices": choices}
    need = sorted(required_roles(script).elements())
    for role, spec in data.roles().items():
        if spec["max"] is not None and need.count(role) > spec["max"]:
            return None
    lo, hi = ts["cast_size"]
    size = rng.randint(max(lo, len(need)), hi)
    pool = list(data.characters())
    cast_ids = rng.sample(pool, size)
    roles = {c: "person" for c in cast_ids}
    free = list(cast_ids)
    trait = ts["main_plots"][main].get("key_person_trait")
    for role in sorted(need, key=lambda r: r != "key_person"):
        fits = [c for c in free
                if not (role == "key_person" and trait
                        and trait not in data.characters()[c]["traits"])]
        if not fits:
            return None
        pick = rng.choice(fits)
        roles[pick] = role
        free.remove(pick)
    d_lo, d_hi = ts["days"]
    n_days = days or rng.randint(d_lo, d_hi)
    n_incidents = min(rng.randint(2, 4), n_days, size)
    day_list = sorted(rng.sample(list(range(1, n_days + 1)), n_incidents))
    culprits = list(cast_ids)
    incs = []
    for day in day_list:
        fits = [c for c in culprits if data.characters()[c]["limit"] <= day + 1]
        if not fits:
            return None
        who = rng.choice(fits)
        culprits.remove(who)
        incs.append({"day": day, "incident": rng.choice(ts["incidents"]), "culprit": who})
    title_no = rng.randint(100, 999)
    script.update(
        id=f"generated_{set_name}_{title_no}", title=f"#{title_no}", source="generated",
        loops=loops or LOOPS[difficulty], days_per_loop=n_days,
        cast=[{"character": c, "role": roles[c]} for c in cast_ids], incidents=incs,
        special_rules=[])
    return script
