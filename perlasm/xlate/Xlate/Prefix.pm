# SPDX-License-Identifier: Apache-2.0
package Xlate::Prefix;
# The CTASM_PREFIX block at the top of every generated file, for every flavour of
# both translators: when CTASM_PREFIX is defined, each exported symbol NAME is
# renamed PREFIX_NAME (docs/PERLASM.md, "Symbols and CTASM_PREFIX"). The flavour
# tables give the spelling:
#   nasm   => 1     NASM preprocessor (%xdefine); otherwise the C preprocessor:
#   sym    => '_'   what the object format puts before C names (Mach-O), or ''
#   macro  => NAME  the token-pasting helper macro (CTASM_PFX; x86_64 Mach-O CTASM_MPFX)
#   sep    => TEXT  between CTASM_PREFIX and the name in each definition
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(prefix_block);

sub prefix_block {
    my ($spell, @globals) = @_;
    return () unless @globals;
    if ($spell->{nasm}) {
        return ('%ifdef CTASM_PREFIX', (map { "%xdefine $_ CTASM_PREFIX %+ _$_" } @globals),
                '%endif');
    }
    my ($u, $m, $sep) = @{$spell}{qw(sym macro sep)};
    return ('#if defined(CTASM_PREFIX)',
            "#define ${m}2(p,n) " . ($u eq '' ? '' : "$u##") . 'p##_##n',
            "#define $m(p,n) ${m}2(p,n)",
            (map { "#define $u$_ $m(CTASM_PREFIX$sep$_)" } @globals),
            '#endif');
}

1;
