"""The `hexcampaign` command: the GUI by default, and headless sub-commands.

    hexcampaign [FILE]                               open the window (on FILE)
    hexcampaign render MAP -o OUT.png|.svg|.pdf      draw a map without a window
    hexcampaign validate FILE...                     list the problems of maps
    hexcampaign new-map --cols C --rows R -o OUT     write a blank map
    hexcampaign import-geo DATA --hex-km K -o OUT    make a map from GeoJSON geography
    hexcampaign export-vassal MAP -o OUT.vmod        a VASSAL module of the map
    hexcampaign export-tiled MAP -o OUT.tmx          a Tiled map of the map
    hexcampaign import-tiled TMX -o OUT.hexmap       a map from a Tiled map written by export-tiled

Qt is imported only by the commands that draw, so `validate`, `new-map` and
`--version` start fast and work where Qt cannot load. Every error a user can cause is
one sentence on stderr and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexcampaign import __version__
from hexcampaign.files import gc_paused

if TYPE_CHECKING:
    from hexcampaign.maps import HexMap, Palette

# hexcampaign uses no pydantic plugins; without this, pydantic reads every installed
# package's entry points when the first model is built (12-33 ms of each start-up).
# setdefault: a user who does want a plugin can still set the variable.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

COMMANDS = ("render", "validate", "new-map", "import-geo", "export-vassal", "export-tiled", "import-tiled")
MAP_SUFFIX = ".hexmap"
EXIT_OK, EXIT_PROBLEMS, EXIT_NO_DISPLAY = 0, 1, 2
NO_DISPLAY = (
    "hexcampaign needs a graphical display to open its window, and none was found "
    "(DISPLAY and WAYLAND_DISPLAY are not set); to draw a map without a window run "
    "`hexcampaign render MAP -o map.png`."
)


class CommandError(Exception):
    """A user error: its message is printed as is and the command exits with status 1."""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args and args[0] in COMMANDS:
            parsed = _command_parser().parse_args(args)
            return parsed.run(parsed)
        return _open_window(_gui_parser().parse_args(args))
    except CommandError as e:
        print(f"hexcampaign: {e}", file=sys.stderr)
        return EXIT_PROBLEMS
    except KeyboardInterrupt:
        return 130


# --- the window -------------------------------------------------------------------------


class _WindowParser(argparse.ArgumentParser):
    """The window's parser, whose help ends with every command without a window, listed
    from the commands' own parser (so none is left out), only when help is asked."""

    def format_help(self) -> str:
        self.epilog = _commands_listed()
        return super().format_help()


def _commands_listed() -> str:
    # argparse lists sub-commands only in the parser's own help: read them where it keeps them.
    commands: Any = _command_parser()._subparsers._group_actions[0]  # type: ignore[union-attr]
    width = max(len(name) for name in COMMANDS) + 2
    lines = [f"  {choice.dest:<{width}}{choice.help}" for choice in commands._choices_actions]
    return (
        "commands without a window (run `hexcampaign COMMAND --help` for each):\n"
        + "\n".join(lines)
    )


def _gui_parser() -> argparse.ArgumentParser:
    parser = _WindowParser(
        prog="hexcampaign",
        # Wrapped by hand: the raw formatter keeps the command list's lines as written.
        description="A hex map editor, the Kasserine Pass wargame and a CM campaign umpire.\n"
        "With no arguments the window opens; with FILE it opens that file.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a file to open: a map (.hexmap), a Kasserine Pass game (.kpgame) or a CM "
        "campaign (.hxcampaign)",
    )
    parser.add_argument("--version", action="version", version=f"hexcampaign {__version__}")
    parser.add_argument(
        "--quit-after-first-paint",
        action="store_true",
        help="exit as soon as the window has painted once (for start-up benchmarks)",
    )
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help="the window's language, e.g. de or en (default: HEXCAMPAIGN_LANG, else the desktop's)",
    )
    return parser


