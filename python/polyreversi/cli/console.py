"""The terminal: a rich Console that prints record text safely, and the board in colour."""
from __future__ import annotations

import contextlib
import warnings
from typing import TYPE_CHECKING, Any, Iterator, Sequence, TypeVar

import click

from rich.console import Console
from rich.text import Text

from polyreversi.errors import RecordWarning, without_controls
from polyreversi.state import State
from polyreversi.text import board_text

if TYPE_CHECKING:
    from rich.progress import ProgressColumn

T = TypeVar("T")

TERMINAL_GLYPHS = {0: ("·", "green3 on dark_green"), 1: ("●", "black on dark_green"),
                   2: ("●", "bright_white on dark_green"), 3: ("●", "red1 on dark_green"),
                   4: ("●", "chartreuse1 on dark_green"), 5: ("●", "grey50 on dark_green"),
                   -1: ("#", "grey35 on grey11"), -2: (" ", "")}


def board_for(console: Console, state: State, *, hints: bool = False, last: bool = True) -> Text:
    """The board for ``console``: coloured disks on a terminal, the plain text of
    :func:`polyreversi.text.board_text` otherwise (``*`` marks legal moves with ``hints``)."""
    if not console.is_terminal or console.no_color:
        return Text(board_text(state, hints=hints))
    grid = state.board()
    n = grid.shape[0]
    legal = set(state.legal_moves()) if hints else set()
    moves = state.moves()
    last_sq = moves[-1] if (last and moves and moves[-1] != state.PASS) else None
    text = Text()
    text.append("   " + " ".join(chr(ord("a") + c) for c in range(n)) + "\n", style="dim")
    for r in range(n):
        text.append(f"{r + 1:>2} ", style="dim")
        for c in range(n):
            sq = r * n + c
            code = int(grid[r, c])
            char, style = TERMINAL_GLYPHS[code]
            if sq in legal:
                char, style = "∙", f"{COLOR_STYLE[int(state.to_move)]} on dark_green"
            if sq == last_sq:
                style = style.replace("on dark_green", "on green4") + " bold"
            text.append(char, style=style)
            if c + 1 < n:  # the gap between two squares is board, beside a cut-out it is not
                on_board = code != -2 and int(grid[r, c + 1]) != -2
                text.append(" ", style="on dark_green" if on_board else "")
        text.append("\n")
    text.rstrip()
    return text


COLOR_STYLE = {1: "black", 2: "bright_white", 3: "red1", 4: "chartreuse1", 5: "grey50"}


class _Console(Console):
    """A rich Console whose closed pipe is reported like any write error (one line on
    stderr, exit status 1: see :mod:`polyreversi.cli`), not a silent exit."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(32, "Broken pipe")

    def print(self, *objects: Any, **kwargs: Any) -> None:
        # Text from records (names, events) must not drive the terminal: control
        # characters and line breaks other than newline and tab are shown as escapes.
        super().print(*(without_controls(o) if isinstance(o, str) else o for o in objects), **kwargs)


def make_console(stderr: bool = False) -> Console:
    """A rich Console on stdout (or stderr): colours on a terminal, plain text when piped.
    No markup: player names, events and file names from records and the command line
    are printed as they are (``[/b]`` in a name once raised rich's MarkupError)."""
    return _Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False)


def description_column() -> "ProgressColumn":
    """The first column of a progress bar: the task's description as plain text, as
    :func:`make_console` prints it: no rich markup (a seat spec or file name such as
    ``[/b]`` raised MarkupError in the bar; ``[bold red]x[/]`` lost its brackets) and no
    control characters (:func:`without_controls`)."""
    from rich.progress import ProgressColumn, Task

    class Description(ProgressColumn):
        def render(self, task: Task) -> Text:
            return Text(without_controls(task.description))

    return Description()


def progress_over(items: Sequence[T], description: str, *, enabled: bool, minimum: int,
                  elapsed: bool = False) -> Iterator[T]:
    """Yields ``items`` while a transient bar on stderr counts them (``description``,
    done/total, then the time left, or the time spent with ``elapsed``); no bar unless
    ``enabled`` and there are at least ``minimum`` items."""
    if not enabled or len(items) < minimum:
        yield from items
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, \
        TimeRemainingColumn  # only when a bar is shown: the commands start faster without it

    clock = TimeElapsedColumn() if elapsed else TimeRemainingColumn()
    columns = (description_column(), BarColumn(), MofNCompleteColumn(), clock)
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=len(items))
        for item in items:
            yield item
            bar.advance(task)


@contextlib.contextmanager
def record_warnings_as_lines() -> Iterator[None]:
    """Each RecordWarning (a field the target cannot hold, a missing name file, a bad
    header) once, as one ``warning: ...`` line on stderr, even when the command then
    fails; used by every command that reads or writes game files."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RecordWarning)
        try:
            yield
        finally:
            for message in dict.fromkeys(str(w.message) for w in caught if issubclass(w.category, RecordWarning)):
                click.echo(f"warning: {message}", err=True)
            for w in caught:
                if not issubclass(w.category, RecordWarning):
                    warnings.showwarning(w.message, w.category, w.filename, w.lineno)
