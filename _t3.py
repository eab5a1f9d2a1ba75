import numpy as np, sys
sys.path.insert(0,'tests')
from reference.trick_literal import *
from bridgeplay.engine import trick as T
from bridgeplay.games.maxn.game import small_deal, card_text
rng=np.random.default_rng(2)
def walk(pos,S,G,P,depth):
    a=pos.moves(); b=list(T.legal_moves(S,G,P))
    if a!=b:
        print("moves differ",[card_text(c) for c in a],[card_text(c) for c in b], pos.trick, [sorted(h) for h in pos.hands]); return True
    if pos.terminal(): return False
    if depth==0: return False
    for c in a:
        if walk(pos.play(c), T.play(S,G,P,c),G,P,depth-1): return True
    return False
for game in ("sergeant-major","hearts"):
  for k in range(10):
    g=small_deal(game, rng, 4, 3 if k%2 else 4, leader=k%3)
    pos=from_masks(game,g.hands,g.leader,g.tricks)
    S,G,P=g.arrays()
    if walk(pos,S,G,P,12): break