def _open_window(args: argparse.Namespace) -> int:
    if _headless_linux():
        print(NO_DISPLAY, file=sys.stderr)
        return EXIT_NO_DISPLAY
    # Start-up allocates hundreds of thousands of objects that live as long as the
    # window (modules, Qt wrappers, the map): the cyclic collector would scan them
    # again and again while they are made, and once more at exit. It is paused until
    # the window is built, then they are frozen out of its sight (`gc.freeze`).
    with gc_paused():
        return _run_window(args)


def _run_window(args: argparse.Namespace) -> int:
    path = Path(args.file) if args.file else None
    hexmap = None
    if path is not None:
        if not _exists(path):
            raise CommandError(f"There is no file {path}.")
        # A map is read before any window opens, so a bad one is a sentence on the
        # terminal; other kinds (games, campaigns) go to the mode registered for them.
        if path.suffix.lower() in (MAP_SUFFIX, ""):
            hexmap = _load_map(path)

    from hexcampaign.app.launch import run_window

    return run_window(hexmap, path, quit_after_first_paint=args.quit_after_first_paint, language=args.lang)


def _headless_linux() -> bool:
    """No display on Linux and no platform chosen: Qt would abort, so say it first."""
    return (
        sys.platform.startswith("linux")
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
        and not os.environ.get("QT_QPA_PLATFORM")
    )


# --- commands without a window -------------------------------------------------------------


def _palettes_listed() -> str:
    from hexcampaign.maps.palette import palette_names

    names = palette_names()
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


def _command_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hexcampaign")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    render = commands.add_parser(
        "render",
        help="draw a map to a PNG, SVG or PDF file",
        description="Draw a whole map to a picture without opening a window, with the same "
        "drawing code as the window. The picture's format follows OUT's suffix.",
    )
    render.add_argument("map", metavar="MAP", help="the map file (.hexmap)")
    render.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="OUT.png, OUT.svg or OUT.pdf"
    )
    render.add_argument(
        "--hex-size",
        type=float,
        default=32.0,
        metavar="PX",
        help="pixels from a hex's centre to a corner (default 32)",
    )
    render.add_argument(
        "--layers",
        metavar="NAMES",
        help="comma-separated layers to draw (default: all but the tracing aids underlay and notes): "
        "grid,coordinates,terrain,elevation,contours,rivers,roads,cliffs,places,labels,underlay,notes",
    )
    render.set_defaults(run=_render)

    validate = commands.add_parser(
        "validate",
        help="list the problems of maps",
        description="Load each map and list what an author should fix (bridges without a "
        "road and river, roads over cliffs, unreachable places, duplicate names...). "
        "Exits with status 1 when any file has a problem or cannot be read.",
    )
    validate.add_argument("files", nargs="+", metavar="FILE")
    validate.set_defaults(run=_validate)

    new_map = commands.add_parser(
        "new-map",
        help="write a blank map",
        description="Write a map of the palette's default terrain, ready for the editor.",
    )
    new_map.add_argument("--cols", type=int, required=True, help="columns of hexes")
    new_map.add_argument("--rows", type=int, required=True, help="rows of hexes")
    new_map.add_argument(
        "--palette",
        default="kasserine",
        # Listed from the shipped palettes, so a new one is never left out of the help.
        help=f"terrain palette: {_palettes_listed()} (default kasserine)",
    )
    new_map.add_argument("--name", default="", help="the map's name")
    new_map.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="the new .hexmap file"
    )
    new_map.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    new_map.set_defaults(run=_new_map)
    _add_import_geo(commands)
    _add_interchange(commands)
    return parser


def _render(args: argparse.Namespace) -> int:
    # One picture, then the process ends: the cyclic collector would spend ~70 ms of a
    # 200×200 map's render scanning objects that all live until the end (the map, its
    # hexes, the painter's shapes), so it is paused for the command.
    with gc_paused():
        return _render_picture(args)


