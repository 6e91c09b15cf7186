# expect: 'movdqa' with index %rdi: displacement 224 (bytes [224, 240)) is outside f's frame= scratch [0, 224)
# bsaes-x86_64's 224(%rsp,%rdx) in a frame that ends at 224: even index 0 reads past the scratch.
.ctasm_text
.ctasm_proc	f, args=1, frame=224
	movdqa	224(%rsp,%rdi), %xmm0
	.ctasm_ret
.ctasm_endproc
