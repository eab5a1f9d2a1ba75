"""The report of ``bridgeplay experiment imp``: the table of cells, the seed's Fig. 6 panels drawn in the
terminal, and (``--plot FILE.png``) the same panels with matplotlib."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bridgeplay.analysis.imp_experiment import ExperimentResult

MARKS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def panels(rows: Sequence[dict[str, Any]]) -> list[tuple[str, str, dict[int, list[tuple[int, float]]]]]:
    """Fig. 6's panels: (title, series name, {series value: [(d, 100 ab/mm)]}) -- k = 2 with b varying, and
    b = 2 with k varying; a panel only when some series has two depths or more, and one with a single series
    (the k = 2, b = 2 curve the other panel has) only when there is no other."""
    out = []
    for title, fixed, vary in (("k = 2, b varying", "k", "b"), ("b = 2, k varying", "b", "k")):
        series: dict[int, list[tuple[int, float]]] = {}
        for r in rows:
            if r[fixed] == 2 and r["ratio"] is not None:
                series.setdefault(r[vary], []).append((r["d"], 100 * r["ratio"]))
        series = {v: sorted(p) for v, p in sorted(series.items()) if len(p) >= 2}
        if series:
            out.append((title, vary, series))
    several = [p for p in out if len(p[2]) > 1]
    return several or out


def _mark(v: int) -> str:
    return MARKS[v] if 0 <= v < len(MARKS) else "*"


def text_plot(title: str, name: str, series: dict[int, list[tuple[int, float]]], width: int = 44,
              height: int = 12) -> list[str]:
    """One panel as lines of text: 100 ab/mm (y) against d (x), each series drawn with its value's mark."""
    ds = sorted({d for pts in series.values() for d, _ in pts})
    ys = [y for pts in series.values() for _, y in pts]
    lo, hi = min(ys), max(ys)
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1
    grid = [[" "] * width for _ in range(height)]

    def col(d: int) -> int:
        return 0 if len(ds) == 1 else round((ds.index(d)) * (width - 1) / (len(ds) - 1))

    def row(y: float) -> int:
        return height - 1 - round((y - lo) * (height - 1) / (hi - lo))

    for v, pts in series.items():
        for (d1, y1), (d2, y2) in zip(pts, pts[1:], strict=False):  # dotted segments between points
            c1, c2 = col(d1), col(d2)
            for c in range(c1 + 1, c2):
                y = y1 + (y2 - y1) * (c - c1) / (c2 - c1)
                if grid[row(y)][c] == " ":
                    grid[row(y)][c] = "·"
        for d, y in pts:
            grid[row(y)][col(d)] = _mark(v)
    lines = [f"{title}: 100·ab/mm against d   ({name}: "
             + " ".join(_mark(v) if _mark(v) == str(v) else f"{_mark(v)}={v}" for v in series) + ")"]
    for i, cells in enumerate(grid):
        y = hi - (hi - lo) * i / (height - 1)
        label = f"{y:6.1f} │" if i in (0, height // 2, height - 1) else "       │"
        lines.append(label + "".join(cells))
    axis = [" "] * width
    for d in ds:
        text = str(d)
        c = min(col(d), width - len(text))
        axis[c:c + len(text)] = list(text)
    lines.append("       └" + "─" * width)
    lines.append("        " + "".join(axis) + "   d")
    return lines


def render(result: ExperimentResult, console: Console, plot: bool = True) -> None:
    """The table (one row per cell), the skipped cells, the assumptions, and Fig. 6's panels."""
    t = Table(box=box.SIMPLE_HEAD, title=f"IMP-alpha-beta / IMP-minimax, leaves examined (seed {result.seed})",
              title_justify="left")
    for name, just in (("k", "right"), ("b", "right"), ("d", "right"), ("trials", "right"),
                       ("100·ab/mm", "right"), ("95% interval", "right"), ("mm leaves", "right"),
                       ("ab leaves", "right")):
        t.add_column(name, justify=just)  # type: ignore[arg-type]
    for r in result.rows:
        if r["ratio"] is None:
            t.add_row(str(r["k"]), str(r["b"]), str(r["d"]), "0", "skipped", "", f"{r['mm_leaves']:,}", "",
                      style="dim")
            continue
        ci = r["ci95"]
        t.add_row(str(r["k"]), str(r["b"]), str(r["d"]), f"{r['trials']:,}", f"{100 * r['ratio']:.2f}",
                  f"{100 * ci[0]:.2f}–{100 * ci[1]:.2f}" if ci else "—", f"{r['mm_leaves']:,}",
                  f"{r['ab_leaves']:,.1f}")
    console.print(t)
    for r in result.rows:
        if r.get("skipped"):
            console.print(Text(f"skipped k={r['k']} b={r['b']} d={r['d']}: {r['skipped']}", style="yellow"))
    checked = sum(r.get("minimax_checked", 0) for r in result.rows)
    if checked:
        console.print(Text(f"IMP-minimax also run on {checked:,} of the trees: (kb)^(d-1) leaves and alpha-beta's "
                           "value on every one (Theorems 3 and 2)", style="dim"))
    console.print(Text("Assumptions the paper leaves open:", style="bold"))
    for a in result.to_json()["assumptions"]:
        console.print(Text(f"  - {a}", style="dim"))
    if plot:
        for title, name, series in panels(result.rows):
            console.print()
            for line in text_plot(title, name, series):
                console.print(Text(line))
    console.print(Text(f"{result.seconds:.2f} s on {result.jobs} worker(s), executor {result.executor}",
                       style="dim"))


def save_png(result: ExperimentResult, path: str) -> None:
    """Fig. 6's panels in a PNG (matplotlib, an optional extra: ImportError when missing)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    chosen = panels(result.rows)
    if not chosen:
        raise ValueError("no panel to plot: Fig. 6 needs k = 2 or b = 2 and two depths or more")
    fig, axes = plt.subplots(1, len(chosen), figsize=(5.5 * len(chosen), 4.2), squeeze=False)
    for ax, (title, name, series) in zip(axes[0], chosen, strict=True):
        for v, pts in series.items():
            ax.plot([d for d, _ in pts], [y for _, y in pts], marker="o", label=f"{name} = {v}")
        ax.set_title(title)
        ax.set_xlabel("depth d")
        ax.set_ylabel("100 · αβ / mm")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(f"IMP-alpha-beta's leaves as a share of IMP-minimax's (seed {result.seed})")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
