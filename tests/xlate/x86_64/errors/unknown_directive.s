# expect: unknown directive .foo
.ctasm_text
.foo 1
