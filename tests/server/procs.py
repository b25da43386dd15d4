"""Real `meeple serve` processes for the tests that need them (crashes, several processes on one database)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any


def start_server(database: str, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    """Start `meeple serve` on a free port; returns the process and its base address.

    Its output goes to a file rather than a pipe nobody reads, so a talkative server never blocks.
    """
    cmd = [sys.executable, "-m", "meeple.cli", "serve", "--port", "0", "--database", database,
           "--bot-workers", "0", "--bot-delay", "0", "--no-client-limits", *extra]
    out = tempfile.NamedTemporaryFile(prefix="meeple-serve-", suffix=".log", delete=False)  # noqa: SIM115
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    deadline = time.time() + 60
    while time.time() < deadline:
        found = re.search(r"(http://\S+:\d+)/", Path(out.name).read_text())
        if found:
            return proc, found.group(1)
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("server did not start:\n" + Path(out.name).read_text())


def http(method: str, url: str, body: Any = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data, {"content-type": "application/json"}, method=method)
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())
