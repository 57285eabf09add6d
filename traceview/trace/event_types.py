"""The fields of a ``traceEvents`` entry traceview reads, and of its ``args``, as msgspec structs and the decoders
:mod:`traceview.trace.events` reads each piece with."""

from __future__ import annotations

from typing import Any, Optional

import msgspec


class Args(msgspec.Struct, gc=False):
    """The ``args`` keys the tables need; the rest stays in the file (or in a held copy)."""

    correlation: Any = None
    external_id: Any = msgspec.field(default=None, name="External id")
    external_id_old: Any = msgspec.field(default=None, name="external id")
    device: Any = None
    stream: Any = None
    grid: Any = None
    block: Any = None
    registers: Any = msgspec.field(default=None, name="registers per thread")
    shared_mem: Any = msgspec.field(default=None, name="shared memory")
    bytes: Any = None
    name: Any = None  # metadata events: process_name / thread_name
    # python_function events: the Python tracer's own call tree (trace/lost_exit.py)
    python_id: Any = msgspec.field(default=None, name="Python id")
    python_parent_id: Any = msgspec.field(default=None, name="Python parent id")
    # [memory] instants (schema.MEMORY)
    device_type: Any = msgspec.field(default=None, name="Device Type")
    device_id: Any = msgspec.field(default=None, name="Device Id")
    alloc_bytes: Any = msgspec.field(default=None, name="Bytes")
    total_allocated: Any = msgspec.field(default=None, name="Total Allocated")
    total_reserved: Any = msgspec.field(default=None, name="Total Reserved")
    addr: Any = msgspec.field(default=None, name="Addr")
    # NCCL kernels (recent Kineto copies record_param_comms' args onto them): schema.GPU_COMM
    collective: Any = msgspec.field(default=None, name="Collective name")
    dtype: Any = None
    in_nelems: Any = msgspec.field(default=None, name="In msg nelems")
    out_nelems: Any = msgspec.field(default=None, name="Out msg nelems")
    group_size: Any = msgspec.field(default=None, name="Group size")
    group: Any = msgspec.field(default=None, name="Process Group Name")


#: The MEMORY columns a ``[memory]`` instant fills, and the Args field each comes from.
MEMORY_ARGS = {"device_type": "device_type", "device": "device_id", "bytes": "alloc_bytes",
               "total_allocated": "total_allocated", "total_reserved": "total_reserved", "addr": "addr"}


class Event(msgspec.Struct, gc=False):
    """The fields of a ``traceEvents`` entry traceview reads, loosely typed (values.py coerces them); ``args`` as
    its raw text (:func:`traceview.trace.events._decode` reads every event's :class:`Args` from those texts at once)."""

    ph: Any = None
    cat: Any = None
    name: Any = None
    pid: Any = None
    tid: Any = None
    ts: Any = None
    dur: Any = None
    id: Any = None
    s: Any = None
    args: msgspec.Raw = None  # type: ignore[assignment]  # None: the event has no args


class RawTs(msgspec.Struct, gc=False):
    ts: msgspec.Raw = None  # type: ignore[assignment]


EVENTS = msgspec.json.Decoder(list[Event])
RAW_TS = msgspec.json.Decoder(list[RawTs])
ARGS = msgspec.json.Decoder(Args)
ARGS_LIST = msgspec.json.Decoder(list[Optional[Args]])
