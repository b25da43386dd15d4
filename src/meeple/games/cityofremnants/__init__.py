"""City of Remnants: refugee gangs fight over a city held by the Yugai (Plaid Hat Games, 2013)."""
