"""A test-only game small enough to read at a glance: one hidden wolf, a secret night kill,
a timed day vote. It exercises every part of the engine contract the hosting core relies on."""
from __future__ import annotations

from pathlib import Path

from games.base import GM, PUBLIC, Engine, Event, Option, Outcome, Pending
from games.options import Int
from games.rng import Rng

LOCALES = Path(__file__).parent / "locales"


class ToyGame(Engine):
    name = "toy"
    modes = ("normal", "slow")
    min_players = 3
    max_players = 8
    ai_policies = ("baseline", "village")
    state_version = 2   # 2: "round_cap" joined the state

    def upgrade(self, state):
        return state if "round_cap" in state else {**state, "round_cap": None}

    def option_specs(self, mode):
        # round_cap: the wolf wins if still alive after that many days.
        return {"round_cap": Int(1, 50)}

    def _setup(self, options, players, seed):
        state = {"rng": Rng.seed(seed), "players": players, "mode": options["mode"],
                 "round_cap": options.get("round_cap"),
                 "round": 1, "phase": "night", "step": 0, "alive": list(range(players)),
                 "votes": {}, "waited": False, "victim": None, "winner": None, "log": []}
        wolf = Rng(state).below(players)
        state["wolf"] = wolf
        events = [Event("role", {"role": "wolf" if s == wolf else "villager"}, [s])
                  for s in range(players)]
        events.append(Event("gm_roles", {"wolf": wolf}, GM))
        events.append(Event("night_falls", {"round": 1}))
        return state, events

    def pending(self, state):
        if state["winner"]:
            return []
        step = state["step"]
        if state["phase"] == "night":
            out = []
            if state["victim"] is None:
                out.append(Pending(f"{step}:kill", state["wolf"], "kill",
                                   tuple(Option(str(s), "seat", {"seat": s})
                                         for s in state["alive"] if s != state["wolf"]),
                                   default=str(min(s for s in state["alive"]
                                                   if s != state["wolf"])),
                                   deadline="night_step"))
            if state["mode"] == "slow" and not state["waited"]:
                out.append(Pending(f"{step}:wait", None, "wait", (Option("go", "go"),),
                                   default="go", deadline="night_step"))
            return out
        opts = tuple([Option(str(s), "seat", {"seat": s}) for s in state["alive"]]
                     + [Option("skip", "skip")])
        return [Pending(f"{step}:vote:{s}", s, "vote", opts, default="skip", deadline="vote",
                        public=True)
                for s in state["alive"] if str(s) not in state["votes"]]

    def _apply(self, state, pending, choice):
        if pending.kind in ("wait", "kill"):
            if pending.kind == "wait":
                state["waited"] = True
            else:
                state["victim"] = int(choice)
                state["log"].append(state["victim"])
            if state["victim"] is None or (state["mode"] == "slow" and not state["waited"]):
                return []
            return self._dawn(state)
        state["votes"][str(pending.seat)] = choice
        if len(state["votes"]) < len(state["alive"]):
            return [Event("voted", {"voter": pending.seat})]
        return self._close_vote(state)

    def _dawn(self, state):
        victim = state["victim"]
        state["alive"].remove(victim)
        state.update(phase="day", step=state["step"] + 1, waited=False, victim=None)
        return [Event("night_kill", {"victim": victim}), Event("gm_kill", {"victim": victim}, GM),
                *self._check(state)]

    def _close_vote(self, state):
        tally: dict[str, int] = {}
        for choice in state["votes"].values():
            tally[choice] = tally.get(choice, 0) + 1
        best = max(tally.values())
        leaders = sorted(c for c, n in tally.items() if n == best)
        events = [Event("votes", {"votes": dict(sorted(state["votes"].items()))})]
        if len(leaders) == 1 and leaders[0] != "skip":
            out = int(leaders[0])
            state["alive"].remove(out)
            events.append(Event("lynched", {"seat": out,
                                            "role": "wolf" if out == state["wolf"] else "villager"}))
        else:
            events.append(Event("no_lynch", {}))
        state["votes"] = {}
        state["step"] += 1
        events += self._check(state, last_day=state["round"] == state["round_cap"])
        if not state["winner"]:
            state["phase"] = "night"
            state["round"] += 1
            events.append(Event("night_falls", {"round": state["round"]}))
        return events

    def _check(self, state, last_day=False):
        if state["wolf"] not in state["alive"]:
            state["winner"] = "village"
        elif len(state["alive"]) <= 2 or last_day:
            state["winner"] = "wolf"
        if state["winner"]:
            state["phase"] = "over"
            return [Event("game_over", {"side": state["winner"], "wolf": state["wolf"]}, PUBLIC)]
        return []

    def public_view(self, state):
        return {"phase": state["phase"], "round": state["round"], "alive": state["alive"],
                "dead": [s for s in range(state["players"]) if s not in state["alive"]]}

    def seat_view(self, state, seat):
        view = self.public_view(state)
        view["seat"] = seat
        view["role"] = "wolf" if seat == state["wolf"] else "villager"
        return view

    def describe(self, view, t):
        lines = [t("phases", view["phase"]), t("views", "alive", seats=view["alive"])]
        if "role" in view:
            lines.append(t("views", "role", role=view["role"]))
        return "\n".join(lines)

    def outcome(self, state):
        if not state["winner"]:
            return None
        wolf = state["wolf"]
        winners = ((wolf,) if state["winner"] == "wolf"
                   else tuple(s for s in range(state["players"]) if s != wolf))
        return Outcome(winners, state["winner"])

    def ai_choice(self, state, pending, policy):
        if policy == "village" and pending.kind == "vote" and pending.seat != state["wolf"]:
            return "skip"
        return None
