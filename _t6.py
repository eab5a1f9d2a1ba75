import time, numpy as np, sys
from bridgeplay.engine import trick as T
from bridgeplay.games.maxn.game import random_deal
tr=int(sys.argv[1]); game=sys.argv[2]; algs=[T.NAMES.index(a) for a in sys.argv[4].split(',')]
rng=np.random.default_rng(1)
for d in range(int(sys.argv[3])):
    g=random_deal(game, rng, tr)
    S,G,P=g.arrays()
    out=[]
    for a in algs:
        t=time.time(); r=T.search(S,G,P,a); dt=time.time()-t
        out.append(f"{T.NAMES[a]} {r[2]:.3g} {dt:.2f}s")
    print(d, " | ".join(out), flush=True)
