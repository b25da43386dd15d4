"""Blue Moon City (CMON 2019 and Kosmos 2006 editions, the expansion and the open-layout variant)."""
