# SPDX-License-Identifier: BSD-3-Clause
"""Targets such as '≤ 150 ms', '≥ 1400 GB/s' or '≥ 0.95 × copy bandwidth'.

A target is judged on gpuarray's result, in SI units: seconds for times,
bytes per second for bandwidths. A relative target multiplies the result of
the case registered under that reference name (see `registry.Case.reference`)."""
import dataclasses
import operator
import re

TIME_UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}
BANDWIDTH_UNITS = {"GB/s": 1e9}
_UNIT_SPELLINGS = {"us": "µs", "μs": "µs"}  # the second is Greek mu, not the micro sign
_COMPARISONS = {"≤": operator.le, "<=": operator.le, "<": operator.lt,
                "≥": operator.ge, ">=": operator.ge, ">": operator.gt}
_SYNTAX = re.compile(r"""\s*(?P<comparison><=|>=|≤|≥|<|>)\s*
                         (?P<number>\d+(?:\.\d*)?(?:e[-+]?\d+)?)\s*
                         (?:(?:×|x|\*)\s*(?P<reference>\S.*?)|(?P<unit>\S+))\s*""", re.X)


def canonical_unit(unit: str) -> str:
    """'us' and 'μs' (Greek mu) spelled as 'µs' (micro sign); other units unchanged."""
    return _UNIT_SPELLINGS.get(unit, unit)


@dataclasses.dataclass(frozen=True)
class Target:
    text: str
    comparison: str  # a key of _COMPARISONS
    number: float
    unit: str | None  # for an absolute target: a key of TIME_UNITS or BANDWIDTH_UNITS
    reference: str | None  # for a relative one: the reference name

    @property
    def quantity(self) -> str | None:
        """'time' or 'bandwidth' for an absolute target; None for a relative one."""
        if self.unit is None:
            return None
        return "bandwidth" if self.unit in BANDWIDTH_UNITS else "time"

    def threshold(self, references: dict[str, float]) -> float | None:
        """The bound in SI units; None when the named reference has no result."""
        if self.reference is None:
            return self.number * {**TIME_UNITS, **BANDWIDTH_UNITS}[self.unit]
        base = references.get(self.reference)
        return None if base is None else self.number * base

    def judge(self, value: float | None, references: dict[str, float]) -> str:
        """'PASS', 'MISS' (also when there is no value to judge) or 'n/a' (no reference)."""
        bound = self.threshold(references)
        if bound is None:
            return "n/a"
        if value is None:
            return "MISS"
        return "PASS" if _COMPARISONS[self.comparison](value, bound) else "MISS"


def parse(text: str) -> Target:
    """A Target from its text; ValueError when it is not '<comparison> <number> <unit>'
    or '<comparison> <factor> × <reference name>'."""
    match = _SYNTAX.fullmatch(text)
    if match is None:
        raise ValueError(f"target {text!r} is not '≤ 150 ms' or '≥ 0.95 × copy bandwidth'")
    unit = canonical_unit(match["unit"]) if match["unit"] else None
    if unit is not None and unit not in TIME_UNITS and unit not in BANDWIDTH_UNITS:
        raise ValueError(f"target {text!r}: unknown unit {unit!r}")
    return Target(text.strip(), match["comparison"], float(match["number"]), unit, match["reference"])
