"""The rules a game is played by, as one value naming every switch.

The defaults are Tenhou's four-player ranked rules (red fives, open tanyao, east-south);
:data:`TENHOU_SANMA` is Tenhou's three-player game (``players=3``: 108 tiles without 2m-8m,
no chi, the Norths set aside as nukidora, 35,000 points returning 40,000, uma 20/0/-20;
docs/reference.md §9). Scoring, the round and the match read their switches from here and
nowhere else.

    >>> Ruleset().red_fives, Ruleset(red_fives=False).red_fives
    (True, False)
    >>> TENHOU_SANMA.players, TENHOU_SANMA.oka, TENHOU_SANMA.honba_ron
    (3, 15000, 200)
"""

from __future__ import annotations

from dataclasses import dataclass

TENHOU_UMA = (20, 10, -10, -20)  # Tenhou's ranked games today, both lengths
SANMA_UMA = (20, 0, -20)  # Tenhou's three-player ranked games (every owari of tests/data's sanma logs)
OLD_EAST_ONLY_UMA = (10, 5, -5, -10)  # Tenhou's east-only games of the rounding era (to early 2021)


@dataclass(frozen=True)
class Ruleset:
    # --- the table ---
    players: int = 4                  # 3: Tenhou's three-player game (no 2m-8m, no chi, nukidora)
    # --- hand value ---
    red_fives: bool = True            # one red five per suit (ids 16, 52, 88) counts as dora
    open_tanyao: bool = True          # kuitan: tanyao with calls
    kiriage_mangan: bool = False      # 4 han 30 fu and 3 han 60 fu round up to mangan
    kazoe_yakuman: bool = True        # 13 han or more counts as yakuman (else capped at sanbaiman)
    multiple_yakuman: bool = True     # different yakuman in one hand add up
    double_yakuman: bool = False      # 13-wait kokushi, suuankou tanki, junsei chuuren as double
    renhou: bool = False              # Tenhou has no renhou
    # --- the round ---
    atozuke: bool = True              # a yaku may come from the winning tile alone
    kuikae_forbidden: bool = True     # no discarding the tile a call just completed (swap-calling)
    double_ron: bool = True
    triple_ron_abort: bool = True     # three rons on one discard are an abortive draw
    nagashi_mangan: bool = True
    nine_terminals_draw: bool = True  # kyuushu kyuuhai, the player's choice
    four_winds_draw: bool = True
    four_riichi_draw: bool = True
    four_kans_draw: bool = True       # four kans by more than one player
    pao: bool = True                  # liability for daisangen and daisuushii
    riichi_cost: int = 1000
    riichi_min_tiles_left: int = 4
    honba_ron: int = 300              # per honba, paid by the discarder (100 from each other seat)
    honba_tsumo: int = 100            # per honba, paid by each payer of a tsumo
    noten_penalty: int = 3000         # split between noten and tenpai at an exhaustive draw
    # --- the match ---
    east_south: bool = True           # hanchan; False plays east only
    start_points: int = 25000
    return_points: int = 30000        # the figure the final scores are measured from (oka)
    uma: tuple[int, ...] = TENHOU_UMA  # in thousands, by final rank (one per player)
    rounded_figures: bool = False     # final figures rounded to the thousand (Tenhou to early 2021)
    shared_ties: bool = False         # tied players share their ranks' uma (Tenhou's custom lobbies);
                                      # else the earlier seat ranks higher (the ranked rooms)
    bust_ends_game: bool = True       # a player below zero ends it (tobi)
    agari_yame: bool = True           # the dealer winning the last round in first place ends it
    tenpai_yame: bool = True          # ... and so does that dealer tenpai at an exhaustive draw
    west_extension: bool = True       # no one at return_points after South 4 plays on into West

    def __post_init__(self) -> None:
        if self.players not in (3, 4) or len(self.uma) != self.players:
            raise ValueError(f"a ruleset is for 3 or 4 players, with an uma for each ({self.players}, {self.uma})")

    @property
    def oka(self) -> int:
        """The top prize in points: what the players paid above the start."""
        return self.players * (self.return_points - self.start_points)

    @property
    def three_player(self) -> bool:
        return self.players == 3

    @property
    def seats(self) -> range:
        """The seats at the table: 0..3, or 0..2 in three-player."""
        return range(self.players)


TENHOU = Ruleset()
TENHOU_SANMA = Ruleset(players=3, start_points=35000, return_points=40000, uma=SANMA_UMA, honba_ron=200,
                       noten_penalty=2000, riichi_min_tiles_left=3, four_winds_draw=False, four_riichi_draw=False,
                       triple_ron_abort=False)
"""Tenhou's three-player rules, each figure from the real logs (docs/reference.md §9): ron honba
200 (100 from each tsumo payer), noten payments 2,000 in all, riichi with 3 tiles left (a
draw of one's own still to come, as 4 with four players); three riichi do not abort the round,
and no four-winds draw (three seats)."""
