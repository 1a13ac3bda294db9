"""Hostile input at the boundary: documents, records and component files from strangers."""
