"""Train an agent against the random bot through Gymnasium: policy gradient with a baseline, in plain numpy.

    pip install 'paris-score[gymnasium]'
    python examples/gymnasium_training.py [EPISODES] [--opponent random|greedy|ismcts]

The loop is the one every learner runs: reset, choose an action among those
``info["action_mask"]`` allows, step until the episode ends, learn from its
reward (+1 a win, -1 a loss, 0 a shared win).  The learner is deliberately
small: a preference for each action id (softmax over the legal ones) and a
linear value of the observation as the baseline (REINFORCE).  It prints one
line an episode and a tally at the end; the same seed, the same run.
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np

import paris_score.gymnasium  # noqa: F401  (registers paris_score/Lumiere-v0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("episodes", type=int, nargs="?", default=10, help="games to play (default 10)")
    parser.add_argument("--opponent", default="random", help="the bot to play against (default random)")
    args = parser.parse_args(argv)

    env = gymnasium.make("paris_score/Lumiere-v0", opponent=args.opponent)
    rng = np.random.default_rng(0)
    preference = np.zeros(env.action_space.n)  # the policy: one number an action id
    value = np.zeros(env.observation_space.shape)  # the baseline: a linear value of the observation
    rewards = []
    observation, info = env.reset(seed=0)
    for episode in range(1, args.episodes + 1):
        steps, done = [], False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            odds = np.exp(preference[legal] - preference[legal].max())
            odds /= odds.sum()
            choice = rng.choice(len(legal), p=odds)
            steps.append((observation, legal, odds, choice))
            observation, reward, terminated, truncated, info = env.step(legal[choice])
            done = terminated or truncated
        for seen, legal, odds, choice in steps:  # every move of the episode shares its reward
            advantage = reward - value @ seen
            value += 0.0005 * advantage * seen
            gradient = -odds  # d log(odds[choice]) / d preference[legal]
            gradient[choice] += 1
            preference[legal] += 0.5 * advantage * gradient
        rewards.append(reward)
        print(f"episode {episode}: {info['seat']}, {len(steps)} moves, reward {reward:+.0f}, scores {info['scores']}")
        observation, info = env.reset()
    env.close()
    won, drawn = rewards.count(1.0), rewards.count(0.0)
    print(
        f"{len(rewards)} episodes against {args.opponent}: {won} won, {drawn} drawn, {len(rewards) - won - drawn} lost"
    )


if __name__ == "__main__":
    main()
