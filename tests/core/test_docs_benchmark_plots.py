# SPDX-License-Identifier: BSD-3-Clause
"""The performance page's chart (docs/_ext/gpuarray_benchmark_plots.py):
what it reads from benchmarks/RESULTS.md and the SVG it draws. Device-free."""
import pathlib
import sys
import xml.dom.minidom

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
plots = pytest.importorskip("gpuarray_benchmark_plots")

RESULTS = """# Benchmark results

## 2026-11-27, H100: the newest run

| case | gpuarray | cupy | torch | cupy/gpuarray | torch/gpuarray | target | status |
| :-- | --: | --: | --: | --: | --: | :-- | :-- |
| `add` float32 2^28 | 1.0 ms | 2.0 ms | 1.5 ms | 2.00 | 1.50 | - | MET |
| svd float32 | 10 ms | 5 ms | — | 0.50 | — | - | MISS |
| bfloat16 matmul | 1 ms | — | — | — | — | - | - |
Text after the table.

## 2026-11-26, H200: an older run

| case | gpuarray | cupy | torch | cupy/gpuarray | torch/gpuarray | target | status |
| :-- | --: | --: | --: | --: | --: | :-- | :-- |
| `add` float32 2^28 | 1.0 ms | 1.2 ms | — | 1.20 | — | - | - |
| sin float32 2^28 | 1.0 ms | 4.0 ms | — | 4.00 | — | - | - |

| matrix | gpuarray | CuPy | ratio |
| :-- | --: | --: | --: |
| not a ratio table | 1 | 2 | 9.99 |
"""


def test_each_case_keeps_its_newest_numeric_ratio():
    rows = plots.latest_ratios(RESULTS)
    assert [(case, ratio) for case, ratio, _ in rows] == [
        ("add float32 2^28", 2.0), ("svd float32", 0.5), ("sin float32 2^28", 4.0)]
    assert rows[0][2].startswith("2026-11-27, H100") and rows[2][2].startswith("2026-11-26, H200")


def test_chart_is_svg_with_one_bar_per_case():
    rows = plots.latest_ratios(RESULTS)
    document = xml.dom.minidom.parseString(plots.svg_chart(rows))
    assert document.documentElement.tagName == "svg"
    bars = document.getElementsByTagName("rect")
    assert len(bars) == len(rows)
    colours = sorted(bar.getAttribute("fill") for bar in bars)
    assert colours == sorted(["#2a7d4f", "#2a7d4f", "#c8643b"])  # faster twice, slower once


def test_the_repositorys_results_give_a_chart():
    rows = plots.latest_ratios((ROOT / "benchmarks" / "RESULTS.md").read_text(encoding="utf-8"))
    assert len(rows) > 10 and len({case for case, _, _ in rows}) == len(rows)
    xml.dom.minidom.parseString(plots.svg_chart(rows))
