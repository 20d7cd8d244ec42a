# SPDX-License-Identifier: BSD-3-Clause
"""The libraries compared, imported only when a run starts, each behind one
small adapter: CUDA events, device synchronization, freeing cached memory."""
import dataclasses
import importlib


@dataclasses.dataclass(frozen=True)
class Unavailable:
    name: str
    reason: str


@dataclasses.dataclass(frozen=True)
class GpuInfo:
    name: str
    driver: str  # CUDA version the driver supports, e.g. '12.8'
    runtime: str  # CUDA runtime version the library uses


def cuda_version(encoded: int) -> str:
    """12040 → '12.4', as cudaRuntimeGetVersion and cudaDriverGetVersion encode it."""
    return f"{encoded // 1000}.{encoded % 1000 // 10}" if encoded else "none"


class _CupyApi:
    """gpuarray and CuPy: the same API under `cuda` and `get_default_memory_pool`."""

    def __init__(self, name, module):
        self.name, self.module, self.version = name, module, module.__version__

    def unusable_because(self) -> str | None:
        try:
            count = self.module.cuda.runtime.getDeviceCount()
        except Exception as exc:  # its CUDARuntimeError, whose class differs per library
            return f"no CUDA device ({type(exc).__name__}: {exc})"
        return None if count else "no CUDA device"

    def new_event(self):
        return self.module.cuda.Event()

    def elapsed_seconds(self, start, end) -> float:
        return self.module.cuda.get_elapsed_time(start, end) / 1e3

    def synchronize(self):
        self.module.cuda.Device().synchronize()

    def release_memory(self):
        self.module.get_default_memory_pool().free_all_blocks()

    def gpu(self) -> GpuInfo:
        runtime = self.module.cuda.runtime
        name = runtime.getDeviceProperties(0)["name"]
        return GpuInfo(name.decode() if isinstance(name, bytes) else name,
                       cuda_version(runtime.driverGetVersion()),
                       cuda_version(runtime.runtimeGetVersion()))


class _Torch:
    def __init__(self, name, module):
        self.name, self.module, self.version = name, module, module.__version__

    def unusable_because(self) -> str | None:
        if self.module.cuda.is_available():
            return None
        return "no CUDA device (torch.cuda.is_available() is False)"

    def new_event(self):
        return self.module.cuda.Event(enable_timing=True)

    def elapsed_seconds(self, start, end) -> float:
        return start.elapsed_time(end) / 1e3

    def synchronize(self):
        self.module.cuda.synchronize()

    def release_memory(self):
        self.module.cuda.empty_cache()

    def gpu(self) -> GpuInfo:
        return GpuInfo(self.module.cuda.get_device_name(0), "unknown", self.module.version.cuda)


_ADAPTERS = {"gpuarray": _CupyApi, "cupy": _CupyApi, "torch": _Torch}


def load(name):
    """The adapter of library `name`, or Unavailable saying why it cannot run."""
    try:
        module = importlib.import_module(name)
    except Exception as exc:  # ImportError, or an import that fails its own way (missing CUDA libs)
        return Unavailable(name, f"not importable ({type(exc).__name__}: {exc})")
    library = _ADAPTERS[name](name, module)
    reason = library.unusable_because()
    return Unavailable(name, reason) if reason else library


def describe_gpu(libraries) -> GpuInfo | None:
    """Device 0 as the first usable library sees it; None when none is usable."""
    usable = [lib for lib in libraries if not isinstance(lib, Unavailable)]
    return usable[0].gpu() if usable else None
