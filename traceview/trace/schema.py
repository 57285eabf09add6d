"""The trace model's tables, declared once.

A Kineto trace becomes a handful of pandas tables joined by ids (the Perfetto way). Every time is an
integer number of **nanoseconds** in a column ending ``_ns``, relative to the trace's own clock
(``baseTimeNanoseconds`` is kept in :class:`~traceview.trace.model.TraceMeta`). Missing values are
``<NA>`` in nullable columns, never -1. Other modules import the column names from here.

``SLICES`` - one row per host-side duration event (``ph: X`` on a CPU thread): ``cpu_op``,
``user_annotation``, ``python_function``, ``cuda_runtime``, ``cuda_driver``, ``overhead``, and any
unknown category. Slices nest per thread: ``parent_id`` is the ``slice_id`` of the innermost
enclosing slice on the same (rank, pid, tid), ``depth`` is 0 at the top.

``LAUNCHES`` - one row per runtime/driver call that starts GPU work (``cudaLaunchKernel``,
``cudaLaunchKernelExC``, ``cuLaunchKernel``, ``cuLaunchKernelEx``, ``cudaGraphLaunch``,
``cudaMemcpyAsync``, ``hipLaunchKernel``, ...), a subset of SLICES (``launch_id`` == ``slice_id``).
``api`` is the call's name without its ``_vNNNNN`` version suffix.

``GPU`` - one row per GPU activity: a kernel, a memcpy or a memset. ``launch_id`` joins LAUNCHES by
(rank, correlation); it is many-to-one for ``cudaGraphLaunch`` (one launch replays many kernels), and
``<NA>`` when the launch was not captured.

``GPU_ANNOTATIONS`` - ``gpu_user_annotation`` spans drawn on GPU streams.
``FLOWS`` - flow endpoints (``ph: s``/``f``): ``ac2g`` (launch -> GPU), ``fwdbwd``, ...
``COUNTERS`` - ``ph: C`` samples, one row per (event, series).
``INSTANTS`` - ``ph: i`` / ``I`` markers.
``MEMORY`` - the allocator's ``[memory]`` instants (``profile_memory=True``), with their args: one row
per allocation (``bytes`` > 0) or free (``bytes`` < 0), and the device's totals right after it.
``THREADS`` - names of processes and threads from ``ph: M`` metadata.
"""

from __future__ import annotations

from typing import Final

#: column -> pandas dtype. ``slice_id`` is the row's position in the table.
SLICES: Final[dict[str, str]] = {
    "slice_id": "int64",
    "rank": "int32",
    "cat": "category",  # Kineto category, normalised (Operator -> cpu_op, Runtime -> cuda_runtime, ...)
    "name": "category",
    "pid": "Int64",
    "tid": "Int64",
    "start_ns": "int64",
    "dur_ns": "int64",
    "end_ns": "int64",
    "depth": "int32",  # 0 for a slice with no enclosing slice on its thread
    "parent_id": "Int64",  # slice_id of the innermost enclosing slice; <NA> at depth 0
    "external_id": "Int64",  # Kineto "External id": ties a cpu_op to its runtime calls and kernels
    "correlation": "Int64",  # runtime/driver calls only: joins GPU.correlation
    # classified once after nesting (trace/classify.py): the slice itself when it is of that kind,
    # else its nearest enclosing one on its thread; <NA>: none
    "kind": "category",  # region | autotune | compile | step | inductor_call | annotation | op | module | python | runtime | other
    "op_id": "Int64",  # cpu_op (not a region call)
    "region_id": "Int64",  # "Torch-Compiled Region: F/C" call
    "outer_region_id": "Int64",  # the outermost region call around it
    "module_id": "Int64",  # "nn.Module: ..." frame (with_stack)
    "phase": "category",  # compile | autotune | run: from the nearest compile / autotune event around it
}

