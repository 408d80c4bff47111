package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestZZProf(t *testing.T) {
	args := strings.Fields(os.Getenv("ZZARGS"))
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	if n == 0 {
		t.Skip()
	}
	for range n {
		run(args)
	}
}