def _render_picture(args: argparse.Namespace) -> int:
    source, target = Path(args.map), Path(args.output)
    hexmap = _load_map(source)
    _check_picture_size(hexmap, target, args.hex_size)
    layers = None
    if args.layers:
        layers = {name.strip() for name in args.layers.split(",") if name.strip()}
    if _headless_linux():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # drawing needs no display

    from hexcampaign.app.headless import render_headless
    from hexcampaign.app.render import RenderError

    try:
        width, height = render_headless(hexmap, target, hex_size=args.hex_size, layers=layers)
    except RenderError as e:
        raise CommandError(str(e)) from None
    except OSError as e:
        from hexcampaign.files import describe_os_error

        raise CommandError(describe_os_error(e, target, "save")) from None
    print(f"Wrote {target} ({width}×{height} pixels).")
    return EXIT_OK


# Every format is painted in bands (app/render/export.py): a PNG a band of pixels at a
# time, an SVG or PDF a band of hexes, so memory does not grow with the picture (a PNG of
# 396 million pixels, a 385×385 map at the default hex size, peaked at 229 MiB). Pictures
# are capped at the renderer's MAX_PIXELS (400 million, kept equal here so that the
# refusal comes before Qt is loaded); PNG had its own cap of 16 million pixels, which
# refused every square map of 77×77 or more at the default hex size.
MAX_VECTOR_PIXELS = 400_000_000
MAX_PNG_PIXELS = MAX_VECTOR_PIXELS


def _check_picture_size(hexmap: HexMap, target: Path, hex_size: float) -> None:
    """Refuse a picture too large to paint, with the hex size that fits."""
    suffix = target.suffix.lower()
    if suffix not in (".png", ".svg", ".pdf") or not hex_size > 0:
        return  # the renderer words a wrong suffix or size
    limit = MAX_PNG_PIXELS if suffix == ".png" else MAX_VECTOR_PIXELS
    width, height = _picture_size(hexmap, hex_size)
    if width * height <= limit:
        return
    fits = max(1, int(hex_size * (limit / (width * height)) ** 0.5))
    raise CommandError(
        f"A {width:,}×{height:,} pixel picture of this {hexmap.cols}×{hexmap.rows} map is "
        f"too large to {'paint' if suffix == '.png' else 'draw'} (more than "
        f"{limit // 1_000_000} million pixels); use --hex-size {fits} or smaller."
    )


def _picture_size(hexmap: HexMap, hex_size: float) -> tuple[int, int]:
    """The export's pixel size (app/render/geometry.py: the hexes' bounds and a margin
    of half a hex), worked out without Qt: flat-top columns step 1.5 sizes apart and
    √3 sizes down, odd columns half a hex lower (pointy-top: the same, turned)."""
    pointy = getattr(hexmap, "orientation", "flat") != "flat"
    across, down = (hexmap.rows, hexmap.cols) if pointy else (hexmap.cols, hexmap.rows)
    long_side = (1.5 * (across - 1) + 2 + 1) * hex_size
    short_side = (3**0.5 * (down + (0.5 if across > 1 else 0)) + 1) * hex_size
    if pointy:
        long_side, short_side = short_side, long_side
    return int(long_side) + 1, int(short_side) + 1


def _validate(args: argparse.Namespace) -> int:
    from hexcampaign.maps import MapFormatError, load_map
    from hexcampaign.maps.validation import find_problems

    status = EXIT_OK
    for name in args.files:
        try:
            hexmap = load_map(name)
        except MapFormatError as e:
            print(f"{name}: {e}")
            status = EXIT_PROBLEMS
            continue
        problems = find_problems(hexmap)
        for problem in problems:
            where = f"{hexmap.label(problem.hex)}: " if problem.hex is not None else ""
            print(f"{name}: {where}{problem.message}")
        if problems:
            status = EXIT_PROBLEMS
        else:
            print(f"{name}: no problems found.")
    return status


