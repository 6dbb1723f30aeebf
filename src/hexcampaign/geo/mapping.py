"""What the features become: rules "ATTR=VALUE:TARGET" and the survey of attributes.

A rule maps the features whose attribute ATTR has VALUE ("*": any value) to a TARGET,
and the kind of geometry decides what the target may be: a polygon takes a terrain of
the palette, a line becomes a road or a river, a point a place of one of the palette's
kinds. "ignore" drops the feature. The first rule that fits a feature wins, so a
specific rule goes before a "*" one.

OpenStreetMap's own tags are understood without a rule (OSM_TAGS below, the user
guide's table): each tag names a class of ground (forest, water, urban…), and each
shipped palette says which of its terrains a class is (OSM_TERRAINS); a user's palette
by its terrains' symbols (CLASS_SYMBOLS). The command line adds these rules after the
given ones, so a given rule always wins; the dialog offers them as its guesses.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from hexcampaign.geo.geojson import KINDS, GeoData
from hexcampaign.maps.palette import Palette

ANY = "*"
IGNORE = "ignore"
LINE_TARGETS = ("road", "river")
MAX_VALUES_LISTED = 60  # an attribute with more distinct values is a name, not a class
MAX_VALUE_CHARS = 80

# OpenStreetMap's tags (attribute, value, class), in the order they are tried: the ways
# that are not roads before highway=* (any other highway is a road). A class is a kind
# of ground (areas), "road" or "river" (lines), a kind of settlement (points) or ignore.
_ROAD_CLASSES = ("motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential")
_NOT_ROADS = ("footway", "path", "cycleway", "bridleway", "steps", "pedestrian", "track", "service",
              "corridor", "platform", "construction", "proposed", "elevator", "via_ferrata")
OSM_TAGS: tuple[tuple[str, str, str], ...] = (
    ("landuse", "forest", "forest"),
    ("natural", "wood", "forest"),
    ("natural", "water", "water"),
    ("landuse", "reservoir", "water"),
    ("landuse", "basin", "water"),
    ("waterway", "riverbank", "water"),
    ("landuse", "residential", "urban"),
    ("landuse", "commercial", "urban"),
    ("landuse", "industrial", "urban"),
    ("landuse", "retail", "urban"),
    ("natural", "wetland", "marsh"),
    ("natural", "scrub", "scrub"),
    ("natural", "heath", "scrub"),
    ("natural", "bare_rock", "rock"),
    ("natural", "scree", "rock"),
    ("natural", "sand", "sand"),
    ("natural", "beach", "sand"),
    *(("highway", value, "road") for value in _ROAD_CLASSES),
    *(("highway", f"{value}_link", "road") for value in _ROAD_CLASSES[:5]),
    *(("highway", value, IGNORE) for value in _NOT_ROADS),
    ("highway", ANY, "road"),
    ("waterway", "river", "river"),
    ("waterway", "canal", "river"),
    ("place", "city", "city"),
    ("place", "town", "town"),
    ("place", "village", "village"),
    ("place", "hamlet", "village"),
)
# The terrain each shipped palette gives a class of ground (a class it lacks: no rule).
OSM_TERRAINS: dict[str, dict[str, str]] = {
    "cm": {"forest": "forest"},
    "kasserine": {"rock": "rugged_crest"},
    "ww2": {"forest": "woods", "water": "water", "urban": "urban", "marsh": "marsh", "scrub": "rough",
            "rock": "rough", "sand": "desert"},
}
# A user's palette: the first terrain drawn with the class's symbol. (Open ground,
# landuse=farmland or meadow, has no class: it is what a hex no mapped area covers
# becomes anyway, the palette's default, and mapped it would only outvote the ground
# drawn over it where areas overlap.)
CLASS_SYMBOLS = {"forest": "trees", "water": "water", "urban": "urban", "marsh": "marsh",
                 "scrub": "rough", "rock": "rough", "sand": "sand"}
# A kind of settlement: the first of these kinds the palette has.
SETTLEMENT_KINDS = {"city": ("city", "town", "capital"), "town": ("town", "city", "village"),
                    "village": ("village", "town")}


class RuleError(ValueError):
    """A mapping rule the import cannot use; one sentence."""


@dataclass(frozen=True)
class Rule:
    attribute: str
    value: str  # ANY matches every value
    target: str

    def __str__(self) -> str:
        return f"{self.attribute}={self.value}:{self.target}"

    def kinds(self, palette: Palette) -> tuple[str, ...]:
        """The kinds of geometry this rule applies to, by its target."""
        if self.target == IGNORE:
            return ("polygon", "line", "point")
        kinds = []
        if self.target in palette.terrains:
            kinds.append("polygon")
        if self.target in LINE_TARGETS:
            kinds.append("line")
        if self.target in palette.place_kinds:
            kinds.append("point")
        return tuple(kinds)


def parse_rule(text: str, palette: Palette) -> Rule:
    """ "landuse=forest:forest" -> Rule; RuleError names what is wrong."""
    attribute, equals, rest = text.partition("=")
    value, colon, target = rest.rpartition(":")
    attribute, value, target = attribute.strip(), value.strip(), target.strip()
    if not equals or not colon or not attribute or not value or not target:
        raise RuleError(
            f"The mapping {text!r} is not ATTRIBUTE=VALUE:TARGET (for example "
            f"landuse=forest:{next(iter(palette.terrains))} or highway=*:road)."
        )
    rule = Rule(attribute, value, target)
    if not rule.kinds(palette):
        raise RuleError(
            f"In {text!r}, {target!r} is not something the {palette.name} palette knows: "
            f"a terrain ({', '.join(palette.terrains)}), road, river, a place kind "
            f"({', '.join(palette.place_kinds)}) or ignore."
        )
    return rule


def value_text(value: object) -> str | None:
    """An attribute value as the rules compare it: JSON's own spelling of a scalar;
    None for objects, lists, null and long text, which no rule can name."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str) and len(value) <= MAX_VALUE_CHARS:
        return value
    return None


