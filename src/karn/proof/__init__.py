"""Proof that a supported card plays as written (issue 15, part 4).

* :mod:`karn.proof.sandbox`: the every-card sandbox, a small game built around one card in
  which it is cast or played, its abilities activated and its triggers resolved, with the
  engine's invariants checked after every action;
* :mod:`karn.proof.render_back`: the card's IR rendered back to English compared with its
  normalized Oracle text (``docs/RENDER_BACK.md``);
* :mod:`karn.proof.supported`: the definition of a *supported* card and its count, cached.
"""
