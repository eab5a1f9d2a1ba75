"""Deals from DDS's own test set (github.com/dds-bridge/dds, ``hands/``, at commit d2bc4c2), each with the 5x4
table DDS's test program checks it against.

* ``TORTURE``: ``thomas1.txt`` and ``thomas2.txt``, "artificially constructed hands that take a very long time to
  solve" (DDS's ``hands/README``): every suit split 4-4-4-1 or 7-6 in a rotation, the hardest tables DDS ships;
* ``LARGEST``: ``largest.txt``, "21 hands from masterDD.txt that take a particularly long time to solve" (real deals
  from top-level play).

A table is DDS's ``resTable`` flattened, strain by strain (spades, hearts, diamonds, clubs, no trumps), each strain's
four numbers the tricks of declarer North, East, South, West.  :func:`table_of` turns one into the
``{strain: {seat: tricks}}`` form of ``bridgeplay.deal.doubledummy.dd_table``.
"""

from __future__ import annotations

TORTURE: list[tuple[str, str, tuple[int, ...]]] = [
    ("thomas1", "S:Q853.AJ962.KT74. AJ962.KT74..Q853 KT74..Q853.AJ962 .Q853.AJ962.KT74",
     (8, 4, 7, 4, 4, 7, 4, 8, 7, 4, 8, 4, 4, 8, 4, 7, 5, 5, 5, 5)),
    ("thomas2", "S:AQT8642.KJ9753.. KJ9753..AQT8642. ..KJ9753.AQT8642 .AQT8642..KJ9753",
     (7, 6, 7, 6, 6, 7, 6, 7, 6, 7, 6, 7, 7, 6, 7, 6, 7, 7, 7, 7)),
]
LARGEST: list[tuple[str, str, tuple[int, ...]]] = [
    ("largest 1", "N:T7.KT7.8752.AQ52 AQ9654..AT6.9863 K832.QJ964.KJ9.4 J.A8532.Q43.KJT7",
     (5, 8, 5, 8, 8, 5, 8, 5, 6, 7, 6, 7, 4, 9, 4, 9, 6, 6, 6, 6)),
    ("largest 2", "S:.K843.KJ643.AJ54 A95.2.QT9852.Q96 QJ8762.QJT7..T82 KT43.A965.A7.K73",
     (6, 7, 6, 6, 7, 5, 7, 5, 5, 8, 5, 8, 7, 5, 7, 6, 6, 7, 6, 7)),
    ("largest 3", "W:JT87.Q974.AJT65. 2.JT83.Q97.AJT74 AK64.K65.8.K9863 Q953.A2.K432.Q52",
     (4, 9, 4, 9, 4, 8, 4, 8, 5, 8, 5, 7, 7, 6, 7, 6, 6, 7, 6, 7)),
    ("largest 4", "W:8.KJ64.Q8432.863 J62.AT9.K75.KQ74 Q9543.Q7..AJT952 AKT7.8532.AJT96.",
     (8, 5, 8, 5, 9, 3, 9, 3, 9, 3, 9, 4, 4, 9, 4, 7, 10, 3, 10, 3)),
    ("largest 5", "N:K84.AQ753.QT4.Q7 AJ92.K964.J9.K93 QT753..A765.AT85 6.JT82.K832.J642",
     (10, 3, 9, 3, 6, 7, 6, 6, 8, 5, 8, 5, 7, 5, 7, 6, 9, 4, 8, 4)),
    ("largest 6", "E:KJ87.JT72.AT742. 6.98.KJ853.AT962 AQ32.KQ43..QJ843 T954.A65.Q96.K75",
     (3, 10, 3, 10, 3, 10, 2, 10, 6, 7, 6, 7, 7, 6, 7, 6, 5, 7, 5, 7)),
    ("largest 7", "E:J.Q43.JT864.QT86 K74.A872.AKQ532. AQ932.T95.9.A954 T865.KJ6.7.KJ732",
     (8, 4, 8, 4, 8, 5, 8, 5, 8, 5, 8, 5, 7, 6, 7, 6, 8, 5, 8, 5)),
    ("largest 8", "E:J.Q43.JT864.QT86 K74.A872.AKQ532. AQ932.T95.9.A954 T865.KJ6.7.KJ732",
     (8, 4, 8, 4, 8, 5, 8, 5, 8, 5, 8, 5, 7, 6, 7, 6, 8, 5, 8, 5)),
    ("largest 9", "S:A64.AKJ982.K3.K9 J83.T7643.54.QJ3 Q92..QT962.AT865 KT75.Q5.AJ87.742",
     (8, 4, 8, 4, 9, 3, 9, 3, 10, 3, 10, 3, 11, 2, 10, 2, 10, 3, 9, 3)),
    ("largest 10", "S:63.952.A962.Q852 .AQ643.Q873.AJ96 AKT72.K8.T.KT743 QJ9854.JT7.KJ54.",
     (6, 7, 6, 7, 3, 9, 3, 10, 4, 9, 4, 9, 8, 5, 8, 5, 6, 6, 6, 7)),
    ("largest 11", "W:632.J42.AQ6532.2 AJ75.K9653.JT8.3 KT98.AQT8..AQ876 Q4.7.K974.KJT954",
     (6, 7, 5, 7, 6, 8, 5, 7, 6, 7, 5, 7, 7, 7, 6, 6, 6, 7, 5, 7)),
    ("largest 12", "E:KJ653.85.T.A7653 .QJT42.J632.Q942 9.K976.A985.KJT8 AQT8742.A3.KQ74.",
     (7, 5, 7, 6, 7, 5, 7, 6, 8, 5, 8, 4, 4, 9, 4, 9, 6, 7, 6, 7)),
    ("largest 13", "E:KJ653.85.T.A7653 .QJT42.J632.Q942 9.K976.A985.KJT8 AQT8742.A3.KQ74.",
     (7, 5, 7, 6, 7, 5, 7, 6, 8, 5, 8, 4, 4, 9, 4, 9, 6, 7, 6, 7)),
    ("largest 14", "E:KJ653.85.T.A7653 .QJT42.J632.Q942 9.K976.A985.KJT8 AQT8742.A3.KQ74.",
     (7, 5, 7, 6, 7, 5, 7, 6, 8, 5, 8, 4, 4, 9, 4, 9, 6, 7, 6, 7)),
    ("largest 15", "E:KJ653.85.T.A7653 .QJT42.J632.Q942 9.K976.A985.KJT8 AQT8742.A3.KQ74.",
     (7, 5, 7, 6, 7, 5, 7, 6, 8, 5, 8, 4, 4, 9, 4, 9, 6, 7, 6, 7)),
    ("largest 16", "N:AT65.96.K63.AT32 K87.KT853..KJ965 J3.AJ742.QT754.8 Q942.Q.AJ982.Q74",
     (6, 7, 6, 7, 6, 7, 6, 7, 8, 5, 8, 5, 4, 9, 4, 9, 6, 7, 6, 7)),
    ("largest 17", "W:AQ92.A65.986543. T654.87.KQ72.T62 J.JT42.AJT.KJ983 K873.KQ93..AQ754",
     (7, 6, 7, 6, 5, 8, 5, 8, 3, 10, 3, 10, 7, 5, 7, 5, 6, 7, 5, 7)),
    ("largest 18", "W:AQ92.A65.986543. T654.87.KQ72.T62 J.JT42.AJT.KJ983 K873.KQ93..AQ754",
     (7, 6, 7, 6, 5, 8, 5, 8, 3, 10, 3, 10, 7, 5, 7, 5, 6, 7, 5, 7)),
    ("largest 19", "W:J42..K9643.K9532 AT3.T98.AT852.A8 K975.AJ76542.J7. Q86.KQ3.Q.QJT764",
     (6, 7, 6, 7, 5, 7, 5, 7, 6, 5, 6, 6, 8, 4, 9, 4, 9, 3, 9, 4)),
    ("largest 20", "W:KT752.JT5.QJ53.9 J964..KT98.KJ842 AQ83.K98762.7.AT .AQ43.A642.Q7653",
     (5, 8, 5, 8, 4, 9, 4, 8, 9, 4, 9, 4, 11, 2, 11, 2, 7, 6, 7, 6)),
    ("largest 21", "E:K2.2.A8732.A8542 QT86.5.K9654.J97 AJ753.AKJ74.QJT. 94.QT9863..KQT63",
     (3, 9, 3, 10, 4, 8, 4, 8, 2, 10, 2, 11, 5, 8, 5, 8, 4, 9, 4, 9)),
]


def table_of(flat: tuple[int, ...]) -> dict[str, dict[str, int]]:
    """A flattened DDS ``resTable`` as ``{strain: {seat: tricks}}``."""
    return {strain: {seat: flat[4 * i + j] for j, seat in enumerate("NESW")}
            for i, strain in enumerate(("S", "H", "D", "C", "NT"))}
