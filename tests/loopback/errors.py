"""The error bodies Discord answers with: raised anywhere in the fake, rendered by the REST
middleware."""
from __future__ import annotations


class ApiError(Exception):
    """An HTTP error exactly as Discord shapes it: status, JSON error code and message."""

    def __init__(self, status: int, code: int, message: str, errors: dict | None = None,
                 retry_after: float | None = None):
        super().__init__(f"{status} {code}: {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors
        self.retry_after = retry_after     # a 429's wait, in its body and its headers

    def body(self) -> dict:
        out = {"code": self.code, "message": self.message}
        if self.errors:
            out["errors"] = self.errors
        if self.retry_after is not None:
            out.update(retry_after=self.retry_after, **{"global": False})
        return out

    def headers(self) -> dict:
        """A 429's headers as Discord's API sends them (not a Cloudflare ban: that has no
        `Via`, and discord.py tells the two apart by it)."""
        if self.retry_after is None:
            return {}
        return {"Retry-After": f"{self.retry_after:.3f}", "Via": "1.1 google",
                "X-RateLimit-Scope": "user"}


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


def invalid_form(problems: dict[str, str]) -> ApiError:
    """400 50035 with one entry per offending field path, like Discord's nested error bodies."""
    errors = {path: {"_errors": [{"code": "BASE_TYPE_INVALID", "message": msg}]}
              for path, msg in problems.items()}
    return ApiError(400, 50035, "Invalid Form Body", errors)


UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, UNKNOWN_USER, UNKNOWN_GUILD = 10003, 10008, 10013, 10004
UNKNOWN_MEMBER, UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION = 10007, 10015, 10062
CANNOT_DM, EMPTY_MESSAGE, ALREADY_ACKED, MISSING_ACCESS = 50007, 50006, 40060, 50001
DMS_TOO_FAST = 40003
