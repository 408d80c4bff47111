package lang

import (
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// A network link's rate written in bytes is a rate-in-bytes warning at
// its line, once for a block with count (trial 58: "200GB/s" on a
// dragonfly gave every link 1.6 Tb/s); the same rate in bits, and an
// nvlink_domain's link_rate in bytes (NVLink is quoted so), are not.
func TestRateInBytes(t *testing.T) {
	diags := loadSrc(t, `fabric "df" {
  dragonfly {
    p           = 2
    a           = 4
    h           = 2
    local_rate  = "200GB/s"
    global_rate = "200Gb/s"
  }
}
fabric "c" {
  custom {
    switch "s" {
      model = "QM9700"
    }
    host "h" {
      count = 3
      rate  = "400Gb/s"
    }
    link {
      count = 3
      a     = "h${count.index}"
      b     = "s"
      rate  = "50GB/s"
    }
  }
}
fabric "nvl" {
  nvlink_domain {
    gpus          = 8
    switches      = 4
    links_per_gpu = 18
    link_rate     = "50GB/s"
  }
}`)
	var lines []int
	for _, d := range diags {
		if diag.CodeOf(d) == diag.RateInBytes {
			lines = append(lines, d.Subject.Start.Line)
		}
	}
	if len(lines) != 2 || lines[0] != 6 || lines[1] != 23 {
		t.Errorf("rate-in-bytes at lines %v, want 6 and 23: %v", lines, diags)
	}
}
