"""Plain-Python reference implementation of the polyreversi rules.

Written from /work/shared/RULES.md only, as an independent cross-check of the
C++ engine.  It is deliberately simple and slow: a 2-D board, explicit bounds
checks, eight directions scanned one step at a time, no bit tricks.

Conventions (RULES.md section 1):
    * a square's index is ``row * N + col`` on the N x N grid;
    * ``a1`` is index 0, the top-left square; columns a, b, ... go left to
      right and rows 1, 2, ... go top to bottom;
    * the octagon lives on the 10 x 10 grid with three cells cut out at each
      corner;
    * the pass move (two players only) is the index ``N * N``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ---------------------------------------------------------------------------
# Cell codes
# ---------------------------------------------------------------------------

EMPTY = 0
BLACK = 1
WHITE = 2
RED = 3
GREEN = 4
NEUTRAL = 5

# Codes used only by board_grid(): they never appear in RefState.cells.
BLOCKED = -1
CUT_OUT = -2

# Board name -> side N of its square grid.
BOARDS = {"6x6": 6, "8x8": 8, "10x10": 10, "octagon": 10}

# The eight directions as (row step, column step).
DIRECTIONS = [
    (-1, -1), (-1, 0), (-1, 1),
    (0, -1),           (0, 1),
    (1, -1),  (1, 0),  (1, 1),
]

_COLOUR_NAMES = {BLACK: "black", WHITE: "white", RED: "red", GREEN: "green"}


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class RefVariant:
    """The options of one game (RULES.md sections 1-4 and 8)."""

    board: str
    players: int
    anti: bool = False
    free_opening: bool = False
    handicap: int = 0
    handicap_color: int = BLACK
    blocked: frozenset = frozenset()
    # The blocked squares exactly as given (to let validate() report
    # duplicates when a list or tuple was passed).  Not part of equality.
    _blocked_given: tuple = field(default=(), init=False, repr=False,
                                  compare=False, hash=False)

    def __post_init__(self):
        given = self.blocked
        try:
            given_tuple = tuple(given)
        except TypeError:
            given_tuple = (given,)
        object.__setattr__(self, "_blocked_given", given_tuple)
        if not isinstance(given, frozenset):
            try:
                object.__setattr__(self, "blocked", frozenset(given_tuple))
            except TypeError:
                # Unhashable garbage: keep it; validate() will reject it.
                pass

    # -- geometry ---------------------------------------------------------

    @property
    def N(self) -> int:
        return BOARDS[self.board]

    @property
    def pass_move(self) -> int:
        return self.N * self.N

    def _row_col(self, sq):
        return sq // self.N, sq % self.N

    def _on_grid(self, sq) -> bool:
        return isinstance(sq, int) and not isinstance(sq, bool) and 0 <= sq < self.N * self.N

    def _cut_rc(self, r, c) -> bool:
        if self.board != "octagon":
            return False
        n = self.N
        return min(r, n - 1 - r) + min(c, n - 1 - c) < 2

    def is_cut_out(self, sq) -> bool:
        """True for the 12 cells of the octagon's 10x10 grid that are not squares."""
        if not self._on_grid(sq):
            return False
        r, c = self._row_col(sq)
        return self._cut_rc(r, c)

    def playable(self, sq) -> bool:
        """On the grid, not an octagon cut-out, not blocked."""
        if not self._on_grid(sq):
            return False
        if self.is_cut_out(sq):
            return False
        if sq in self.blocked:
            return False
        return True

    def centre(self) -> list:
        """The 2x2 centre block, sorted ascending (TL, TR, BL, BR)."""
        n = self.N
        h = n // 2
        return sorted([(h - 1) * n + (h - 1), (h - 1) * n + h,
                       h * n + (h - 1), h * n + h])

    def central_region(self) -> set:
        """The central 4x4 region (rows and columns N/2-2 .. N/2+1)."""
        n = self.N
        h = n // 2
        return {r * n + c for r in range(h - 2, h + 2) for c in range(h - 2, h + 2)}

    def corners_in_handicap_order(self) -> list:
        """Corners in handicap order: top-left, bottom-right, top-right,
        bottom-left.  The octagon has no corner squares: []."""
        if self.board == "octagon":
            return []
        n = self.N
        return [0, n * n - 1, n - 1, (n - 1) * n]

    def _handicap_corners(self) -> list:
        """The corners that actually receive handicap disks."""
        if self.handicap <= 0:
            return []
        return self.corners_in_handicap_order()[: self.handicap]

    def eligible_blocked(self) -> list:
        """Squares that may be blocked (RULES section 4), sorted: not a cut-out,
        outside the central 4x4, not a corner used by this variant's handicap."""
        region = self.central_region()
        hcorners = set(self._handicap_corners())
        out = []
        for sq in range(self.N * self.N):
            if self.is_cut_out(sq):
                continue
            if sq in region:
                continue
            if sq in hcorners:
                continue
            out.append(sq)
        return out

    # -- validation -------------------------------------------------------

    def validate(self) -> None:
        """Raise ValueError for any combination RULES.md section 8 forbids."""
        if self.board not in BOARDS:
            raise ValueError(
                f"board: {self.board!r} is not a board; allowed values: "
                f"{', '.join(BOARDS)}")
        if self.players not in (2, 3, 4) or isinstance(self.players, bool):
            raise ValueError(
                f"players: {self.players!r} is not allowed; allowed values: 2, 3, 4")
        if self.players >= 3 and self.board == "6x6":
            raise ValueError(
                f"board: 6x6 is not offered to {self.players} players; "
                f"allowed values with {self.players} players: 8x8, 10x10, octagon")
        if self.anti not in (True, False):
            raise ValueError(f"anti: {self.anti!r}; allowed values: true, false")
        if self.free_opening not in (True, False):
            raise ValueError(
                f"free_opening: {self.free_opening!r}; allowed values: true, false")
        if self.free_opening and self.players != 2:
            raise ValueError(
                f"free_opening: not offered to {self.players} players; "
                f"allowed values with {self.players} players: false")
        if (not isinstance(self.handicap, int) or isinstance(self.handicap, bool)
                or not 0 <= self.handicap <= 4):
            raise ValueError(
                f"handicap: {self.handicap!r} is not allowed; allowed values: 0..4")
        if self.handicap_color not in (BLACK, WHITE) or isinstance(self.handicap_color, bool):
            raise ValueError(
                f"handicap_color: {self.handicap_color!r} is not allowed; "
                f"allowed values: {BLACK} (black), {WHITE} (white)")
        if self.handicap > 0 and self.players != 2:
            raise ValueError(
                f"handicap: not offered to {self.players} players; "
                f"allowed values with {self.players} players: 0")
        if self.handicap > 0 and self.board == "octagon":
            raise ValueError(
                "handicap: not offered on the octagon (it has no corner squares); "
                "allowed values on the octagon: 0")
        # Blocked squares.
        given = self._blocked_given
        for sq in given:
            if not isinstance(sq, int) or isinstance(sq, bool):
                raise ValueError(
                    f"blocked: {sq!r} is not a square index; allowed values: "
                    f"eligible squares (RULES section 4)")
        if len(set(given)) != len(given):
            raise ValueError(f"blocked: duplicate squares in {sorted(given)}")
        if len(given) > 4:
            raise ValueError(
                f"blocked: {len(given)} squares; allowed values: 0 to 4 squares")
        eligible = set(self.eligible_blocked())
        for sq in sorted(given):
            if sq not in eligible:
                raise ValueError(
                    f"blocked: square {sq} is not eligible (outside the grid, an "
                    f"octagon cut-out, in the central 4x4 region or a handicap "
                    f"corner); allowed values: {self.eligible_blocked()}")


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------

