"""Pictures of positions: SVG text, PNG images and animated replays.

One drawing, two outputs: :func:`scene` lays a position out as a list of simple
shapes (rectangles, circles, lines, text) in board units, and the SVG and PNG
writers draw exactly those shapes, so both pictures show the same geometry.

>>> import polyreversi as pr
>>> from polyreversi.svg import svg
>>> picture = svg(pr.Variant("octagon", 4).start(), size=300)
>>> picture.startswith("<svg") and picture.count('class="disk ') == 4
True

What is drawn: the board's real shape (octagon cut-outs are left out, blocked
squares are holes with a cross), the Black, White, Red and Green disks and the
grey neutral disk, coordinates (columns a, b, ... on top, rows 1, 2, ... on the
left), the square of the last move, optionally the legal moves of the player to
move (small dots in its colour) and the disks a move flipped (rings). The output
depends only on the position and the options: no random ids, no timestamps.

SVG elements carry classes for styling and tests: ``square <name>`` (plus
``blocked`` for holes), ``lastmove``, ``disk <colour> <name>`` (colour is
``black``, ``white``, ``red``, ``green`` or ``neutral``), ``hint <name>``,
``flip <name>``, ``coord``.
"""
from __future__ import annotations

import io
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, TypedDict, Union

from polyreversi import _validate
from polyreversi._files import is_stream, write_bytes
from polyreversi._core import State  # the class; state.py adds its Python methods
from polyreversi.vocabulary import BLOCKED, COLOR_NAMES as _COLOR_TITLES, CUT_OUT, NEUTRAL, status_line

if TYPE_CHECKING:  # types only: Pillow and the record classes load on first use
    from PIL import Image
    from typing_extensions import Unpack

    from polyreversi.record import Record

# -- geometry (board units) -------------------------------------------------
SQUARE = 40.0  # side of a square
MARGIN = 20.0  # frame around the board; holds the coordinates
DISK_RADIUS = 0.42 * SQUARE
HINT_RADIUS = 0.12 * SQUARE
FLIP_RADIUS = 0.47 * SQUARE
STROKE = 1.0
FONT_SIZE = 13.0

DEFAULT_COLORS = {
    "frame": "#263238",
    "coord": "#cfd8dc",
    "square": "#1e6b3c",
    "grid": "#0b3d1f",
    "lastmove": "#4fa068",
    "hole": "#0c0f0e",
    "hole mark": "#4a5450",
    "black": "#111111",
    "black stroke": "#000000",
    "white": "#f5f5f5",
    "white stroke": "#8a8a8a",
    "red": "#d32f2f",
    "red stroke": "#7f0000",
    "green": "#9ccc65",
    "green stroke": "#33691e",
    "neutral": "#9e9e9e",
    "neutral stroke": "#4e4e4e",
    "flip": "#ffb300",
}
"""Colour of every part of the picture; override any of them with ``colors={...}``."""

COLOR_NAMES = {**{i + 1: name.lower() for i, name in enumerate(_COLOR_TITLES)}, NEUTRAL: "neutral"}
"""The class/colour name of each disk code of ``State.board()``."""


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    fill: str
    cls: str
    stroke: Optional[str] = None
    stroke_width: float = 0.0


class Circle(NamedTuple):
    cx: float
    cy: float
    r: float
    fill: Optional[str]
    cls: str
    stroke: Optional[str] = None
    stroke_width: float = 0.0


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    stroke_width: float
    cls: str


class Text(NamedTuple):
    x: float
    y: float
    text: str
    fill: str
    size: float
    cls: str


Shape = Union[Rect, Circle, Line, Text]
#: The squares to ring: True for the last move's flips, None or False for none, or squares.
Flips = Union[None, bool, Iterable[Union[int, str]]]
#: What an animation steps through: a State (its history), States, or a game record.
Source = Union[State, Sequence[State], "Record"]


class SceneOptions(TypedDict, total=False):
    """The drawing options of :func:`scene`, which every picture function passes on."""

    coordinates: bool
    last_move: bool
    legal_moves: bool
    flips: Flips
    colors: Optional[Mapping[str, str]]


