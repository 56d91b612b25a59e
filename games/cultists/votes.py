"""Votes (spec 5.7): talk (skipped under No Connection), secret ballots from every player,
public reveal, the Knife's power, the tally of R-09, the elimination."""
from __future__ import annotations

from collections import Counter

from games.cultists import data
from games.cultists.ending import become_ghost, show_role
from games.cultists.flow import Ctx, ask, choose, opt, question, task
from games.cultists.setup import name


def tally(ballots: list[tuple[int | None, int]]) -> int | None:
    """A unique leader with strictly more votes than the abstentions (R-09)."""
    votes: Counter = Counter()
    abstain = 0
    for target, weight in ballots:
        if target is None:
            abstain += weight
        else:
            votes[target] += weight
    if not votes:
        return None
    top = max(votes.values())
    leaders = [x for x, v in votes.items() if v == top]
    return leaders[0] if len(leaders) == 1 and abstain < top else None


def knife_power(s: dict) -> str:
    return data.table(s["count"])["knife"]


@task("vote")
def vote(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    then = [{"t": "ballots"}, {"t": "phase", "to": s["phase"]}]
    s["phase"] = "vote"
    silent = s["effect"] == "NO_CONNECTION"
    ctx.emit("vote_opens", {"why": t["why"], "silent": silent})
    if not silent:
        then.insert(0, {"t": "pause", "deadline": "day_discussion"})
    ctx.push(*then)


def ballot_options(s: dict, ci: int) -> list[list]:
    targets = [x for x in s["order"] if not s["chars"][x]["ghost"]]
    out = [opt("abstain", "abstain")] + [opt(f"c{x}", "char", char=name(s, x)) for x in targets]
    clumsy_double = (knife_power(s) == "double" and s["knife"] == ci
                     and not s["chars"][ci]["ghost"] and s["chars"][ci]["role"] == "CLUMSY")
    if clumsy_double:
        out += [opt("2abstain", "abstain_double")] + [
            opt(f"2c{x}", "char_double", char=name(s, x)) for x in targets]
    return out


@task("phase")
def back_to(ctx: Ctx, t: dict) -> None:
    """After a vote, the phase it interrupted goes on."""
    ctx.s["phase"] = t["to"]


@task("ballots")
def ballots(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    voters = [ci for ci in s["order"] if s["chars"][ci]["seat"] is not None]
    answers = ask(ctx, t, "ballot", [question(
        s["chars"][ci]["seat"], "ballot", ballot_options(s, ci), default="abstain",
        deadline="vote") for ci in voters])
    cast = {}
    for ci in s["order"]:
        c = s["chars"][ci]
        cast[str(ci)] = "abstain" if c["automa"] else answers[str(c["seat"])]
    ctx.emit("ballots_revealed", {})
    for ci, b in cast.items():
        announce(ctx, int(ci), b, "ballot")
        target = b.lstrip("2")
        s["ballot_log"].append([int(ci), None if target == "abstain" else int(target[1:])])
    holder = s["chars"][s["knife"]]
    nxt = {"t": "tally", "cast": cast}
    # the Knife holder's change leads to the tally itself
    changeable = knife_power(s) == "change" and not holder["ghost"] and not holder["automa"]
    ctx.push({"t": "knife_change", "cast": cast} if changeable else nxt)


def announce(ctx: Ctx, ci: int, ballot: str, kind: str) -> None:
    """A ballot in public: `kind`_for or `kind`_abstain."""
    b = ballot.lstrip("2")
    if b == "abstain":
        ctx.emit(f"{kind}_abstain", {"char": name(ctx.s, ci)})
    else:
        ctx.emit(f"{kind}_for", {"char": name(ctx.s, ci), "target": name(ctx.s, int(b[1:]))})


@task("knife_change")
def knife_change(ctx: Ctx, t: dict) -> None:
    """S 5–6: the living Knife holder may change their ballot after the reveal."""
    s = ctx.s
    ci = s["knife"]
    mine = t["cast"][str(ci)]
    options = [opt("keep", "keep_ballot")] + [o for o in ballot_options(s, ci) if o[0] != mine]
    picked = choose(ctx, t, "change", question(
        s["chars"][ci]["seat"], "knife_change", options, default="keep", deadline="reactive",
        public=True))
    cast = dict(t["cast"])
    then = {"t": "tally", "cast": cast}
    if picked != "keep":
        cast[str(ci)] = picked
        announce(ctx, ci, picked, "knife_changed")
        then["clumsy"] = ci
    ctx.push(then)


@task("tally")
def count(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    weighted = []
    clumsy = t.get("clumsy")
    for key, b in t["cast"].items():
        ci = int(key)
        c = s["chars"][ci]
        weight = 1
        if ci == s["knife"] and not c["ghost"]:
            if c["automa"] or (knife_power(s) == "double" and
                               (c["role"] != "CLUMSY" or b.startswith("2"))):
                weight = 2
            if c["role"] == "CLUMSY" and b.startswith("2"):
                clumsy = ci
        b = b.lstrip("2")
        weighted.append((None if b == "abstain" else int(b[1:]), weight))
    out = tally(weighted)
    votes = Counter(x for x, w in weighted for _ in range(w) if x is not None)
    result = {"top": max(votes.values(), default=0),
              "abstain": sum(w for x, w in weighted if x is None)}
    if out is None:
        ctx.emit("vote_no_result", result)
    else:
        ctx.emit("vote_result", {"char": name(s, out), **result})
    if clumsy is not None and s["chars"][clumsy]["role"] == "CLUMSY":
        ctx.push({"t": "role_death", "c": clumsy})
    if out is not None:
        c = s["chars"][out]
        if c["automa"] and data.table(s["count"])["cultists"] == 1:
            show_role(ctx, out)
        become_ghost(ctx, out, "vote")