@dataclass
class RefState:
    """A position.  Plain value, compared by value.

    cells holds EMPTY/BLACK/WHITE/RED/GREEN/NEUTRAL for every cell of the
    N x N grid; blocked squares and octagon cut-outs are EMPTY here.
    """

    variant: RefVariant
    cells: list
    to_move: int
    ply: int = 0

    def __post_init__(self):
        self.cells = list(self.cells)
        n = self.variant.N
        if len(self.cells) != n * n:
            raise ValueError(f"cells: expected {n * n} cells, got {len(self.cells)}")

    def copy(self) -> "RefState":
        return RefState(self.variant, list(self.cells), self.to_move, self.ply)


# ---------------------------------------------------------------------------
# Start position
# ---------------------------------------------------------------------------

def start(variant: RefVariant) -> RefState:
    """The start position (RULES section 3)."""
    variant.validate()
    n = variant.N
    h = n // 2
    cells = [EMPTY] * (n * n)
    top_left = (h - 1) * n + (h - 1)
    top_right = (h - 1) * n + h
    bottom_right = h * n + h
    bottom_left = h * n + (h - 1)
    if variant.players == 2:
        if not variant.free_opening:
            cells[top_left] = WHITE
            cells[bottom_right] = WHITE
            cells[top_right] = BLACK
            cells[bottom_left] = BLACK
        for corner in variant._handicap_corners():
            cells[corner] = variant.handicap_color
    else:
        # Clockwise from top-left in turn order.
        cells[top_left] = BLACK
        cells[top_right] = WHITE
        cells[bottom_right] = RED
        if variant.players == 4:
            cells[bottom_left] = GREEN
        else:
            cells[bottom_left] = NEUTRAL
    return RefState(variant, cells, BLACK, 0)


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

