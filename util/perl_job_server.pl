# SPDX-License-Identifier: Apache-2.0
# Runs perl scripts for gen_asm.py without paying perl's start-up for each one.
#
#   perl util/perl_job_server.pl [--workers IN:OUT,...]   (from the repository root;
#                                                          gen_asm.py starts it)
#
# Starting perl and compiling Math::BigInt and the translator modules costs about
# 60 ms, more than translating a small file, and a full regeneration runs perl
# about 45 times. This server loads the perlasm modules once; for each job it forks,
# and the child runs the script exactly as `perl SCRIPT ARGS < IN > OUT 2> ERR` would
# (same $0, @ARGV, FindBin, working directory and environment), so the output is the
# same bytes. Every job gets a fresh copy of the preloaded state: nothing one job
# does reaches another.
#
# Without --workers it serves stdin/stdout. With --workers, each IN:OUT pair of
# inherited file descriptors gets a worker process forked after the preloading, so
# the modules are loaded once for all of gen_asm.py's threads.
#
# Protocol, one job at a time per worker, on its request/reply pipes:
#   request: "run IN OUT ERR SCRIPT [ARG...]\n"   (tab-separated; IN, OUT, ERR file paths)
#   reply:   "status N cpu S\n"                   (N: the exit status perl would report;
#                                                 S: the job's CPU seconds, user+system)
use strict;
use warnings;
use FindBin;
use IO::Handle ();
use POSIX ();

# Preload every perlasm module (translators, shared libraries, script helpers), in
# sorted order so every run loads the same way, in two steps: the scripts' modules
# (every perlasm/ directory but xlate/), then the translators' (perlasm/xlate/, with
# Math::BigInt and the compiled translators), during which the first worker already
# runs jobs (see the end of this file). If one does not load, the server starts again
# without preloading anything, so each job loads the modules itself and reports the
# error exactly as `perl SCRIPT` would. A module that warns while loading would warn in
# every job that uses it (and gen_asm.py fails a job that writes to stderr): the
# server stops with the warning instead. $stop_early: called before either (it stops
# the first worker, which must not serve next to the restarted server's).
sub preload_dirs {
    my ($translators, $stop_early) = @_;
    my $cwd = POSIX::getcwd();
    my @warnings;
    for my $dir (sort grep { -d && ($_ eq 'perlasm/xlate') == $translators } glob("perlasm/*")) {
        for my $pm (sort(glob("$dir/*.pm")), sort(glob("$dir/*/*.pm"))) {
            (my $rel = $pm) =~ s{^\Q$dir\E/}{};
            next if exists $INC{$rel};
            # what a script's `use lib $FindBin::RealBin, ".../../lib"` gives its modules
            local @INC = ("$cwd/$dir", "$cwd/perlasm/lib", @INC);
            local $SIG{__WARN__} = sub { push @warnings, $_[0] };
            next if eval { require $rel; 1 };
            # Said on stderr, which gen_asm.py turns into an error if every job then
            # runs: a module that loads in a job but not here is this server's bug, and
            # without the preload every job compiles its modules (~1.5x gen_asm's CPU).
            my ($why) = split /\n/, $@;
            print STDERR "perl_job_server: $pm did not preload ($why); restarting without the preload\n";
            $stop_early->() if $stop_early;
            exec($^X, $0, '--no-preload', @ARGV) or die "perl_job_server: cannot restart: $!\n";
        }
    }
    return unless @warnings;
    $stop_early->() if $stop_early;
    die "perl_job_server: warnings while loading the perlasm modules:\n", @warnings;
}
sub preload_scripts { preload_dirs(0) }
sub preload_translators {
    preload_dirs(1, @_);
    require Math::BigInt;
    require Math::BigInt::Calc;
    precompile($_) for sort glob("perlasm/xlate/*.pl");
}