def _new_map(args: argparse.Namespace) -> int:
    from hexcampaign.files import describe_os_error
    from hexcampaign.maps import HexMap, MapEditError, palette_names, save_map

    target = Path(args.output)
    if args.palette not in palette_names():
        raise CommandError(
            f"There is no terrain palette named {args.palette!r}; choose one of "
            f"{', '.join(palette_names())}."
        )
    if _exists(target) and not args.force:
        raise CommandError(f"{target} already exists; add --force to overwrite it.")
    try:
        hexmap = HexMap.new(args.cols, args.rows, palette=args.palette)
    except MapEditError as e:
        raise CommandError(str(e)) from None
    hexmap.name = args.name
    try:
        save_map(hexmap, target)
    except OSError as e:
        raise CommandError(describe_os_error(e, target, "save")) from None
    print(f"Wrote {target}: a blank {args.cols}×{args.rows} map with the {args.palette} palette.")
    return EXIT_OK


def _add_import_geo(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    geo = commands.add_parser(
        "import-geo",
        help="make a map from GeoJSON geography",
        description="Make a map from a GeoJSON file (or a GeoPackage or Shapefile, with pyogrio "
        "installed): each hex takes the terrain whose polygons cover most of it, lines become "
        "roads or rivers, named points become places; OpenStreetMap's tags (highway, waterway, "
        "natural=water, landuse=forest...) are understood without --terrain. "
        "Longitude/latitude is projected around the data's centre; metric data (UTM) is taken "
        "as metres; another coordinate system needs pyproj. The map is numbered from 0101. "
        "See the user guide, 'Maps from real geography'.",
    )
    geo.add_argument("data", metavar="DATA", help="the GeoJSON, GeoPackage (.gpkg) or Shapefile (.shp) file")
    geo.add_argument("--hex-km", type=float, required=True, metavar="K",
                     help="kilometres across a hex (centre to centre)")
    geo.add_argument("--palette", default="kasserine",
                     help="terrain palette: a shipped one, one you made in the editor (by name) or "
                     "a .hexpalette file (default kasserine)")
    geo.add_argument("--terrain", action="append", default=[], metavar="ATTR=VALUE:TARGET",
                     help="map features: TARGET is a terrain (polygons), road or river (lines), "
                     "a place kind (points) or ignore; VALUE * matches any value; repeat it; "
                     "these go before the OSM tags' own mappings")
    geo.add_argument("--no-osm-tags", action="store_true",
                     help="do not map OpenStreetMap's tags by default (only the --terrain mappings)")
    geo.add_argument("--min-share", type=float, default=0.5, metavar="F",
                     help="least share of a hex its terrain must cover, else the palette's "
                     "default (default 0.5)")
    geo.add_argument("--name-attr", default="name", help="attribute naming a place (default name)")
    geo.add_argument("--kind-attr", default="kind", help="attribute giving a place's kind (default kind)")
    geo.add_argument("--vp-attr", default="vp", help="attribute giving a place's VP (default vp)")
    geo.add_argument("--pp-attr", default="pp", help="attribute giving a place's PP (default pp)")
    geo.add_argument("--default-kind", help="kind of a place whose kind is not given")
    geo.add_argument("--elevation", metavar="ATTR", help="numeric attribute giving heights")
    geo.add_argument("--levels", type=int, default=5, help="elevation levels, lowest to highest (default 5)")
    geo.add_argument("--metres-per-level", type=float, metavar="M",
                     help="instead of --levels: level = height / M")
    geo.add_argument("--coordinates", choices=("auto", "lonlat", "metres"), default="auto",
                     help="the data's coordinates (default auto: by the CRS member or the range)")
    geo.add_argument("--origin", metavar="X,Y",
                     help="the map's north-west corner in the data's coordinates (default: "
                     "the data's extent)")
    geo.add_argument("--cols", type=int, help="columns (default: what covers the data)")
    geo.add_argument("--rows", type=int, help="rows (default: what covers the data)")
    geo.add_argument("--repair", action="store_true",
                     help="repair polygons whose outlines cross themselves instead of refusing")
    geo.add_argument("--name", help="the map's name (default: DATA's name without its suffix)")
    geo.add_argument("-o", "--output", required=True, metavar="OUT", help="the new .hexmap file")
    geo.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    geo.set_defaults(run=_import_geo)


def _import_geo(args: argparse.Namespace) -> int:
    from hexcampaign.files import FileFormatError, describe_os_error
    from hexcampaign.geo import GeoImportError, ImportSettings, import_geography, read_geography
    from hexcampaign.maps import save_map

    target = Path(args.output)
    if _exists(target) and not args.force:
        raise CommandError(f"{target} already exists; add --force to overwrite it.")
    origin = None
    if args.origin:
        try:
            x, y = (float(v) for v in args.origin.split(","))
        except ValueError:
            raise CommandError(f"--origin is two numbers X,Y, not {args.origin!r}.") from None
        origin = (x, y)
    try:
        settings = ImportSettings(
            hex_km=args.hex_km, palette=_import_palette(args.palette), min_share=args.min_share,
            name_attribute=args.name_attr, kind_attribute=args.kind_attr,
            vp_attribute=args.vp_attr, pp_attribute=args.pp_attr, default_kind=args.default_kind,
            elevation_attribute=args.elevation, levels=args.levels,
            metres_per_level=args.metres_per_level, coordinates=args.coordinates,
            origin=origin, cols=args.cols, rows=args.rows, osm_tags=not args.no_osm_tags,
        ).with_rules(args.terrain)
        data = read_geography(args.data, repair=args.repair)
        hexmap, notes = import_geography(data, settings, name=args.name or Path(args.data).stem)
    except (FileFormatError, GeoImportError) as e:
        raise CommandError(str(e)) from None
    try:
        save_map(hexmap, target)
    except OSError as e:
        raise CommandError(describe_os_error(e, target, "save")) from None
    for note in notes:
        print(f"note: {note}")
    print(f"Wrote {target}: a {hexmap.cols}×{hexmap.rows} map with the {hexmap.palette.name} "
          f"palette, {len(hexmap.roads())} road links, {len(hexmap.rivers())} river hexes and "
          f"{len(hexmap.places())} places.")
    return EXIT_OK


def _import_palette(text: str) -> str | Palette:
    """--palette: a shipped palette's name, a .hexpalette file, or the name of a palette
    the user made in the editor (kept in the user's palette folder)."""
    from hexcampaign.maps.palette import (
        PALETTE_SUFFIX,
        PaletteError,
        palette_names,
        read_palette_file,
    )

    if text in palette_names():
        return text
    path = Path(text)
    if path.suffix == PALETTE_SUFFIX or path.is_file():
        try:
            return read_palette_file(path)
        except PaletteError as e:
            raise CommandError(str(e)) from None
    # The editor's folder of palettes (importing it loads Qt's modules, not a window).
    from hexcampaign.app.editor.user_palettes import user_palettes

    kept = user_palettes()
    found = next((p for p in kept if p.name == text), None)
    if found is None:
        mine = f"; yours: {', '.join(p.name for p in kept)}" if kept else ""
        raise CommandError(
            f"There is no terrain palette named {text!r}; the shipped ones are "
            f"{', '.join(palette_names())}{mine}, or give a {PALETTE_SUFFIX} file."
        )
    return found


# The two exports: command, what it writes, its description, the suffix, the default hex
# size and its help.
_EXPORTS = (
    ("export-vassal", "vassal", "A VASSAL module", ".vmod", 32.0,
     "Write a VASSAL module (.vmod) whose board is the map as `render` draws it and whose hex "
     "grid lies exactly over the picture's hexes, numbered as the map prints them. The hex "
     "size is rounded so that a hex is an even number of pixels tall.",
     "pixels from a hex's centre to a corner (default 32)"),
    ("export-tiled", "tiled", "A Tiled map", ".tmx", 30.0,
     "Write a hexagonal Tiled map (.tmx) and its tileset picture (OUT-tiles.png beside it): "
     "terrain, elevation and river hexes as tile layers; rivers, roads, cliffs, bridges, "
     "places (with vp and pp) and labels as objects.",
     "pixels from a hex's centre to a corner, made even (default 30)"),
)


def _add_interchange(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    for command, kind, what, suffix, size, description, size_help in _EXPORTS:
        export = commands.add_parser(command, help=f"write {what[0].lower()}{what[1:]} of a map",
                                     description=description)
        export.add_argument("map", metavar="MAP", help="the map file (.hexmap)")
        export.add_argument("-o", "--output", required=True, metavar="OUT", help=f"OUT{suffix}")
        export.add_argument("--hex-size", type=float, default=size, metavar="PX", help=size_help)
        if kind == "vassal":
            export.add_argument("--counters", action="store_true",
                                help="with the Kasserine map: add the Kasserine Pass counters and "
                                "the scenario's Allied set-up")
        export.set_defaults(run=partial(_export, kind, suffix, what))
    back = commands.add_parser(
        "import-tiled",
        help="make a map from a Tiled map written by export-tiled",
        description="Read a .tmx written by `export-tiled` (or laid out the same way) back "
        "into a map.",
    )
    back.add_argument("tmx", metavar="TMX", help="the Tiled map (.tmx)")
    back.add_argument("-o", "--output", required=True, metavar="OUT", help="the new .hexmap file")
    back.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    back.set_defaults(run=_import_tiled)


def _export(kind: str, suffix: str, what: str, args: argparse.Namespace) -> int:
    """export-vassal and export-tiled: the map drawn and written by the app's exporters."""
    target = Path(args.output)
    if target.suffix.lower() != suffix:
        raise CommandError(f"{what}'s file name ends in {suffix}, not {target.name}.")
    hexmap = _load_map(Path(args.map))
    if _headless_linux():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # drawing needs no display
    from hexcampaign.app.render.interchange import export_headless
    from hexcampaign.exports import ExportError

    pieces = None
    if getattr(args, "counters", False):
        from hexcampaign.app.kasserine.vassal_pieces import kasserine_pieces

        pieces = kasserine_pieces
    try:
        with gc_paused():
            notes = export_headless(kind, hexmap, target, args.hex_size, pieces)
    except ExportError as e:
        raise CommandError(str(e)) from None
    print(f"Wrote {target}.")
    for note in notes:
        print(note)
    return EXIT_OK


def _import_tiled(args: argparse.Namespace) -> int:
    from hexcampaign.exports import ExportError
    from hexcampaign.exports.tiled import read_tmx
    from hexcampaign.files import describe_os_error
    from hexcampaign.maps import save_map

    source, target = Path(args.tmx), Path(args.output)
    if not _exists(source):
        raise CommandError(f"There is no file {source}.")
    if _exists(target) and not args.force:
        raise CommandError(f"{target} already exists; add --force to overwrite it.")
    try:
        hexmap = read_tmx(source)
    except ExportError as e:
        raise CommandError(str(e)) from None
    try:
        save_map(hexmap, target)
    except OSError as e:
        raise CommandError(describe_os_error(e, target, "save")) from None
    print(f"Wrote {target}: a {hexmap.cols}×{hexmap.rows} map with the {hexmap.palette.name} "
          f"palette and {len(hexmap.places())} places.")
    return EXIT_OK


def _load_map(path: Path) -> HexMap:
    from hexcampaign.maps import MapFormatError, load_map

    if not _exists(path):
        raise CommandError(f"There is no file {path}.")
    try:
        return load_map(path)
    except MapFormatError as e:
        raise CommandError(str(e)) from None


def _exists(path: Path) -> bool:
    """Path.exists, with a name too long for the disk (ENAMETOOLONG, which exists()
    raises) taken as absent: opening or writing it then says why in a sentence."""
    try:
        return path.exists()
    except OSError:
        return False


if __name__ == "__main__":
    sys.exit(main())
