// expect: preprocessor directive
#define tab x18
.ctasm_text
