# SPDX-License-Identifier: BSD-3-Clause
"""NCCL collectives, with the API of CuPy's ``cupy.cuda.nccl`` (issue 31).

Scripts written for CuPy run unchanged: ``get_unique_id()`` on one rank,
the id passed to the others (it pickles as a tuple of ints),
``NcclCommunicator(ndev, id, rank)`` on each, then ``allReduce(sendbuf,
recvbuf, count, datatype, op, stream)`` and its siblings with raw device
pointers and stream pointers. One process can drive several devices with
``NcclCommunicator.initAll(devices)`` and calls between ``groupStart()`` and
``groupEnd()``.

Beyond CuPy, a buffer may be a device array (gpuarray's, or anything with
``__cuda_array_interface__``): then `count` and `datatype` may be None and
come from the array, and `stream` may be a ``gpuarray.cuda.Stream``, a
pointer, or None for the current stream. Collectives run asynchronously on
the stream and can be captured into a CUDA graph.

NCCL is loaded on first import of this module, from nvidia-nccl-cu13's wheel
or the CUDA toolkit; without it the import raises ImportError saying how to
install it. NCCL's errors raise ``NcclError`` with NCCL's code as `status`
(a code this build does not know still gives an NcclError)."""
import numpy

from gpuarray import _core
from gpuarray._base import nccl as _nccl
from gpuarray._base.nccl import NcclError

__all__ = [
    "NcclCommunicator", "NcclError", "get_build_version", "get_unique_id", "get_version", "groupEnd",
    "groupStart", "available",
]

available = True  # importing this module found NCCL (CuPy's flag)

# NCCL's result codes (ncclResult_t).
NCCL_SUCCESS = 0
NCCL_ERROR_UNHANDLED_CUDA_ERROR = 1
NCCL_ERROR_SYSTEM_ERROR = 2
NCCL_ERROR_INTERNAL_ERROR = 3
NCCL_ERROR_INVALID_ARGUMENT = 4
NCCL_ERROR_INVALID_USAGE = 5
NCCL_ERROR_REMOTE_ERROR = 6
NCCL_ERROR_IN_PROGRESS = 7

# Reduction operators (ncclRedOp_t).
NCCL_SUM = 0
NCCL_PROD = 1
NCCL_MAX = 2
NCCL_MIN = 3
NCCL_AVG = 4

# Data types (ncclDataType_t), with NCCL's aliases.
NCCL_INT8 = NCCL_CHAR = 0
NCCL_UINT8 = 1
NCCL_INT32 = NCCL_INT = 2
NCCL_UINT32 = 3
NCCL_INT64 = 4
NCCL_UINT64 = 5
NCCL_FLOAT16 = NCCL_HALF = 6
NCCL_FLOAT32 = NCCL_FLOAT = 7
NCCL_FLOAT64 = NCCL_DOUBLE = 8
NCCL_BFLOAT16 = 9
NCCL_FLOAT8E4M3 = 10
NCCL_FLOAT8E5M2 = 11

# The NCCL type of each array dtype a buffer may have; bool travels as bytes,
# complex as pairs of its real type (sums and averages stay right; max, min
# and prod of complex are refused).
_DTYPES = {"int8": NCCL_INT8, "uint8": NCCL_UINT8, "bool": NCCL_UINT8, "int32": NCCL_INT32, "uint32": NCCL_UINT32,
           "int64": NCCL_INT64, "uint64": NCCL_UINT64, "float16": NCCL_FLOAT16, "float32": NCCL_FLOAT32,
           "float64": NCCL_FLOAT64, "bfloat16": NCCL_BFLOAT16, "float8_e4m3fn": NCCL_FLOAT8E4M3,
           "float8_e5m2": NCCL_FLOAT8E5M2, "complex64": NCCL_FLOAT32, "complex128": NCCL_FLOAT64}
_ID_BYTES = 128


