package nccl_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/emit/nccl"
	"github.com/topoc/topoc/compiler/emit/nccl/ncclimport"
	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
)

// TestMeshNVLinks: a DGX-1V (testdata/mesh: V100s in a hybrid cube-mesh)
// with its GPUs' bus ids and nccl_detail = "full" writes one <nvlink> per
// peer GPU with the pair's link count and a GPU target class, as the
// DGX-1V dump in NVIDIA/nccl issue #671 has them: the GPU at 06:00.0 to
// 07:00.0 and 0a:00.0 once, to 0b:00.0 and 85:00.0 twice; the GPU at
// 07:00.0 to 0a:00.0 and 86:00.0 twice, 0b:00.0 once. No NVSwitch target
// is written.
func TestMeshNVLinks(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "mesh", "dgx1v.topo.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	design := strings.Replace(string(src), `  gpu  = "V100"
  gpus = 8
`, `  gpu         = "V100"
  gpus        = 8
  nccl_detail = "full"
  gpu_pci {
    bus_ids = ["0000:06:00.0", "0000:07:00.0", "0000:0a:00.0", "0000:0b:00.0", "0000:85:00.0", "0000:86:00.0", "0000:89:00.0", "0000:8a:00.0"]
  }
`, 1)
	design = strings.Replace(design, `    model = "ConnectX-4"
    count = 4
`, `    model = "ConnectX-4"
    count = 4
    pci {
      bus_ids = ["0000:05:00.0", "0000:0c:00.0", "0000:84:00.0", "0000:8b:00.0"]
      names   = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    }
`, 1)
	if !strings.Contains(design, `nccl_detail = "full"`) || !strings.Contains(design, "mlx5_3") {
		t.Fatal("the fixture no longer has the lines this test extends")
	}
	g := compileHCL(t, map[string]string{"d.topo.hcl": design})
	r := nccl.Build(g, &g.ServerModels[0])
	if r.Tree == nil {
		t.Fatalf("incomplete: %v", r.Missing)
	}
	out := string(topoxml.Write(r.Tree, nil))
	for _, want := range []string{
		`busid="0000:06:00.0"`,
		`<nvlink target="0000:07:00.0" count="1" tclass="0x030200"/>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("file lacks %q:\n%s", want, out)
		}
	}
	links := map[string][]string{} // GPU bus id -> its nvlink lines
	var gpu string
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if b, ok := strings.CutPrefix(line, `<pci busid="`); ok && strings.Contains(line, `class="0x0302`) {
			gpu = b[:12]
		}
		if strings.HasPrefix(line, "<nvlink ") {
			links[gpu] = append(links[gpu], line)
		}
	}
	nv := func(target, count string) string {
		return `<nvlink target="0000:` + target + `" count="` + count + `" tclass="0x030200"/>`
	}
	for bus, want := range map[string][]string{
		"0000:06:00.0": {nv("07:00.0", "1"), nv("0a:00.0", "1"), nv("0b:00.0", "2"), nv("85:00.0", "2")},
		"0000:07:00.0": {nv("06:00.0", "1"), nv("0a:00.0", "2"), nv("0b:00.0", "1"), nv("86:00.0", "2")},
	} {
		if strings.Join(links[bus], "\n") != strings.Join(want, "\n") {
			t.Errorf("GPU %s: nvlinks\n%s\nwant\n%s", bus, strings.Join(links[bus], "\n"), strings.Join(want, "\n"))
		}
	}
	if len(links) != 8 || strings.Contains(out, "0x068000") {
		t.Errorf("nvlinks on %d GPUs, want 8, and no NVSwitch target:\n%s", len(links), out)
	}
}

// TestImportGPUPeerLinks: an NCCL file's NVLinks between two GPUs (a GPU
// target class) are named in the import's info with the nvlink_peer
// block that models them, the GPUs by their index in the imported model
// (bus-id order of the file); an NVSwitch target keeps the NVSwitch
// advice.
func TestImportGPUPeerLinks(t *testing.T) {
	src := []byte(`<system version="1">
  <cpu numaid="0" affinity="0000ffff" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="79">
    <pci busid="0000:06:00.0" class="0x030200" link_speed="8.0 GT/s PCIe" link_width="16">
      <gpu dev="0" sm="70" rank="0" gdr="1">
        <nvlink target="0000:07:00.0" count="2" tclass="0x030200"/>
      </gpu>
    </pci>
    <pci busid="0000:07:00.0" class="0x030200" link_speed="8.0 GT/s PCIe" link_width="16">
      <gpu dev="1" sm="70" rank="1" gdr="1">
        <nvlink target="0000:06:00.0" count="2" tclass="0x030200"/>
        <nvlink target="fffffff:ff:ff.0" count="4" tclass="0x068000"/>
      </gpu>
    </pci>
  </cpu>
</system>
`)
	_, diags := ncclimport.Import("peers.xml", src, ncclimport.ImportOptions{Name: "pair"})
	var peer, nvs int
	for _, d := range diags {
		switch {
		case strings.Contains(d.Detail, "nvlink_peer { gpus = [0, 1], links = 2 }"):
			peer++
		case strings.Contains(d.Summary, "nvlink not imported") && strings.Contains(d.Detail, "nvswitches"):
			nvs++
		}
	}
	if peer != 2 || nvs != 1 {
		t.Errorf("infos naming the peer block %d (want 2, one from each GPU), NVSwitch advice %d (want 1): %v", peer, nvs, diags)
	}
}
