"""The frame of ``metropolys.review`` and its graph, ``plot_review``.

``review`` (in the extension) computes the review and calls ``_frame``
with the review's JSON values and what only the replay and the catalogues
know (the call of each decision, the actions in words, the labels)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

#: The grades, from the best to the worst (``forced``: the only legal
#: action, nothing to judge): the order of the ``grade`` column.
GRADES = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")

#: The grades marked on the graph, each with its colour.
ERRORS = {"inaccuracy": "#e6b800", "mistake": "#e67300", "blunder": "#cc0000"}

#: The building sizes of the Expert game, smallest first.
SIZES = ("small", "medium", "tall")

NAN = float("nan")


def _floats(values: List[Optional[float]]) -> List[float]:
    return [NAN if v is None else float(v) for v in values]


def _frame(raw: Dict[str, Any], extra: Dict[str, Any]) -> Any:
    """One row per reviewed decision, the summary in ``attrs``."""
    import pandas as pd  # type: ignore[import-untyped, import-not-found, unused-ignore]

    decisions = raw["decisions"]
    players = int(raw["players"])
    columns = extra["columns"]
    turning = set(raw["turning_points"])

    def reading(name: str, seat_of: Any, part: str, what: str) -> List[float]:
        out: List[float] = []
        for d in decisions:
            r = d[name]
            out.append(NAN if r is None else float(r[part][what][seat_of(d)]))
        return out

    def drop(name: str) -> List[float]:
        return [NAN if d[name] is None else float(d[name]["drop"]) for d in decisions]

    def acting(d: Dict[str, Any]) -> int:
        return int(d["seat"])

    data: Dict[str, Any] = {
        "index": pd.Series([d["index"] for d in decisions], dtype="int64"),
        "seat": pd.Series([d["seat"] for d in decisions], dtype="uint8"),
        "call": pd.Series(columns["call"], dtype="uint16"),
        "opening": pd.Series(columns["opening"], dtype="bool"),
        "legal_actions": pd.Series(columns["legal_actions"], dtype="uint16"),
        "played": pd.Series(columns["played"], dtype="object").astype(str),
        "played_id": pd.Series(columns["played_id"], dtype="uint16"),
        "played_text": pd.Series(columns["played_text"], dtype="object").astype(str),
        "played_building": pd.array(columns["played_building"], dtype="UInt8"),
        "played_size": pd.Categorical(columns["played_size"], categories=SIZES, ordered=True),
        "best": pd.Series(columns["best"], dtype="object").astype(str),
        "best_id": pd.Series(columns["best_id"], dtype="uint16"),
        "best_text": pd.Series(columns["best_text"], dtype="object").astype(str),
        "grade": pd.Categorical([d["grade"] for d in decisions], categories=GRADES, ordered=True),
        "accuracy": pd.Series(_floats(columns["accuracy"]), dtype="float64"),
    }
    for name in ("known", "revealed"):
        data[f"{name}_win"] = reading(name, acting, "played", "win")
        data[f"{name}_best_win"] = reading(name, acting, "best", "win")
        data[f"{name}_drop"] = drop(name)
        data[f"{name}_score"] = reading(name, acting, "played", "score")
        data[f"{name}_best_score"] = reading(name, acting, "best", "score")
    for p in range(players):
        data[f"revealed_win_{p}"] = reading("revealed", lambda d, p=p: p, "played", "win")
    for p in range(players):
        data[f"revealed_score_{p}"] = reading("revealed", lambda d, p=p: p, "played", "score")
    data["turning_point"] = pd.Series([d["index"] in turning for d in decisions], dtype="bool")
    frame = pd.DataFrame({k: (v if not isinstance(v, list) else pd.Series(v, dtype="float64"))
                          for k, v in data.items()})
    # Plain values only: pandas compares attrs when it concatenates frames.
    frame.attrs.update(
        {
            "reviewer": raw["reviewer"],
            "seed": raw["seed"],
            "worlds": raw["worlds"],
            "players": players,
            "variant": extra["variant"],
            "over": raw["over"],
            "only": raw["only"],
            "lang": extra["lang"],
            "seats": raw["seats"],
            "turning_points": list(raw["turning_points"]),
            "start": raw["start"],
            "win_chances": raw["win_chances"],
            "labels": extra["labels"],
            "seat_colors": list(extra["seat_colors"]),
        }
    )
    return frame


def plot_review(review: Any, ax: Any = None) -> Any:
    """Draws a review (the ``pandas.DataFrame`` of ``metropolys.review``)
    on ``ax`` (a matplotlib ``Axes``; default: a new figure's) and returns
    the ``Axes``: each seat's win chance with every card revealed (the
    ``revealed`` reading), from the setup through each decision, in the
    seat's colour; the inaccuracies, mistakes and blunders (graded with what
    the acting seat knew) marked on the acting seat's line; the turning
    points as dotted lines; titled with the reviewer, labelled in the
    review's language. Needs matplotlib (``pip install "metropolys[plot]"``).
    Raises ``ValueError`` for a review of one seat's decisions
    (``seat=``), which has no revealed reading."""
    try:
        import matplotlib.patheffects as effects  # type: ignore[import-untyped, import-not-found, unused-ignore]
        import matplotlib.pyplot as plt  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError as e:
        raise ImportError(
            'plot_review needs matplotlib: pip install matplotlib (or "metropolys[plot]")'
        ) from e
    attrs = review.attrs
    if "win_chances" not in attrs or "labels" not in attrs:
        raise ValueError(
            "plot_review: give the DataFrame of metropolys.review (its attrs hold the summary)"
        )
    if attrs.get("only") is not None or not attrs["win_chances"]:
        raise ValueError(
            "plot_review: this review is limited to one seat's knowledge (seat=): "
            "it has no revealed reading to draw"
        )
    labels = attrs["labels"]
    players = int(attrs["players"])
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 4))
    x = [0] + [int(i) + 1 for i in review["index"]]
    outline = [effects.Stroke(linewidth=3.2, foreground="0.35"), effects.Normal()]
    start = attrs["win_chances"][0]
    for p in range(players):
        y = [start[p]] + [float(v) for v in review[f"revealed_win_{p}"]]
        ax.plot(x, y, color=attrs["seat_colors"][p], linewidth=2, path_effects=outline,
                label=labels["seats"][p], zorder=2)
    for grade, color in ERRORS.items():
        rows = review[review["grade"] == grade]
        if len(rows):
            ys = [float(r[f"revealed_win_{int(r['seat'])}"]) for _, r in rows.iterrows()]
            ax.scatter([int(i) + 1 for i in rows["index"]], ys, s=45, color=color,
                       edgecolors="black", linewidths=0.6, zorder=3, label=labels["grades"][grade])
    for k, i in enumerate(attrs["turning_points"]):
        ax.axvline(int(i) + 1, color="0.4", linestyle="dotted", linewidth=1, zorder=1,
                   label=labels["turning_point"] if k == 0 else None)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlim(0, max(x))
    ax.set_xlabel(labels["decision"])
    ax.set_ylabel(f'{labels["win_chance"]}\n({labels["revealed"]})')
    ax.set_title(labels["title"])
    ax.legend(loc="upper left", fontsize="small", ncol=2)
    return ax
