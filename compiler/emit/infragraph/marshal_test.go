package infragraph

import (
	"bytes"
	"fmt"
	"testing"

	"go.yaml.in/yaml/v3"
)

// marshal writes a document of more edges than one chunk exactly as one
// yaml.Marshal of the whole document does (the chunks are a workaround
// for go-yaml v3's memory, not a second format).
func TestMarshalInChunks(t *testing.T) {
	inf := Infrastructure{Name: "big", Description: "two lines:\nquoted: yes",
		Devices: []Device{{Name: "dgx", Components: []Component{{Name: "xpu", Count: 8, Choice: "xpu"}},
			Edges: []Edge{{EP1: Endpoint{Component: "xpu[0]"}, EP2: Endpoint{Component: "xpu[1]"}, Scheme: "one2one", Link: "nvlink"}}}},
		Links: []Link{{Name: "l400", Physical: &Physical{Bandwidth{Choice: "gigabits_per_second", Gbps: 400}}}}}
	for i := range 2*edgeChunk + 17 {
		inf.Edges = append(inf.Edges, Edge{EP1: Endpoint{Instance: fmt.Sprintf("dgx[%d]", i), Component: "nic[0]"},
			EP2: Endpoint{Instance: fmt.Sprintf("leaf[%d]", i%7), Component: "port[3]"}, Scheme: "one2one", Link: "l: 400"})
	}
	want, err := yaml.Marshal(inf)
	if err != nil {
		t.Fatal(err)
	}
	got, err := marshal(inf)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("chunked YAML differs from yaml.Marshal (%d vs %d bytes)", len(got), len(want))
	}
}
