# expect: .long without values
# A data directive names its values.
.ctasm_rodata
.long
