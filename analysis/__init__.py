"""``harp.analysis``: batch scoring, deal statistics and their store."""
