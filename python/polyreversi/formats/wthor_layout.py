"""The sizes of WTHOR's files (ffothello.org, "La base WTHOR"), shared by the reader
(:mod:`polyreversi.formats.wthor`) and the writer (:mod:`polyreversi.formats.wthor_writer`)."""

HEADER_SIZE = 16  #: every file: creation date, N1, N2, year, board size, game type, depth, reserved
GAME_SIZE = 68  #: a .wtb game: 3 indexes (u16), real and theoretical score, 60 move bytes
PLAYER_SIZE = 20  #: a .JOU name, NUL-terminated Latin-1
TOURNAMENT_SIZE = 26  #: a .TRN name, NUL-terminated Latin-1
MOVES = 60  #: move bytes in a game

__all__ = ["HEADER_SIZE", "GAME_SIZE", "PLAYER_SIZE", "TOURNAMENT_SIZE", "MOVES"]
