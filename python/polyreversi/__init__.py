"""polyreversi: a fast, exact engine for Reversi (Othello) and its variants.

>>> import polyreversi as pr
>>> state = pr.Variant("8x8").start()
>>> [state.variant.square_name(m) for m in state.legal_moves()]
['d3', 'c4', 'f5', 'e6']
>>> state.play("f5"); state.scores()
(4, 1)

Boards 6x6, 8x8, 10x10 and octagon; Anti-Reversi, free opening, corner
handicap, 1-4 blocked squares; 2, 3 or 4 players. The rules are RULES.md.
"""
from polyreversi._core import Color
from polyreversi.bulk import GamesResult, play_games
from polyreversi.batch import Batch, observe
from polyreversi.errors import (
    ConcurrentUseError,
    HistoryError,
    IllegalMoveError,
    InvalidSquareError,
    PolyreversiError,
    PositionError,
    RecordError,
    RecordWarning,
    VariantError,
)
from polyreversi.state import BLOCKED, CUT_OUT, EMPTY, NEUTRAL, State, perft, perft_divide
from polyreversi.variant import BOARDS, Variant
from polyreversi.record import Game, Record, Result, StartPosition, record_of
from polyreversi.replay import Replay, ReplayError
from polyreversi.formats import UnsupportedGameError
from polyreversi.players import GreedyPlayer, HumanPlayer, RandomPlayer, play_game
from polyreversi.mcts import MCTSResult, mcts
from polyreversi.players import MCTSPlayer, player_from_spec
from polyreversi import svg
from polyreversi.limit import Limit
from polyreversi.search import SearchResult, SolveResult, evaluate, search, solve
from polyreversi.search_player import MoveInfo, PlayResult, SearchPlayer
from polyreversi.multi import MultiPlayer, MultiSearchResult, multi_search
from polyreversi.multi_mcts import InformedMCTSPlayer, multi_mcts

__version__ = "0.1.0"

__all__ = [
    "Color",
    "Limit",
    "MultiPlayer",
    "MultiSearchResult",
    "multi_search",
    "multi_mcts",
    "InformedMCTSPlayer",
    "State",
    "Variant",
    "BOARDS",
    "perft",
    "perft_divide",
    "play_games",
    "GamesResult",
    "Batch",
    "observe",
    "ConcurrentUseError",
    "EMPTY",
    "NEUTRAL",
    "BLOCKED",
    "CUT_OUT",
    "PolyreversiError",
    "VariantError",
    "InvalidSquareError",
    "IllegalMoveError",
    "PositionError",
    "HistoryError",
    "RecordError",
    "RecordWarning",
    "ReplayError",
    "UnsupportedGameError",
    "Record",
    "Result",
    "StartPosition",
    "Game",
    "record_of",
    "Replay",
    "RandomPlayer",
    "GreedyPlayer",
    "HumanPlayer",
    "play_game",
    "mcts",
    "MCTSResult",
    "MCTSPlayer",
    "player_from_spec",
    "svg",
    "search",
    "solve",
    "evaluate",
    "SearchResult",
    "SolveResult",
    "SearchPlayer",
    "PlayResult",
    "MoveInfo",
]