class AnimationOptions(SceneOptions, total=False):
    """The options of :func:`animate`: the drawing's, and those of :func:`animated_svg` and :func:`gif`."""

    size: int
    delay: float
    final_delay: float


@dataclass(frozen=True)
class Scene:
    """A position laid out as shapes: ``board`` (frame, squares, coordinates) is drawn
    first, then ``pieces`` (last move, disks, hints, flips). ``width`` and ``height``
    are in board units."""

    width: float
    height: float
    board: Tuple[Shape, ...]
    pieces: Tuple[Shape, ...]


def _mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (both ``#rrggbb``)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


def _last_move_and_flips(state: State) -> Tuple[Optional[int], List[int]]:
    moves = state.moves()
    if not moves:
        return None, []
    move = moves[-1]
    if move == state.PASS:
        return move, []
    before = state.copy()
    before.undo()
    return move, before.flips(move)


@dataclass(frozen=True)
class _Grid:
    """Where the squares of an N x N board are, in board units (``margin`` is the frame)."""

    n: int
    margin: float

    def corner(self, sq: int) -> Tuple[float, float]:
        r, c = divmod(sq, self.n)
        return self.margin + c * SQUARE, self.margin + r * SQUARE

    def centre(self, sq: int) -> Tuple[float, float]:
        x, y = self.corner(sq)
        return x + SQUARE / 2, y + SQUARE / 2


def _palette(colors: Optional[Mapping[str, str]]) -> Dict[str, str]:
    palette = dict(DEFAULT_COLORS)
    for key, value in (colors or {}).items():
        if key not in DEFAULT_COLORS:
            raise KeyError(f"colors: unknown part {_validate.shown(key)}; parts: {', '.join(DEFAULT_COLORS)}")
        palette[key] = value
    return palette


def scene(
    state: State,
    *,
    coordinates: bool = True,
    last_move: bool = True,
    legal_moves: bool = False,
    flips: Flips = None,
    colors: Optional[Mapping[str, str]] = None,
) -> Scene:
    """Lays out a position as shapes (see :func:`svg` for the arguments).

    Raises:
        InvalidSquareError: a square in ``flips`` that is not on the board.
        KeyError: an unknown key in ``colors``.
        TypeError: ``state`` is not a State.
    """
    _validate.instance(state, State, "state")
    palette = _palette(colors)
    n = state.board().shape[0]
    grid = _Grid(n, MARGIN if coordinates else 0.0)
    side = 2 * grid.margin + n * SQUARE
    board = _board_shapes(state, grid, palette, coordinates, side)
    pieces = _piece_shapes(state, grid, palette, last_move=last_move, legal_moves=legal_moves, flips=flips)
    return Scene(side, side, tuple(board), tuple(pieces))


def _board_shapes(state: State, grid: _Grid, palette: Dict[str, str], coordinates: bool, side: float) -> List[Shape]:
    """The frame, the squares (holes crossed out, cut-outs left out) and the coordinates."""
    variant = state.variant
    cells = state.board().ravel()
    shapes: List[Shape] = [Rect(0, 0, side, side, palette["frame"], "frame")] if coordinates else []
    for sq, code in enumerate(int(c) for c in cells):
        if code == CUT_OUT:
            continue
        x, y = grid.corner(sq)
        name = variant.square_name(sq)
        if code != BLOCKED:
            shapes.append(Rect(x, y, SQUARE, SQUARE, palette["square"], f"square {name}", palette["grid"], STROKE))
            continue
        shapes.append(Rect(x, y, SQUARE, SQUARE, palette["hole"], f"square blocked {name}", palette["grid"], STROKE))
        near, far = 0.3 * SQUARE, 0.7 * SQUARE
        for x1, x2 in ((near, far), (far, near)):  # the two strokes of the cross
            shapes.append(Line(x + x1, y + near, x + x2, y + far, palette["hole mark"], 2 * STROKE,
                               f"blocked-mark {name}"))
    if coordinates:
        for i in range(grid.n):
            offset = grid.margin + (i + 0.5) * SQUARE
            shapes.append(Text(offset, grid.margin / 2, chr(ord("a") + i), palette["coord"], FONT_SIZE, "coord"))
            shapes.append(Text(grid.margin / 2, offset, str(i + 1), palette["coord"], FONT_SIZE, "coord"))
    return shapes


def _piece_shapes(state: State, grid: _Grid, palette: Dict[str, str], *, last_move: bool, legal_moves: bool,
                  flips: Flips) -> List[Shape]:
    """The last move's square, the disks, the hints of the legal moves and the flip rings."""
    variant = state.variant
    shapes: List[Shape] = []
    last, last_flips = _last_move_and_flips(state)
    if last_move and last is not None and last != state.PASS:
        x, y = grid.corner(last)
        shapes.append(Rect(x, y, SQUARE, SQUARE, palette["lastmove"], f"lastmove {variant.square_name(last)}",
                           palette["grid"], STROKE))
    for sq, code in enumerate(int(c) for c in state.board().ravel()):
        if code in COLOR_NAMES:
            color = COLOR_NAMES[code]
            shapes.append(Circle(*grid.centre(sq), DISK_RADIUS, palette[color],
                                 f"disk {color} {variant.square_name(sq)}", palette[f"{color} stroke"], STROKE))
    if legal_moves:
        mover = palette[COLOR_NAMES[int(state.to_move)]]
        for sq in state.legal_moves():
            if sq != state.PASS:
                under = palette["lastmove"] if sq == last else palette["square"]
                shapes.append(Circle(*grid.centre(sq), HINT_RADIUS, _mix(under, mover, 0.6),
                                     f"hint {variant.square_name(sq)}"))
    for sq in _flipped(state, flips, last_flips):
        shapes.append(Circle(*grid.centre(sq), FLIP_RADIUS, None, f"flip {variant.square_name(sq)}",
                             palette["flip"], 2.5 * STROKE))
    return shapes


def _flipped(state: State, flips: Flips, last_flips: List[int]) -> List[int]:
    """The squares to ring: the last move's flips (``True``), none, or those named."""
    if flips is True:
        return list(last_flips)
    if flips is None or flips is False:
        return []
    squares = sorted(state.variant.square(sq) for sq in flips)
    if squares and squares[-1] >= state.variant.n ** 2:
        raise ValueError("flips: 'pass' is not a square")
    return squares


# -- SVG --------------------------------------------------------------------

def _num(value: float) -> str:
    """Short, stable text for a coordinate (no float noise)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _element(shape: Shape) -> ET.Element:
    if isinstance(shape, Rect):
        attrs = {"class": shape.cls, "x": _num(shape.x), "y": _num(shape.y), "width": _num(shape.w),
                 "height": _num(shape.h), "fill": shape.fill}
        tag = "rect"
    elif isinstance(shape, Circle):
        attrs = {"class": shape.cls, "cx": _num(shape.cx), "cy": _num(shape.cy), "r": _num(shape.r),
                 "fill": shape.fill or "none"}
        tag = "circle"
    elif isinstance(shape, Line):
        attrs = {"class": shape.cls, "x1": _num(shape.x1), "y1": _num(shape.y1), "x2": _num(shape.x2),
                 "y2": _num(shape.y2), "stroke": shape.stroke, "stroke-width": _num(shape.stroke_width),
                 "stroke-linecap": "round"}
        el = ET.Element("line", attrs)
        return el
    else:
        el = ET.Element("text", {"class": shape.cls, "x": _num(shape.x), "y": _num(shape.y), "fill": shape.fill,
                                 "font-size": _num(shape.size), "font-family": "DejaVu Sans, Verdana, sans-serif",
                                 "text-anchor": "middle", "dominant-baseline": "central"})
        el.text = shape.text
        return el
    if shape.stroke:
        attrs["stroke"] = shape.stroke
        attrs["stroke-width"] = _num(shape.stroke_width)
    return ET.Element(tag, attrs)


def _root(width: float, height: float, size: Optional[int]) -> ET.Element:
    attrs = {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1", "viewBox": f"0 0 {_num(width)} {_num(height)}"}
    if size is not None:
        _check_size(size)
        attrs["width"] = str(size)
        attrs["height"] = _num(size * height / width)
    return ET.Element("svg", attrs)


def _text(root: ET.Element) -> str:
    """The document as text, one element per line (stable, diff-friendly)."""
    ET.indent(root, space="  ")
    return ET.tostring(root, encoding="unicode")


#: The widest PNG or GIF frame drawn (pixels); it is drawn 4x larger first, so
#: this bounds the memory a picture takes (about 1 GB at the limit).
MAX_RASTER_SIZE = 4096


def _check_size(size: object, limit: Optional[int] = None) -> None:
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"size: expected a whole number of pixels, at least 1; got {_validate.shown(size)}")
    if limit is not None and size > limit:
        raise ValueError(f"size: at most {limit} pixels for PNG and GIF pictures; got {size}")


def _describe(state: State) -> str:
    return status_line(state)


def svg(
    state: State,
    *,
    size: Optional[int] = None,
    coordinates: bool = True,
    last_move: bool = True,
    legal_moves: bool = False,
    flips: Union[None, bool, Iterable[Union[int, str]]] = None,
    colors: Optional[Mapping[str, str]] = None,
) -> str:
    """An SVG picture of a position, as text.

    Args:
        state: the position (any variant).
        size: width in pixels (the height follows); ``None`` leaves the size to the
            viewer (the picture scales to its container).
        coordinates: draw a frame with the column letters and row numbers.
        last_move: highlight the square of the last move of ``state.moves()``.
        legal_moves: dots on the legal moves of the player to move, in its colour.
        flips: ``True`` rings the disks the last move flipped; an iterable of squares
            (indices or names) rings those; ``None``/``False`` rings nothing.
        colors: overrides of :data:`DEFAULT_COLORS`, e.g. ``{"square": "#2e7d32"}``.

    Returns:
        The SVG document (one ``<svg>`` element, no XML declaration). Identical
        states and options give identical text.

    Raises:
        ValueError: a bad ``size``; InvalidSquareError: a bad square in ``flips``;
        KeyError: an unknown part in ``colors``.
    """
    drawing = scene(state, coordinates=coordinates, last_move=last_move, legal_moves=legal_moves,
                    flips=flips, colors=colors)
    root = _root(drawing.width, drawing.height, size)
    ET.SubElement(root, "title").text = _describe(state)
    for shape in drawing.board + drawing.pieces:
        root.append(_element(shape))
    return _text(root)


def _repr_svg_(state: State) -> str:
    """The picture Jupyter shows for a State (attach as ``State._repr_svg_``)."""
    return svg(state, size=360, legal_moves=not state.is_over())


# -- PNG (Pillow) -----------------------------------------------------------

_SUPERSAMPLE = 4


def _image(drawing: Scene, size: int) -> Image.Image:
    """Draws a scene with Pillow; returns an RGBA image ``size`` pixels wide."""
    from PIL import Image, ImageDraw, ImageFont

    _check_size(size, MAX_RASTER_SIZE)
    scale = size * _SUPERSAMPLE / drawing.width
    width = round(drawing.width * scale)
    height = round(drawing.height * scale)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    fonts: Dict[int, ImageFont.FreeTypeFont | ImageFont.ImageFont] = {}
    for shape in drawing.board + drawing.pieces:
        if isinstance(shape, (Rect, Circle)):
            half = shape.stroke_width * scale / 2 if shape.stroke else 0.0  # Pillow strokes inside the box
            width = max(1, round(shape.stroke_width * scale)) if shape.stroke else 0
            if isinstance(shape, Rect):
                pen.rectangle([shape.x * scale - half, shape.y * scale - half,
                               (shape.x + shape.w) * scale + half - 1, (shape.y + shape.h) * scale + half - 1],
                              fill=shape.fill, outline=shape.stroke, width=width)
            else:
                r = shape.r * scale + half
                pen.ellipse([shape.cx * scale - r, shape.cy * scale - r, shape.cx * scale + r, shape.cy * scale + r],
                            fill=shape.fill, outline=shape.stroke, width=width)
        elif isinstance(shape, Line):
            pen.line([shape.x1 * scale, shape.y1 * scale, shape.x2 * scale, shape.y2 * scale],
                     fill=shape.stroke, width=max(1, round(shape.stroke_width * scale)))
        else:
            px = max(1, round(shape.size * scale))
            if px not in fonts:
                fonts[px] = ImageFont.load_default(size=px)
            pen.text((shape.x * scale, shape.y * scale), shape.text, fill=shape.fill, font=fonts[px], anchor="mm")
    out_height = max(1, round(size * drawing.height / drawing.width))
    return image.resize((size, out_height), Image.Resampling.LANCZOS)


def png(
    state: State,
    path: Union[None, str, os.PathLike[str]] = None,
    *,
    size: int = 400,
    **options: Unpack[SceneOptions],
) -> bytes:
    """A PNG picture of a position, drawn with Pillow from the same shapes as :func:`svg`.

    Args:
        state: the position.
        path: a file to write, its name ending in ``.png`` (atomically: a temporary file
            renamed into place; ``-`` is standard output), or ``None`` to only return the bytes.
        size: width in pixels (the picture is square), at most :data:`MAX_RASTER_SIZE`.
        options: ``coordinates``, ``last_move``, ``legal_moves``, ``flips``, ``colors``
            as for :func:`svg`.

    Returns:
        The PNG file's bytes.

    Raises:
        ValueError: a bad ``size``, a file name not ending in ``.png``; OSError: the file
            cannot be written.
    """
    if path is not None:
        _picture_path(path, ".png")
    image = _image(scene(state, **options), size)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    data = buffer.getvalue()
    if path is not None:
        write_bytes(path, data)
    return data


def _picture_path(path: Union[str, os.PathLike[str]], suffix: str) -> Union[str, os.PathLike[str]]:
    """``path`` when its name ends in ``suffix`` (any case), or is ``-``, ``/dev/stdout``,
    a pipe or a device (:func:`polyreversi._files.is_stream`: no name to mislead).

    Raises:
        ValueError: another name, so that a .jpg never holds PNG bytes.
    """
    name = os.fspath(path)
    if not is_stream(path) and os.path.splitext(name)[1].lower() != suffix:
        raise ValueError(f"{_validate.shown_name(name)}: a {suffix[1:].upper()} picture's file name must end in {suffix}")
    return path


# -- animated replays -------------------------------------------------------

def frames(source: Source) -> List[State]:
    """The states of a whole game, from its start to its last move.

    Args:
        source: a State (its move history is replayed from ``state.initial()``), a
            sequence of States (taken as they are), or a game record
            (``polyreversi.record.Record``, replayed with ``polyreversi.replay.Replay``).

    Returns:
        A list of States, one per ply plus the start.

    Raises:
        TypeError: something else; RecordError: a record that does not replay.
    """
    if isinstance(source, State):
        state = source.initial()
        out = [state]
        for move in source.moves():
            state = state.child(move)
            out.append(state)
        return out
    if isinstance(source, (list, tuple)):
        if not source or not all(isinstance(s, State) for s in source):
            raise TypeError("source: expected a non-empty sequence of States")
        return list(source)
    from polyreversi.record import Record

    if isinstance(source, Record):
        from polyreversi.replay import Replay

        return list(Replay(source))
    raise TypeError(f"source: expected a State, a list of States or a Record, got {type(source).__name__}")


def _game_frames(source: Source, delay: float, final_delay: float, options: SceneOptions) -> List[State]:
    """The states of an animation (:func:`frames`); checks the delays; rings the flips by default."""
    states = frames(source)
    if not delay > 0 or not final_delay > 0:
        raise ValueError(f"delay: expected seconds above 0, got {_validate.shown(delay)} and {_validate.shown(final_delay)}")
    options.setdefault("flips", True)
    return states


def animated_svg(
    source: Source,
    *,
    size: Optional[int] = None,
    delay: float = 0.7,
    final_delay: float = 3.0,
    **options: Unpack[SceneOptions],
) -> str:
    """An animated SVG (SMIL, plays in browsers) stepping through a whole game.

    The board is drawn once; each state's disks and marks are a ``<g class="frame">``
    group shown in turn, looping. Without animation support the last position shows.

    Args:
        source: as for :func:`frames`.
        size: width in pixels, or ``None``.
        delay: seconds per ply.
        final_delay: seconds the final position stays before the loop starts again.
        options: as for :func:`svg` (``last_move`` defaults to on, ``flips`` to ``True``).

    Returns:
        The SVG document; identical input gives identical text.

    Raises:
        ValueError: a non-positive delay or a bad size; as :func:`frames`.
    """
    states = _game_frames(source, delay, final_delay, options)
    scenes = [scene(s, **options) for s in states]
    durations = [delay] * (len(states) - 1) + [final_delay]
    total = sum(durations)
    root = _root(scenes[0].width, scenes[0].height, size)
    ET.SubElement(root, "title").text = f"{states[-1].variant}: {len(states) - 1} plies; final: {_describe(states[-1])}"
    for shape in scenes[0].board:
        root.append(_element(shape))
    start = 0.0
    for i, (drawing, duration) in enumerate(zip(scenes, durations)):
        last = i == len(scenes) - 1
        group = ET.SubElement(root, "g", {"class": "frame", "visibility": "visible" if last else "hidden"})
        for shape in drawing.pieces:
            group.append(_element(shape))
        on, off = start / total, (start + duration) / total
        ET.SubElement(group, "animate", {
            "attributeName": "visibility", "calcMode": "discrete", "dur": f"{_num(total)}s",
            "repeatCount": "indefinite", "values": "hidden;visible;hidden",
            "keyTimes": f"0;{on:.6f};{min(off, 1.0):.6f}" if i else f"0;0;{off:.6f}",
        })
        start += duration
    return _text(root)


def gif(
    source: Source,
    path: Union[None, str, os.PathLike[str]] = None,
    *,
    size: int = 400,
    delay: float = 0.7,
    final_delay: float = 3.0,
    **options: Unpack[SceneOptions],
) -> bytes:
    """An animated GIF of a whole game, one frame per ply, looping.

    Args:
        source: as for :func:`frames`.
        path: a file to write, its name ending in ``.gif`` (atomically), or ``None``.
        size: width in pixels, at most :data:`MAX_RASTER_SIZE`.
        delay: seconds per ply; final_delay: seconds on the final position.
        options: as for :func:`svg` (``flips`` defaults to ``True``).

    Returns:
        The GIF file's bytes.

    Raises:
        ValueError: a bad size or delay, a file name not ending in ``.gif``; OSError: the
            file cannot be written.
    """
    if path is not None:
        _picture_path(path, ".gif")
    states = _game_frames(source, delay, final_delay, options)
    images = []
    for s in states:
        rgba = _image(scene(s, **options), size)
        images.append(rgba.convert("RGB"))
    durations = [round(delay * 1000)] * (len(images) - 1) + [round(final_delay * 1000)]
    buffer = io.BytesIO()
    images[0].save(buffer, format="GIF", save_all=True, append_images=images[1:], duration=durations, loop=0)
    data = buffer.getvalue()
    if path is not None:
        write_bytes(path, data)
    return data


def animate(source: Source, path: Union[str, os.PathLike[str]], **options: Unpack[AnimationOptions]) -> None:
    """Writes an animated replay of a whole game; the file's suffix picks the format.
    The file is written atomically (a temporary file renamed into place).

    Args:
        source: as for :func:`frames`.
        path: ``*.svg`` (animated SVG) or ``*.gif``.
        options: as for :func:`animated_svg` / :func:`gif`.

    Raises:
        ValueError: another suffix; OSError: the file cannot be written.
    """
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix == ".svg":
        text = animated_svg(source, **options)
        write_bytes(path, text + "\n")
    elif suffix == ".gif":
        gif(source, path, **options)
    else:
        raise ValueError(f"animate: unknown picture type {_validate.shown(suffix or '(none)')} for {_validate.shown_name(path)}; use .svg or .gif")


__all__ = [
    "svg",
    "png",
    "gif",
    "animated_svg",
    "animate",
    "frames",
    "scene",
    "Scene",
    "DEFAULT_COLORS",
]
