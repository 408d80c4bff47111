package lang

import (
	"strings"
	"testing"
)

// TestHostnameTemplate: each server gets its evaluated hostname; a bad
// one is invalid-value at the attribute's line, naming the server.
func TestHostnameTemplate(t *testing.T) {
	src := `node_group "dgx" {
  model    = "DGX-H100"
  count    = 3
  hostname = format("dgx%%04d", count.index + 1)
}
`
	cfg, diags := Load([]string{writeFiles(t, map[string]string{"d.topo.hcl": strings.ReplaceAll(src, "%%", "%")})}, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var got []string
	for _, h := range cfg.NodeGroups[0].Hostnames {
		got = append(got, h.V)
	}
	if strings.Join(got, ",") != "dgx0001,dgx0002,dgx0003" {
		t.Errorf("hostnames %v", got)
	}
	for _, c := range []struct{ expr, why string }{
		{`"gpu_node"`, "holds"},
		{`"-a"`, "starts or ends"},
		{`"a.example.com"`, "holds"},
		{`""`, "is empty"},
		{`"${join("", [for i in range(64) : "a"])}"`, "64 characters"},
	} {
		diags := loadSrc(t, "node_group \"g\" {\n  model    = \"DGX-H100\"\n  hostname = "+c.expr+"\n}\n")
		wantErrors(t, diags, "invalid-value 3")
		if !strings.Contains(diags[0].Detail, c.why) || !strings.Contains(diags[0].Detail, "server 0") {
			t.Errorf("%s: %s", c.expr, diags[0].Detail)
		}
	}
}

// A group named with a final digit gets a hyphen before the index, so
// "h100" names "h100-0", not "h1000"; other groups keep "dgx07".
func TestDefaultServerName(t *testing.T) {
	for _, tc := range []struct {
		group string
		i, n  int
		want  string
	}{{"h100", 0, 4, "h100-0"}, {"h100", 12, 16, "h100-12"}, {"dgx", 7, 64, "dgx07"}, {"a", 3, 4, "a3"}} {
		if got := defaultServerName(tc.group, tc.i, tc.n); got != tc.want {
			t.Errorf("%s %d of %d: %q, want %q", tc.group, tc.i, tc.n, got, tc.want)
		}
	}
}
