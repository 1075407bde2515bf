"""Epic registered as an OpenSpiel game, through ``pyspiel``'s Python-game API, so that
OpenSpiel's algorithms and ``evaluate_bots`` run on it:

    >>> import pyspiel, epic.openspiel
    >>> game = pyspiel.load_game("python_epic", {"deck0": "sage", "deck1": "wild", "seed": 3})
    >>> classic = pyspiel.load_game("python_epic_classic")  # order against chaos
    >>> pyspiel.load_game(str(game))  # the game string reloads

``python_epic`` plays the 2017 Complete Rules, ``python_epic_classic`` the classic game
(the 2009 Epic Trading Card Game), ``python_epic_multiverse`` the multiverse game.

Two to eight players (``players``, default 2; ``deck0`` … ``deck7`` their decks, the
ruleset's usual decks in turn by default), in any of the ruleset's formats and variants
(``format``, ``variant``, ``team_size``; ``format=none`` and ``team_size=0`` for none),
imperfect information; each winner gets +1 and every other seat -1 (0 each for a
draw), so two players are zero-sum and more are general-sum. The deal
is the game's: every ``new_initial_state()`` is the game dealt from ``seed`` (a game
with hidden cards and a fixed deal, OpenSpiel's ``DETERMINISTIC`` chance mode), so a
state is its history of actions: states serialize, games and states pickle, and
``resample_from_infostate`` deals a player's hidden cards anew (``sample_for``). Another
deal is another ``seed``.
Actions are the fixed action space of :class:`epic.Game` (either ruleset's)
(``MAX_ACTIONS`` = 256);
observations are its observation tensor and, as a string, the board from the player's
view.

Information states have perfect recall as a string: the player's record of the game,
one entry per decision, each a digest of the player's observation after it, with the
action the player took where the decision was its own. The information-state tensor is
fixed in size, as OpenSpiel's tensors are, so it cannot recall a game of any length: it
is the observation followed by the action features of the player's last ``RECALL``
actions, the latest first (zeros where it has taken fewer). Tabular algorithms (CFR)
key on the string; networks (NFSP, Deep CFR, policy gradients) read the tensor.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pyspiel

from epic import MAX_ACTIONS, rulesets
from epic.render import board_text
from epic.tables import Table, registered_name

# The longest game the engine can play: each decision moves the game on, and a 30-card
# deck runs out long before this many.
MAX_GAME_LENGTH = 100_000

# How many of a player's own latest actions its information-state tensor holds.
RECALL = 32

# The most seats a table has (FMT-07).
MAX_PLAYERS = 8


def _game_type(
    short_name: str, long_name: str, decks: tuple[str, ...], players: int = 2
) -> pyspiel.GameType:
    """The game type of one ruleset; at a table of ``players`` seats, zero-sum for two
    and general-sum for more (a winner's +1 against every other seat's -1)."""
    utility = (
        pyspiel.GameType.Utility.ZERO_SUM if players == 2 else pyspiel.GameType.Utility.GENERAL_SUM
    )
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        # One parameter a deck: a comma inside a value would break the game string.
        parameter_specification={
            "players": 2,
            **{f"deck{i}": deck for i, deck in enumerate(decks)},
            "format": "none",
            "variant": "ffa",
            "team_size": 0,
            "seed": 0,
        },
    )


class RulesetGame(pyspiel.Game):
    """The game of one ruleset (a subclass each, made from the registry below): its
    parameters are the seats (``players``), their decks (``deck0`` … ``deck7``: the
    ruleset's decks by name or deck-list paths), the ``format``, ``variant`` and
    ``team_size``, and the ``seed`` of the deal."""

    ruleset: str
    default_decks: tuple[str, ...]
    game_type: pyspiel.GameType

    def __init__(self, params=None):
        params = dict(params or {})
        players = int(params.get("players", 2))
        if not 2 <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be 2 to {MAX_PLAYERS}, not {players}")
        decks = tuple(
            str(params.get(f"deck{i}", self.default_decks[i])).strip() for i in range(players)
        )
        form = str(params.get("format", "none")).strip()
        team_size = int(params.get("team_size", 0))
        self._table = Table(
            ruleset=self.ruleset,
            decks=decks,
            format=None if form == "none" else form,
            variant=str(params.get("variant", "ffa")).strip(),
            team_size=team_size or None,
        )
        self._seed = int(params.get("seed", 0))
        self._initial = self._table.game(self._seed)
        # Every initial state is this deal: the players' records start from one snapshot.
        self._start = _Recall.start(self._initial)
        self._observation_size = self._initial.observation_size
        self._feature_size = self._initial.action_feature_size
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        game_type = self.game_type
        if players != 2:
            game_type = _game_type(
                game_type.short_name, game_type.long_name, self.default_decks, players
            )
        super().__init__(game_type, info, params)

    def new_initial_state(self):
        return EpicState(self, self._initial.clone(), self._start)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            return EpicObserver(self._observation_size)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("Epic observes the game as one player sees it, and only so")
        if iig_obs_type.perfect_recall:
            return EpicInformationStateObserver(self._observation_size, self._feature_size)
        return EpicObserver(self._observation_size)


def _game_class(info: dict) -> type[RulesetGame]:
    """The OpenSpiel game of one ruleset of the registry: ``python_epic`` (the default
    ruleset), ``python_epic_classic``, …, its usual decks in turn by default."""
    usual = info["usual_decks"]
    decks = tuple(usual[i % len(usual)] for i in range(MAX_PLAYERS))
    short_name = registered_name(info["name"], "python_epic", "_")
    name = f"{registered_name(info['name'])}Game"
    return type(
        name,
        (RulesetGame,),
        {
            "__module__": __name__,
            "__qualname__": name,
            "__doc__": f"{info['title']}, as an OpenSpiel game.",
            "ruleset": info["name"],
            "default_decks": decks,
            "game_type": _game_type(short_name, info["title"], decks),
        },
    )


class _Recall:
    """Each player's perfect-recall record of a game up to some decision, and the
    features of its own actions: built only when an information state is asked for, by
    replaying the actions since a snapshot, so that a step costs no more than the game's
    own. Never changed once made (clones of a state share it)."""

    def __init__(self, game, record, actions, length):
        self.game, self.record, self.actions, self.length = game, record, actions, length

    @staticmethod
    def start(game) -> _Recall:
        seats = range(game.seats)
        return _Recall(game.clone(), [[_digest(game, p)] for p in seats], [[] for _ in seats], 0)

    def after(self, actions) -> _Recall:
        """The recall once `actions` (those since this one) are taken."""
        game = self.game.clone()
        record = [list(r) for r in self.record]
        taken = [list(a) for a in self.actions]
        for action in actions:
            player = game.decider
            taken[player].append(game.action_features(player)[action])
            game.apply(int(action))
            for p, r in enumerate(record):
                seen = _digest(game, p)
                r.append(f"{action}:{seen}" if p == player else seen)
        return _Recall(game, record, taken, self.length + len(actions))

    def __deepcopy__(self, memo):
        return self


class EpicState(pyspiel.State):
    def __init__(self, game, epic_game, since: _Recall | None = None):
        super().__init__(game)
        self.epic = epic_game
        # Where the players' records are replayed from: the game's start, or for a
        # resampled state the moment it was dealt with the records up to then.
        self._since = since or _Recall.start(epic_game)
        self._recall = self._since
        self._taken = []

    def _recalled(self) -> _Recall:
        if self._recall.length < len(self._taken):
            self._recall = self._recall.after(self._taken[self._recall.length :])
        return self._recall

    @property
    def record(self) -> list[list[str]]:
        """Each player's perfect-recall record: a digest of its observation after each
        decision, with the action it took where the decision was its own."""
        return self._recalled().record

    @property
    def actions_taken(self) -> list[list]:
        """The features of each player's own actions, in order."""
        return self._recalled().actions

    def current_player(self):
        if self.epic.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.epic.decider

    def _legal_actions(self, player):
        return self.epic.legal_actions(player)

    def _apply_action(self, action):
        self.epic.apply(int(action))
        self._taken.append(int(action))

    def _action_to_string(self, player, action):
        labels = self.epic.labels(player) if player >= 0 else []
        return labels[action] if 0 <= action < len(labels) else f"action {action}"

    def is_terminal(self):
        return self.epic.is_over

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one: the cards it cannot see dealt
        anew (:meth:`epic.Game.sample_for`), from a seed the sampler draws. Its record
        and actions are this state's, as the player's information state is the same."""
        seed = int(probability_sampler() * 2**63)
        sampled = self.epic.sample_for(player_id, seed)
        recall = self._recalled()
        since = _Recall(sampled.clone(), recall.record, recall.actions, 0)
        return EpicState(self.get_game(), sampled, since)

    def returns(self):
        return [float(r) for r in self.epic.rewards()]

    def __str__(self):
        return f"Epic game {self.epic.digest():016x} after {self.epic.history_len} decisions"


def _digest(game, player: int) -> str:
    """What ``player`` observes of ``game`` now, as a short digest."""
    return hashlib.blake2b(game.observation(player).tobytes(), digest_size=8).hexdigest()


class EpicObserver:
    """The observation of :meth:`epic.Game.observation` (or a classic game's), as
    OpenSpiel's observers give it (``tensor``, ``dict``, ``string_from``)."""

    def __init__(self, size):
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.epic.observation(player)

    def string_from(self, state, player):
        return board_text(state.epic, player)


class EpicInformationStateObserver:
    """The information state: the observation and the player's latest actions as a
    tensor, its whole record of the game as a string (the module's docstring)."""

    def __init__(self, observation_size, feature_size):
        self.tensor = np.zeros(observation_size + RECALL * feature_size, np.float32)
        self.observation = self.tensor[:observation_size]
        self.recall = self.tensor[observation_size:].reshape(RECALL, feature_size)
        self.dict = {"observation": self.observation, "recall": self.recall}

    def set_from(self, state, player):
        self.observation[:] = state.epic.observation(player)
        latest = state.actions_taken[player][-RECALL:][::-1]
        self.recall[:] = 0
        if latest:
            self.recall[: len(latest)] = latest

    def string_from(self, state, player):
        return f"p{player} " + " ".join(state.record[player])


# ``EpicGame``, ``EpicClassicGame``, …: module attributes, so that games pickle.
GAMES = [_game_class(info) for info in rulesets()]
for _game in GAMES:
    globals()[_game.__name__] = _game
    if _game.game_type.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_game.game_type, _game)
