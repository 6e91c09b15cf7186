// expect: not part of the dialect
	.set	K, 3
