"""Scripts: the validator of spec 4.3 (every script is checked before play, shipped or generated,
and refused with a reason a person can read) and the public sheet derived from the private one."""
from __future__ import annotations

from collections import Counter

from games.looper import data


class ScriptError(ValueError):
    """An illegal script. `code` names `errors.<code>` in the locale; `params` fill it."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code = code
        self.params = params


def required_roles(script: dict) -> Counter:
    """The multiset of roles the chosen plots put in the cast (rule 3)."""
    need: Counter = Counter()
    ts = script["tragedy_set"]
    for pid in [script["main_plot"], *script["subplots"]]:
        p = data.plot(ts, pid)
        need.update(p["roles"])
        if "curmudgeons" in p:
            need["curmudgeon"] += int(script.get("script_choices", {}).get("curmudgeons", 0))
    return need


def validate(script: dict, allow_external: bool = False, allow_unverified: bool = False) -> dict:
    """Return the script if every rule of spec 4.3 holds; raise ScriptError otherwise.
    Characters whose card data is not marked verified are refused unless allowed (R-41)."""
    sets = data.tragedy()["sets"]
    ts_name = script.get("tragedy_set")
    if ts_name not in sets:
        raise ScriptError("script_set", f"Unknown tragedy set {ts_name!r}.", set=str(ts_name))
    ts = sets[ts_name]
    loops, days = script.get("loops"), script.get("days_per_loop")
    if not isinstance(loops, int) or not 1 <= loops <= data.MAX_LOOPS:
        raise ScriptError("script_loops", f"A script has 1 to {data.MAX_LOOPS} loops.",
                          loops=str(loops))
    if not isinstance(days, int) or not 1 <= days <= data.MAX_DAYS:
        raise ScriptError("script_days", f"A loop has 1 to {data.MAX_DAYS} days.",
                          days=str(days))
    main = script.get("main_plot")
    if main not in ts["main_plots"]:
        raise ScriptError("script_main_plot", f"{main!r} is not a main plot of this set.",
                          plot=str(main))
    subs = list(script.get("subplots", []))
    if len(subs) != ts["subplots"] or len(set(subs)) != len(subs):
        raise ScriptError("script_subplot_count",
                          f"This set needs exactly {ts['subplots']} different subplots.",
                          count=ts["subplots"])
    for sp in subs:
        if sp not in ts["subplots_list"]:
            raise ScriptError("script_subplot", f"{sp!r} is not a subplot of this set.", plot=sp)
    cur = script.get("script_choices", {}).get("curmudgeons", 0)
    if cur and "a_hideous_script" not in subs or not 0 <= int(cur) <= 2:
        raise ScriptError("script_curmudgeons",
                          "Curmudgeons (0 to 2) come only with A Hideous Script.")
    cast = script.get("cast", [])
    known = data.characters()
    seen: set[str] = set()
    for entry in cast:
        cid, role = entry.get("character"), entry.get("role")
        if cid in data.external_characters() and not allow_external:
            raise ScriptError("script_external", f"{cid} is not available in this edition.",
                              character=str(cid))
        if cid not in known:
            raise ScriptError("script_character", f"Unknown character {cid!r}.",
                              character=str(cid))
        if not known[cid]["verified"] and not allow_unverified:
            raise ScriptError("script_unverified", f"{cid}'s card data is not verified.",
                              character=cid)
        if cid in seen:
            raise ScriptError("script_twice", f"{cid} appears twice in the cast.", character=cid)
        seen.add(cid)
        if role not in ts["roles"]:
            raise ScriptError("script_role", f"{role!r} is not a role of this set.",
                              role=str(role))
        if not 1 <= int(entry.get("enters_on_loop", 1)) <= loops:
            raise ScriptError("script_entry", f"{cid} enters on a loop the script lacks.",
                              character=cid)
    have = Counter(e["role"] for e in cast if e["role"] != "person")
    need = required_roles(script)
    for role, spec in data.roles().items():
        if spec["max"] is not None and need[role] > spec["max"]:
            raise ScriptError("script_role_max",
                              f"The plots need {need[role]} {role}, more than the {spec['max']} "
                              "a script may hold.", role=role, max=spec["max"])
    if have != need:
        missing = sorted((need - have).elements())
        extra = sorted((have - need).elements())
        raise ScriptError("script_roles",
                          f"The cast's roles must be exactly the plots' roles; missing "
                          f"{missing or 'none'}, not allowed {extra or 'none'}.",
                          missing=missing or ["—"], extra=extra or ["—"])
    trait = ts["main_plots"][main].get("key_person_trait")
    if trait:
        kp = next(e["character"] for e in cast if e["role"] == "key_person")
        if trait not in known[kp]["traits"]:
            raise ScriptError("script_key_person_trait",
                              f"Under this plot the Key Person must be a {trait}.", trait=trait)
    cast_ids = {e["character"]: e for e in cast}
    culprits: set[str] = set()
    days_used: set[int] = set()
    for inc in script.get("incidents", []):
        name, day, who = inc.get("incident"), inc.get("day"), inc.get("culprit")
        if name not in ts["incidents"]:
            raise ScriptError("script_incident", f"{name!r} is not an incident of this set.",
                              incident=str(name))
        if not isinstance(day, int) or not 1 <= day <= days:
            raise ScriptError("script_incident_day", f"{name} falls on a day the loop lacks.",
                              incident=name, day=str(day))
        if who not in cast_ids:
            raise ScriptError("script_culprit", f"The culprit of {name} is not in the cast.",
                              incident=name)
        if who in culprits:
            raise ScriptError("script_culprit_twice",
                              f"{who} is the culprit of two incidents.", character=who)
        if day in days_used:
            raise ScriptError("script_day_twice", f"Two incidents on day {day}.", day=day)
        culprits.add(who)
        days_used.add(day)
    return script


def public_sheet(script: dict) -> dict:
    """What the protagonists' card shows: set, loops, days, incident names per day, special
    rules. No culprits, roles, plots or entry loops."""
    return {
        "tragedy_set": script["tragedy_set"], "loops": script["loops"],
        "days_per_loop": script["days_per_loop"],
        "incidents": [{"day": i["day"], "incident": i["incident"]}
                      for i in sorted(script["incidents"], key=lambda i: i["day"])],
        "special_rules": list(script.get("special_rules", [])),
    }
