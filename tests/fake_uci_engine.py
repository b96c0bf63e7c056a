"""A tiny UCI engine that plays Reversi in Fairy-Stockfish's dialect, for the UCI
client's tests (CI has no Fairy-Stockfish), well-behaved or hostile.

    python tests/fake_uci_engine.py [MODE]

Written from Fairy-Stockfish's source, not from polyreversi.engine.fairy, so that
the client's notation is checked against an independent reading: ranks count from
the bottom, ``P`` (upper case, ``w``) is the first player, a disk is a drop
``P@d6`` whichever colour drops it (uci.cpp names the piece type), a pass is a move from the mover's first disk (rank 1 first) to itself.
Built in: ``flipello`` and ``flipello10``; ``setoption name VariantPath`` adds the
``[name:...]`` sections of the file it names to UCI_Variant.

MODE: ``good`` (the first legal move; ``info`` lines with a score for every move,
best first under MultiPV), ``illegal`` (a drop on an occupied square), ``nonsense``
(``e2e4``), ``hang``
(never answers ``go``), ``die`` (exits at ``go``), ``flood`` (junk instead of a
move), ``mute`` (never answers ``uci``), ``nopass`` (Anti-Reversi style: ``bestmove
(none)`` when it must pass), ``lines`` (on ``go``, the ``info`` lines of the
environment variable FAKE_UCI_INFO, separated by ``|``, instead of its own).
"""
import os
import re
import sys
import time

import polyreversi as pr

BUILT_IN = {"flipello": "8x8", "flipello10": "10x10"}
VARIANTS = dict(BUILT_IN)


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def board_of(name):
    return VARIANTS.get(name, "8x8")


def uci_variant_for(name):
    """Our Variant for a variant name: its board from the ini's parent chain, anti by name."""
    board = board_of(name)
    return pr.Variant(board, anti=name.startswith("anti-"))


def sq(n, index):
    row, col = divmod(index, n)
    return f"{'abcdefghijkl'[col]}{n - row}"


def parse_fen(variant, fen):
    text = fen.split()[0]
    placement = text.split("[")[0]
    side = fen.split()[1]
    n = variant.n
    start = variant.start().board()
    cells = []
    for r, rank in enumerate(placement.split("/")):
        row = []
        for token in re.findall(r"\d+|.", rank):
            if token.isdigit():
                row += [0] * int(token)
            elif token == "*":
                row.append(int(start[r][len(row)]))
            else:
                row.append(1 if token == "P" else 2)
        cells.append(row)
    assert len(cells) == n and all(len(row) == n for row in cells), fen
    return variant.position(cells, 1 if side == "w" else 2)


def move_text(state, move):
    n = state.variant.n
    if move == state.PASS:
        board = state.board()
        mine = [(r, c) for r in range(n) for c in range(n) if board[r][c] == int(state.to_move)]
        r, c = max(mine, key=lambda rc: (rc[0], -rc[1]))
        return sq(n, r * n + c) * 2
    return "P@" + sq(n, move)


def load_ini(path):
    parents = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"\[([^:\]]+)(?::([^\]]+))?\]", line.strip())
            if m:
                parents[m.group(1)] = m.group(2)
    for name in parents:
        base = name
        while base in parents and base not in BUILT_IN:
            base = parents[base]
        VARIANTS[name] = BUILT_IN.get(base, "8x8")
        if "octagon" in name:
            VARIANTS[name] = "octagon"
        if name.endswith("6"):
            VARIANTS[name] = "6x6"


def options():
    names = " ".join(f"var {v}" for v in ["chess"] + sorted(VARIANTS))
    out("option name Threads type spin default 1 min 1 max 512")
    out("option name Hash type spin default 16 min 1 max 33554432")
    out("option name MultiPV type spin default 1 min 1 max 500")
    out("option name Skill Level type spin default 20 min -20 max 20")
    out("option name UCI_Variant type combo default chess " + names)
    out("option name VariantPath type string default <empty>")
    out("option name Clear Hash type button")


def main(mode):
    variant_name, multipv, state = "chess", 1, None
    out("Fake UCI engine by nobody")
    for line in sys.stdin:
        words = line.split()
        if not words or mode == "mute":
            continue
        if words[0] == "uci":
            out("id name FakeFish")
            out("id author nobody")
            options()
            out("uciok")
        elif words[0] == "isready":
            out("readyok")
        elif words[:2] == ["setoption", "name"]:
            rest = line.split(None, 2)[2].strip()
            name, _, value = rest.partition(" value ")
            if name == "VariantPath":
                load_ini(value.strip())
            elif name == "UCI_Variant":
                variant_name = value.strip()
                out(f"info string variant {variant_name} files 8 ranks 8")
            elif name == "MultiPV":
                multipv = int(value)
        elif words[0] == "ucinewgame":
            pass
        elif words[:2] == ["position", "fen"]:
            state = parse_fen(uci_variant_for(variant_name), " ".join(words[2:]))
        elif words[0] == "go":
            if mode == "hang":
                while True:
                    time.sleep(1)
            if mode == "die":
                sys.stderr.write("fake uci engine: dying on purpose\n")
                sys.stderr.flush()
                sys.exit(3)
            if mode == "flood":
                while True:
                    out("junk " * 10)
            legal = state.legal_moves()
            if mode == "nopass" and legal == [state.PASS]:
                out("bestmove (none)")
                continue
            given = os.environ.get("FAKE_UCI_INFO", "").split("|") if mode == "lines" else []
            for text in given:
                out(text)
            for i, move in enumerate([] if mode == "lines" else legal[:multipv], 1):
                child = state.child(move)
                pv = [move_text(state, move)]
                if not child.is_over():
                    pv.append(move_text(child, child.legal_moves()[0]))
                out(f"info depth 3 seldepth 4 multipv {i} score cp {100 - 10 * i} nodes 42 nps 1000 "
                    f"time 1 pv {' '.join(pv)}")
                out(f"info depth 4 multipv {i} score cp {150} lowerbound nodes 50 pv {pv[0]}")
            if mode == "illegal":
                taken = [m for m in range(state.variant.n ** 2) if state.board().flat[m] > 0]
                out(f"bestmove P@{sq(state.variant.n, taken[0])}")
            elif mode == "nonsense":
                out("bestmove e2e4")
            else:
                out(f"bestmove {move_text(state, legal[0])}")
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "good")
