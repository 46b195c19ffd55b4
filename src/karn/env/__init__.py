"""karn as an environment for learning agents (the ``env`` extra: ``pip install 'karn[env]'``).

* :func:`aec_env`: a PettingZoo AEC environment, one agent per seat (:mod:`karn.env.aec`);
* :func:`gym_env`: a Gymnasium single-agent environment, one seat against opponent agents
  (:mod:`karn.env.gym`); :func:`vector_env`: several of them in worker processes;
* :class:`SpielGame`: an OpenSpiel-style game and state (:mod:`karn.env.spiel`).

All share one encoding (:mod:`karn.env.encoding`): a fixed-size observation vector, and a
fixed action space whose slots have stable meanings, with an action mask.
"""

from __future__ import annotations

from karn.env.aec import EnvError, KarnAECEnv, aec_env
from karn.env.encoding import ACTION_SIZE, OBSERVATION_SIZE, slot_meaning
from karn.env.gym import KarnGymEnv, gym_env, vector_env
from karn.env.spiel import SpielGame, SpielState

__all__ = [
    "ACTION_SIZE",
    "OBSERVATION_SIZE",
    "EnvError",
    "KarnAECEnv",
    "KarnGymEnv",
    "SpielGame",
    "SpielState",
    "aec_env",
    "gym_env",
    "slot_meaning",
    "vector_env",
]
