# SPDX-License-Identifier: BSD-3-Clause
"""The `backend` fixture of these tests, from stats_helpers.py: the helpers live in a module of
their own name, since every test directory's conftest is a module named `conftest` and the one
imported last would answer `from conftest import ...` (Note [Test helper modules] in tests/gpu_presence.py)."""
from stats_helpers import backend

__all__ = ["backend"]
