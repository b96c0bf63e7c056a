"""The client side of UCI (the Universal Chess Interface, as Stockfish and
Fairy-Stockfish speak it: the protocol description shipped with Stockfish,
"Description of the universal chess interface (UCI)", 2006) for Reversi engines.

No Othello program speaks UCI; Fairy-Stockfish does, and plays Reversi as a drop
game (``flipello``). The Reversi dialect (variant names, FEN, moves such as
``P@d6``) is :mod:`polyreversi.engine.fairy`'s.

A session: ``uci`` (the engine's ``id`` and ``option`` lines up to ``uciok``), the
caller's options (``setoption name N value V``; after a ``VariantPath`` the client
asks ``uci`` again to learn the variants it added), ``isready``/``readyok``. For
each request: ``UCI_Variant`` when the game's variant is another (from
:func:`polyreversi.engine.fairy.variant_name`, unless the caller fixed it),
``ucinewgame`` before a new game, ``position fen`` of the position itself (so the
engine never has to be kept in step), and ``go`` with the limit: ``depth``,
``nodes``, ``movetime`` for a time per move, ``wtime``/``btime`` (both the
mover's clock) with ``winc``/``binc`` and ``movestogo`` for a clock. The reply is
``bestmove``; ``info`` lines carry depth, score (``cp``, or ``mate`` for a known
result) and PV. Lines the protocol does not know are skipped, up to
:data:`~polyreversi.engine.protocol.MAX_NOISE` per request.

Scores: a UCI engine's centipawns are not disks. ``PlayResult.score`` is None;
``MoveInfo.score`` is the engine's value in pawns (centipawns / 100), and a known
result (``mate N``) is ± the board's number of squares with ``exact=True``.

What an ``info`` line must be to count as an analysis (:meth:`UciProtocol.analyse`
keeps the last such line of each ``multipv`` index): a ``score`` that is not a
bound and a ``pv``; lines without them, or with a ``lowerbound``/``upperbound``
score, are progress reports and pass unread. A line that contradicts itself or the
position is ignored as a whole, and named if no usable line is left
(EngineProtocolError from ``analyse``; ``play`` reads ``bestmove`` only):

- two scores (``score cp 10 mate 3``, or ``score`` twice), or a score value that is
  not a whole number;
- ``score cp`` beyond ±:data:`MAX_CP`; ``score mate 0`` with moves in its ``pv``
  (``mate 0``: the side to move has no move left); ``score mate N`` with ``|N|``
  above the board's number of squares (no game has more moves for one side);
- ``multipv`` below 1, ``depth`` below 0 or either not a whole number;
- an empty ``pv``, or one whose first move is not a legal move of the position.

A ``pv`` is kept up to its first move that does not replay (an engine may write
moves past the game's end), so that its moves are always a legal line of play.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Tuple

from polyreversi._validate import is_digits
from polyreversi.engine import fairy
from polyreversi.engine._process import EngineProcess
from polyreversi.engine.protocol import Protocol, check_playable
from polyreversi.engine.results import MoveInfo, PlayResult
from polyreversi.errors import EngineProtocolError, quoted, quoted_name
from polyreversi.limit import Limit
from polyreversi.state import State

#: The words that start a field of an ``option`` line (UCI: "option name ... type ...").
_OPTION_WORDS = ("name", "type", "default", "min", "max", "var")
#: The largest ``score cp`` taken as a score (in centipawns). Stockfish-family engines,
#: Fairy-Stockfish included, print at most about 15,500 (their largest value, 32,001
#: internal units, in pawns of 206 units); more is not a score.
MAX_CP = 100_000
#: The words that start a field of an ``info`` line whose value is one word.
_INFO_ONE = ("depth", "seldepth", "time", "nodes", "multipv", "currmove", "currmovenumber", "hashfull",
             "nps", "tbhits", "cpuload", "sbhits")


@dataclass
class UciOption:
    """An option as the engine declared it (``option name N type T default D ...``)."""

    name: str
    type: str
    default: Optional[str] = None
    min: Optional[int] = None
    max: Optional[int] = None
    var: List[str] = field(default_factory=list)

    def check(self, value: object, engine: str) -> str:
        """``value`` as the text ``setoption`` sends.

        Raises:
            EngineProtocolError: a value the declaration does not allow (a number out
                of min..max, a combo value not listed, a check that is not a bool).
        """
        said = f"engine {quoted_name(engine)}: option {quoted_name(self.name)} ({self.type})"
        if self.type == "check":
            if isinstance(value, bool):
                return "true" if value else "false"
            text = str(value).strip().lower()
            if text not in ("true", "false"):
                raise EngineProtocolError(f"{said} takes true or false, not {quoted(value)}")
            return text
        if self.type == "spin":
            try:
                number = int(str(value).strip())
            except ValueError:
                raise EngineProtocolError(f"{said} takes an integer, not {quoted(value)}") from None
            if (self.min is not None and number < self.min) or (self.max is not None and number > self.max):
                raise EngineProtocolError(f"{said} takes {self.min} .. {self.max}, not {number}")
            return str(number)
        if self.type == "combo":
            text = str(value).strip()
            lowered = {v.lower(): v for v in self.var}
            if text.lower() not in lowered:
                shown = ", ".join(self.var[:20]) + (", ..." if len(self.var) > 20 else "")
                raise EngineProtocolError(f"{said} has no value {quoted(text)} (it lists {shown})")
            return lowered[text.lower()]
        if self.type == "button":
            return ""
        return str(value)


def parse_option(line: str) -> Optional[UciOption]:
    """The option an ``option name ... type ...`` line declares (None if it is not one)."""
    words = line.split()
    if words[:2] != ["option", "name"]:
        return None
    fields: Dict[str, List[str]] = {}
    var: List[str] = []
    key: Optional[str] = None
    value: List[str] = []
    for word in words[1:] + ["var"]:  # a sentinel closes the last field
        if word in _OPTION_WORDS and (key != "name" or word == "type"):
            if key == "var" and value:
                var.append(" ".join(value))
            elif key is not None:
                fields[key] = value
            key, value = word, []
        else:
            value.append(word)
    if "type" not in fields or not fields.get("name"):
        return None

    def number(k: str) -> Optional[int]:
        try:
            return int(fields[k][0]) if fields.get(k) else None
        except ValueError:
            return None

    default = " ".join(fields["default"]) if "default" in fields else None
    return UciOption(" ".join(fields["name"]), " ".join(fields["type"]), default, number("min"), number("max"), var)


def parse_info(line: str) -> Dict[str, object]:
    """The fields of an ``info`` line: one-word fields as ints, ``score`` as
    ``("cp"|"mate", n, bound)`` (bound ``"lowerbound"``/``"upperbound"`` or None),
    ``pv`` as a list of move texts, ``string`` as the rest of the line. A score that
    contradicts itself (two of them, ``cp`` and ``mate``, a value that is not a whole
    number) sets ``invalid``, the reason, instead."""
    words = line.split()[1:]
    info: Dict[str, object] = {}
    i = 0
    while i < len(words):
        word = words[i]
        if word == "string":
            info["string"] = " ".join(words[i + 1:])
            break
        if word == "pv":
            info["pv"] = words[i + 1:]
            break
        if word == "score":
            kind, text = (words[i + 1:i + 3] + ["", ""])[:2]
            bound = words[i + 3] if i + 3 < len(words) and words[i + 3] in ("lowerbound", "upperbound") else None
            after = words[i + 3 + (bound is not None)] if i + 3 + (bound is not None) < len(words) else ""
            if "score" in info or after in ("cp", "mate"):
                info.setdefault("invalid", "two scores")
            elif kind not in ("cp", "mate") or not _is_whole(text):
                info.setdefault("invalid", f"score {kind} {text}".rstrip() + ": not 'cp N' or 'mate N'")
            else:
                info["score"] = (kind, int(text), bound)
            i += 3 + (bound is not None)
            continue
        if word in _INFO_ONE and i + 1 < len(words):
            try:
                info[word] = int(words[i + 1])
            except ValueError:
                info[word] = words[i + 1]
            i += 2
            continue
        i += 1
    return info


def _is_whole(text: str) -> bool:
    """Whether ``text`` is a whole number as UCI writes one (an optional sign, digits)."""
    return is_digits(text.lstrip("+-")) and text.count("-") + text.count("+") <= 1 and is_digits(text[-1:])


class UciProtocol(Protocol):
    """Talks UCI to one engine process (see the module's notes).

    Args:
        options: UCI options to set after the greeting, name -> value (``{"VariantPath":
            "/x/variants.ini", "Hash": 16}``); names as the engine declares them (any
            letter case). ``UCI_Variant`` here fixes the variant of every game;
            otherwise it follows each game's board and scoring.
    """

    goodbye = "quit"

    def __init__(self, process: EngineProcess, *, options: Optional[Mapping[str, object]] = None,
                 **kwargs: float) -> None:
        super().__init__(process, **kwargs)
        self.config = dict(options or {})
        self.declared: Dict[str, UciOption] = {}
        self.values: Dict[str, str] = {}  # options this client has set, by declared name
        self.author: Optional[str] = None
        self.fixed_variant: Optional[str] = None
        self._new_game = True
        self._unsynced = False  # a setoption or ucinewgame sent since the last readyok

    # -- handshake and options -------------------------------------------------------
    def handshake(self) -> None:
        """``uci`` up to ``uciok``, the caller's options, ``isready``.

        Raises:
            EngineProtocolError: an option the engine does not declare or a value it does
                not allow. EngineTimeoutError, EngineTerminatedError.
        """
        self._uci()
        fixed = None
        for name, value in self.config.items():
            if str(name).strip().lower() == "uci_variant":
                fixed = str(value).strip()  # set once the variants of a VariantPath are known
                continue
            self.setoption(name, value)
            if str(name).strip().lower() == "variantpath":
                self._uci()  # the variants it defines are listed now
        if fixed is not None:
            self.fixed_variant = self._variant(fixed)
        self.ready()

    def _uci(self) -> None:
        self.process.send("uci")
        deadline, noise = self.quick_deadline(), 0
        while True:
            line = self.process.read_line(deadline, "'uciok'")
            words = line.split()
            if words[:1] == ["uciok"]:
                return
            if words[:2] == ["id", "name"]:
                self.name = self.process.name = line.split(None, 2)[2].strip() if len(words) > 2 else self.name
            elif words[:2] == ["id", "author"]:
                self.author = line.split(None, 2)[2].strip() if len(words) > 2 else None
            elif words[:1] == ["option"]:
                option = parse_option(line)
                if option is None:
                    raise EngineProtocolError(f"engine {quoted_name(self.name)} wrote {quoted_name(line)}: not an "
                                              "'option name N type T' line")
                self.declared[option.name.lower()] = option
            elif words[:2] != ["info", "string"]:
                noise = self.noise(noise, "waiting for 'uciok'")

    def _declared(self, name: str) -> UciOption:
        option = self.declared.get(str(name).strip().lower())
        if option is None:
            raise EngineProtocolError(f"engine {quoted_name(self.name)} has no option {quoted(name)}")
        return option

    def setoption(self, name: str, value: object = None) -> None:
        """``setoption name N value V`` after checking ``V`` against the engine's declaration.

        Raises:
            EngineProtocolError: an undeclared option or a value it does not allow.
        """
        option = self._declared(name)
        text = option.check(value, self.name)
        if option.type == "button":
            self.process.send(f"setoption name {option.name}")
            self._unsynced = True
            return
        self.process.send(f"setoption name {option.name} value {text}")
        self._unsynced = True
        self.values[option.name] = text

    def ready(self) -> None:
        """``isready`` and wait for ``readyok``, skipping what comes before it."""
        self._unsynced = False
        self.process.send("isready")
        deadline, noise = self.quick_deadline(), 0
        while True:
            line = self.process.read_line(deadline, "'readyok'")
            if line.strip() == "readyok":
                return
            if not line.startswith("info"):
                noise = self.noise(noise, "waiting for 'readyok'")

    def _variant(self, name: str) -> str:
        """Sets ``UCI_Variant`` to ``name`` unless it is set; the name as the engine spells it."""
        option = self.declared.get("uci_variant")
        if option is None:
            raise EngineProtocolError(f"engine {quoted_name(self.name)} has no UCI_Variant option, so it plays no Reversi")
        if option.type == "combo":
            spelled = {v.lower(): v for v in option.var}
            if name.lower() not in spelled:
                raise EngineProtocolError(
                    f"engine {quoted_name(self.name)} does not know the variant {quoted(name)}; define it (python "
                    "-m polyreversi.engine.fairy PATH writes a variants.ini) and give its path as the option VariantPath")
            name = spelled[name.lower()]
        if self.values.get(option.name) != name:
            self.setoption(option.name, name)
            self._new_game = True
        return name

    # -- requests -----------------------------------------------------------------------
    def new_game(self) -> None:
        """``ucinewgame`` now (the engine clears its tables before the clock runs);
        again before the first search if the variant changes then."""
        self.process.send("ucinewgame")
        self._new_game = False
        self._unsynced = True

    def _setup(self, state: State, limit: Limit, multipv: int) -> str:
        check_playable(state, self.name)
        if limit.is_empty():
            raise ValueError(f"engine {quoted_name(self.name)}: a UCI search needs a depth, nodes, a time or a clock")
        self._variant(self.fixed_variant or fairy.variant_name(state.variant))
        option = self.declared.get("multipv")
        if option is not None and self.values.get(option.name, option.default) != str(multipv):
            self.setoption(option.name, multipv)
        elif option is None and multipv > 1:
            raise EngineProtocolError(f"engine {quoted_name(self.name)} has no MultiPV option")
        if self._new_game:
            self.process.send("ucinewgame")
            self._new_game = False
            self._unsynced = True
        if self._unsynced:  # the engine may take its time over options and a new game (UCI: isready)
            self.ready()
        self.process.send(f"position fen {fairy.fen(state)}")
        return go_command(limit)

    def _search(self, state: State, limit: Limit,
                multipv: int) -> Tuple[str, Dict[int, MoveInfo], float, Optional[str]]:
        """Runs ``go``: the ``bestmove`` word, the last usable info line by multipv index,
        seconds, and the last info line ignored with the reason (or None)."""
        command = self._setup(state, limit, multipv)
        start = time.monotonic()
        self.process.send(command)
        deadline, noise = self.think_deadline(limit), 0
        infos: Dict[int, MoveInfo] = {}
        ignored: Optional[str] = None
        while True:
            line = self.process.read_line(deadline, "'go' (a 'bestmove' line)")
            words = line.split()
            if words[:1] == ["bestmove"]:
                if len(words) < 2:
                    raise EngineProtocolError(f"engine {quoted_name(self.name)} answered {quoted_name(line)}: no move after 'bestmove'")
                return words[1], infos, time.monotonic() - start, ignored
            if words[:1] == ["info"]:
                info = parse_info(line)
                why = self._unusable(state, info)
                if why is not None:
                    ignored = f"{quoted_name(line.strip())}: {why}"
                elif "pv" in info and "score" in info and info["score"][2] is None:  # type: ignore[index]
                    infos[info.get("multipv", 1)] = self._move_info(state, info)  # type: ignore[index]
            else:
                noise = self.noise(noise, "thinking on 'go'")

    def play(self, state: State, limit: Limit) -> PlayResult:
        """``go`` and the engine's ``bestmove``.

        Raises:
            EngineIllegalMoveError, EngineProtocolError (a reply that is not UCI, a variant
            the engine does not know), EngineTimeoutError, EngineTerminatedError;
            ValueError: a finished game or an empty limit.
        """
        text, _, seconds, _ = self._search(state, limit, 1)
        move = self.checked_move(state, self._move(state, text), text)
        return PlayResult(move=move, seconds=seconds, text=f"bestmove {text}")

    def analyse(self, state: State, limit: Limit, multipv: int = 1) -> List[MoveInfo]:
        """The last complete ``info`` line of each of the best ``multipv`` moves (the
        ``MultiPV`` option), best first.

        Raises:
            as :meth:`play`; EngineProtocolError when the engine has no MultiPV and
            ``multipv`` > 1, or when it wrote info lines but none usable (the module's
            list; the message quotes the last one and why).
        """
        _, infos, _, ignored = self._search(state, limit, multipv)
        if not infos and ignored is not None:
            raise EngineProtocolError(f"engine {quoted_name(self.name)} wrote no usable info line; the last one ignored was "
                                      f"{ignored}")
        return [infos[index] for index in sorted(infos)[:multipv]]

    # -- moves -----------------------------------------------------------------------------
    def _move(self, state: State, text: str) -> int:
        try:
            return fairy.parse_move(state, text)
        except ValueError as e:
            raise EngineProtocolError(f"engine {quoted_name(self.name)} answered {quoted(text)}: {e}") from None

    def _unusable(self, state: State, info: Dict[str, Any]) -> Optional[str]:
        """Why an ``info`` line cannot be an analysis of ``state`` (the module's list), or None."""
        if "invalid" in info:
            return str(info["invalid"])  # parse_info words it
        for name, low in (("multipv", 1), ("depth", 0)):
            value = info.get(name, low)
            if not isinstance(value, int) or value < low:
                return f"{name} {value}: not a whole number of {low} or more"
        if "score" not in info or info["score"][2] is not None:
            return None  # a progress report or a bound: not an analysis, not an error
        kind, value, _ = info["score"]
        squares = len(state.variant.squares)
        if kind == "cp" and abs(value) > MAX_CP:
            return f"score cp {value}: beyond ±{MAX_CP:,}"
        if kind == "mate" and value == 0 and info.get("pv"):
            return "score mate 0 (no move left) with a pv"
        if kind == "mate" and abs(value) > squares:
            return f"score mate {value}: more moves than the board's {squares} squares"
        if "pv" not in info:
            return None
        if not info["pv"]:
            return "an empty pv"
        try:
            first = fairy.parse_move(state, info["pv"][0])
        except ValueError as e:
            return f"pv starts with {quoted(info['pv'][0])}: {e}"
        if not state.is_legal(first):
            return f"pv starts with {quoted(info['pv'][0])}, not a legal move at ply {state.ply}"
        return None

    def _move_info(self, state: State, info: Dict[str, Any]) -> MoveInfo:
        """The MoveInfo of a usable ``info`` line (:meth:`_unusable` said None)."""
        texts = info["pv"]
        first = fairy.parse_move(state, texts[0])
        pv, replay = [first], state.copy()
        replay.play(first)
        for text in texts[1:]:  # the rest as far as it replays (a PV may run past the game's end)
            try:
                move = fairy.parse_move(replay, text)
            except ValueError:
                break
            if replay.is_over() or not replay.is_legal(move):
                break
            replay.play(move)
            pv.append(move)
        kind, value, _ = info["score"]
        squares = len(state.variant.squares)
        score = value / 100.0 if kind == "cp" else (float(squares) if value > 0 else -float(squares))
        return MoveInfo(first, score, info.get("depth", 0), pv, exact=kind == "mate")


def go_command(limit: Limit) -> str:
    """The ``go`` line of ``limit``: depth, nodes, movetime (ms, at least 1) and the
    clock as both sides' time (the limit knows the mover's only)."""
    parts = ["go"]
    if limit.depth is not None:
        parts += ["depth", str(limit.depth)]
    if limit.nodes is not None:
        parts += ["nodes", str(limit.nodes)]
    if limit.time is not None:
        parts += ["movetime", str(max(1, round(limit.time * 1000)))]
    if limit.clock is not None:
        ms = str(max(1, round(limit.clock * 1000)))
        parts += ["wtime", ms, "btime", ms]
        if limit.increment:
            inc = str(round(limit.increment * 1000))
            parts += ["winc", inc, "binc", inc]
        if limit.moves_to_go:
            parts += ["movestogo", str(limit.moves_to_go)]
    return " ".join(parts)
