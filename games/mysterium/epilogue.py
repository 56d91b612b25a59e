"""Phase 2 (spec section 5): the lineup, the Ghost's shared vision, the vote staged by
clairvoyance level, and the verdict with its tie-breaks."""
from __future__ import annotations

from collections import Counter

from games.mysterium import deck, ghost
from games.mysterium.settings import crows, level, uses_track
from games.mysterium.setup import Ctx
from games.mysterium.state import CATEGORIES


def start(ctx: Ctx) -> None:
    """The lineup: one group per psychic in seat order (R25), two random extra groups from the
    leftover cards at N=2 (R21); every other card leaves play."""
    state = ctx.state
    groups = [{"number": i + 1, "cards": dict(zip(CATEGORIES, p["found"])), "psychic": i}
              for i, p in enumerate(state["psychics"])]
    if state["total"] == 2:
        extra = {c: ctx.rng.sample(state["table"][c], 2) for c in CATEGORIES}
        for k in range(2):
            groups.append({"number": len(groups) + 1,
                           "cards": {c: extra[c][k] for c in CATEGORIES}, "psychic": None})
    state["table"] = {c: [] for c in CATEGORIES}
    if crows(state["difficulty"])["per"] == "hour":      # R27: the epilogue is one more turn
        state["crows_left"] = crows(state["difficulty"])["count"]
    state["epilogue"] = {"groups": groups, "culprit": None, "shared": [], "labels": {},
                         "revealed": 0, "stage": 0, "reminded": False, "votes": {},
                         "rounds": [], "verdict": None}
    state["phase"] = "shared"
    state["draft"] = {}
    ctx.say("epilogue")
    for g in groups:
        ctx.say("group", number=g["number"], cards=[g["cards"][c] for c in CATEGORIES])
    if state["bot_ghost"]:
        bot_shares(ctx)


def named(group: dict) -> dict:
    """A group as an answer names it: its number and its cards, so a ballot reads without
    the picture."""
    return {"group": group["number"], "cards": [group["cards"][c] for c in CATEGORIES]}


def upgrade(state: dict) -> dict:
    """A game stored before the epilogue kept rounds: a three-player vote under way goes on
    in public from the ballots already in."""
    ep = state["epilogue"]
    if ep is not None and "rounds" not in ep:
        ep["rounds"] = [dict(ep["votes"])] if agreeing(state) and state["phase"] == "vote" \
            else []
    return state


def bot_shares(ctx: Ctx) -> None:
    while ctx.state["phase"] == "shared":
        plan = ghost.plan_shared(ctx.state)
        if plan[0] == "crow":
            deck.crow(ctx, plan[1])
        else:
            commit(ctx, plan[1], plan[2])


def commit(ctx: Ctx, group: int, cards: list[str]) -> None:
    """The Ghost's three cards (suspect, place, object) for the culprit group: the bot fixes a
    random reveal order (R19); the labels stay secret to the end."""
    state = ctx.state
    ep = state["epilogue"]
    for card in cards:
        state["hand"].remove(card)
    ep["culprit"] = group
    ep["labels"] = dict(zip(cards, CATEGORIES))
    ep["shared"] = ctx.rng.shuffle(list(cards))
    state["draft"] = {}
    ctx.say("shared_chosen")
    state["phase"] = "vote"
    if uses_track(state["total"]):
        ctx.say("vote_rules")
        _next_stage(ctx)
    else:
        ep["revealed"] = 3
        ctx.say("shared_all", cards=ep["shared"])
        if agreeing(state):
            ep["rounds"].append({})
            ctx.say("agree_rules")
        else:
            ctx.say("vote_rules")
        stage_done(ctx)                 # R24: nobody may be left to vote


def voters(state: dict) -> list[str]:
    """Who casts a ballot now: psychics of this stage's level (N >= 4), or each psychic-player
    once (N <= 3). Keys are strings: psychic indexes, or seats for N <= 3."""
    ep = state["epilogue"]
    if state["phase"] != "vote":
        return []
    if not uses_track(state["total"]):
        seats = sorted({p["seat"] for p in state["psychics"] if p["seat"] is not None})
        done = ep["rounds"][-1] if agreeing(state) else ep["votes"]
        return [str(s) for s in seats if str(s) not in done]
    return [str(i) for i, p in enumerate(state["psychics"])
            if level(p["track"], state["total"]) == ep["stage"] and str(i) not in ep["votes"]
            and p["seat"] is not None]


def agreeing(state: dict) -> bool:
    """With three players the two psychic-players vote in public and must agree on one group
    (seed: "En lugar de hacerlo en secreto, los videntes votan de forma pública"; R22)."""
    return state["total"] == 3


def voter_seat(state: dict, key: str) -> int:
    return int(key) if not uses_track(state["total"]) else state["psychics"][int(key)]["seat"]


def vote(ctx: Ctx, key: str, choice: str) -> None:
    state = ctx.state
    ep = state["epilogue"]
    if agreeing(state):
        return propose(ctx, key, choice)
    group = None if choice == "abstain" else int(choice.split(".")[1])
    ep["votes"][key] = group
    seat = voter_seat(state, key)
    name = {"seat": seat} if not uses_track(state["total"]) else \
        {"persona": state["psychics"][int(key)]["persona"]}
    if group is None:
        ctx.say("abstained_private", (seat,))
    else:
        ctx.say("voted_private", (seat,), group=group)
    ctx.say("voted_player" if "seat" in name else "voted", **name)
    stage_done(ctx)


