# SPDX-License-Identifier: BSD-3-Clause
"""The engine's C++ unit tests (tests/engine/cpp, Note [C++ unit tests] in
CMakeLists.txt), run by CTest in the build folder of the engine this process
imports: build/dev (tools/dev_build.sh links it into python/gpuarray) or
pip's build/<wheel tag> (pyproject.toml's build-dir)."""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig

import pytest

import gpuarray

ROOT = pathlib.Path(__file__).resolve().parents[2]


def engine_build_dir():
    """The CMake build folder that holds the imported engine and its tests, or None."""
    package = pathlib.Path(gpuarray.__file__).resolve().parent
    engine = package / "libgpuarray_engine.so"
    if engine.is_symlink():  # tools/dev_build.sh's build in place
        return engine.resolve().parent
    # An installed package: scikit-build-core built it in build/<wheel tag>.
    platform = re.sub(r"[-.]", "_", sysconfig.get_platform())
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    candidates = sorted((ROOT / "build").glob(f"{python}-*-{platform}"), key=lambda p: p.stat().st_mtime)
    return candidates[-1] if candidates else None


def ctest_command(build):
    """The ctest of the CMake that configured `build` (pip's may be gone), else PATH's."""
    cache = (build / "CMakeCache.txt").read_text()
    configured = re.search(r"^CMAKE_CTEST_COMMAND:INTERNAL=(.*)$", cache, re.MULTILINE)
    if configured and os.access(configured.group(1), os.X_OK):
        return configured.group(1)
    return shutil.which("ctest")


def test_engine_unit_tests_pass():
    build = engine_build_dir()
    if build is None or not (build / "CTestTestfile.cmake").is_file():
        pytest.skip(f"no C++ unit test build for {gpuarray.__file__}: build with tools/dev_build.sh or "
                    "`pip install .` (GPUARRAY_BUILD_TESTS=ON)")
    ctest = ctest_command(build)
    assert ctest, "ctest was not found: install CMake to run the C++ unit tests"
    result = subprocess.run([ctest, "--output-on-failure", "--timeout", "300"], cwd=build,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No tests were found" not in result.stdout, result.stdout
