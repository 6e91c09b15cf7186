# SPDX-License-Identifier: Apache-2.0
package Xlate::Fail;
# How the shared modules (Xlate/*.pm) refuse an input: through the translator's own
# fail(), which names the tool, the flavour and the input line. Each translator
# script installs it when it starts (x86_64-xlate.pl, arm-xlate.pl), never a module
# while loading: util/perl_job_server.pl loads every translator's modules in one
# process, so the last one loaded would answer for all. fail never returns.
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(fail);

my $HANDLER = sub { die "$_[0]\n" };
sub install { $HANDLER = $_[0] }
sub fail { $HANDLER->(@_); die "$_[0]\n" }

1;
