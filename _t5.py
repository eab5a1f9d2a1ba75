import time, numpy as np, sys
from bridgeplay.engine import trick as T
from bridgeplay.games.maxn.game import random_deal
tr=int(sys.argv[1]); game=sys.argv[2]
rng=np.random.default_rng(1)
tot={}
for d in range(int(sys.argv[3])):
    g=random_deal(game, rng, tr)
    S,G,P=g.arrays()
    for a in range(9):
        if a==T.SHALLOW and not g.shallow_sound: continue
        if a==T.MAXN_PLAIN: continue
        t=time.time(); r=T.search(S,G,P,a); dt=time.time()-t
        x=tot.setdefault(T.NAMES[a],[0,0]); x[0]+=r[2]; x[1]+=dt
for k,(n,t) in tot.items(): print(f"{k:12s} {n:14d} {t:8.2f}s {n/max(t,1e-9):12.0f}/s")
