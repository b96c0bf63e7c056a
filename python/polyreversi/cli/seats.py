"""The seat options of the game commands (``--black``, ``--players``, ``--human``) and
the player names they resolve to."""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, TypeVar

import click

from polyreversi._validate import shown_name
from polyreversi.players import COMPUTER_PLAYERS, PLAYER_NAMES, PLAYER_SPEC_HELP, check_player_spec
from polyreversi.variant import Variant

from polyreversi.cli.lines import count_of

COLOR_WORDS = ("black", "white", "red", "green")
_F = TypeVar("_F", bound=Callable[..., Any])  # a command function, decorated


class PlayerParam(click.ParamType):  # type: ignore[type-arg, unused-ignore]  # generic in click 8.5, not in 8.2 (allowed)
    """A seat spec (``greedy``, ``search:6``, ``mcts:time=1``), checked by
    :func:`polyreversi.players.check_player_spec`."""

    name = "player"

    def __init__(self, allowed: Sequence[str] = PLAYER_NAMES) -> None:
        self.allowed = tuple(allowed)

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> str:
        try:
            return check_player_spec(value, self.allowed)
        except (ValueError, TypeError) as e:
            self.fail(str(e), param, ctx)


PLAYER_CHOICE = PlayerParam(PLAYER_NAMES)


def startup_timeout_option(then: str = "") -> Callable[[_F], _F]:
    """Adds ``--startup-timeout SECONDS`` to a command that seats external engines (match,
    play): the wait for an engine to start and greet, default
    :data:`polyreversi.engine.protocol.STARTUP_TIMEOUT`, above 0 and at most
    :data:`polyreversi.limit.MAX_TIME` (as :class:`polyreversi.match.MatchConfig` checks it).
    ``then``: what the command does with an engine that does not answer in time."""
    from polyreversi.engine.protocol import STARTUP_TIMEOUT
    from polyreversi.limit import MAX_TIME

    from polyreversi.cli.arguments import FiniteFloatRange

    return click.option(
        "--startup-timeout", type=FiniteFloatRange(min=0, min_open=True, max=MAX_TIME), default=STARTUP_TIMEOUT,
        show_default=True, metavar="SECONDS",
        help=f"Seconds an external engine may take to start and greet, each time it is started; {then}.")


def startup_hint(startup_timeout: float) -> str:
    """What follows the error of an engine that never answered in a game (match, play):
    the wait it had to start, naming the option that sets it."""
    return f"it had --startup-timeout {startup_timeout:g} s to start"


def seat_options(humans: bool = True) -> Callable[[_F], _F]:
    """Adds ``--black``, ``--white``, ``--red``, ``--green`` and ``--players`` to a command
    (and ``--human`` when ``humans``)."""
    choice = PLAYER_CHOICE if humans else PlayerParam(COMPUTER_PLAYERS)

    def decorate(f: _F) -> _F:
        # click lists options in decorator order: the last applied comes first
        if humans:
            f = click.option("--human", "humans", multiple=True, metavar="COLOR",
                             type=click.Choice(COLOR_WORDS, case_sensitive=False),
                             help="A person plays this colour from the terminal (repeatable).")(f)
        f = click.option("--players", "players", default=None, metavar="P1,P2,...",
                         help="All seats in turn order, e.g. random,greedy or search:6,mcts:2000 or "
                              "greedy,random,random,mcts:time=1.")(f)
        for word in reversed(COLOR_WORDS):
            f = click.option(f"--{word}", word, type=choice, default=None, metavar="PLAYER",
                             help=f"{word.title()}'s player: {PLAYER_SPEC_HELP} (default random).")(f)
        return f

    return decorate


def resolve_seats(variant: Variant, seats: Dict[str, Optional[str]], players: Optional[str], humans: Sequence[str] = (),
                  allowed: Sequence[str] = PLAYER_NAMES) -> List[str]:
    """The player name of each colour in turn order, from the seat options.

    Raises:
        click.UsageError: a seat the variant does not have, --players with the wrong count
            or an unknown name, or --players together with a colour option.
    """
    colors = COLOR_WORDS[: variant.players]
    given = {w: v for w, v in seats.items() if v is not None}
    for word in given:
        if word not in colors:
            raise click.UsageError(f"--{word}: {variant} has {variant.players} players ({', '.join(colors)})")
    for word in humans:
        word = word.lower()
        if word not in colors:
            raise click.UsageError(f"--human {word}: {variant} has {variant.players} players ({', '.join(colors)})")
        if given.get(word, "human") != "human":
            raise click.UsageError(f"--human {word} and --{word} {given[word]} name two players for one seat")
    if players is not None:
        if given:
            raise click.UsageError("--players and --" + "/--".join(given) + " both set seats; use one or the other")
        names = [p.strip().lower() for p in players.split(",")]
        if len(names) != variant.players:
            raise click.UsageError(f"--players: {variant} has {variant.players} players ({', '.join(colors)}), "
                                   f"got {count_of(len(names), 'name')}: {shown_name(players)}")
    else:
        names = [str(given.get(w, "random")).lower() for w in colors]
    try:
        names = [check_player_spec(name, allowed, variant.players, variant) for name in names]
    except (ValueError, TypeError) as e:
        raise click.UsageError(f"--players: {e}" if players is not None else str(e)) from None
    for word in humans:
        names[colors.index(word.lower())] = "human"
    return names
