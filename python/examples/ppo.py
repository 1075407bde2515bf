"""A masked-action PPO agent for Epic, in PyTorch, trained against ``random`` and then
``greedy``, with its learning curve.

    pip install './python[train]'
    python python/examples/ppo.py --out docs/ppo          # writes ppo.png and ppo.json

The learner plays either seat of good against evil, half its games on each, in
:class:`epic.VecEnv` games whose other seat a built-in bot plays inside the step. Every
action is scored by a pointer head: the state's embedding against the embedding of the
action's row of ``action_features``, so one network plays every decision; illegal
actions are masked out of the softmax. Every ``--eval-every`` updates, the policy plays
``--eval-games`` fresh games against each bot, and its scores make the learning curve.

Everything is seeded: PyTorch, NumPy and every game dealt.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

import epic


def squash(x: torch.Tensor) -> torch.Tensor:
    """Counts and health grow without bound; a signed log keeps them on one scale."""
    return torch.sign(x) * torch.log1p(torch.abs(x))


class Policy(nn.Module):
    """A state encoder, a value head, and a pointer head over the action rows."""

    def __init__(self, obs_size: int, feature_size: int, width: int = 256, key: int = 64):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Linear(obs_size, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU()
        )
        self.value = nn.Linear(width, 1)
        self.query = nn.Linear(width, key)
        self.action = nn.Sequential(nn.Linear(feature_size, key), nn.ReLU(), nn.Linear(key, key))
        self.slot = nn.Embedding(epic.MAX_ACTIONS, key)

    def forward(self, obs, features, mask):
        """Masked logits over the first ``features.shape[1]`` actions, and the value."""
        h = self.encoder(squash(obs))
        slots = torch.arange(features.shape[1])
        keys = self.action(squash(features)) + self.slot(slots)
        logits = torch.einsum("bk,bak->ba", self.query(h), keys) / keys.shape[-1] ** 0.5
        logits = logits.masked_fill(~mask, -1e9)
        return logits, self.value(h).squeeze(-1)


# The column of ``action_features`` that marks a `cancel` option (column 0 is
# "present", then one column per option kind).
CANCEL = 1 + epic.OPTION_KINDS.index("cancel")


def playable(mask: np.ndarray, features: np.ndarray) -> np.ndarray:
    """The legal actions less `cancel` where anything else is legal: cancelling a play
    half made only walks back to the same decision, and a policy that may do it can go
    round in circles."""
    keep = mask & (features[:, :, CANCEL] == 0)
    return np.where(keep.any(axis=1, keepdims=True), keep, mask)


def width(mask: np.ndarray) -> int:
    """How many action slots the batch uses: one past its highest legal action."""
    return int(np.nonzero(mask.any(axis=0))[0].max()) + 1


class Learner:
    """The learner's games: one batch on each seat, against one opponent."""

    def __init__(self, opponent: str, envs: int, seed: int):
        self.vecs = [
            epic.VecEnv(envs // 2, opponent=opponent, seat=seat, seed=seed + 1_000_003 * seat)
            for seat in (0, 1)
        ]
        self.outputs = [vec.observe() for vec in self.vecs]

    def observe(self):
        obs = np.concatenate([o[0] for o in self.outputs])
        mask = np.concatenate([o[1] for o in self.outputs]).astype(bool)
        features = np.concatenate([o[2] for o in self.outputs])
        return obs, playable(mask, features), features

    def step(self, actions: np.ndarray):
        """Steps every game; returns the learner's rewards and which games ended or were
        cut short."""
        half = len(actions) // 2
        rewards, done = [], []
        for seat, vec in enumerate(self.vecs):
            out = vec.step(actions[seat * half : (seat + 1) * half].astype(np.int64))
            self.outputs[seat] = (out[0], out[1], out[2])
            rewards.append(out[3][:, seat])
            done.append(out[4] | out[5])
        return np.concatenate(rewards), np.concatenate(done)


# The most decisions of the learner's that an evaluation game may take.
EVAL_STEPS = 1_000


def act(policy: Policy, obs, mask, features):
    """Samples an action for each row; returns the actions, their log-probabilities and the
    values."""
    k = width(mask)
    with torch.no_grad():
        logits, value = policy(
            torch.from_numpy(obs), torch.from_numpy(features[:, :k]), torch.from_numpy(mask[:, :k])
        )
    dist = torch.distributions.Categorical(logits=logits)
    action = dist.sample()
    return action.numpy(), dist.log_prob(action).numpy(), value.numpy()


def evaluate(policy: Policy, opponent: str, games: int, seed: int) -> float:
    """Score of the policy over ``games`` new games against ``opponent``, half on each
    seat: wins plus half the draws, over games. A game still going after ``EVAL_STEPS``
    of the learner's decisions counts as lost."""
    score = 0.0
    for seat in (0, 1):
        n = games // 2
        vec = epic.VecEnv(n, opponent=opponent, seat=seat, seed=seed + 7_919 * seat)
        obs, mask, features, _ = vec.observe()
        finished = np.zeros(n, bool)
        for _ in range(EVAL_STEPS):
            if finished.all():
                break
            actions, _, _ = act(policy, obs, playable(mask.astype(bool), features), features)
            obs, mask, features, rewards, ended, cut, _ = vec.step(actions.astype(np.int64))
            ended, cut = ended.astype(bool), cut.astype(bool)
            newly = ended & ~finished
            score += float(((rewards[newly, seat] + 1) / 2).sum())
            finished |= ended | cut
    return score / (2 * (games // 2))


def advantages(rewards, values, done, last_value, gamma, lam):
    """Generalised advantage estimates over a rollout of ``T`` steps (arrays ``T × N``)."""
    adv = np.zeros_like(rewards)
    running = np.zeros(rewards.shape[1], np.float32)
    for t in reversed(range(len(rewards))):
        following = last_value if t == len(rewards) - 1 else values[t + 1]
        live = 1.0 - done[t]
        delta = rewards[t] + gamma * following * live - values[t]
        running = delta + gamma * lam * live * running
        adv[t] = running
    return adv


def train(args) -> list[dict]:
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    torch.set_num_threads(args.threads)
    stages = [("random", args.updates_random), ("greedy", args.updates_greedy)]
    probe = epic.VecEnv(2, seed=0)
    obs0, _, feat0, _ = probe.observe()
    policy = Policy(obs0.shape[1], feat0.shape[2])
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr)
    curve, steps, update, started = [], 0, 0, time.time()

    def record(opponent):
        row = {"update": update, "steps": steps, "opponent": opponent}
        row["vs_random"] = evaluate(policy, "random", args.eval_games, 10_000_000)
        row["vs_greedy"] = evaluate(policy, "greedy", args.eval_games, 20_000_000)
        row["minutes"] = round((time.time() - started) / 60, 2)
        curve.append(row)
        print(json.dumps(row), flush=True)

    record("random")
    for stage, (opponent, updates) in enumerate(stages):
        learner = Learner(opponent, args.envs, args.seed + 100 * stage)
        for _ in range(updates):
            batch = rollout(policy, learner, args)
            optimise(policy, optimiser, batch, args)
            update += 1
            steps += args.envs * args.rollout
            if update % args.eval_every == 0:
                record(opponent)
    return curve


def rollout(policy, learner, args):
    T, N = args.rollout, args.envs
    obs_b, mask_b, feat_b = [], [], []
    actions = np.zeros((T, N), np.int64)
    logp = np.zeros((T, N), np.float32)
    values = np.zeros((T, N), np.float32)
    rewards = np.zeros((T, N), np.float32)
    done = np.zeros((T, N), np.float32)
    for t in range(T):
        obs, mask, features = learner.observe()
        a, lp, v = act(policy, obs, mask, features)
        obs_b.append(obs)
        mask_b.append(mask)
        feat_b.append(features)
        actions[t], logp[t], values[t] = a, lp, v
        r, d = learner.step(a)
        rewards[t], done[t] = r, d
    obs, mask, features = learner.observe()
    _, _, last_value = act(policy, obs, mask, features)
    adv = advantages(rewards, values, done, last_value, args.gamma, args.lam)
    return {
        "obs": np.concatenate(obs_b),
        "mask": np.concatenate(mask_b),
        "features": np.concatenate(feat_b),
        "actions": actions.reshape(-1),
        "logp": logp.reshape(-1),
        "adv": adv.reshape(-1),
        "returns": (adv + values).reshape(-1),
    }


def optimise(policy, optimiser, batch, args):
    n = len(batch["actions"])
    for _ in range(args.epochs):
        order = np.random.permutation(n)
        for start in range(0, n, args.minibatch):
            idx = order[start : start + args.minibatch]
            mask = batch["mask"][idx]
            k = width(mask)
            logits, value = policy(
                torch.from_numpy(batch["obs"][idx]),
                torch.from_numpy(batch["features"][idx][:, :k]),
                torch.from_numpy(mask[:, :k]),
            )
            dist = torch.distributions.Categorical(logits=logits)
            actions = torch.from_numpy(batch["actions"][idx])
            ratio = torch.exp(dist.log_prob(actions) - torch.from_numpy(batch["logp"][idx]))
            adv = torch.from_numpy(batch["adv"][idx])
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            clipped = torch.clamp(ratio, 1 - args.clip, 1 + args.clip)
            policy_loss = -torch.min(ratio * adv, clipped * adv).mean()
            value_loss = ((value - torch.from_numpy(batch["returns"][idx])) ** 2).mean()
            loss = policy_loss + 0.5 * value_loss - args.entropy * dist.entropy().mean()
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimiser.step()


def plot(curve: list[dict], path: Path, switch: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [row["steps"] / 1e6 for row in curve]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=120)
    ax.plot(steps, [row["vs_random"] for row in curve], marker="o", label="against random")
    ax.plot(steps, [row["vs_greedy"] for row in curve], marker="s", label="against greedy")
    ax.axvline(switch / 1e6, color="grey", linestyle="--", linewidth=1)
    ax.text(switch / 1e6, 0.02, " trains against greedy from here", color="grey", fontsize=8)
    ax.axhline(0.5, color="black", linewidth=0.5)
    ax.set_ylim(0, 1)
    ax.set_xlabel("learner decisions (millions)")
    ax.set_ylabel("score (win = 1, draw = 1/2)")
    ax.set_title("Masked PPO on Epic, good v evil, both seats")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates-random", type=int, default=60, help="updates against random")
    parser.add_argument("--updates-greedy", type=int, default=120, help="then against greedy")
    parser.add_argument("--envs", type=int, default=64, help="games stepped together (even)")
    parser.add_argument("--rollout", type=int, default=128, help="steps per game per update")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=10)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2, help="PyTorch's CPU threads")
    parser.add_argument("--out", type=Path, default=Path("ppo"), help="writes OUT.png, OUT.json")
    args = parser.parse_args()
    if args.envs < 2 or args.envs % 2:
        parser.error("--envs must be an even number, 2 or more")
    curve = train(args)
    args.out.with_suffix(".json").write_text(json.dumps(curve, indent=1) + "\n")
    plot(curve, args.out.with_suffix(".png"), args.updates_random * args.envs * args.rollout)
    print(f"wrote {args.out.with_suffix('.png')} and {args.out.with_suffix('.json')}")


if __name__ == "__main__":
    main()
