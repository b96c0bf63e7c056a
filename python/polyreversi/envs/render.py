"""Pictures of an environment's position: text (``"ansi"``; ``"human"`` prints it) and pixels (``"rgb_array"``)."""
from __future__ import annotations

from typing import Union

import numpy as np

from polyreversi import _validate, svg
from polyreversi.state import State
from polyreversi._validate import shown

#: The render modes the environments offer (Gymnasium's ``render_mode``).
RENDER_MODES = ("human", "ansi", "rgb_array")

#: Width and height in pixels of an ``rgb_array`` picture unless asked otherwise.
DEFAULT_SIZE = 256


def ansi(state: State) -> str:
    """The board as text with the legal moves marked ``*``, then the ply, the player to move and the scores
    (``str(state)`` of :class:`polyreversi.State`). TypeError: ``state`` is not a State."""
    from polyreversi.text import board_text

    _validate.instance(state, State, "state")
    return board_text(state, hints=not state.is_over()) + "\n" + str(state).rsplit("\n", 1)[1]


def rgb_array(state: State, size: int = DEFAULT_SIZE) -> np.ndarray:
    """uint8 (size, size, 3): the picture of :func:`polyreversi.svg.png` (the last move
    and its flips marked), drawn by Pillow, on a white background."""
    from PIL import Image

    image = svg._image(svg.scene(state, flips=True), size)
    background = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return np.asarray(Image.alpha_composite(background, image).convert("RGB"), dtype=np.uint8)


def render(state: State, mode: str, size: int = DEFAULT_SIZE) -> Union[str, np.ndarray, None]:
    """The picture of ``mode``: text for ``"ansi"``, an array for ``"rgb_array"``; ``"human"``
    prints the text to standard output and returns None. TypeError: ``state`` is not a State."""
    _validate.instance(state, State, "state")
    if mode == "rgb_array":
        return rgb_array(state, size)
    text = ansi(state)
    if mode == "human":
        print(text, flush=True)
        return None
    return text


def check_size(size: object) -> int:
    """``size`` (``render_size``) as an int, 1 .. :data:`polyreversi.svg.MAX_RASTER_SIZE`
    pixels (the pictures' own bound). Raises TypeError (not a whole number), ValueError."""
    return _validate.whole(size, "render_size", 1, svg.MAX_RASTER_SIZE)


def check_mode(render_mode: object) -> None:
    """Raises ValueError for a render mode other than None and :data:`RENDER_MODES`."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode: {shown(render_mode)} is not offered; allowed: None, {', '.join(map(repr, RENDER_MODES))}")


__all__ = ["RENDER_MODES", "DEFAULT_SIZE", "ansi", "rgb_array", "render", "check_mode", "check_size"]