def get_version():
    """The version of the NCCL library loaded.

    Parameters
    ----------
        None

    Returns
    -------
    int
        major * 10000 + minor * 100 + patch, as NCCL encodes it (2.28.3 is 22803).

    See Also
    --------
    get_build_version

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.cuda import nccl
    >>> nccl.get_version() >= 22000
    True
    """
    return _nccl.runtime_version()


def get_build_version():
    """The NCCL version gpuarray was compiled against.

    Parameters
    ----------
        None

    Returns
    -------
    int
        Encoded as get_version's.

    See Also
    --------
    get_version

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.cuda import nccl
    >>> nccl.get_build_version() >= 22000
    True
    """
    return _nccl.build_version()


def get_unique_id():
    """A new NCCL unique id, as CuPy gives it.

    Parameters
    ----------
        None

    Returns
    -------
    tuple of int
        128 signed bytes; it pickles, to travel to the other ranks.

    See Also
    --------
    NcclCommunicator

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.cuda import nccl
    >>> len(nccl.get_unique_id())
    128
    """
    return tuple(numpy.frombuffer(_nccl.unique_id(), dtype=numpy.int8).tolist())


def groupStart():  # noqa: N802 (CuPy's name)
    """Starts a group of NCCL calls (ncclGroupStart).

    Needed when one thread issues collectives on several communicators,
    e.g. those of initAll: they are launched together by groupEnd.

    Parameters
    ----------
        None

    Returns
    -------
    None

    See Also
    --------
    groupEnd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.cuda import nccl
    >>> nccl.groupStart()
    >>> nccl.groupEnd()
    """
    _nccl.group_start()


def groupEnd():  # noqa: N802 (CuPy's name)
    """Ends the group begun by groupStart and launches its calls.

    Parameters
    ----------
        None

    Returns
    -------
    None

    See Also
    --------
    groupStart

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.cuda import nccl
    >>> nccl.groupStart()
    >>> nccl.groupEnd()
    """
    _nccl.group_end()


def _id_bytes(comm_id):
    if isinstance(comm_id, (bytes, bytearray)):
        data = bytes(comm_id)
    else:
        values = numpy.asarray(comm_id)
        if values.dtype.kind not in "iu" or values.ndim != 1:
            raise TypeError(f"commId must be the tuple get_unique_id() returned, not {type(comm_id).__name__}")
        data = values.astype(numpy.int64).astype(numpy.int8).tobytes()
    if len(data) != _ID_BYTES:
        raise ValueError(f"commId must hold {_ID_BYTES} values (get_unique_id()), got {len(data)}")
    return data


def _buffer(buf, what):
    """(pointer, array interface or None) of a buffer argument."""
    if isinstance(buf, (int, numpy.integer)) and not isinstance(buf, bool):
        return int(buf), None
    cai = getattr(buf, "__cuda_array_interface__", None)
    if cai is None:
        raise TypeError(f"{what} must be a device pointer (int) or a device array, not {type(buf).__name__}")
    return int(cai["data"][0]), cai


def _count_and_type(cai, count, datatype, what):
    """`count` elements of `datatype`, filled in from the array interface where None."""
    if cai is not None:
        dtype = numpy.dtype(cai["typestr"]) if cai["typestr"] != "<V2" else None
        name = "bfloat16" if dtype is None else dtype.name
        shape = cai["shape"]
        if cai.get("strides") not in (None, _c_strides(shape, numpy.dtype(cai["typestr"]).itemsize)):
            raise ValueError(f"{what} must be C-contiguous: NCCL reads and writes a flat buffer")
        size = int(numpy.prod(shape, dtype=numpy.int64))
        if datatype is None:
            if name not in _DTYPES:
                raise TypeError(f"NCCL has no type for {what}'s dtype {name}")
            datatype = _DTYPES[name]
        if count is None:
            count = size * (2 if name.startswith("complex") else 1)
    if count is None or datatype is None:
        raise TypeError(f"count and datatype are required when {what} is a pointer")
    return int(count), int(datatype)


def _c_strides(shape, itemsize):
    strides, step = [], itemsize
    for n in reversed(shape):
        strides.append(step)
        step *= n
    return tuple(reversed(strides))


