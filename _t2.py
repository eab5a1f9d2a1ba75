import numpy as np, sys
sys.path.insert(0,'tests')
from reference.trick_literal import *
from bridgeplay.engine import trick as T
from bridgeplay.games.maxn.game import small_deal
rng=np.random.default_rng(2)
bad=0
for game in ("sergeant-major","hearts"):
  for k in range(40):
    g=small_deal(game, rng, 4, 3 if k%2 else 4, leader=k%3)
    pos=from_masks(game,g.hands,g.leader,g.tricks)
    S,G,P=g.arrays()
    v,mv=maxn(pos); pv=paranoid(pos,g.leader); fc=full_count(pos)
    r={a:T.search(S,G,P,a) for a in range(9) if not(a==T.SHALLOW and not g.shallow_sound)}
    if tuple(r[T.FULL][0])!=(fc,): print("full",fc,r[T.FULL]); bad+=1
    for a in (T.MAXN,T.MAXN_PLAIN,T.SHALLOW,T.DFBNB,T.ABBNB,T.MAXN_TT):
        if a not in r: continue
        if tuple(r[a][0])!=tuple(v) or r[a][1]!=mv: print(game,T.NAMES[a],r[a],v,mv); bad+=1
    for a in (T.PARANOID,T.PARANOID_H):
        if r[a][0][0]!=pv: print(game,T.NAMES[a],r[a],pv); bad+=1
print("bad",bad)
