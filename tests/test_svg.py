"""Pictures: SVG, PNG and animated replays (polyreversi.svg)."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from polyreversi import Variant
from polyreversi.players import GreedyPlayer, RandomPlayer, play_game
from polyreversi.svg import DEFAULT_COLORS, MARGIN, SQUARE, _repr_svg_, animate, animated_svg, frames, gif, png, svg

NS = "{http://www.w3.org/2000/svg}"
BOARD_PLAYERS = [("6x6", 2), ("8x8", 2), ("8x8", 3), ("8x8", 4), ("10x10", 2), ("10x10", 3), ("10x10", 4),
                 ("octagon", 2), ("octagon", 3), ("octagon", 4)]
IDS = [f"{b}-{p}p" for b, p in BOARD_PLAYERS]
DISK_CLASS = {1: "black", 2: "white", 3: "red", 4: "green", 5: "neutral"}


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def by_class(root: ET.Element, word: str) -> list:
    return [el for el in root.iter() if word in el.get("class", "").split()]


def midgame(variant: Variant, plies: int, seed: int = 0):
    players = [RandomPlayer(seed + i) for i in range(variant.players)]
    return play_game(variant, players, max_plies=plies)


@pytest.mark.parametrize("board,players", BOARD_PLAYERS, ids=IDS)
def test_one_disk_element_per_disk_in_its_colour(board, players):
    variant = Variant(board, players).with_random_blocked(seed=players, count=3)
    for plies in (0, 9, 40):
        state = midgame(variant, plies)
        root = parse(svg(state, legal_moves=True, flips=True))
        grid = state.board()
        expected = {variant.square_name(sq): DISK_CLASS[int(code)]
                    for sq, code in enumerate(grid.ravel()) if int(code) in DISK_CLASS}
        disks = by_class(root, "disk")
        drawn = {}
        for el in disks:
            words = el.get("class").split()
            drawn[words[2]] = words[1]
            assert el.tag == NS + "circle"
        assert len(disks) == len(expected) and drawn == expected
        hints = by_class(root, "hint")
        assert sorted(el.get("class").split()[1] for el in hints) == sorted(
            variant.square_name(m) for m in state.legal_moves() if m != state.PASS)


@pytest.mark.parametrize("board", ["8x8", "octagon"])
def test_blocked_squares_are_holes_and_cut_outs_are_not_drawn(board):
    variant = Variant(board, 4).with_random_blocked(seed=11, count=4)
    root = parse(svg(variant.start()))
    squares = by_class(root, "square")
    names = [el.get("class").split()[-1] for el in squares]
    playable = {variant.square_name(s) for s in variant.squares}
    blocked = {variant.square_name(s) for s in variant.blocked}
    assert set(names) == playable | blocked and len(names) == len(set(names))
    assert {el.get("class").split()[-1] for el in by_class(root, "blocked")} == blocked
    assert all(el.get("fill") == DEFAULT_COLORS["hole"] for el in by_class(root, "blocked"))
    assert len(by_class(root, "blocked-mark")) == 2 * len(blocked)
    if board == "octagon":
        assert len(squares) == 88
        for cut in ("a1", "b1", "a2", "j1", "i1", "j2", "a10", "a9", "b10", "j10", "j9", "i10"):
            assert cut not in names
    else:
        assert len(squares) == 64


def test_identical_states_give_identical_text():
    variant = Variant.parse("octagon/3p/blocked=b7,i3")
    a = play_game(variant, [GreedyPlayer(1), GreedyPlayer(2), GreedyPlayer(3)], max_plies=20)
    b = variant.start()
    for move in a.moves():
        b.play(move)
    assert svg(a, size=300, legal_moves=True, flips=True) == svg(b, size=300, legal_moves=True, flips=True)
    assert svg(a) != svg(b.child(b.legal_moves()[0]))
    assert " id=" not in svg(a)


def test_last_move_flips_coordinates_and_size():
    state = Variant("8x8").start()
    state.play("f5")
    root = parse(svg(state, size=321, flips=True))
    assert root.get("width") == "321" and root.get("height") == "321"
    assert [el.get("class") for el in by_class(root, "lastmove")] == ["lastmove f5"]
    assert [el.get("class") for el in by_class(root, "flip")] == ["flip e5"]
    coords = [el.text for el in by_class(root, "coord")]
    assert coords[:4] == ["a", "1", "b", "2"] and len(coords) == 16
    bare = parse(svg(state, coordinates=False, last_move=False, flips=["d4", "e4"]))
    assert not by_class(bare, "coord") and not by_class(bare, "lastmove") and bare.get("width") is None
    assert [el.get("class") for el in by_class(bare, "flip")] == ["flip d4", "flip e4"]
    assert bare.get("viewBox") == f"0 0 {8 * int(SQUARE)} {8 * int(SQUARE)}"


def test_a_pass_marks_no_square():
    variant = Variant("8x8")
    state = variant.start()
    # play a random game until a pass occurs, else skip (the seed is fixed: it does occur)
    game = play_game(variant, [RandomPlayer(2), RandomPlayer(3)])
    moves = game.moves()
    assert variant.PASS in moves, "seed chosen to include a pass"
    for move in moves[: moves.index(variant.PASS) + 1]:
        state.play(move)
    root = parse(svg(state, flips=True))
    assert not by_class(root, "lastmove") and not by_class(root, "flip")


def test_bad_options_raise():
    state = Variant().start()
    with pytest.raises(ValueError, match="size"):
        svg(state, size=0)
    with pytest.raises(KeyError, match="unknown part 'felt'"):
        svg(state, colors={"felt": "#000000"})
    with pytest.raises(ValueError, match="pass"):
        svg(state, flips=["pass"])


def test_repr_svg_shows_hints():
    root = parse(_repr_svg_(Variant("10x10", 3).start()))
    assert len(by_class(root, "hint")) == len(Variant("10x10", 3).start().legal_moves())


def pixel(image: Image.Image, x_units: float, y_units: float, scale: float):
    return image.getpixel((int(x_units * scale), int(y_units * scale)))[:3]


def rgb(hex_colour: str):
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def close(a, b, tolerance=12):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_png_is_a_png_of_the_size_asked_with_the_same_geometry(tmp_path):
    variant = Variant.parse("octagon/4p/blocked=e3,h8")
    state = play_game(variant, [GreedyPlayer(i) for i in range(4)], max_plies=30)
    path = tmp_path / "board.png"
    data = png(state, path, size=440)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and path.read_bytes() == data
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == (440, 440)
    image = image.convert("RGBA")
    scale = 440 / (2 * MARGIN + 10 * SQUARE)
    n = variant.n

    def square_centre(name):
        r, c = divmod(variant.square(name), n)
        return MARGIN + (c + 0.5) * SQUARE, MARGIN + (r + 0.5) * SQUARE

    # a cut-out shows the frame, a blocked square the hole, a disk its colour
    assert close(pixel(image, *square_centre("a1"), scale), rgb(DEFAULT_COLORS["frame"]))
    hole_x, hole_y = square_centre("e3")
    assert close(pixel(image, hole_x - SQUARE / 3, hole_y, scale), rgb(DEFAULT_COLORS["hole"]))
    grid = state.board()
    for sq, code in enumerate(grid.ravel()):
        if int(code) in DISK_CLASS and sq not in state.moves()[-1:]:
            colour = DEFAULT_COLORS[DISK_CLASS[int(code)]]
            assert close(pixel(image, *square_centre(variant.square_name(sq)), scale), rgb(colour))
    assert png(state, None, size=440) == data
    small = Image.open(io.BytesIO(png(state, size=100, coordinates=False)))
    assert small.size == (100, 100)
    with pytest.raises(ValueError, match="size"):
        png(state, size=-3)


def test_animated_replays(tmp_path):
    final = play_game("6x6", [GreedyPlayer(0), RandomPlayer(1)])
    states = frames(final)
    assert len(states) == final.ply + 1 and states[0].ply == 0 and states[-1] == final
    text = animated_svg(final, size=200)
    root = parse(text)
    groups = [el for el in root if el.tag == NS + "g"]
    assert len(groups) == len(states)
    for group, state in zip(groups, states):
        assert len(by_class(group, "disk")) == sum(state.scores()) + int((state.board() == 5).sum())
        assert len(group.findall(NS + "animate")) == 1
    assert animated_svg(final, size=200) == text
    data = gif(final, size=120, delay=0.1)
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.size == (120, 120)
    assert image.n_frames > final.ply // 2
    animate(final, tmp_path / "game.gif", size=80)
    animate(final, tmp_path / "game.svg")
    with Image.open(tmp_path / "game.gif") as written:  # closes the file it reads (no ResourceWarning)
        assert written.size == (80, 80)
    parse((tmp_path / "game.svg").read_text())
    with pytest.raises(ValueError, match="use .svg or .gif"):
        animate(final, tmp_path / "game.mp4")
    with pytest.raises(TypeError):
        frames("not a game")


def test_frames_of_a_record_replay_it():
    from polyreversi.record import record_of

    final = play_game("8x8/3p", [GreedyPlayer(0), RandomPlayer(1), RandomPlayer(2)])
    states = frames(record_of(final, players=["a", "b", "c"]))
    assert len(states) == final.ply + 1 and states[-1] == final
