# SPDX-License-Identifier: BSD-3-Clause
"""The suite collects the same tests, in the same order, in every process:
pytest-xdist refuses to run when its workers disagree."""
import os
import subprocess
import sys
from pathlib import Path

import gpuarray

TESTS = Path(__file__).resolve().parent


def collect(hash_seed):
    """Starts a `pytest --collect-only` of the whole suite in a new process."""
    env = dict(os.environ, PYTHONHASHSEED=str(hash_seed))
    env.pop("PYTEST_ADDOPTS", None)
    # The gpuarray this process imported, wherever it came from.
    package_root = str(Path(gpuarray.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    # pytest-randomly, where installed, would shuffle each collection its own way.
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
               "-p", "no:randomly", str(TESTS)]
    return subprocess.Popen(command, cwd=TESTS.parent, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def test_collection_is_the_same_in_every_process():
    # Hash seeds change the order of sets of strings; separate processes also
    # change object addresses, which show in ids made from reprs.
    runs = [collect(seed) for seed in (0, 1)]
    outputs = [run.communicate()[0] for run in runs]
    for run, output in zip(runs, outputs):
        assert run.returncode == 0, output[-3000:]
    ids = [[line for line in output.splitlines() if "::" in line] for output in outputs]
    assert len(ids[0]) == len(ids[1]) > 1000
    differ = [(a, b) for a, b in zip(*ids) if a != b]
    assert not differ, f"{len(differ)} ids differ, e.g. {differ[:3]}"
