// expect: not part of the dialect
tab .req x18
