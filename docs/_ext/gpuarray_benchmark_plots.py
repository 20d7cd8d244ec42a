# SPDX-License-Identifier: BSD-3-Clause
"""Draws the performance page's chart (docs/_generated/cupy_ratio.svg, shown
by docs/performance.md) at build time from benchmarks/RESULTS.md: for each
benchmark case, the newest ``cupy/gpuarray`` time ratio the file records,
one horizontal bar per case on a log scale around 1 (right of the line:
gpuarray faster). RESULTS.md lists the newest runs first, so the first row
of a case is its latest measurement. The SVG is written by hand (no
plotting library), so the docs build needs nothing more."""
import html
import math
import os
import re

from gpuarray_api import write_if_changed

# The tables benchmarks/run.py prints: `| case | gpuarray | cupy | torch | cupy/gpuarray | ...`.
_RATIO_HEADER = re.compile(r"^\|\s*case\s*\|.*\|\s*cupy/gpuarray\s*\|")
_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*$")


def latest_ratios(text):
    """[(case, ratio, section)] from RESULTS.md's text: each case once, with
    the first (newest) numeric cupy/gpuarray ratio, in the file's order.
    `section` is the ``## `` heading the row is under (date, machine)."""
    seen, out = set(), []
    section, column = "", None
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        if _RATIO_HEADER.match(line):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            column = cells.index("cupy/gpuarray")
            continue
        if column is None:
            continue
        if not line.startswith("|"):
            column = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if set("".join(cells)) <= set(":- ") or len(cells) <= column:
            continue  # the alignment row, or a short row
        case, number = cells[0].replace("`", ""), _NUMBER.match(cells[column])
        if number and float(number.group(1)) > 0 and case not in seen:
            seen.add(case)
            out.append((case, float(number.group(1)), section))
    return out


def svg_chart(rows, width=760, bar=16, label_width=430):
    """An SVG of one bar per (case, ratio, section) row, sorted by ratio, on
    a log2 axis: bars grow from the 1x line, right when gpuarray is faster."""
    rows = sorted(rows, key=lambda r: r[1])
    lo = min(min(math.log2(r[1]) for r in rows), -1.0)
    hi = max(max(math.log2(r[1]) for r in rows), 1.0)
    lo, hi = math.floor(lo), math.ceil(hi)
    origin = label_width + 40  # room for the ratio written left of a bar below 1x
    plot = width - origin - 50
    top, height = 30, 30 + bar * len(rows) + 30

    def x(value):
        return origin + (math.log2(value) - lo) / (hi - lo) * plot

    one = x(1.0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="11">',
             '<text x="0" y="14" font-weight="bold">CuPy time / gpuarray time, the latest run of each case '
             '(right of 1x: gpuarray faster)</text>']
    for k in range(lo, hi + 1):
        tx = x(2.0 ** k)
        parts.append(f'<line x1="{tx:.1f}" y1="{top - 4}" x2="{tx:.1f}" y2="{height - 26}" stroke="#ddd"/>')
        label = f"{2.0 ** k:g}x"
        parts.append(f'<text x="{tx:.1f}" y="{height - 12}" text-anchor="middle">{label}</text>')
    for i, (case, ratio, section) in enumerate(rows):
        y = top + i * bar
        start, end = sorted((one, x(ratio)))
        colour = "#2a7d4f" if ratio >= 1.0 else "#c8643b"
        tip = html.escape(f"{case}: {ratio:g} ({section})")
        parts.append(f'<text x="{label_width - 6}" y="{y + bar - 4}" text-anchor="end">'
                     f'{html.escape(case[:70])}</text>')
        parts.append(f'<rect x="{start:.1f}" y="{y + 2}" width="{max(end - start, 1):.1f}" height="{bar - 4}" '
                     f'fill="{colour}"><title>{tip}</title></rect>')
        parts.append(f'<text x="{x(ratio) + (4 if ratio >= 1 else -4):.1f}" y="{y + bar - 4}" '
                     f'text-anchor="{"start" if ratio >= 1 else "end"}" fill="#333">{ratio:g}</text>')
    parts.append(f'<line x1="{one:.1f}" y1="{top - 4}" x2="{one:.1f}" y2="{height - 26}" stroke="#000"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def write_chart(app):
    results = os.path.join(app.srcdir, os.pardir, "benchmarks", "RESULTS.md")
    with open(results, encoding="utf-8") as f:
        rows = latest_ratios(f.read())
    folder = os.path.join(app.srcdir, "_generated")
    os.makedirs(folder, exist_ok=True)
    write_if_changed(os.path.join(folder, "cupy_ratio.svg"), svg_chart(rows))


def setup(app):
    app.connect("builder-inited", write_chart)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
