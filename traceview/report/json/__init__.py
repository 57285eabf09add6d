"""Result dataclasses -> JSON (msgspec, the loader's JSON library too), with a schema version for scripts and CI."""

from __future__ import annotations

import dataclasses
import math
import re
from typing import Any

import msgspec
import numpy as np
import pandas as pd


#: Bumped when a key changes meaning or disappears (adding keys does not bump it).
SCHEMA_VERSION = 1


def to_jsonable(value: Any) -> Any:
    """Dataclasses, DataFrames, numpy and pandas scalars -> plain JSON values (NaN/NA -> null)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # fields derived from the others (init=False) are not written twice
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.init and not f.name.startswith("_")}
    if isinstance(value, pd.DataFrame):
        return [to_jsonable(r) for r in value.to_dict(orient="records")]
    if isinstance(value, pd.Series):
        return to_jsonable(value.to_list())
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return to_jsonable(value.tolist())
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (np.floating, float)):
        f = float(value)
        return None if math.isnan(f) or math.isinf(f) else f
    if isinstance(value, np.bool_):
        return bool(value)
    if value is pd.NA or value is pd.NaT or value is None:
        return None
    if isinstance(value, (str, int, bool)):
        return value
    return str(value)


#: DEL and the C1 controls (U+0080-U+009F: 0x9B is a CSI in some terminals); msgspec escapes only C0.
_RAW_CONTROLS = re.compile("[\x7f-\x9f]")


def json_text(document: Any) -> str:
    """Indented JSON text that is safe to print: every control character written as a ``\\uXXXX`` escape."""
    text = msgspec.json.format(msgspec.json.encode(document), indent=2).decode()
    return _RAW_CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def dumps(result: Any, **extra: Any) -> str:
    """One JSON document: the result's fields plus ``schema_version`` (and any ``extra`` keys)."""
    body = to_jsonable(result)
    if not isinstance(body, dict):
        body = {"result": body}
    body = {"schema_version": SCHEMA_VERSION, **body, **to_jsonable(extra)}
    return json_text(body)
