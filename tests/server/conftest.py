"""Fixtures of the server tests: an app on a fresh SQLite file or a fresh PostgreSQL schema."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.config import Settings, without_client_limits

PG_URL = os.environ.get("MEEPLE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def postgres_problem() -> str | None:
    """Why PostgreSQL cannot be used (None when it can)."""
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed"
    try:
        with psycopg.connect(PG_URL, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:
        return f"no PostgreSQL reachable at {PG_URL} ({type(exc).__name__}: {str(exc).strip()[:120]})"
    return None


_PG_PROBLEM: list[str | None] = []


def pg_problem_cached() -> str | None:
    if not _PG_PROBLEM:
        _PG_PROBLEM.append(postgres_problem())
    return _PG_PROBLEM[0]


@pytest.fixture
def pg_schema_url() -> Iterator[str]:
    """A SQLAlchemy address whose tables live in a fresh schema of the test database (dropped afterwards)."""
    problem = pg_problem_cached()
    if problem:
        pytest.skip(problem)
    import psycopg

    schema = f"meeple_{secrets.token_hex(6)}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    base = PG_URL.split("://", 1)[1]
    sep = "&" if "?" in base else "?"
    try:
        yield f"postgresql+psycopg://{base}{sep}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> str:
    """Each storage test runs on SQLite and on PostgreSQL (skipped, with the reason, when none is reachable)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/meeple.sqlite3"
    url: str = request.getfixturevalue("pg_schema_url")
    return url


def fast_settings(database: str, **changes: object) -> Settings:
    """Settings for tests: bots in a thread without delay, a quick sweeper, limits no test reaches by accident
    (and games of bots only allowed)."""
    s = without_client_limits(Settings(database=database, bot_workers=0, bot_delay=0.0, sweep_interval=0.1))
    for key, value in changes.items():
        setattr(s, key, value)
    return s


@pytest.fixture
def sqlite_url(tmp_path: os.PathLike[str]) -> str:
    return f"sqlite:///{tmp_path}/meeple.sqlite3"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(fast_settings(sqlite_url))) as c:
        yield c


@pytest.fixture
def any_client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(fast_settings(database))) as c:
        yield c
