"""The numba kernels.  Single suits: rules, vectors, split, ddsuit, suit; deals: deal, dealplay, dd.

Compile-time conventions (a first run compiles every kernel a solver needs):

* A kernel calls another kernel with ``np.int64(...)``, never a literal int or bool, and counters that
  are passed on start as ``np.int64(0)``.  numba compiles a callee once per literal value it is called
  with (and once more for a counter's literal 0, seen before the loop that changes it is typed), and
  every extra compile re-optimises the callee and everything it calls.
* Each kernel compiled on its own is optimised again, with everything it calls, in every kernel
  that calls it.  So a small kernel called from one or two places (a wrapper) is
  ``inline="always"``; a large one is not: numba's inlining of a large body costs more than the
  compile it saves (_min_combine_t into _combine: 7 s more).
* Arrays are copied with ``vectors._put``, ``_put_rows``, ``_set_row``, ``_copy_row`` (loops), never
  with a slice assignment ``a[i:j] = b``: numba checks its shapes and formats the error message with
  strings, about 1.5 s of compile per process, and that code is optimised again in every kernel
  above (a cold AKQJ9/xx: 73 s -> 63 s).  Filling a slice with a scalar is fine.
* numba types a recursive call by inferring the whole calling function again, once per recursive
  call site and propagation pass: ``suit._node`` keeps its recursive call sites few (three) and
  what does not recurse in kernels of its own (``_replies``, ``_gather``).
* The kernel modules load numba's array-math registry with scipy.linalg hidden
  (:func:`._numba.numba_without_scipy`): 0.15 s of a warm solve, for a flag the kernels never use.
* The library never calls ``gc.freeze()`` (a notebook or a server must keep collecting its own
  garbage); the command line does, once its command is done, so the collection at interpreter exit
  skips numba's registries and the kernels, some 10^5 objects (a warm AKQJ9/xx: about 0.2 s).
* A kernel compiled with ``_nrt=False`` (no reference counts: ``dd._search``, ``abc._node``) allocates
  nothing, and every kernel it calls that allocates states ``_nrt=True`` (``dd._solve``): numba passes a
  caller's ``_nrt=False`` on to a callee that does not state it, which then fails to type its
  ``np.empty`` when it is compiled first from that caller (a cold cache) and poisons later kernels of
  the process.  Check such a change from an empty cache: ``NUMBA_CACHE_DIR=$(mktemp -d) pytest``.
* numba keys a kernel's cache on its own file: after a change to ``dd.py``, the cached kernels of ``abc.py`` and
  ``ddpacked.py`` that call into it still run the engine they were compiled with.  Empty
  ``bridgeplay/engine/__pycache__`` before counting or timing such a change (a count of the eleventh session
  was read from the stale cache of a worktree).
* A hot kernel indexes its arrays with subscripts cast to unsigned (``A[_ix(i + 3)]``, ``dd._ix`` is
  ``np.uint64``): numba cannot prove a signed index non-negative and emits a wrap-around fix-up before every
  load and store (``dd._search`` had 70; dropping them cut a no-trump node's time by about 10%).  The cast
  goes at the subscript (numba types ``uint64 + literal`` back to int64), and only where the index is
  never negative: a negative one would then read out of bounds, with no error.
* The kernels code outside the engine calls have public names: ``rules.representatives``,
  ``follow_plays``, ``trick_winner`` (also in ``suit``), ``suit.world_bitsets``, ``new_memos``,
  ``solve_node``, ``vectors.values``, ``find_superset``, ``pareto``, ``min_combine``,
  ``expand_levels``, ``dd.solve``; the ``_`` names they alias stay (the tests use them).
"""
