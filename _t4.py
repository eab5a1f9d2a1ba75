import numpy as np, sys
sys.path.insert(0,'tests')
from reference.trick_literal import *
from bridgeplay.engine import trick as T
from bridgeplay.games.maxn.game import small_deal, card_text
rng=np.random.default_rng(2)
def check(pos,S,G,P,d):
    fc=full_count(pos); r=T.search(S,G,P,T.FULL)[0][0]
    if fc!=r:
        print("d",d,"lit",fc,"eng",r, pos.trick, pos.left, pos.leader, S)
        for c in pos.moves():
            if check(pos.play(c),T.play(S,G,P,c),G,P,d+1): return True
        return True
    return False
for game in ("sergeant-major",):
  for k in range(3):
    g=small_deal(game, rng, 4, 3 if k%2 else 4, leader=k%3)
    pos=from_masks(game,g.hands,g.leader,g.tricks)
    S,G,P=g.arrays()
    if check(pos,S,G,P,0): break
