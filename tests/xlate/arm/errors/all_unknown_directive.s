// expect: unknown directive .frobnicate
.ctasm_text
	.frobnicate 1