def _stream_ptr(stream):
    if stream is None:
        return _core.current_stream_ptr(_core.get_device())
    ptr = getattr(stream, "ptr", stream)
    if not isinstance(ptr, (int, numpy.integer)) or isinstance(ptr, bool):
        raise TypeError(f"stream must be a Stream, a stream pointer or None, not {type(stream).__name__}")
    return int(ptr)


def _check_op(op, cai):
    if cai is not None and numpy.dtype(cai["typestr"]).kind == "c" and op not in (NCCL_SUM, NCCL_AVG):
        raise TypeError("NCCL reduces complex arrays only with NCCL_SUM or NCCL_AVG (they travel as pairs of reals)")
    return int(op)


class NcclCommunicator:
    """One rank of an NCCL communicator on the current device (CuPy's
    ``cupy.cuda.nccl.NcclCommunicator``).

    Parameters
    ----------
    ndev : int
        The number of ranks.
    commId : tuple of int or bytes
        The id from ``get_unique_id()`` on one rank, the same for all.
    rank : int
        This rank, in ``range(ndev)``.

    Raises
    ------
    NcclError
        When NCCL fails to set the communicator up.
    ValueError
        For a rank outside ``range(ndev)`` or a malformed id.

    Notes
    -----
    The constructor waits until all `ndev` ranks have joined: run one rank
    per process (or per thread). One process driving several devices uses
    ``initAll``.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.cuda import nccl
    >>> comm = nccl.NcclCommunicator(1, nccl.get_unique_id(), 0)
    >>> x = xp.arange(4, dtype=xp.float32)
    >>> y = xp.empty_like(x)
    >>> comm.allReduce(x, y)
    >>> y
    array([0., 1., 2., 3.], dtype=float32)
    >>> comm.destroy()
    """

    __slots__ = ("_impl", "__weakref__")

    def __init__(self, ndev, commId, rank):  # noqa: N803 (CuPy's parameter name)
        ndev, rank = int(ndev), int(rank)
        if not 0 <= rank < ndev:
            raise ValueError(f"rank {rank} is not in range({ndev})")
        self._impl = _nccl.Communicator(ndev, _id_bytes(commId), rank)

    @classmethod
    def _wrap(cls, impl):
        comm = cls.__new__(cls)
        comm._impl = impl
        return comm

    @classmethod
    def initAll(cls, devices):  # noqa: N802 (CuPy's name)
        """Communicators for several devices of this process, one per device
        (ncclCommInitAll): `devices` is a count n (devices 0..n-1) or a list
        of device ids. Returns the list, rank i on devices[i]."""
        if isinstance(devices, (int, numpy.integer)) and not isinstance(devices, bool):
            devices = list(range(int(devices)))
        devices = [int(d) for d in devices]
        if not devices:
            raise ValueError("initAll needs at least one device")
        count = _core.get_device_count()
        bad = [d for d in devices if not 0 <= d < count]
        if bad:
            raise ValueError(f"initAll: no device {bad[0]} ({count} devices)")
        return [cls._wrap(impl) for impl in _nccl.Communicator.init_all(devices)]

    @property
    def comm(self):
        """This object (CuPy exposes the raw ncclComm_t; gpuarray keeps it inside)."""
        return self

    def destroy(self):
        """Frees the communicator once its pending work is done."""
        self._impl.destroy()

    def abort(self):
        """Frees the communicator at once, cancelling its pending work."""
        self._impl.abort()

    def device_id(self):
        """The device of this rank."""
        return self._impl.device_id()

    def rank_id(self):
        """This rank's number."""
        return self._impl.rank_id()

    def size(self):
        """The number of ranks."""
        return self._impl.size()

    def check_async_error(self):
        """Raises NcclError when an asynchronous operation of this communicator failed."""
        self._impl.check_async_error()

    def allReduce(self, sendbuf, recvbuf, count=None, datatype=None, op=NCCL_SUM, stream=None):  # noqa: N802
        """recvbuf = the reduction (`op`) of every rank's sendbuf, on every rank."""
        send, cai = _buffer(sendbuf, "sendbuf")
        recv, _ = _buffer(recvbuf, "recvbuf")
        count, datatype = _count_and_type(cai, count, datatype, "sendbuf")
        stream = _stream_ptr(stream)
        self._impl.all_reduce(send, recv, count, datatype, _check_op(op, cai), stream)

    def reduce(self, sendbuf, recvbuf, count=None, datatype=None, op=NCCL_SUM, root=0, stream=None):
        """recvbuf on rank `root` = the reduction of every rank's sendbuf."""
        send, cai = _buffer(sendbuf, "sendbuf")
        recv, _ = _buffer(recvbuf, "recvbuf")
        count, datatype = _count_and_type(cai, count, datatype, "sendbuf")
        stream = _stream_ptr(stream)
        self._impl.reduce(send, recv, count, datatype, _check_op(op, cai), int(root), stream)

    def broadcast(self, sendbuf, recvbuf, count=None, datatype=None, root=0, stream=None):
        """recvbuf on every rank = sendbuf of rank `root`."""
        send, cai = _buffer(sendbuf, "sendbuf")
        recv, rcai = _buffer(recvbuf, "recvbuf")
        count, datatype = _count_and_type(cai or rcai, count, datatype, "recvbuf")
        stream = _stream_ptr(stream)
        self._impl.broadcast(send, recv, count, datatype, int(root), stream)

    def bcast(self, buff, count=None, datatype=None, root=0, stream=None):
        """broadcast in place: buff on every rank = buff of rank `root`."""
        ptr, cai = _buffer(buff, "buff")
        count, datatype = _count_and_type(cai, count, datatype, "buff")
        stream = _stream_ptr(stream)
        self._impl.broadcast(ptr, ptr, count, datatype, int(root), stream)

    def reduceScatter(self, sendbuf, recvbuf, recvcount=None, datatype=None, op=NCCL_SUM,  # noqa: N802
                      stream=None):
        """Rank i's recvbuf = block i (recvcount elements) of the reduction of every sendbuf."""
        send, cai = _buffer(sendbuf, "sendbuf")
        recv, rcai = _buffer(recvbuf, "recvbuf")
        recvcount, datatype = _count_and_type(rcai, recvcount, datatype, "recvbuf")
        stream = _stream_ptr(stream)
        self._impl.reduce_scatter(send, recv, recvcount, datatype, _check_op(op, cai), stream)

    def allGather(self, sendbuf, recvbuf, count=None, datatype=None, stream=None):  # noqa: N802
        """recvbuf on every rank = every rank's sendbuf (count elements each), in rank order."""
        send, cai = _buffer(sendbuf, "sendbuf")
        recv, _ = _buffer(recvbuf, "recvbuf")
        count, datatype = _count_and_type(cai, count, datatype, "sendbuf")
        stream = _stream_ptr(stream)
        self._impl.all_gather(send, recv, count, datatype, stream)

    def send(self, sendbuf, count=None, datatype=None, peer=0, stream=None):
        """Sends sendbuf to rank `peer` (which calls recv)."""
        ptr, cai = _buffer(sendbuf, "sendbuf")
        count, datatype = _count_and_type(cai, count, datatype, "sendbuf")
        stream = _stream_ptr(stream)
        self._impl.send(ptr, count, datatype, int(peer), stream)

    def recv(self, recvbuf, count=None, datatype=None, peer=0, stream=None):
        """Receives into recvbuf what rank `peer` sends."""
        ptr, cai = _buffer(recvbuf, "recvbuf")
        count, datatype = _count_and_type(cai, count, datatype, "recvbuf")
        stream = _stream_ptr(stream)
        self._impl.recv(ptr, count, datatype, int(peer), stream)

    def __repr__(self):
        if not self._impl.alive:
            return "<NcclCommunicator (destroyed)>"
        return f"<NcclCommunicator rank {self.rank_id()} of {self.size()} on device {self.device_id()}>"
