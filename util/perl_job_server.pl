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
# sorted order so every run loads the same way. If one does not load, the server
# starts again without preloading anything, so each job loads the modules itself and
# reports the error exactly as `perl SCRIPT` would. A module that warns while loading
# would warn in every job that uses it (and gen_asm.py fails a job that writes to
# stderr): the server stops with the warning instead.
sub preload {
    my $cwd = POSIX::getcwd();
    my @warnings;
    for my $dir (sort grep { -d } glob("perlasm/*")) {
        for my $pm (sort(glob("$dir/*.pm")), sort(glob("$dir/*/*.pm"))) {
            (my $rel = $pm) =~ s{^\Q$dir\E/}{};
            next if exists $INC{$rel};
            local @INC = ("$cwd/$dir", @INC);
            local $SIG{__WARN__} = sub { push @warnings, $_[0] };
            eval { require $rel; 1 } or exec($^X, $0, '--no-preload', @ARGV)
                or die "perl_job_server: cannot restart: $!\n";
        }
    }
    die "perl_job_server: warnings while loading the perlasm modules:\n", @warnings if @warnings;
    require Math::BigInt;
    require Math::BigInt::Calc;
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
        my ($verb, @f) = split /\t/, $req;
        die "perl_job_server: bad request '$req'\n" unless $verb eq 'run' && @f >= 4;
        my ($status, $cpu) = run_job(@f);
        printf "status %d cpu %.3f\n", $status, $cpu;
    }
}

my ($no_preload, $workers) = (0, undef);
for (my @a = @ARGV; @a;) {
    my $o = shift @a;
    if ($o eq '--no-preload') { $no_preload = 1 }
    elsif ($o eq '--workers' && @a && $a[0] =~ /^\d+:\d+(?:,\d+:\d+)*$/) { $workers = shift @a }
    else { die "usage: perl util/perl_job_server.pl [--no-preload] [--workers IN:OUT,...]\n" }
}
preload() unless $no_preload;
exit(serve() // 0) unless defined $workers;

my @pairs = map { [split /:/] } split /,/, $workers;
my @pids;
for my $k (0 .. $#pairs) {
    my $pid = fork;
    die "perl_job_server: fork: $!\n" unless defined $pid;
    if ($pid == 0) {
        # Only its own pipes stay open, so each end sees EOF when its peer goes.
        POSIX::close($_) for map { @{ $pairs[$_] } } grep { $_ != $k } 0 .. $#pairs;
        open(STDIN, '<&=', $pairs[$k][0]) or die "perl_job_server: fd $pairs[$k][0]: $!\n";
        open(STDOUT, '>&=', $pairs[$k][1]) or die "perl_job_server: fd $pairs[$k][1]: $!\n";
        serve();
        exit 0;
    }
    push @pids, $pid;
}
POSIX::close($_) for map { @$_ } @pairs;
my $failed = 0;
for (@pids) { waitpid($_, 0); $failed ||= $?; }
exit($failed ? 1 : 0);
