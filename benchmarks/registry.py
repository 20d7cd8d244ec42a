# SPDX-License-Identifier: BSD-3-Clause
"""Cases: what is measured, for which libraries, and how.

A case module calls `case(...)` once per measurement and decorates one setup
function per library with `@that_case.on(library, ...)`. A setup function gets
the library's module (``gpuarray``, ``cupy`` or ``torch``) and returns

- for ``device`` cases, the op: a callable timed with the library's CUDA events;
- for ``host`` cases, the op: a callable timed with wall time per call;
- for ``reported`` cases, a callable that measures itself and returns seconds;
- for ``process`` cases, given a fresh scratch directory as well, a `Script`
  for a new interpreter that prints, as its last line of output, the seconds
  it measured.
"""
import dataclasses
import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

from benchmarks import targets

LIBRARIES = ("gpuarray", "cupy", "torch")
KINDS = ("device", "host", "process", "reported")
DEFAULT_UNITS = {"device": "ms", "host": "µs", "process": "ms", "reported": "µs"}

_registered: list["Case"] = []


@dataclasses.dataclass(frozen=True)
class Script:
    """Python source run with ``sys.executable -c`` and the variables in `env` added."""

    source: str
    env: dict[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(eq=False)
class Case:
    area: str
    label: str
    kind: str
    unit: str
    target: targets.Target | None = None
    bytes_moved: int | None = None  # bytes read + written per op: adds GB/s
    reference: str | None = None  # name under which other targets use gpuarray's result
    prime_runs: int = 0  # process cases: untimed runs before each timed one, same scratch dir
    setups: dict[str, Callable[..., Any]] = dataclasses.field(default_factory=dict)

    def on(self, *libraries: str):
        """Decorator: registers the function as this case's setup for `libraries`."""
        unknown = set(libraries) - set(LIBRARIES)
        if unknown:
            raise ValueError(f"{self.label}: unknown libraries {sorted(unknown)}")

        def register(setup):
            for library in libraries:
                self.setups[library] = setup
            return setup
        return register

    @property
    def quantity(self) -> str:
        """What a reference to this case compares: its bandwidth when it moves bytes."""
        return "bandwidth" if self.bytes_moved else "time"


def case(area, label, kind, *, unit=None, target=None, bytes_moved=None,
         reference=None, prime_runs=0) -> Case:
    """Registers and returns a new case; `target` is text such as '≤ 150 ms'."""
    if kind not in KINDS:
        raise ValueError(f"{label}: kind must be one of {KINDS}, not {kind!r}")
    unit = targets.canonical_unit(unit or DEFAULT_UNITS[kind])
    if unit not in targets.TIME_UNITS:
        raise ValueError(f"{label}: unit must be one of {sorted(targets.TIME_UNITS)}, not {unit!r}")
    new = Case(area, label, kind, unit, targets.parse(target) if target else None,
               bytes_moved, reference, prime_runs)
    _registered.append(new)
    return new


def load_cases() -> list[Case]:
    """Every case of every module in benchmarks/cases, in registration order."""
    from benchmarks import cases
    for module in pkgutil.iter_modules(cases.__path__):
        importlib.import_module(f"{cases.__name__}.{module.name}")
    check_references(_registered)
    return list(_registered)


def check_references(all_cases: list[Case]) -> None:
    """Raises ValueError when a relative target names no case, or one of another quantity."""
    providers = {c.reference: c for c in all_cases if c.reference}
    for c in all_cases:
        name = c.target.reference if c.target else None
        if name is None:
            continue
        if name not in providers:
            raise ValueError(f"{c.label}: target {c.target.text!r} names no case's reference")
        if providers[name].quantity != c.quantity:
            raise ValueError(f"{c.label}: target compares {c.quantity} with "
                             f"{providers[name].label!r}, which measures {providers[name].quantity}")


def select(all_cases: list[Case], areas=None, substring=None) -> list[Case]:
    """The cases in `areas` whose label contains `substring` (any case), plus the
    cases their relative targets refer to, so that every target can be judged."""
    chosen = [c for c in all_cases
              if (not areas or c.area in areas)
              and (not substring or substring.lower() in c.label.lower())]
    needed = {c.target.reference for c in chosen if c.target and c.target.reference}
    return [c for c in all_cases if c in chosen or c.reference in needed]