# The translators, compiled once here instead of in every translation job (~5 ms for
# arm-xlate.pl, which is run ~11 times a regeneration). A translator's text becomes the
# body of a named sub, compiled as `perl SCRIPT` would compile it: $0 and FindBin name
# the script, `#line` keeps its file name and line numbers in every message, and the
# @INC its `use lib` makes at compile time is kept for the job (run_job), not for
# the server's other jobs. Each translator compiles in a
# package of its own (both import their Common.pm's fail, $flavour, ... under the
# same names; main::, where a perlasm script runs, keeps none of them). Its
# file-scope lexicals become the sub's, which its named subs bind at compile time:
# right for the one call a job (a fresh fork) makes, so perl's "will not stay shared"
# is expected; any other warning, a compile error or a changed file (checked by its
# stat in run_job) leaves the script to `do`, exactly as before.
my %PRECOMPILED;    # "./SCRIPT" => [stat key, package, @INC after its compilation]
sub stat_key { my @s = stat($_[0]); return @s ? join(':', @s[0, 1, 7, 9]) : '' }
sub precompile {
    my ($script) = @_;
    my $path = "./$script";
    my $key = stat_key($path);
    open(my $fh, '<', $path) or return;
    my $src = do { local $/; <$fh> };
    close($fh);
    return if $src =~ /^__(?:END|DATA)__\b/m;
    (my $pkg = $script) =~ s/\W/_/g;
    $pkg = "CtasmJob::$pkg";
    my (@warnings, @inc);
    my $ok = do {
        local $0 = $script;
        local @INC = @INC;
        local $SIG{__WARN__} = sub { push @warnings, $_[0] };
        FindBin::again();
        my $ok = eval "package $pkg; sub job_main {\n#line 1 \"$path\"\n$src\n}\n1";
        @inc = @INC;
        $ok;
    };
    FindBin::again();
    return unless $ok && !grep { !/^Variable "[^"]+" will not stay shared at / } @warnings;
    $PRECOMPILED{$path} = [$key, $pkg, \@inc];
}

# A job's process leaves without perl's global destruction: after the script's own
# END blocks (this one was compiled first, so it runs last) it flushes and exits with
# the status perl would. Destruction frees every value of the preloaded state, which
# copies each page the fork shared: about 4 ms a job, more than most translations.
# (So a job writes through STDOUT/STDERR or closes the files it opens, as every
# perlasm script and translator does: other buffers are not flushed.)
my $job_child = 0;
END {
    if ($job_child) {
        my $status = $?;
        STDOUT->flush;
        STDERR->flush;
        POSIX::_exit($status);
    }
}

sub run_job {
    my ($in, $out, $err, $script, @args) = @_;
    my @before = times;
    my $pid = fork;
    die "perl_job_server: fork: $!\n" unless defined $pid;
    if ($pid == 0) {
        $job_child = 1;
        close(STDIN);    # resets $. (error messages would name the request line)
        open(STDIN, '<', $in) or POSIX::_exit(126);
        open(STDOUT, '>', $out) or POSIX::_exit(126);
        open(STDERR, '>', $err) or POSIX::_exit(126);
        my $path = $script =~ m{^/} ? $script : "./$script";
        unless (-f $path) {
            print STDERR "Can't open perl script \"$script\": No such file or directory\n";
            exit 2;
        }
        $0 = $script;
        @ARGV = @args;
        FindBin::again();
        # As `perl SCRIPT`: a die prints its message and exits non-zero.
        my $pre = $PRECOMPILED{$path};
        if ($pre && $pre->[0] eq stat_key($path)) {
            @INC = @{ $pre->[2] };    # what its `use lib $FindBin::RealBin` made of it
            my $main = $pre->[1]->can('job_main');
            eval { $main->(); 1 } and exit 0;
            print STDERR $@;
            exit 255;
        }
        package main;
        do $path;
        if ($@) {
            print STDERR $@;
            exit 255;
        }
        exit 0;
    }
    waitpid($pid, 0);
    my $status = $? & 127 ? 128 + ($? & 127) : $? >> 8;
    my @after = times;
    return ($status, $after[2] + $after[3] - $before[2] - $before[3]);
}

sub serve {
    $| = 1;
    while (my $req = <STDIN>) {
        chomp $req;
        serve_one($req);
    }
}

