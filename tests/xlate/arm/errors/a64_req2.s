// expect: not part of the dialect
	.req	tab, x18
