"""AI seats that play for their side (policy "side"), from what their seat knows only: the
seat view (own role, route, hand, what the night told it) and public facts (map, positions,
ghosts, room decks' sizes). Anything it cannot judge is left to the host's baseline."""
from __future__ import annotations

from games.cultists import board, data, moves, views


def choose(state: dict, pending, policy: str) -> str | None:
    if policy != "side" or pending.seat is None:
        return None
    view = views.seat_view(state, pending.seat)
    me = view["me"]
    ids = [o.id for o in pending.options]
    cult = me["team"] == "CULT"
    pick = PICKERS.get(pending.kind)
    return pick(state, view, me, ids, cult) if pick else None


def mine(view: dict) -> dict:
    return next(c for c in view["chars"] if c["char"] == view["me"]["char"])


def known_cultists(view: dict) -> set:
    return set(view["me"].get("cultists", []))


def char_id(state: dict, who) -> int:
    return next(ci for ci, c in enumerate(state["chars"])
                if (c["seat"] if c["seat"] is not None else "AUTOMA") == who)


def goal_rooms(state: dict, view: dict, cult: bool) -> list[str]:
    """Rooms worth standing in today: unfinished rooms of the route's colours (any colour for
    a Cultist, who sabotages where books wait)."""
    colours = set(view["me"]["route"][view["me"]["line"]])
    return [r for r, room in view["rooms"].items() if not room["finished"] and not room["cultist"]
            and (cult or room["color"] in colours)]


def meets(state: dict, place: str) -> bool:
    """Whether walking into `place` now starts an Encounter (public positions and power)."""
    key = board.logical(state, place)
    n = len(board.participants(state, key)) + 1
    return board.encounter_rule(n, board.power_at(state, key))


DETOUR = 1  # steps an Investigator will go round to avoid each Encounter on its way


def toward(state: dict, ids: list[str], ci: int, goals: list[str], shy: bool) -> str | None:
    """The move that ends closest to one of `goals`, the shortest walk among equals. A `shy`
    mover (an Investigator: an Encounter can only hurt it, since any Dead card kills) ends up
    to DETOUR steps further from its goal for each Encounter it avoids on the way or at the
    end (a whole move planned at once goes round people better than a step at a time)."""
    here = state["chars"][ci]["location"]
    ways = moves.reachable(state, ci, here, moves.movement_points(state), here)
    best, best_key = None, None
    for i in ids:
        if not i.startswith("go:"):
            continue
        way = ways.get(i[3:], [i[3:]])
        dist = board.distances(state, i[3:])
        d = min((dist.get(g, 1 << 20) for g in goals), default=1 << 20)
        met = sum(meets(state, x) for x in way) if shy else 0
        key = (d + DETOUR * met, d, len(way))
        if best_key is None or key < best_key:
            best, best_key = i, key
    return best


def pick_move(state, view, me, ids, cult):
    if cult:
        crowd = [c["place"] for c in view["chars"] if not c["ghost"] and c["char"] != me["char"]
                 and c["char"] not in known_cultists(view)]
        goals = crowd or goal_rooms(state, view, cult)
    else:
        goals = goal_rooms(state, view, cult)
    return toward(state, ids, char_id(state, me["char"]), goals, shy=not cult) or ids[0]


def pick_teleport(state, view, me, ids, cult):
    goals = [g for g in goal_rooms(state, view, cult) if g in ids]
    return goals[0] if goals else None


def pick_give(state, view, me, ids, cult):
    """A Cultist hands its Dead cards to people outside the cult. An Investigator hands out
    Alive cards; once only Dead ones are left, it gives them to the character it knows (Seer)
    or publicly suspects most of being a Cultist."""
    if cult:
        partners = known_cultists(view)
        for i in ids:
            if i.startswith("D:") and state_name(state, int(i[2:])) not in partners:
                return i
    alive = next((i for i in ids if i.startswith("A:")), None)
    if alive or cult:
        return alive or ids[0]
    score = suspicion(state, view)
    for c in known_cultists(view):
        score[char_id(state, c)] = 100
    return max(ids, key=lambda i: score.get(int(i[2:]), 0) if i.startswith("D:") else -1)


def state_name(state: dict, ci: int):
    c = state["chars"][ci]
    return "AUTOMA" if c["seat"] is None else c["seat"]


