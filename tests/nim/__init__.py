"""Dice Nim: a fourth game, kept in the tests, that proves a new game is one package plus one registration."""
