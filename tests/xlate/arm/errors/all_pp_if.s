// expect: preprocessor directive
#ifdef __APPLE__
.ctasm_text
#endif
