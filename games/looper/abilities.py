"""Abilities: the Leader's goodwill abilities (spec 2.3, step S6) and the Mastermind's own
(step S5: Brain, Conspiracy Theorist or Factor, An Unsettling Rumor, the Doctor under R-14).

A use is an option id "<character>.<ability index>.<argument>" (Leader: the character by id,
since a question the table sees must not carry the secret cast order) or
"<kind>.<character index>.<target>" (Mastermind, privately); validation is entirely in the
option lists, so a declaration the rules refuse is never offered (R-16)."""
from __future__ import annotations

from games.base import GM
from games.looper import data
from games.looper.table import (add, at_location, cast_ids, effective_role, emit,
                                has_theorist_abilities, here, living, plot_flag, refusal, remove)

STUDENT = "student"


def _ability(cid: str, index: int) -> dict:
    return data.characters()[cid]["abilities"][index]


def _key(cid: str, ability: str) -> str:
    return f"{cid}:{ability}"


def _arguments(s: dict, cid: str, ability: str) -> list[str]:
    """The legal arguments of one ability right now (empty: the ability cannot be declared)."""
    loc = at_location(s, cid)
    if ability == "calm_student":
        return [c for c in here(s, loc, exclude=cid) if STUDENT in data.characters()[c]["traits"]]
    if ability == "share_goodwill":
        return here(s, loc) if loc in ("school", "city") else []
    if ability == "purify_shrine":
        return ["shrine"] if loc == "shrine" else []
    if ability in ("reveal_role_here", "guard"):
        return here(s, loc)
    if ability == "reveal_culprit":
        return [str(i["day"]) for i in s["incidents_occurred"]]
    if ability == "reveal_own_role":
        return [cid]
    if ability == "name_subplot":
        return list(data.tragedy_set(s["script"]["tragedy_set"])["subplots_list"])
    if ability == "treat":
        return [f"{sign}{c}" for c in here(s, loc, exclude=cid) for sign in "+-"]
    if ability == "release_patient":
        return ["patient"] if "patient" in living(s) and not s["patient_may_leave"] else []
    raise KeyError(ability)


def leader_options(s: dict) -> list[list]:
    out = []
    for cid in living(s):
        gw = s["characters"][cid]["goodwill"]
        for ai, ab in enumerate(data.characters()[cid]["abilities"]):
            key = _key(cid, ab["id"])
            if gw < ab["goodwill"] or key in s["abilities_used_today"]:
                continue
            if ab["once_per_loop"] and key in s["abilities_used_loop"]:
                continue
            for arg in _arguments(s, cid, ab["id"]):
                shape, params = use_text(s, ab["id"], arg)
                out.append([f"{cid}.{ai}.{arg}", f"ability_{shape}",
                            {"character": cid, "ability": ab["id"], **params}])
    return out


def use_text(s: dict, ability: str, arg: str) -> tuple[str, dict]:
    """How a declared use reads: its shape ("on", "plain", "day", "plot", "treat") picks the
    template, the params fill it with names rather than ids."""
    if ability in ("calm_student", "share_goodwill", "reveal_role_here", "guard"):
        return "on", {"target": arg}
    if ability == "reveal_culprit":
        inc = next(i for i in s["incidents_occurred"] if str(i["day"]) == arg)
        return "day", {"day": inc["day"], "incident": inc["incident"]}
    if ability == "name_subplot":
        return "plot", {"plot": arg}
    if ability == "treat":
        return "treat", {"target": arg[1:], "sign": "plus" if arg[0] == "+" else "minus"}
    return "plain", {}


def parse_leader(option_id: str) -> tuple[str, str, str]:
    cid, ai, arg = option_id.split(".", 2)
    return cid, _ability(cid, int(ai))["id"], arg


def upgrade_leader_ids(s: dict) -> None:
    """Open Leader questions stored when their ids named a character by its cast index."""
    cast = cast_ids(s)

    def named(option_id: str) -> str:
        head, dot, rest = option_id.partition(".")
        return f"{cast[int(head)]}.{rest}" if dot and head.isdigit() else option_id

    for q in s["questions"]:
        if q["kind"] == "leader_ability":
            for o in q["options"]:
                o[0] = named(o[0])
            q["default"] = named(q["default"])


def mark_used(s: dict, cid: str, ability_index: int) -> None:
    ab = _ability(cid, ability_index)
    s["abilities_used_today"].append(_key(cid, ab["id"]))
    if ab["once_per_loop"]:
        s["abilities_used_loop"].append(_key(cid, ab["id"]))


