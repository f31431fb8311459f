#!/usr/bin/env perl
# The number of calls to the C allocator (malloc, calloc, realloc, posix_memalign,
# aligned_alloc, memalign) recorded in a callgrind output file: the sum of the `calls=` lines
# under each `cfn=` naming one of them (callgrind names a function once, by a number it then
# reuses). C++'s operator new calls malloc, so ada's allocations are counted here too.
use strict;
use warnings;

my (%name, $callee, $total);
$total = 0;
while (my $line = <>) {
    if ($line =~ /^(c?)fn=\((\d+)\)(?: (.*))?$/) {
        my ($is_call, $id, $fname) = ($1, $2, $3);
        $name{$id} = $fname if defined $fname;
        $callee = $id if $is_call;
    } elsif ($line =~ /^calls=(\d+)/) {
        my $count = $1;
        my $fname = defined $callee ? ($name{$callee} // '') : '';
        $total += $count
            if $fname =~ /^(?:malloc|calloc|realloc|posix_memalign|aligned_alloc|memalign)$/;
    }
}
print "$total\n";
