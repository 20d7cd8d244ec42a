#!/usr/bin/env bash
# On a machine with a GPU: build and install, run `python -m gpuarray`, the test
# suite and the benchmarks. Logs go to $OUT (the device tool's output folder).
# Usage: tools/gpu_check.sh [steps...]   steps: env build main test bench probe pack
# (default: env build main test bench).
# PYTEST_PATHS (default tests), PYTEST_ARGS and BENCH_ARGS pass arguments to pytest and benchmarks/run.py.
# SHARD=k/n runs every n-th test file from the k-th (the whole GPU suite takes longer
# than one 10-minute device call: run SHARD=1/2 and SHARD=2/2 in two calls).
# FILE_TIMEOUT=s (default 400) bounds each file's run in JOBS mode.
# JOBS=n runs the test files in up to n pytest processes side by side on the one
# GPU (the suite is mostly host-bound): the whole suite in ~7 minutes with JOBS=4;
# with JOBS=10 on a 32-core two-GPU machine ~215 s on a fresh machine (every kernel
# compiled by NVRTC on first use) and 63 s once its kernel cache is warm;
# one log per file in $OUT/tests/.
# XDIST=n (a number, or auto: one per core) runs the suite in one pytest with n
# pytest-xdist workers sharing the GPU, each file's tests in one worker; it
# takes precedence over JOBS. The GPU machine has no package index: carry .whl/
# (pytest-xdist and execnet wheels) and first run
#   python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
# probe runs the benchmarks/probes/ scripts named in PROBES (e.g. "fft_probe linalg_probe"), one log each.
# pack folds $OUT's logs into $OUT/logs.tgz, beside bench.md and bench.json: the
# device tool brings back at most 8 files.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -n "${SHARD:-}" ]; then
  PYTEST_PATHS=$(find tests -name 'test_*.py' | LC_ALL=C sort | awk -v k="${SHARD%/*}" -v n="${SHARD#*/}" '(NR - 1) % n == k - 1' | tr '\n' ' ')
fi
OUT=${OUT:-/tmp/gpuarray-check}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
steps=${*:-env build main test bench}
status=0

for step in $steps; do
  echo "=== $step"
  case $step in
    env)
      nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm --format=csv | tee "$OUT/env.txt"
      python3 -c "import sys, numpy, pybind11, scikit_build_core; print(sys.version); print('numpy', numpy.__version__, 'pybind11', pybind11.__version__, 'skbuild', scikit_build_core.__version__)" | tee -a "$OUT/env.txt"
      python3 -c "import cupy, torch; print('cupy', cupy.__version__, 'torch', torch.__version__)" | tee -a "$OUT/env.txt"
      ;;
    build)
      start=$(date +%s)
      # One architecture (the machine's Hopper) unless told otherwise: "all" takes several times longer.
      GPUARRAY_CUDA_ARCHITECTURES=${GPUARRAY_CUDA_ARCHITECTURES:-90} CMAKE_BUILD_PARALLEL_LEVEL=$(nproc) \
        python3 -m pip install --no-build-isolation --no-deps -q . \
        >"$OUT/build.log" 2>&1 || { tail -50 "$OUT/build.log"; exit 1; }
      echo "build+install: $(( $(date +%s) - start )) s"
      ;;
    main)
      python3 -m gpuarray --require-gpu 2>&1 | tee "$OUT/main.log"
      [ "${PIPESTATUS[0]}" = 0 ] || status=1
      ;;
    test)
      # Several pytest processes share the cores: cap each one's BLAS pool
      # (Note [BLAS threads under pytest-xdist] in tests/conftest.py does it for
      # xdist workers; JOBS starts plain processes).
      if [ "${JOBS:-1}" -gt 1 ]; then export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}; fi
      if [ -n "${XDIST:-}" ]; then
        # --dist loadfile: a file's module fixtures (some compile hundreds of
        # kernels) are built in one worker rather than in each.
        python3 -m pytest -n "$XDIST" --dist loadfile ${PYTEST_PATHS:-tests} -q -ra --durations=10 \
          -p no:cacheprovider ${PYTEST_ARGS:-} 2>&1 | tee "$OUT/tests.log" | tail -60
        [ "${PIPESTATUS[0]}" = 0 ] || status=1
        continue
      fi
      if [ "${JOBS:-1}" -gt 1 ]; then
        # One pytest per file, JOBS at a time, largest files first (a rough
        # stand-in for their run time) so that the last ones finish together.
        mkdir -p "$OUT/tests"
        files=${PYTEST_PATHS:-$(find tests -name 'test_*.py' | LC_ALL=C sort)}
        # FILE_TIMEOUT (s) ends a file that runs too long, and pytest dumps every
        # thread's stack once a single test passes 2/3 of it, so a hang shows where.
        ft=${FILE_TIMEOUT:-400}
        ls -S $files | xargs -P "$JOBS" -I{} sh -c \
          'timeout '"$ft"' python3 -m pytest {} -q -ra --durations=5 -p no:cacheprovider \
             -o faulthandler_timeout='"$((ft * 2 / 3))"' '"${PYTEST_ARGS:-}"' >"$0/$(basename {} .py).log" 2>&1' \
          "$OUT/tests" || status=1
        for log in "$OUT"/tests/*.log; do printf '%-40s %s\n' "$(basename "$log" .log)" "$(tail -1 "$log")"; done
        grep -h "^FAILED\|^ERROR" "$OUT"/tests/*.log
        continue
      fi
      python3 -m pytest ${PYTEST_PATHS:-tests} -q -ra -p no:cacheprovider ${PYTEST_ARGS:-} 2>&1 | tee "$OUT/tests.log" | tail -40
      [ "${PIPESTATUS[0]}" = 0 ] || status=1
      ;;
    bench)
      python3 benchmarks/run.py --json "$OUT/bench.json" --markdown "$OUT/bench.md" ${BENCH_ARGS:-} 2>"$OUT/bench.err" || status=1
      tail -20 "$OUT/bench.err"
      ;;
    probe)
      for tool in ${PROBES:-}; do
        python3 "benchmarks/probes/$tool.py" >"$OUT/$tool.log" 2>&1 || status=1
        cat "$OUT/$tool.log"
      done
      ;;
    pack)
      (cd "$OUT" && tar czf logs.tgz --exclude=logs.tgz --exclude=bench.md --exclude=bench.json ./* &&
        find . -mindepth 1 -not -name logs.tgz -not -name bench.md -not -name bench.json -delete)
      ;;
    *) echo "unknown step $step"; exit 2 ;;
  esac
done
exit $status
