"""Hostile input: whatever bytes a map file holds, load_map raises only MapFormatError."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexcampaign.maps import HexMap, MapFormatError, dumps_map, loads_map

REAL = dumps_map(HexMap.blank(6, 5, palette="kasserine"))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=30,
)


def only_format_errors(text) -> None:
    try:
        loads_map(text, "hostile.hexmap")
    except MapFormatError as e:
        assert str(e).startswith("hostile.hexmap")


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes(data):
    only_format_errors(data)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_random_json(value):
    only_format_errors(json.dumps(value))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(REAL) - 1), st.integers(0, 255))
def test_bit_flipped_real_save(pos, byte):
    data = bytearray(REAL.encode())
    data[pos] = byte
    only_format_errors(bytes(data))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, len(REAL)))
def test_truncated_real_save(cut):
    only_format_errors(REAL[:cut])


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(list(json.loads(REAL))), json_values)
def test_field_replaced_by_anything(field, value):
    doc = json.loads(REAL)
    doc[field] = value
    only_format_errors(json.dumps(doc))


def test_million_element_list_is_refused():
    doc = json.loads(REAL)
    doc["rivers"] = [0] * 1_000_000  # 3 MB: under the size limit, so the list check speaks
    try:
        loads_map(json.dumps(doc), "hostile.hexmap")
    except MapFormatError as e:
        assert "lists 1000000 rivers" in str(e)
    else:
        raise AssertionError("a million river entries on a 30-hex map were accepted")
