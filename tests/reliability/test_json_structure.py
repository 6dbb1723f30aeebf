"""The nesting and container count every loader checks before parsing (files._structure,
issue 31: computed with str methods, not a regex per string) agree with the document
itself, whatever the strings hold: brackets, quotes, backslashes, escapes; and a map the
fast path parsed and refused is not parsed again unless a number may not be finite."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexcampaign.files import MAX_JSON_DEPTH, _may_hold_non_finite, _structure

# Text that tries every way a bracket or quote could be mistaken for structure.
TRICKY = st.text(alphabet='[]{}"\\/ a\n\t\u00e9\U0001f600', max_size=8)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | TRICKY,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TRICKY, inner, max_size=4),
    max_leaves=30,
)


def _measured(value: object) -> tuple[int, int]:
    """(nesting depth, lists and objects) of a parsed document."""
    if isinstance(value, list):
        inner = [_measured(v) for v in value]
    elif isinstance(value, dict):
        inner = [_measured(v) for v in value.values()]
    else:
        return 0, 0
    return 1 + max((d for d, _ in inner), default=0), 1 + sum(n for _, n in inner)


@settings(max_examples=400, deadline=None)
@given(VALUES, st.booleans())
def test_the_count_and_depth_are_the_documents_own(value, ascii_only):
    text = json.dumps(value, ensure_ascii=ascii_only)
    depth, containers = _measured(value)
    assert _structure(text) == (min(depth, MAX_JSON_DEPTH + 1), containers)


def test_a_bracket_after_escaped_backslashes_and_quotes_counts_where_it_is():
    # "a\\" ends at its third quote; "\"[" holds its bracket; the list outside counts.
    assert _structure(r'{"a\\": ["\"[", "\\\\"], "b": {}}') == (2, 3)
    assert _structure('"[[[["') == (0, 0)  # brackets inside a string are text
    assert _structure("[" * 13 + "]" * 13) == (MAX_JSON_DEPTH + 1, 13)


NUMBER = st.from_regex(r"-?[1-9][0-9]{0,249}(\.[0-9]{1,40})?([eE][+-]?0{0,3}[0-9]{1,3})?", fullmatch=True)


@settings(max_examples=400, deadline=None)
@given(NUMBER)
def test_every_number_json_reads_as_not_finite_is_flagged_for_the_careful_parse(text):
    # A loader's fast path reuses what plain json.loads read only when no number in the
    # text can be an infinity (files.parsed_json); the careful parse refuses those.
    if not math.isfinite(json.loads(text)):
        assert _may_hold_non_finite(text)


def test_the_words_and_the_largest_numbers_are_flagged():
    for text in ("NaN", "-Infinity", "1e999", "1E+400", "2e0308", "1" * 320 + ".0"):
        assert _may_hold_non_finite(f'{{"a": [{text}]}}'), text
    assert not _may_hold_non_finite('{"cols": 30, "hex_km": 2.5e3, "x": 1e-99}')


def test_a_map_the_fast_path_refused_is_not_parsed_twice_yet_words_the_same(monkeypatch):
    import hexcampaign.files as files
    from hexcampaign.maps import MapFormatError, loads_map

    parses = []
    real = files.parse_json
    monkeypatch.setattr(files, "parse_json", lambda *a, **k: parses.append(1) or real(*a, **k))
    with pytest.raises(MapFormatError, match="not a hexcampaign map"):
        loads_map('{"format": "other", "rivers": [[1, 2]]}')
    assert parses == []  # json.loads read it once; only the limits were checked again
    with pytest.raises(MapFormatError, match="too large to use"):
        loads_map('{"format": "hexcampaign-map", "rivers": [[1e999, 2]]}')
    assert parses == [1]  # a number that is not finite: the careful parse words it