def refusal_options(s: dict, cid: str) -> list[list]:
    """The Mastermind's answer to a declared use: always asked (7.4), with only the answers the
    role allows."""
    kind = refusal(s, cid)
    out = []
    if kind != "mandatory":
        out.append(["allow", "allow", {}])
    if kind != "none":
        out.append(["refuse", "refuse", {}])
    return out


def other_subplots(s: dict, named: str) -> list[str]:
    return [p for p in s["script"]["subplots"] if p != named]


def resolve_leader(s: dict, ev: list, cid: str, ability: str, arg: str) -> None:
    """The effect of an allowed use (the Informer's answer is handled by the flow)."""
    if ability == "calm_student":
        remove(s, ev, arg, "paranoia", 1)
    elif ability == "share_goodwill":
        add(s, ev, arg, "goodwill", 1)
    elif ability == "purify_shrine":
        remove(s, ev, "shrine", "intrigue", 1)
    elif ability in ("reveal_role_here", "reveal_own_role"):
        reveal_role(s, ev, arg)
    elif ability == "reveal_culprit":
        inc = next(i for i in s["incidents_occurred"] if str(i["day"]) == arg)
        emit(ev, "culprit_revealed", incident=inc["incident"], character=inc["culprit"])
    elif ability == "guard":
        s["characters"][arg]["guards"] += 1
        emit(ev, "guard_placed", character=arg)
    elif ability == "treat":
        (add if arg[0] == "+" else remove)(s, ev, arg[1:], "paranoia", 1)
    elif ability == "release_patient":
        s["patient_may_leave"] = True
        emit(ev, "patient_released")


def reveal_role(s: dict, ev: list, cid: str) -> None:
    """A public role reveal: the role the character plays now, so a Person turned Serial
    Killer by Paranoia Virus is revealed as one (seed: such Persons "se convierten en
    asesinos en serie"), as a refusal already shows it."""
    role = effective_role(s, cid)
    s["revealed_roles"][cid] = role
    emit(ev, "role_revealed", character=cid, role=role)


# ---- the Mastermind's abilities (S5) -------------------------------------------------------
def mastermind_options(s: dict, used: list[str]) -> list[list]:
    cast = cast_ids(s)
    out: list[list] = []

    def offer(kind: str, cid: str, target: str, template: str, **params) -> None:
        tag = f"{kind}.{cast.index(cid) if cid else '-'}"
        if tag not in used:
            out.append([f"{tag}.{target}", template, {"target": target, **params}])

    for cid in living(s):
        loc = at_location(s, cid)
        if effective_role(s, cid) == "brain":
            for t in [loc, *here(s, loc)]:
                offer("b", cid, t, "mm_intrigue", source=cid)
        if has_theorist_abilities(s, cid):
            for t in here(s, loc):
                offer("c", cid, t, "mm_paranoia", source=cid)
        if _mastermind_may_treat(s, cid):
            for t in here(s, loc, exclude=cid):
                offer("d", cid, f"+{t}", "mm_treat_plus", source=cid, character=t)
                offer("d", cid, f"-{t}", "mm_treat_minus", source=cid, character=t)
    if plot_flag(s, "rumor") and not s["rumor_used"]:
        for loc in data.LOCATIONS:
            offer("r", "", loc, "mm_rumor")
    return out


def _mastermind_may_treat(s: dict, cid: str) -> bool:
    """The Doctor's card: "si el papel del médico puede «Negar Cooperación», la mente maestra
    puede usar esa habilidad como propia", with the protagonists' limits (its Goodwill)."""
    return refusal(s, cid) != "none" and any(
        ab.get("mastermind_may_use") and s["characters"][cid]["goodwill"] >= ab["goodwill"]
        for ab in data.characters()[cid]["abilities"])


def apply_mastermind(s: dict, ev: list, option_id: str) -> str:
    """Apply one S5 ability; returns its tag (kind.character) to mark it used this step."""
    kind, ci, target = option_id.split(".", 2)
    if ci == "-":
        emit(ev, "gm_rumor", GM, target=target)
    else:
        emit(ev, "gm_mm_ability", GM, kind=kind, source=cast_ids(s)[int(ci)],
             target=target.lstrip("+-"))
    if kind == "b":
        add(s, ev, target, "intrigue", 1)
    elif kind == "c":
        add(s, ev, target, "paranoia", 1)
    elif kind == "r":
        s["rumor_used"] = True
        add(s, ev, target, "intrigue", 1)
    elif kind == "d":
        (add if target[0] == "+" else remove)(s, ev, target[1:], "paranoia", 1)
    return f"{kind}.{ci}"