#: Columns derived once the tables are built (:mod:`traceview.trace.derive`), after each table's own ones:
#: a slice's step, and what a launch and each GPU activity it started sit in, read through the launch.
DERIVED: Final[dict[str, dict[str, str]]] = {
    "slices": {"step_id": "Int64",  # slice_id of the step marker whose window the slice starts in; <NA>: none
               "tags": "uint64"},  # the name's answers to the catalogue's questions (trace/catalogue.py), a bit each
    "launches": {"phase": "category", "op_id": "Int64", "region_id": "Int64", "outer_region_id": "Int64",
                 "module_id": "Int64", "step_id": "Int64"},
    "gpu": {"phase": "category", "op_id": "Int64", "region_id": "Int64", "outer_region_id": "Int64", "module_id": "Int64",
            "step_id": "Int64", "comm": "bool", "tags": "uint64"},  # comm: a NCCL/RCCL kernel
}


LAUNCHES: Final[dict[str, str]] = {
    "launch_id": "int64",  # == SLICES.slice_id of the runtime/driver call
    "rank": "int32",
    "api": "category",  # cudaLaunchKernel, cuLaunchKernel, cudaGraphLaunch, ... (no _vNNNN suffix)
    "pid": "Int64",
    "tid": "Int64",
    "start_ns": "int64",
    "dur_ns": "int64",  # CPU time spent in the call
    "end_ns": "int64",
    "correlation": "Int64",
    "external_id": "Int64",
    "gpu_count": "int64",  # GPU activities this launch started (0: none captured)
    "kernel_count": "int64",  # of which kernels
}

GPU: Final[dict[str, str]] = {
    "activity_id": "int64",
    "rank": "int32",
    "kind": "category",  # kernel | memcpy | memset
    "name": "category",
    "device": "Int64",
    "stream": "Int64",
    "start_ns": "int64",
    "dur_ns": "int64",
    "end_ns": "int64",
    "correlation": "Int64",
    "external_id": "Int64",
    "launch_id": "Int64",  # joins LAUNCHES.launch_id; <NA>: the launch is not in the trace
    "grid_x": "Int64",
    "grid_y": "Int64",
    "grid_z": "Int64",
    "block_x": "Int64",
    "block_y": "Int64",
    "block_z": "Int64",
    "registers": "Int64",  # registers per thread
    "shared_mem": "Int64",  # bytes of shared memory per block
    "bytes": "Int64",  # memcpy/memset size in bytes
}

GPU_ANNOTATIONS: Final[dict[str, str]] = {
    "rank": "int32",
    "name": "category",
    "device": "Int64",
    "stream": "Int64",
    "start_ns": "int64",
    "dur_ns": "int64",
    "end_ns": "int64",
    "external_id": "Int64",
}

FLOWS: Final[dict[str, str]] = {
    "rank": "int32",
    "flow_id": "Int64",
    "cat": "category",  # ac2g, fwdbwd, async_cpu_to_gpu, ...
    "phase": "category",  # s (start) | f (finish) | t (step)
    "pid": "Int64",
    "tid": "Int64",
    "ts_ns": "int64",
}

COUNTERS: Final[dict[str, str]] = {
    "rank": "int32",
    "name": "category",
    "series": "category",
    "pid": "Int64",
    "ts_ns": "int64",
    "value": "float64",
}

INSTANTS: Final[dict[str, str]] = {
    "rank": "int32",
    "name": "category",
    "pid": "Int64",
    "tid": "Int64",
    "ts_ns": "int64",
}

#: Kineto ``[memory]`` instant events (``profile_memory=True``): what the caching allocator did.
MEMORY: Final[dict[str, str]] = {
    "rank": "int32",
    "device_type": "Int64",  # Kineto "Device Type": 0 CPU, 1 CUDA (ROCm reports 1 as well)
    "device": "Int64",  # "Device Id"; <NA> for the CPU (Kineto writes -1)
    "pid": "Int64",
    "tid": "Int64",  # the thread that allocated or freed
    "ts_ns": "int64",
    "bytes": "Int64",  # "Bytes": > 0 an allocation, < 0 a free
    "total_allocated": "Int64",  # "Total Allocated": bytes allocated on the device after this event
    "total_reserved": "Int64",  # "Total Reserved": bytes the caching allocator holds from the device
    "addr": "Int64",  # "Addr": the block's address; a free has its allocation's address
}