def propose(ctx: Ctx, key: str, choice: str) -> None:
    """One player's proposal in this round, said in public; "keep" repeats the last one."""
    ep = ctx.state["epilogue"]
    if choice == "keep":
        group = ep["votes"].get(key)
    else:
        group = None if choice == "abstain" else int(choice.split(".")[1])
    ep["rounds"][-1][key] = group
    ep["votes"][key] = group
    if group is None:
        ctx.say("proposed_nothing", seat=int(key))
    else:
        ctx.say("proposed", seat=int(key), group=group)
    stage_done(ctx)


def _round_done(ctx: Ctx) -> None:
    """Both have spoken: agreement is the verdict; a round in which nobody changed their
    proposal ends the talk (the youngest player's proposal stands, R22); else they go on."""
    ep = ctx.state["epilogue"]
    now = ep["rounds"][-1]
    groups = set(now.values())
    stuck = len(ep["rounds"]) > 1 and now == ep["rounds"][-2]
    if len(groups) == 1 or stuck:
        count(ctx)
    else:
        ep["rounds"].append({})
        ctx.say("no_agreement_yet")


def ballot(state: dict) -> tuple[str, list, str, bool]:
    """This moment's ballot: its number in the question ids (the stage, or the round of
    proposals), the answers beside the groups, the default, and whether the table sees it."""
    ep = state["epilogue"]
    if not agreeing(state):
        return str(ep["stage"]), [("abstain", "abstain", {})], "abstain", False
    if len(ep["rounds"]) == 1:
        return "0", [("abstain", "abstain", {})], "abstain", True
    return str(len(ep["rounds"]) - 1), [("keep", "keep_proposal", {})], "keep", True


def stage_done(ctx: Ctx) -> None:
    """Once nobody of this stage is left to vote: the next stage, or the count."""
    state = ctx.state
    if voters(state):
        return
    if agreeing(state):
        _round_done(ctx)
    elif uses_track(state["total"]) and state["epilogue"]["stage"] < 3:
        _next_stage(ctx)
    else:
        count(ctx)


def remind(ctx: Ctx) -> None:
    """The vote stage's own clock (spec section 7.7): when its first part (the `action` pace,
    60 s live) runs out, the table is reminded once and the ballots stay open until their own
    deadline (the `vote` pace, 60 + 30 s live); then the missing voters abstain. The clock runs
    whoever has voted, so its timing says nothing."""
    state = ctx.state
    ep = state["epilogue"]
    ep["reminded"] = True
    if uses_track(state["total"]):
        ctx.say("vote_reminder", level=ep["stage"])
    else:
        ctx.say("vote_reminder_players")


def _next_stage(ctx: Ctx) -> None:
    """Reveal the next shared card and call the level that votes now; a level with nobody on
    it is revealed and passed at once."""
    state = ctx.state
    ep = state["epilogue"]
    while ep["stage"] < 3:
        ep["stage"] += 1
        ep["revealed"] = ep["stage"]
        ep["reminded"] = False
        ctx.say("shared_card", number=ep["stage"], card=ep["shared"][ep["stage"] - 1])
        if voters(state):
            ctx.say("level_votes", level=ep["stage"])
            return
    count(ctx)


def verdict(state: dict) -> int | None:
    """Plurality; a tie goes to the furthest psychic on the track who voted for a tied group,
    then the youngest (or eldest, by setting) player (spec section 5.4, RULINGS R3, R4, R22)."""
    votes = {k: g for k, g in state["epilogue"]["votes"].items() if g is not None}
    if agreeing(state) and len(set(votes.values())) > 1:
        votes = {k: g for k, g in votes.items() if k == youngest(state, votes)}
    counts = Counter(votes.values())
    if not counts:
        return None
    top = max(counts.values())
    tied = {g for g, c in counts.items() if c == top}
    if len(tied) == 1:
        return tied.pop()
    sign = 1 if state["tiebreak_age"] == "youngest" else -1

    def rank(key: str) -> tuple:
        seat = voter_seat(state, key)      # None: the player left after voting (R24), last
        track = state["psychics"][int(key)]["track"] if uses_track(state["total"]) else 0
        return (-track, seat is None, sign * state["age_rank"][seat or 0])
    for key in sorted(votes, key=rank):
        if votes[key] in tied:
            return votes[key]
    return None


def youngest(state: dict, keys) -> str:
    """The youngest (or eldest, by setting) player among these voters' seats."""
    sign = 1 if state["tiebreak_age"] == "youngest" else -1
    return min(keys, key=lambda k: sign * state["age_rank"][int(k)])


def count(ctx: Ctx) -> None:
    state = ctx.state
    ep = state["epilogue"]
    track = uses_track(state["total"])
    for key in sorted(ep["votes"], key=int):
        who = {"persona": state["psychics"][int(key)]["persona"]} if track \
            else {"seat": int(key)}
        group = ep["votes"][key]
        kind = "ballot" if group is not None else "ballot_blank"
        ctx.say(kind if track else f"{kind}_player", group=group, **who)
    ep["verdict"] = verdict(state)
    if ep["verdict"] is None:
        ctx.say("verdict_none", culprit=ep["culprit"])
    else:
        ctx.say("verdict", group=ep["verdict"], culprit=ep["culprit"])
    for card in sorted(ep["labels"]):
        ctx.say("shared_label", card=card, category=ep["labels"][card])
    if ep["verdict"] is None:
        finish(ctx, False, "no_votes")
    else:
        won = ep["verdict"] == ep["culprit"]
        finish(ctx, won, "solved" if won else "wrong_group", group=ep["verdict"],
                     culprit=ep["culprit"])


def finish(ctx: Ctx, won: bool, reason: str, **data) -> None:
    """The end: the result, and every psychic's targets revealed (RULING R30)."""
    state = ctx.state
    state["phase"] = "over"
    state["result"] = {"won": won, "reason": reason, **data}
    for p in state["psychics"]:
        ctx.say("reveal_targets", persona=p["persona"],
                cards=[p["targets"][c] for c in CATEGORIES])
