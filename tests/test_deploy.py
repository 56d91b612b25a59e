"""What can be checked of the container without building it: the Dockerfile copies files that
exist, installs the bot's own requirements only and runs as a user; compose.yaml starts
PostgreSQL with a volume and health checks, migrates before the bot and points the bot at it;
every variable the bot reads or compose asks for is in .env.example."""
from __future__ import annotations

import ast
import asyncio
import importlib.metadata
import re
import sys
from pathlib import Path

import pytest
import yaml

from bot import fast_event_loop

ROOT = Path(__file__).resolve().parent.parent
BOT_CODE = ("bot.py", "cogs", "games", "hosting")


def dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments), continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines()]
    return [tuple(line.split(None, 1)) for line in lines if line and not line.startswith("#")]


def pinned(name: str) -> dict[str, str]:
    """Distribution (normalised) -> version, from a requirements file."""
    found = {}
    for line in (ROOT / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            dist, version = line.split(";")[0].split("==")   # an environment marker aside
            found[normal(dist)] = version.strip()
    return found


def normal(dist: str) -> str:
    return re.sub(r"[-_.]+", "-", dist).lower()


def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def test_the_image_is_slim_runs_as_a_user_and_checks_its_health():
    steps = dockerfile()
    assert steps[0] == ("FROM", "python:3.11-slim")
    kinds = [kind for kind, _ in steps]
    user = dict(steps)["USER"]
    assert user not in ("root", "0")
    assert kinds.index("USER") < kinds.index("CMD")
    assert "HEALTHCHECK" in kinds and "hosting.metrics" in dict(steps)["HEALTHCHECK"]
    assert dict(steps)["CMD"] == '["python", "bot.py"]'


def test_the_image_copies_what_exists_and_installs_the_bots_requirements_only():
    steps = dockerfile()
    for kind, args in steps:
        if kind == "COPY":
            *sources, _ = args.split()
            for source in sources:
                assert (ROOT / source).exists(), source
    installs = [args for kind, args in steps if kind == "RUN" and "pip install" in args]
    assert len(installs) == 1
    assert re.findall(r"-r\s+(\S+)", installs[0]) == ["requirements.txt"]
    copied = {source.rstrip("/") for kind, args in steps if kind == "COPY"
              for source in args.split()[:-1]}
    assert set(BOT_CODE) | {"data"} <= copied
    assert not {"tests", "bench", "requirements-dev.txt"} & copied
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert ".env" in ignored and ".git" in ignored


def third_party_imports() -> set[str]:
    local = {"bot", "cogs", "games", "hosting", "tests"}
    found = set()
    for part in BOT_CODE:
        for path in [ROOT / part] if part.endswith(".py") else (ROOT / part).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Import):
                    found |= {alias.name.split(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    found.add(node.module.split(".")[0])
    return found - local - set(sys.stdlib_module_names) - {"__future__"}


def test_requirements_are_what_the_bot_imports_and_no_test_tools():
    runtime, dev = pinned("requirements.txt"), pinned("requirements-dev.txt")
    dists = importlib.metadata.packages_distributions()
    for module in third_party_imports():
        assert any(normal(d) in runtime for d in dists[module]), f"{module} is not pinned"
    assert not set(runtime) & set(dev)
    assert not {"pytest", "hypothesis", "pyyaml"} & set(runtime)


def test_compose_runs_postgresql_with_a_volume_then_migrates_then_the_bot():
    spec = compose()
    services = spec["services"]
    db, migrate, bot = services["db"], services["migrate"], services["bot"]
    volume = db["volumes"][0].split(":")[0]
    assert volume in spec["volumes"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert migrate["command"] == ["python", "bot.py", "migrate"]
    assert migrate["depends_on"]["db"]["condition"] == "service_healthy"
    assert bot["depends_on"] == {"db": {"condition": "service_healthy"},
                                 "migrate": {"condition": "service_completed_successfully"}}
    assert "hosting.metrics" in bot["healthcheck"]["test"]
    for service in (migrate, bot):
        assert service["env_file"] == ".env"
        url = service["environment"]["DATABASE_URL"]
        assert re.fullmatch(r"postgresql://.+@db:5432/.+", url)


def test_env_example_names_every_setting_the_bot_and_compose_read():
    example = {line.split("=")[0].lstrip("# ") for line in
               (ROOT / ".env.example").read_text().splitlines() if "=" in line}
    read = set()
    for part in BOT_CODE:
        for path in [ROOT / part] if part.endswith(".py") else (ROOT / part).rglob("*.py"):
            read |= set(re.findall(r"environ(?:\.get\(|\[)\s*\"([A-Z_]+)\"", path.read_text()))
    read.discard("XDG_CACHE_HOME")   # where pictures are cached: a desktop standard, not ours
    asked = set(re.findall(r"\$\{([A-Z_]+)", (ROOT / "compose.yaml").read_text()))
    assert {"DISCORD_TOKEN", "DATABASE_URL", "METRICS_PORT", "POSTGRES_PASSWORD"} <= read | asked
    assert (read | asked) - example == set()


def test_the_bot_runs_on_uvloop_with_postgresql_only():
    uvloop = pytest.importorskip("uvloop")
    try:
        fast_event_loop("data/table.sqlite3")
        assert not isinstance(asyncio.get_event_loop_policy(), uvloop.EventLoopPolicy)
        fast_event_loop("postgresql://table@db:5432/table")
        assert isinstance(asyncio.get_event_loop_policy(), uvloop.EventLoopPolicy)
    finally:
        asyncio.set_event_loop_policy(None)
