#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# Negative fixtures for the single-step unwind test (tests/unwind_test.cc): each
# function is ABI-clean (it returns with every callee-saved register intact, so the
# ABI trampoline passes it) but its unwind data is wrong at some instructions. The
# test single-steps each one and must report the mismatch, so it cannot pass by
# checking nothing. Prototype of every function: uint64_t f(void), returning its number.
#
# The first three break the unwind data in the code itself, so they are wrong in
# every flavour (DWARF CFI on elf/macosx, .pdata/.xdata on nasm). The last two carry a
# wrong raw .cfi_* annotation: the nasm flavour drops .cfi_* lines, so there they are
# correct functions (the Windows test expects them to pass, a check that no .cfi_*
# leaks into the Win64 unwind codes).
#
# These objects are wrong on purpose: a static CFI checker must expect them to fail.
use FindBin;
use lib "$FindBin::RealBin/../lib";
use Perlasm qw($code finish);
Perlasm::open_output("x86_64", @ARGV);

my ($ret, $t0, $t1) = ("%eax", "%rax", "%rcx");   # volatile in both conventions

$code = ".ctasm_text\n";
$code .= <<___;
# Wrong CFA: a push the unwind data does not describe. Until the pop, the unwinder
# takes the pushed word for the saved rbx (Win64) or the return address (CFI).
.ctasm_proc	ctasm_unwind_neg_cfa, global, broken_unwind, save=rbx
	movl	\$0x11, %ebx
	pushq	$t0
	movl	\$1, $ret
	popq	$t1
.ctasm_ret
.ctasm_endproc

# Wrong saved register: rbx and rbp trade stack slots for a few instructions, so the
# unwinder (which reads each from the slot the prologue described) swaps them. Three
# pushes keep rsp 16-aligned, so no padding moves the slots: r12 0, rbp 8, rbx 16.
.ctasm_proc	ctasm_unwind_neg_saved, global, broken_unwind, save=rbx,rbp,r12
	movq	8(%rsp), $t0
	movq	16(%rsp), $t1
	movq	$t1, 8(%rsp)
	movq	$t0, 16(%rsp)
	movl	\$0x22, %ebx
	movq	8(%rsp), $t0
	movq	16(%rsp), $t1
	movq	$t1, 8(%rsp)
	movq	$t0, 16(%rsp)
	movl	\$2, $ret
.ctasm_ret
.ctasm_endproc

# Missing epilogue annotation: a hand-written epilogue without CFI, ending in an
# indirect jump that the Win64 unwinder does not recognise as an epilogue either.
.ctasm_proc	ctasm_unwind_neg_epilogue, global, broken_unwind, save=rbx
	movl	\$0x33, %ebx
	movl	\$3, $ret
	popq	%rbx
	popq	$t1
	jmpq	*$t1
.ctasm_endproc

# Wrong saved-register annotation (CFI only): rbx is said to be in rbp's slot.
.ctasm_proc	ctasm_unwind_neg_cfi_offset, global, broken_unwind, save=rbx,rbp
	.cfi_offset	%rbx, -24
	movl	\$0x44, %ebx
	movl	\$4, $ret
.ctasm_ret
.ctasm_endproc

# Wrong CFA annotation (CFI only): 24 where the prologue left 16.
.ctasm_proc	ctasm_unwind_neg_cfi_cfa, global, broken_unwind, save=rbx
	.cfi_def_cfa_offset	24
	movl	\$0x55, %ebx
	movl	\$5, $ret
.ctasm_ret
.ctasm_endproc
___

finish();
