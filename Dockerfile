# The bot alone: its own requirements (no test tools), run as an unprivileged user.
# Build: docker build -t table-bot .   Run with compose.yaml (PostgreSQL beside it).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    METRICS_PORT=9108

WORKDIR /app
COPY requirements.txt ./
RUN pip install -r requirements.txt \
    && useradd --system --uid 10001 --create-home table

COPY bot.py ./
COPY cogs ./cogs
COPY games ./games
COPY hosting ./hosting
COPY data ./data
# The SQLite file (when DATABASE_URL is not set) is written under data/; pictures are
# cached under the user's home.
RUN chown table /app/data

USER table
EXPOSE 9108
# Healthy once the bot takes clicks and runs its deadlines (the `table_ready` metric).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-m", "hosting.metrics", "check"]
CMD ["python", "bot.py"]