def pick_action(state, view, me, ids, cult):
    order = (["fill:", "room:", "camr:", "chk:", "cams:"] if cult
             else ["portal:", "room:", "fill:", "power", "camr:", "chk:", "fight:", "scare"])
    if not cult and me["role"] == "SEER" and any(
            c["char"] in known_cultists(view) and not c["ghost"] for c in view["chars"]):
        order.insert(0, "vote")
    if cult:  # sabotage only while red cards are left; a Cultist holding only S passes
        if not (me["hand"]["F"] or me["hand"]["X"]):
            order = ["chk:", "cams:"]
    rank = {k: n for n, k in enumerate("XFS" if cult else "SFX")}
    ids = sorted(ids, key=lambda i: rank.get(i[-1], 0) if i.startswith(("fill:", "sec:")) else 0)
    for prefix in order:
        for i in ids:
            if i.startswith(prefix):
                if prefix in ("chk:", "cams:") and state["chars"][int(i[4:] if prefix == "chk:"
                                                                  else i[5:])]["ghost"]:
                    continue
                return i
    return "pass"


def pick_card(state, view, me, ids, cult):
    """A card step stored by the version that asked the type after the action."""
    return min(ids, key="XFS".index if cult else "SFX".index)


def pick_confirm(state, view, me, ids, cult):
    return "conceal" if "conceal" in ids else ids[0]


def suspicion(state: dict, view: dict) -> dict[int, int]:
    """Public evidence against each living character, as an Investigator reads it: a ballot
    cast against someone shown innocent (a revealed Investigator role, or this seat itself)
    counts against the voter; one cast against a revealed Cultist counts for them; a revealed
    living Cultist is the prime suspect."""
    team = {c["char"]: data.roles()[c["role"]]["team"] for c in view["chars"] if c["role"]}
    team[view["me"]["char"]] = view["me"]["team"]
    score: dict[int, int] = {}
    for voter, target in view["ballots"]:
        if target is None:
            continue
        side = team.get(state_name(state, target))
        if side is not None:
            score[voter] = score.get(voter, 0) + (1 if side == "INV" else -1)
    for c in view["chars"]:
        if not c["ghost"] and team.get(c["char"]) == "CULT":
            score[char_id(state, c["char"])] = 99
    return score


def pick_ballot(state, view, me, ids, cult):
    known = known_cultists(view)
    alive = {c["char"]: c for c in view["chars"] if not c["ghost"]}
    if cult:
        for i in ids:
            if i.startswith("c") and not i.startswith("2"):
                who = state_name(state, int(i[1:]))
                shown = alive.get(who, {}).get("role")
                if who != me["char"] and who not in known and shown is None:
                    return i
        return "abstain"
    # An Investigator votes only on public evidence, so that a Seer's ballot looks like
    # anyone's; the Seer merely never votes against someone it knows to be innocent.
    score = suspicion(state, view)
    mine_ = char_id(state, me["char"])
    best = max((i for i in ids if i.startswith("c") and int(i[1:]) != mine_
                and score.get(int(i[1:]), 0) > 0),
               key=lambda i: score[int(i[1:])], default=None)
    if best and me["role"] == "SEER" and state_name(state, int(best[1:])) not in known:
        return "abstain"
    return best or "abstain"


def pick_claim(state, view, me, ids, cult):
    if "claim" not in ids:
        return "no"
    need = data.table(state["count"])["kill_threshold"]
    ghosts = sum(1 for c in view["chars"] if c["ghost"] and c["char"] != me["char"])
    given = 3 - me["hand"]["D"]
    dead_start = len(me.get("starting_dead", []))
    return "claim" if ghosts + given + dead_start >= need + 2 else "no"


def pick_consent(state, view, me, ids, cult):
    return "no" if cult else "yes"


def pick_eyes(state, view, me, ids, cult):
    if cult:
        return "no"
    return next((i for i in ids if i != "no"), "no")


def pick_seer(state, view, me, ids, cult):
    """Name whoever voted most often against the characters this Cultist knows to be
    Cultists (the public ballots)."""
    ours = {char_id(state, c) for c in known_cultists(view)} | {char_id(state, me["char"])}
    score = {i: sum(1 for voter, target in view["ballots"]
                    if target in ours and f"c{voter}" == i) for i in ids if i != "none"}
    return max(score, key=lambda i: (score[i], -ids.index(i))) if score else None


PICKERS = {"move": pick_move, "teleport": pick_teleport, "give": pick_give,
           "action": pick_action, "card_type": pick_card, "confirm_check": pick_confirm,
           "ballot": pick_ballot, "claim": pick_claim, "portal_consent": pick_consent,
           "false_eyes": pick_eyes, "in_control": lambda *a: "no",
           "in_control_keep": lambda *a: "back", "knife_change": lambda *a: "keep",
           "seer_pick": pick_seer}
