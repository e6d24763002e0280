"""Questions about draws to come and their answers, shared by ``badugi_fast.odds`` (the C loops) and
``badugi_fast.reference`` (the plain-Python specification), so that both read the same inputs the same way and
answer in the same types:

- ``holdings``: what a player holds (known cards, unknown cards, ranges: the grammar);
- ``spot``: a question, checked once (the model both answer);
- ``result``: what ``draw_odds`` and ``equity`` return;
- ``advice``: what ``best_discard`` and ``best_draw`` return.
"""
