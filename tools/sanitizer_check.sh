#!/usr/bin/env bash
# compute-sanitizer over a representative slice of the GPU suite (issue 22),
# on a machine with a GPU and gpuarray installed: memcheck over elementwise,
# reductions, scans, indexing, sorting, linalg, random and the robustness
# corpus with every array in its own cudaMalloc (tools/sanitizer_allocator.py);
# API errors are not reported: the corpus provokes them on purpose (out of
# memory, an invalid device) and checks the exceptions they raise.
# Then racecheck over the kernels that share memory inside a block (tiled
# elementwise, small inverse, row swaps, reductions). Logs go to $OUT; each
# run stops after RUN_TIMEOUT seconds (default 170; its log says how far it got).
# RUNS picks runs by name (default: all, below); PARALLEL=1 starts them side by
# side (the sanitizer is mostly host-bound: a 16-core machine runs all seven in
# one 10-minute device call, where one after another they take ~25 minutes).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/gpuarray-sanitizer}
mkdir -p "$OUT"
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
[ -n "$sanitizer" ] || { echo "compute-sanitizer not found"; exit 2; }
"$sanitizer" --version | tail -1
export PYTHONPATH=tools${PYTHONPATH:+:$PYTHONPATH}
pytest_args=(-q -p no:cacheprovider -p sanitizer_allocator)
status=0
run() {  # run TOOL LOG PYTEST-ARGS...
  local tool=$1 log=$2; shift 2
  timeout "${RUN_TIMEOUT:-170}" "$sanitizer" --tool "$tool" --error-exitcode 99 --print-limit 20 --report-api-errors no \
    python3 -m pytest "${pytest_args[@]}" "$@" >"$OUT/$log" 2>&1
  local rc=$?
  { echo "=== $tool: $*"; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|passed|failed" "$OUT/$log" | tail -3
    [ $rc = 0 ] || echo "rc $rc"; } >"$OUT/$log.summary"
  return $rc
}
start() {  # start TOOL LOG PYTEST-ARGS...: in the background under PARALLEL=1
  if [ "${PARALLEL:-0}" = 1 ]; then run "$@" & else run "$@"; fi
}
runs=${RUNS:-memcheck memcheck_linalg_solve memcheck_linalg_svd memcheck_linalg_eigh racecheck_ufunc racecheck_linalg racecheck_reductions}
for name in $runs; do
  case $name in
    memcheck) start memcheck memcheck.log tests/test_robustness.py tests/indexing/test_take_put.py \
        tests/reductions/test_reductions.py tests/reductions/test_scans.py tests/kernels/test_elementwise_kernel.py \
        tests/indexing/test_advanced_indexing.py tests/sorting/test_sorting.py tests/random/test_random_bulk.py \
        -k "not sticky" ;;
    # test_linalg.py's routines in three parts that each end within the time limit.
    memcheck_linalg_solve) start memcheck memcheck_linalg_solve.log tests/linalg/test_linalg.py -k "solve or inv or cholesky" ;;
    # Every SVD test but test_svd_each_driver's other dtypes: all 397 take over 500 s.
    memcheck_linalg_svd) start memcheck memcheck_linalg_svd.log tests/linalg/test_linalg.py \
        -k "(svd and not each_driver) or (svd_each_driver and float32)" ;;
    memcheck_linalg_eigh) start memcheck memcheck_linalg_eigh.log tests/linalg/test_linalg.py -k "(eigh or qr) and not svd" ;;
    racecheck_ufunc) start racecheck racecheck_ufunc.log tests/ufuncs/test_ufunc_call.py -k "transposed_layouts" ;;
    racecheck_linalg) start racecheck racecheck_linalg.log tests/linalg/test_linalg.py \
        -k "small_inverse or inv_general or inv_small or one_vector or singular_in_a_batch" ;;
    racecheck_reductions) start racecheck racecheck_reductions.log tests/reductions/test_reductions.py -k "float32" ;;
    *) echo "unknown run $name"; exit 2 ;;
  esac
done
wait
for name in $runs; do
  cat "$OUT/$name.log.summary"
  grep -q "^rc " "$OUT/$name.log.summary" && status=1
done
exit $status