def _playable_rows(variant: RefVariant) -> tuple:
    """playable() for every cell, as N rows of N booleans (computed once per
    variant and kept on it; only a cache of RefVariant.playable)."""
    rows = variant.__dict__.get("_playable_rows")
    if rows is None:
        n = variant.N
        rows = tuple(tuple(variant.playable(r * n + c) for c in range(n)) for r in range(n))
        object.__setattr__(variant, "_playable_rows", rows)  # frozen dataclass: a cache, not a field
    return rows


def _cell_playable(variant: RefVariant, r: int, c: int) -> bool:
    """Is (r, c) inside the grid and a playable square?"""
    n = variant.N
    if r < 0 or r >= n or c < 0 or c >= n:
        return False
    return _playable_rows(variant)[r][c]


def _flips_in_direction(state: RefState, sq: int, colour: int, dr: int, dc: int) -> list:
    """Squares flipped in one direction if `colour` plays on `sq`.

    Walk from the square's neighbour while the cell is a playable square
    holding a disk that is not `colour` (another player's or neutral).  The
    run counts only when it is non-empty and ends on a playable square
    holding a disk of `colour`.  Edges, cut-outs, blocked squares and empty
    squares all end the walk without enclosing.
    """
    variant = state.variant
    n = variant.N
    r, c = divmod(sq, n)
    run = []
    r += dr
    c += dc
    while True:
        if not _cell_playable(variant, r, c):
            return []
        value = state.cells[r * n + c]
        if value == EMPTY:
            return []
        if value == colour:
            return run  # may be [] when the neighbour is already ours
        # Any other disk (another colour or neutral) continues the run.
        run.append(r * n + c)
        r += dr
        c += dc


