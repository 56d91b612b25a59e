"""The board as the rules read it: who stands where, effective roles and the abilities they
give, counters, and the death procedure of spec 5.5 with its immediate triggers.

Every function takes the state and the list of events being built; public events describe
effects only (R-24), never their cause."""
from __future__ import annotations

from games.base import GM, PUBLIC, Event
from games.looper import data

MM_SEAT = 0


# Small steps of a phase (see `games.base.Event`): a card laid face down.
MINOR = frozenset({"card_placed"})


def emit(ev: list, kind: str, audience=PUBLIC, /, **payload) -> None:
    if audience == PUBLIC and kind in MINOR:
        payload["minor"] = True
    ev.append(Event(kind, payload, audience))


def counter_key(counter: str, n: int) -> str:
    """The `counters` lookup that names `n` counters with the right plural."""
    return f"{counter}_{'one' if n == 1 else 'many'}"


def script_role(s: dict, cid: str) -> str:
    return next(e["role"] for e in s["script"]["cast"] if e["character"] == cid)


def cast_ids(s: dict) -> list[str]:
    return [e["character"] for e in s["script"]["cast"]]


def in_public_order(s: dict) -> list[tuple[str, dict]]:
    """(character, its counters) in the order of the characters' data file. The script's
    cast order is secret (a shipped script lists its cast by role), so everything the table
    sees, and every list of options, follows this one instead."""
    rank = {cid: i for i, cid in enumerate(data.characters())}
    return [(c, s["characters"][c])
            for c in sorted(cast_ids(s), key=lambda c: (rank.get(c, len(rank)), c))]


def living(s: dict) -> list[str]:
    """Living characters on the board, in public order."""
    return [c for c, st in in_public_order(s) if st["in_play"] and st["alive"]]


def on_board(s: dict) -> list[str]:
    return [c for c, st in in_public_order(s) if st["in_play"]]


def here(s: dict, location: str, exclude: str | None = None) -> list[str]:
    return [c for c in living(s) if s["characters"][c]["location"] == location and c != exclude]


def at_location(s: dict, cid: str) -> str:
    return s["characters"][cid]["location"]


def is_alive(s: dict, cid: str) -> bool:
    st = s["characters"].get(cid)
    return bool(st and st["in_play"] and st["alive"])


def panicked(s: dict, cid: str) -> bool:
    return is_alive(s, cid) and s["characters"][cid]["paranoia"] >= data.characters()[cid]["limit"]


def plots(s: dict) -> list[str]:
    return [s["script"]["main_plot"], *s["script"]["subplots"]]


def plot_flag(s: dict, flag: str) -> bool:
    ts = s["script"]["tragedy_set"]
    return any(data.plot(ts, p).get(flag) for p in plots(s))


def effective_role(s: dict, cid: str) -> str:
    """The script role, except a Person under Paranoia Virus with Paranoia over 3 is a Serial
    Killer while it lasts (R-28)."""
    role = script_role(s, cid)
    if (role == "person"
            and s["characters"][cid]["paranoia"] >= s["options"]["paranoia_virus_threshold"]
            and plot_flag(s, "virus")):
        return "serial_killer"
    return role


def has_key_person_abilities(s: dict, cid: str) -> bool:
    role = effective_role(s, cid)
    return role == "key_person" or (role == "factor" and s["location_intrigue"]["city"] >= 2)


def has_theorist_abilities(s: dict, cid: str) -> bool:
    role = effective_role(s, cid)
    return role == "conspiracy_theorist" or (
        role == "factor" and s["location_intrigue"]["school"] >= 2)


def refusal(s: dict, cid: str) -> str:
    return data.roles()[effective_role(s, cid)]["refusal"]


def role_holders(s: dict, role: str) -> list[str]:
    """The characters whose script role is `role`, in public order (two dead Friends are
    revealed in the same order whatever the secret cast's)."""
    return [c for c, _ in in_public_order(s) if script_role(s, c) == role]


# ---- counters ------------------------------------------------------------------------------
def add(s: dict, ev: list, target: str, counter: str, n: int) -> None:
    """Place `n` counters on a character or (Intrigue only) a location, announced publicly."""
    if n <= 0:
        return
    if target in data.LOCATIONS:
        s["location_intrigue"][target] += n
    else:
        s["characters"][target][counter] += n
    emit(ev, "gained", target=target, n=n, counter=counter_key(counter, n))


def remove(s: dict, ev: list, target: str, counter: str, n: int) -> None:
    """Remove up to `n` counters; removal stops at 0 (R-4)."""
    holder = s["location_intrigue"] if target in data.LOCATIONS else s["characters"][target]
    key = target if target in data.LOCATIONS else counter
    taken = min(n, holder[key])
    if taken:
        holder[key] -= taken
        emit(ev, "lost", target=target, n=taken, counter=counter_key(counter, taken))


def counter(s: dict, target: str, name: str) -> int:
    if target in data.LOCATIONS:
        return s["location_intrigue"][target] if name == "intrigue" else 0
    return s["characters"][target][name]


# ---- deaths --------------------------------------------------------------------------------
def end_loop(s: dict, dead: bool = False) -> None:
    s["loop_lost"] = True
    s["loop_ended"] = True
    s["protagonists_dead"] = s["protagonists_dead"] or dead


def kill_protagonists(s: dict, ev: list, cause: str) -> None:
    emit(ev, "gm_protagonists_killed", GM, cause=cause)
    emit(ev, "all_dead")
    end_loop(s, dead=True)


def kill(s: dict, ev: list, cid: str, cause: str) -> str:
    """Spec 5.5. Returns "died", "saved" (an Extra counter or the Time Traveler) or "none"."""
    if not is_alive(s, cid):
        return "none"
    st = s["characters"][cid]
    if effective_role(s, cid) == "time_traveler":
        emit(ev, "gm_immortal", GM, character=cid, cause=cause)
        return "saved"
    if st["guards"]:
        st["guards"] -= 1
        emit(ev, "death_prevented", character=cid)
        return "saved"
    key_person = has_key_person_abilities(s, cid)
    role = effective_role(s, cid)
    st["alive"] = False
    emit(ev, "died", character=cid, location=st["location"])
    s["chronicle"].append({"loop": s["loop"], "day": s["day"], "step": s["step"],
                           "character": cid, "location": st["location"],
                           "with": here(s, st["location"], exclude=cid)})
    emit(ev, "gm_death", GM, character=cid, role=role, cause=cause)
    if key_person:
        end_loop(s)
    partner = {"lover": "loved_one", "loved_one": "lover"}.get(role)
    if partner:
        for other in role_holders(s, partner):
            if is_alive(s, other):
                add(s, ev, other, "paranoia", 6)
    return "died"
