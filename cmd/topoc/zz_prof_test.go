package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestZZProf(t *testing.T) {
	args := os.Getenv("ZZARGS")
	if args == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	if n == 0 {
		n = 1
	}
	for range n {
		run(strings.Fields(args))
	}
}
