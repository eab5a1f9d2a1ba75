import sys, numpy as np
sys.path.insert(0,'tests')
from reference.trick_literal import from_masks, maxn, paranoid
from bridgeplay.games.maxn.game import small_deal, hand_text, card_text
for game, seed, k in (("sergeant-major", 7, 5), ("hearts", 11, 5)):
    g = small_deal(game, np.random.default_rng(seed), k)
    pos = from_masks(game, g.hands, 0, k)
    v, mv = maxn(pos); pv = paranoid(pos, 0)
    print(game, [hand_text(h) for h in g.hands], v, card_text(mv), pv)