sub serve_one {
    my ($req) = @_;
    my ($verb, @f) = split /\t/, $req;
    die "perl_job_server: bad request '$req'\n" unless $verb eq 'run' && @f >= 4;
    my ($status, $cpu) = run_job(@f);
    printf "status %d cpu %.3f\n", $status, $cpu;
}

# The first worker while the server loads the translators: it serves requests until
# $ctl (a pipe from the server) becomes readable, then leaves between two jobs, and the
# server forks a worker with everything loaded in its place on the same pipes. A
# request is read only when it runs here (select, then sysread of the one line that
# gen_asm.py writes at once and answers before the next), so none is lost: the next
# one waits in the pipe for the new worker. A translation here runs as `do` would.
sub serve_early {
    my ($ctl) = @_;
    $| = 1;
    my ($in, $c) = (fileno(STDIN), fileno($ctl));
    while (1) {
        my $r = '';
        vec($r, $_, 1) = 1 for $in, $c;
        next if select($r, undef, undef, undef) < 0;
        return if vec($r, $c, 1);
        my $req = '';
        while ($req !~ /\n\z/) {
            my $n = sysread(STDIN, $req, 65536, length $req);
            die "perl_job_server: read: $!\n" unless defined $n;
            return if $n == 0 && $req eq '';
            die "perl_job_server: request cut short\n" if $n == 0;
        }
        chomp $req;
        serve_one($req);
    }
}

my ($no_preload, $workers) = (0, undef);
for (my @a = @ARGV; @a;) {
    my $o = shift @a;
    if ($o eq '--no-preload') { $no_preload = 1 }
    elsif ($o eq '--workers' && @a && $a[0] =~ /^\d+:\d+(?:,\d+:\d+)*$/) { $workers = shift @a }
    else { die "usage: perl util/perl_job_server.pl [--no-preload] [--workers IN:OUT,...]\n" }
}
unless (defined $workers) {
    preload_scripts(), preload_translators() unless $no_preload;
    exit(serve() // 0);
}

my @pairs = map { [split /:/] } split /,/, $workers;
# Worker $k on its own pipes, serving with $serve.
sub start_worker {
    my ($k, $serve) = @_;
    my $pid = fork;
    die "perl_job_server: fork: $!\n" unless defined $pid;
    return $pid if $pid;
    # Only its own pipes stay open, so each end sees EOF when its peer goes.
    POSIX::close($_) for map { @{ $pairs[$_] } } grep { $_ != $k } 0 .. $#pairs;
    open(STDIN, '<&=', $pairs[$k][0]) or die "perl_job_server: fd $pairs[$k][0]: $!\n";
    open(STDOUT, '>&=', $pairs[$k][1]) or die "perl_job_server: fd $pairs[$k][1]: $!\n";
    $serve->();
    exit 0;
}
my @pids;
my $early_status = 0;    # the first worker's exit, when it was replaced
if ($no_preload) {
    @pids = map { start_worker($_, \&serve) } 0 .. $#pairs;
} else {
    # The first worker serves while the translators load (~0.1 s of one core, which
    # the generation jobs it runs meanwhile need none of), then is replaced.
    preload_scripts();
    pipe(my $ctl_r, my $ctl_w) or die "perl_job_server: pipe: $!\n";
    my $early = start_worker(0, sub {
        close($ctl_w);
        serve_early($ctl_r);
        STDOUT->flush;
        POSIX::_exit(0);    # no global destruction: the server waits for this exit
    });
    close($ctl_r);
    my $stop = sub { syswrite($ctl_w, "x"); waitpid($early, 0); $early_status = $?; };
    preload_translators($stop);
    push @pids, start_worker($_, \&serve) for 1 .. $#pairs;
    $stop->();
    close($ctl_w);
    unshift @pids, start_worker(0, \&serve) unless $early_status;
}
POSIX::close($_) for map { @$_ } @pairs;
my $failed = $early_status;
for (@pids) { waitpid($_, 0); $failed ||= $?; }
exit($failed ? 1 : 0);
