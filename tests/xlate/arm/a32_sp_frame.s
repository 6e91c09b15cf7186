@ sp-relative stores at the edges of the frame= scratch [sp, #0 .. frame), which the
@ translator bounds (Arm/StackA32.pm); loads may read above it (the stack arguments).
.ctasm_text
.ctasm_proc a32_sp_frame, save=r4,lr, vsave=d8, frame=13
	str	r0, [sp]
	str	r0, [sp, #12]
	strb	r0, [sp, #15]
	strh	r0, [sp, #14]
	strd	r0, r1, [sp, #8]
	stm	sp, {r0-r3}
	stmia	sp, {r0-r3}
	stmib	sp, {r0-r2}
	stmea	sp, {r0}
	vstr	d0, [sp, #8]
	vstr	s0, [sp, #12]
	vstmia	sp, {d0-d1}
	vstm	sp, {d0}
	ldr	r4, [sp, #32]
	ldm	sp, {r0-r3}
	.ctasm_ret
.ctasm_endproc
