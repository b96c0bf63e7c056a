"""Writes the seed inputs of the fuzz harnesses (fuzz/seeds/), made from games played here.

    python fuzz/make_seeds.py

Each parser seed is one byte naming the parser (its index in fuzz_parsers.TARGETS)
followed by a valid input for it, so the fuzzer starts from inputs that get past
the first checks. No file from ../shared is copied.
"""
from __future__ import annotations

import random
import struct
from pathlib import Path

import polyreversi as pr
from polyreversi.formats import ggf, json_record, transcript

HERE = Path(__file__).resolve().parent
TARGETS = ["json", "jsonl", "ggf", "transcript", "transcript-file", "wthor", "wthor-record", "wthor-names",
           "variant", "square", "json-unvalidated"]


def played(text: str, seed: int, plies: int = 300) -> pr.State:
    rng = random.Random(seed)
    state = pr.Variant.parse(text).start()
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
    return state


def wthor_file(games) -> bytes:
    header = bytearray(16)
    header[0:4] = bytes([20, 24, 5, 1])
    struct.pack_into("<IHHB", header, 4, len(games), 0, 2024, 8)
    body = b""
    for state in games:
        moves = [m for m in state.moves() if m != 64][:60]
        black, white = state.scores()
        codes = bytes(10 * (m // 8 + 1) + m % 8 + 1 for m in moves)
        body += struct.pack("<HHHBB", 0, 1, 2, min(black, 64), min(black, 64)) + codes + bytes(60 - len(codes))
    return bytes(header) + body


def main() -> None:
    folder = HERE / "seeds" / "parsers"
    folder.mkdir(parents=True, exist_ok=True)
    records = [played(t, i).record(players=["Ann", "Bob", "Cy", "Di"][: pr.Variant.parse(t).players])
               for i, t in enumerate(["8x8", "octagon/4p/blocked=b7", "10x10/3p/anti", "6x6/free"])]
    two = [played("8x8", 10 + i) for i in range(3)]
    seeds = {
        "json": json_record.dumps(records[0]).encode(),
        "json-unvalidated": json_record.dumps(records[1]).encode(),
        "jsonl": "".join(json_record.dumps_line(r) + "\n" for r in records).encode(),
        "ggf": "".join(ggf.dumps(s.record(players=["Ann", "Bob"])) + "\n" for s in two).encode(),
        "transcript": b"\x00" + transcript.dumps(two[0].record()).encode(),
        "transcript-file": ("# variant: 8x8\n" + transcript.dumps(two[1].record()) + "\n# variant: 6x6/anti\n"
                            + transcript.dumps(played("6x6/anti", 3).record()) + "\n").encode(),
        "wthor": wthor_file(two),
        "wthor-record": wthor_file(two[:1])[16:],
        "wthor-names": b"\0" * 8 + struct.pack("<H", 2) + b"\0" * 6 + b"Ann".ljust(20, b"\0") + b"Bob".ljust(20, b"\0"),
        "variant": b"octagon/4p/anti/blocked=b7,i3",
        "square": b"\x01f5",
    }
    for name, data in seeds.items():
        (folder / name).write_bytes(bytes([TARGETS.index(name)]) + data)
    core = HERE / "seeds" / "core"
    core.mkdir(parents=True, exist_ok=True)
    rng = random.Random(1)
    for i in range(4):
        (core / f"program{i}").write_bytes(bytes(rng.randrange(256) for _ in range(200)))


if __name__ == "__main__":
    main()
