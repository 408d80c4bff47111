package compiletest

import (
	"fmt"
	"strings"
)

// MeshServer returns the design of two servers of node model "mesh":
// gpus V100-class GPUs (gpu_model "NV25": 25 GB/s per NVLink and
// direction, up to 12 NVLinks a GPU, PCIe Gen3 x16) joined only by the
// nvlink_peer pairs given as [a, b, links], all under one socket, one
// 100G NIC each on one leaf. The fixture of the direct-mesh tests.
func MeshServer(gpus int, pairs [][3]int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `gpu_model "NV25" {
  nvlink_links = 12
  nvlink_rate  = "25GB/s"
  pcie_gen     = 3
  pcie_width   = 16
}
nic_model "N100" {
  ports      = 1
  port_rate  = "100Gb/s"
  pcie_gen   = 3
  pcie_width = 16
}
switch_model "S100" {
  radix     = 36
  port_rate = "100Gb/s"
}
node_model "mesh" {
  gpu  = "NV25"
  gpus = %d
  nic "compute" {
    model = "N100"
    count = %d
  }
`, gpus, gpus)
	for _, p := range pairs {
		fmt.Fprintf(&b, "  nvlink_peer {\n    gpus  = [%d, %d]\n    links = %d\n  }\n", p[0], p[1], p[2])
	}
	b.WriteString(`}
node_group "g" {
  model = "mesh"
  count = 2
}
fabric "f" {
  clos {
    endpoints = node_group.g.nics.compute
    tier "leaf" {
      model = "S100"
      count = 1
    }
  }
}
`)
	return b.String()
}
