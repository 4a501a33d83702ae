"""``import paris_score.gymnasium`` registers ``paris_score/Lumiere-v0`` with Gymnasium (docs' "For bot authors").

The environment is :class:`paris_score.game.gymnasium.LumiereEnv`; ``pip install 'paris-score[gymnasium]'``.

>>> import gymnasium
>>> import paris_score.gymnasium
>>> gymnasium.make("paris_score/Lumiere-v0", opponent="greedy").unwrapped.opponent.__name__
'greedy_bot'
"""

from __future__ import annotations

from paris_score.game.gymnasium import ENV_ID, LumiereEnv

__all__ = ["ENV_ID", "LumiereEnv"]
