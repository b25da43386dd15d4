# Shared by scripts/start and scripts/test: make .venv with Python 3.11+ and install Meeple into it.
# Usage: source scripts/_setup.sh EXTRAS   (e.g. "all" or "all,dev")
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON="${PYTHON:-}"
if [ -z "$PYTHON" ]; then
  for candidate in python3.13 python3.12 python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c "import sys; sys.exit(sys.version_info < (3, 11))" 2>/dev/null; then
      PYTHON="$candidate"; break
    fi
  done
fi
if [ -z "$PYTHON" ]; then
  echo "Meeple needs Python 3.11 or newer; none was found on PATH (set PYTHON=/path/to/python3.11)." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  echo "Creating .venv with $PYTHON"
  "$PYTHON" -m venv .venv
fi
echo "Installing Meeple and its dependencies ([$1]) into .venv"
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[$1]"