#: The instant event name Kineto gives allocator events.
MEMORY_EVENT: Final[str] = "[memory]"

#: One row per GPU activity (an NCCL kernel) whose own args describe its collective (Kineto copies
#: ``record_param_comms``' args onto the kernel in recent versions); ``activity_id`` joins GPU.
GPU_COMM: Final[dict[str, str]] = {
    "activity_id": "int64",
    "rank": "int32",
    "collective": "string",  # "Collective name", as written
    "dtype": "string",
    "in_nelems": "Int64",
    "out_nelems": "Int64",
    "group_size": "Int64",
    "group": "string",  # "Process Group Name"
}

THREADS: Final[dict[str, str]] = {
    "rank": "int32",
    "pid": "Int64",
    "tid": "Int64",  # <NA> for a process-level row
    "process_name": "string",
    "thread_name": "string",
}

# --- categories -------------------------------------------------------------------------------

#: Old (2021) Kineto category names and their current spelling.
CATEGORY_ALIASES: Final[dict[str, str]] = {
    "Operator": "cpu_op",
    "Runtime": "cuda_runtime",
    "Driver": "cuda_driver",
    "Kernel": "kernel",
    "Memcpy": "gpu_memcpy",
    "Memset": "gpu_memset",
    "Python": "python_function",
    "python_function": "python_function",
    "user_annotation": "user_annotation",
    "gpu_user_annotation": "gpu_user_annotation",
}

#: GPU activity categories and the GPU.kind each becomes.
GPU_KINDS: Final[dict[str, str]] = {"kernel": "kernel", "gpu_memcpy": "memcpy", "gpu_memset": "memset"}

#: Categories whose slices are runtime/driver API calls (launch candidates).
API_CATEGORIES: Final[frozenset[str]] = frozenset({"cuda_runtime", "cuda_driver"})

#: Calls that start GPU work even when the trace lost the work itself (profiler buffer overflow).
#: A call not listed here still counts as a launch when a GPU activity carries its correlation.
LAUNCH_APIS: Final[frozenset[str]] = frozenset(
    {
        "cudaLaunchKernel",
        "cudaLaunchKernelExC",
        "cudaLaunchCooperativeKernel",
        "cudaLaunchCooperativeKernelMultiDevice",
        "cuLaunchKernel",
        "cuLaunchKernelEx",
        "cuLaunchCooperativeKernel",
        "cudaGraphLaunch",
        "cuGraphLaunch",
        "cudaMemcpyAsync",
        "cudaMemcpy",
        "cudaMemcpy2DAsync",
        "cudaMemcpyPeerAsync",
        "cudaMemsetAsync",
        "cudaMemset",
        "hipLaunchKernel",
        "hipExtLaunchKernel",
        "hipModuleLaunchKernel",
        "hipExtModuleLaunchKernel",
        "hipGraphLaunch",
        "hipMemcpyAsync",
        "hipMemcpyWithStream",
        "hipMemsetAsync",
    }
)

#: Graph launches: one call replays many kernels.
#: The runtime calls eager ATen ops launch their kernels with (not Triton's driver calls, not graph replays): their
#: median duration under the profiler tells how fast the process ran (the compile model scales its constants by it).
EAGER_LAUNCH_APIS: Final[frozenset[str]] = frozenset({"cudaLaunchKernel", "cudaLaunchKernelExC", "hipLaunchKernel",
                                                      "hipExtLaunchKernel"})
GRAPH_LAUNCH_APIS: Final[frozenset[str]] = frozenset({"cudaGraphLaunch", "cuGraphLaunch", "hipGraphLaunch"})
