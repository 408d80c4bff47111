package slurm

import (
	"strconv"
	"strings"
)

// Hostlist compresses names the way Slurm's hostlist expressions write
// them (slurm/src/common/hostlist.c; `scontrol show hostlist`): names
// that share a prefix and end in numbers of one width become
// prefix[a-b,c], keeping the order given; other names are listed as they
// are, comma-separated. Slurm's own parser expands the result back to
// the same names in the same order. Hand-written rather than taken from a
// library: no Go library implements Slurm's format, and topoc only needs
// the compressing direction.
func Hostlist(names []string) string {
	type run struct {
		prefix string
		width  int
		nums   []int
	}
	var runs []run
	for _, n := range names {
		p, digits := splitNumber(n)
		if digits == "" || len(digits) > 9 {
			runs = append(runs, run{prefix: n, width: -1})
			continue
		}
		v, _ := strconv.Atoi(digits)
		// A run prints every number at least as wide as its first (Slurm
		// expands node[08-10] to node08 … node10): a name joins it only if
		// it prints the same that way and comes after the run's last number.
		if k := len(runs) - 1; k >= 0 && runs[k].width >= 0 && runs[k].prefix == p && pad(v, runs[k].width) == digits && v > runs[k].nums[len(runs[k].nums)-1] {
			runs[k].nums = append(runs[k].nums, v)
			continue
		}
		runs = append(runs, run{prefix: p, width: len(digits), nums: []int{v}})
	}
	var out []string
	for _, r := range runs {
		if r.width < 0 {
			out = append(out, r.prefix)
			continue
		}
		if len(r.nums) == 1 {
			out = append(out, r.prefix+pad(r.nums[0], r.width))
			continue
		}
		var parts []string
		for i := 0; i < len(r.nums); {
			j := i
			for j+1 < len(r.nums) && r.nums[j+1] == r.nums[j]+1 {
				j++
			}
			if j > i {
				parts = append(parts, pad(r.nums[i], r.width)+"-"+pad(r.nums[j], r.width))
			} else {
				parts = append(parts, pad(r.nums[i], r.width))
			}
			i = j + 1
		}
		out = append(out, r.prefix+"["+strings.Join(parts, ",")+"]")
	}
	return strings.Join(out, ",")
}

// splitNumber splits a trailing run of digits off s.
func splitNumber(s string) (prefix, digits string) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	return s[:i], s[i:]
}

func pad(v, width int) string {
	s := strconv.Itoa(v)
	for len(s) < width {
		s = "0" + s
	}
	return s
}