def _all_flips(state: RefState, sq: int, colour: int) -> list:
    """Sorted squares flipped if `colour` plays a flipping move on `sq`
    ([] if that is not a flipping move)."""
    n = state.variant.N
    if not _cell_playable(state.variant, sq // n, sq % n) or state.cells[sq] != EMPTY:
        return []
    result = []
    for dr, dc in DIRECTIONS:
        result.extend(_flips_in_direction(state, sq, colour, dr, dc))
    return sorted(result)


def _is_flipping_move(state: RefState, sq: int, colour: int) -> bool:
    """Same answer as bool(_all_flips(...)), stopping at the first direction
    that encloses a run."""
    n = state.variant.N
    if not _cell_playable(state.variant, sq // n, sq % n) or state.cells[sq] != EMPTY:
        return False
    for dr, dc in DIRECTIONS:
        if _flips_in_direction(state, sq, colour, dr, dc):
            return True
    return False


def _flipping_moves(state: RefState, colour: int) -> list:
    """All squares where `colour` has a flipping move, sorted."""
    moves = []
    for sq in range(state.variant.N * state.variant.N):
        if _is_flipping_move(state, sq, colour):
            moves.append(sq)
    return moves


def _has_flipping_move(state: RefState, colour: int) -> bool:
    for sq in range(state.variant.N * state.variant.N):
        if _is_flipping_move(state, sq, colour):
            return True
    return False


def _touches_a_disk(state: RefState, sq: int) -> bool:
    variant = state.variant
    n = variant.N
    r, c = divmod(sq, n)
    for dr, dc in DIRECTIONS:
        rr, cc = r + dr, c + dc
        if 0 <= rr < n and 0 <= cc < n and state.cells[rr * n + cc] != EMPTY:
            return True
    return False


def _adjacent_empties(state: RefState) -> list:
    """Empty playable squares touching any disk (side or corner), sorted."""
    out = []
    for sq in range(state.variant.N * state.variant.N):
        if state.variant.playable(sq) and state.cells[sq] == EMPTY and _touches_a_disk(state, sq):
            out.append(sq)
    return out


def _in_free_opening(state: RefState) -> bool:
    v = state.variant
    if not v.free_opening:
        return False
    return any(state.cells[sq] == EMPTY for sq in v.centre())


def _next_player(state: RefState) -> int:
    return state.to_move % state.variant.players + 1


def is_over(state: RefState) -> bool:
    """True when the game has ended (RULES sections 5 and 6)."""
    if _in_free_opening(state):
        return False
    if state.variant.players == 2:
        if _has_flipping_move(state, state.to_move):
            return False
        if _has_flipping_move(state, _next_player(state)):
            return False
        return True
    # Three or four players: over when no empty playable square touches a disk.
    return not _adjacent_empties(state)


def legal_moves(state: RefState) -> list:
    """Legal moves, sorted ascending.

    Two players: [N*N] (pass) when the mover has no move but the opponent
    has one; [] when the game is over.  Three or four players: flipping moves
    if any, else the adjacency fallback squares; [] when the game is over.
    """
    v = state.variant
    if _in_free_opening(state):
        return [sq for sq in v.centre() if state.cells[sq] == EMPTY and v.playable(sq)]
    mine = _flipping_moves(state, state.to_move)
    if mine:
        return mine
    if v.players == 2:
        if _has_flipping_move(state, _next_player(state)):
            return [v.pass_move]
        return []
    return _adjacent_empties(state)


def flips(state: RefState, move: int) -> list:
    """Sorted squares flipped by `move`; [] for a pass, a free-opening
    placement or an adjacency-fallback placement.  ValueError if illegal."""
    if (isinstance(move, int) and 0 <= move < state.variant.N * state.variant.N
            and not _in_free_opening(state)):
        flipped = _all_flips(state, move, state.to_move)
        if flipped:
            # A flipping move is always legal outside the free opening
            # (RULES sections 5 and 6), so no need to list every move.
            return flipped
    legal = legal_moves(state)
    if move not in legal:
        raise ValueError(
            f"illegal move {move!r} for colour {state.to_move} at ply {state.ply}; "
            f"legal moves: {legal}")
    if move == state.variant.pass_move:
        return []
    if _in_free_opening(state):
        return []
    # A flipping move flips its runs; a fallback placement finds none.
    return _all_flips(state, move, state.to_move)


def play(state: RefState, move: int) -> RefState:
    """Return the position after `move` (a new state).  ValueError if illegal."""
    flipped = flips(state, move)  # raises if illegal
    new = state.copy()
    if move != state.variant.pass_move:
        new.cells[move] = state.to_move
        for sq in flipped:
            new.cells[sq] = state.to_move
    new.to_move = _next_player(state)
    new.ply = state.ply + 1
    return new


# ---------------------------------------------------------------------------
# Result
# ---------------------------------------------------------------------------

def scores(state: RefState) -> tuple:
    """Number of disks of each colour, in turn order (neutral counts for nobody)."""
    return tuple(sum(1 for x in state.cells if x == colour)
                 for colour in range(1, state.variant.players + 1))

def winners(state: RefState) -> tuple:
    """Colours sharing the winning count (most disks, fewest with anti).
    More than one colour means a draw.  Computed from the current counts,
    whether or not the game is over."""
    s = scores(state)
    best = min(s) if state.variant.anti else max(s)
    return tuple(colour for colour, count in zip(range(1, len(s) + 1), s) if count == best)


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(state: RefState, depth: int) -> int:
    """Leaf count: depth 0 is one leaf, a finished game is one leaf, a
    two-player forced pass uses one ply (RULES section 9)."""
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if not moves:
        return 1
    if depth == 1:
        return len(moves)  # each child is one leaf at depth 0
    total = 0
    for move in moves:
        total += perft(play(state, move), depth - 1)
    return total


# ---------------------------------------------------------------------------
# Display and names
# ---------------------------------------------------------------------------

def board_grid(state: RefState) -> list:
    """N rows of N codes; BLOCKED for blocked squares, CUT_OUT for cut-outs."""
    v = state.variant
    n = v.N
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            sq = r * n + c
            if v.is_cut_out(sq):
                row.append(CUT_OUT)
            elif sq in v.blocked:
                row.append(BLOCKED)
            else:
                row.append(state.cells[sq])
        grid.append(row)
    return grid


def square_name(N: int, sq: int) -> str:
    """'a1' for index 0 (top-left); column letter then 1-based row from the top."""
    if not isinstance(sq, int) or isinstance(sq, bool) or not 0 <= sq < N * N:
        raise ValueError(f"square index {sq!r} is outside a {N}x{N} grid")
    r, c = divmod(sq, N)
    return "abcdefghijklmnopqrstuvwxyz"[c] + str(r + 1)


def parse_square(N: int, name: str) -> int:
    """Inverse of square_name: 'a1' -> 0, 'j10' -> 99 on a 10x10 grid."""
    if not isinstance(name, str) or len(name) < 2:
        raise ValueError(f"bad square name {name!r}")
    text = name.strip().lower()
    letter, digits = text[0], text[1:]
    if not ("a" <= letter <= "z") or not digits.isdigit() or digits.startswith("0"):
        raise ValueError(f"bad square name {name!r}")
    c = ord(letter) - ord("a")
    r = int(digits) - 1
    if not (0 <= c < N and 0 <= r < N):
        raise ValueError(f"square {name!r} is outside a {N}x{N} grid")
    return r * N + c
