import time, numpy as np
from bridgeplay.engine import trick as T
from bridgeplay.games.maxn.game import random_deal, small_deal
t=time.time()
rng=np.random.default_rng(1)
g=random_deal("sergeant-major", rng, 2)
S,G,P=g.arrays()
print(T.search(S,G,P,T.MAXN)); print("compile",time.time()-t)
for alg in range(9):
    t=time.time(); r=T.search(S,G,P,alg); print(T.NAMES[alg], r, time.time()-t)