def match(rules: list[Rule], properties: dict) -> str | None:
    """The target of the first rule that fits these properties."""
    for rule in rules:
        if rule.attribute in properties:
            text = value_text(properties[rule.attribute])
            if text is not None and (rule.value == ANY or rule.value == text):
                return rule.target
    return None


def targets(rules: list[Rule], properties: list[dict]) -> list[str | None]:
    """match() for each feature, with the answers cached per distinct set of the
    attributes the rules read (a land-cover file has thousands of features and a dozen
    classes)."""
    read = list(dict.fromkeys(rule.attribute for rule in rules))
    cache: dict[tuple, str | None] = {}
    out = []
    for props in properties:
        key = tuple(value_text(props.get(name)) if name in props else "\0" for name in read)
        if key not in cache:
            cache[key] = match(rules, props)
        out.append(cache[key])
    return out


@dataclass
class AttributeSurvey:
    """What one attribute holds across the features of one kind of geometry."""

    kind: str
    attribute: str
    values: Counter = field(default_factory=Counter)  # value text -> features
    features: int = 0  # features with this attribute
    numeric: bool = True  # every value a number
    many: bool = False  # more distinct values than are listed (a name, an id)


def survey(data: GeoData) -> list[AttributeSurvey]:
    """Every attribute of every kind of geometry, with its values and their counts."""
    found: dict[tuple[str, str], AttributeSurvey] = {}
    for layer in data.layers():
        for props in layer.properties:
            for name, value in props.items():
                entry = found.get((layer.kind, name))
                if entry is None:
                    entry = found[(layer.kind, name)] = AttributeSurvey(layer.kind, name)
                entry.features += 1
                if not (isinstance(value, int | float) and not isinstance(value, bool)):
                    entry.numeric = False
                text = value_text(value)
                if text is not None and not entry.many:
                    entry.values[text] += 1
                    if len(entry.values) > MAX_VALUES_LISTED:
                        entry.many = True
                        entry.values.clear()
    return sorted(found.values(), key=lambda e: (KINDS.index(e.kind), e.attribute))


def osm_target(cls: str, palette: Palette) -> str | None:
    """What a class of the OSM table becomes with this palette, or None."""
    if cls in (IGNORE, *LINE_TARGETS):
        return cls
    if cls in SETTLEMENT_KINDS:
        return next((k for k in SETTLEMENT_KINDS[cls] if k in palette.place_kinds), None)
    shipped = OSM_TERRAINS.get(palette.name)
    if shipped is not None and palette.is_shipped():
        return shipped.get(cls)
    symbol = CLASS_SYMBOLS.get(cls)
    return next((t.name for t in palette.terrains_list if symbol and t.symbol == symbol), None)


def osm_rules(palette: Palette) -> list[Rule]:
    """The OSM table as rules for this palette, in the table's order."""
    rules = []
    for attribute, value, cls in OSM_TAGS:
        target = osm_target(cls, palette)
        if target is not None:
            rules.append(Rule(attribute, value, target))
    return rules


def suggest_rules(entries: list[AttributeSurvey], palette: Palette) -> list[Rule]:
    """Rules a reader would guess: a value of the OSM table (osm_rules), a polygon value
    that names a terrain of the palette (its name or its label), a line value that says
    road or river, a point value that names a place kind. An attribute of too many
    values to list (`many`) gets a guess for any value (highway=*: road)."""
    by_name: dict[str, str] = {}
    for terrain in palette.terrains_list:
        by_name[terrain.name.lower()] = terrain.name
        by_name[terrain.label.lower()] = terrain.name
    osm = osm_rules(palette)
    rules: list[Rule] = []
    for entry in entries:
        values = [ANY] if entry.many else list(entry.values)
        for value in values:
            target = _osm_guess(osm, entry, value) or _word_guess(entry, value, by_name, palette)
            if target is not None:
                rules.append(Rule(entry.attribute, value, target))
    return rules


def _osm_guess(osm: list[Rule], entry: AttributeSurvey, value: str) -> str | None:
    """The OSM table's target for this value, if it suits the entry's kind of shape."""
    for rule in osm:
        if rule.attribute == entry.attribute and rule.value in (value, ANY):
            fits = (rule.target == IGNORE
                    or (entry.kind == "line") == (rule.target in LINE_TARGETS)
                    and (entry.kind == "point") == (rule.target in PLACE_TARGETS))
            return rule.target if fits else None
    return None


PLACE_TARGETS = ("city", "town", "village", "capital")


def _word_guess(entry: AttributeSurvey, value: str, by_name: dict[str, str], palette: Palette) -> str | None:
    """A value that names a terrain, road or river, or a place kind."""
    word = value.strip().lower().replace("-", "_")
    spaced = word.replace("_", " ")
    if entry.kind == "polygon":
        target = by_name.get(word) or by_name.get(spaced)
        if target is None and word in ("wood", "woods", "woodland", "forest"):
            target = next((t.name for t in palette.terrains_list if t.symbol == "trees"), None)
        return target
    if entry.kind == "line":
        if word in ("road", "river") or (entry.attribute == "waterway" and word in ("river", "stream")):
            return "river" if word in ("river", "stream") else "road"
        if entry.attribute in ("highway", "road"):
            return "road"
        return None
    if entry.kind == "point" and word in palette.place_kinds:
        return word
    return None
