package compiler

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// Every link inside a server carries traffic that the analyses count, so
// none may be built at 0 b/s: a PCIe generation or lane count left out is
// an error at the block that left it out, and the one default, the
// inter-socket link, follows NCCL's own model with its source.

// checkInternalRates reports the server-internal links of node model m
// that would have no capacity: a pcie_switch without gen or width, a GPU
// or NIC whose PCIe link to its socket has no generation or width (from
// its gpu_model or nic_model, or the node model's override), a Grace GPU
// without c2c_rate, and several sockets whose inter-socket rate neither
// the model nor NCCL's defaults give, and NVLink to in-box NVSwitches
// from a gpu_model without nvlink_rate. It returns false when it
// reported an error.
func (s *state) checkInternalRates(m *lang.NodeModel) bool {
	ok := true
	fail := func(rng hcl.Range, summary, detail string) {
		s.diags = append(s.diags, diag.Error(diag.InvalidValue, rng, summary, detail))
		ok = false
	}
	// The device models' own PCIe links, checked as the node model's pci
	// blocks are (a gpu_model with pcie_width = 3 would build a link no
	// slot has).
	if gm := s.cat.gpus[m.GPU.V]; gm != nil {
		for _, d := range pcieLinkErrors(gm.PCIeGen, gm.PCIeWidth, fmt.Sprintf("gpu_model %q", gm.Name)) {
			fail(*d.Subject, d.Summary, d.Detail)
		}
	}
	for _, spec := range m.NICs {
		if nm := s.cat.nics[spec.Model.V]; nm != nil {
			for _, d := range pcieLinkErrors(nm.PCIeGen, nm.PCIeWidth, fmt.Sprintf("nic_model %q", nm.Name)) {
				fail(*d.Subject, d.Summary, d.Detail)
			}
		}
	}
	plan := planHardware(m, int(max(1, cpuField(m, func(c *lang.CPUSpec) int64 { return c.Sockets.V }))))
	for i, p := range m.PCIeSwitches {
		if pcieRateBPS(p.Gen.V, p.Width.V) == 0 {
			fail(p.DeclRange, "PCIe switch without a rate",
				fmt.Sprintf("pcie_switch %d of node_model %q sets no gen and width, so its links would carry 0 b/s; set gen (1–6) and width (lanes), as the platform's PCIe topology (lspci -tv, nvidia-smi topo -m) shows.", i, m.Name))
		}
	}
	c2c := m.CPU != nil && m.CPU.GPULink.V == "c2c"
	gm := s.cat.gpus[m.GPU.V]
	// NVLink to the in-box NVSwitches (servers.go buildNVLink) runs at
	// the gpu_model's nvlink_rate; without it every such link would
	// carry 0 b/s. Reported in the gpu_model, which left it out.
	if gm != nil && m.GPUs.V > 0 && m.NVSwitches.V > 0 && gm.NVLinkLinks.V > 0 && gm.NVLinkRate.V <= 0 {
		rng := gm.NVLinkLinks.Range
		if gm.NVLinkRate.Set {
			rng = gm.NVLinkRate.Range
		}
		fail(rng, "NVLink without a rate",
			fmt.Sprintf("gpu_model %q has %d NVLink links but no nvlink_rate, so node_model %q would link its GPUs to its %d NVSwitches at 0 b/s; set nvlink_rate, per link and direction: \"25GB/s\" for NVLink 4 and \"50GB/s\" for NVLink 5, as the built-in H100 and B200 have (900 GB/s and 1.8 TB/s over 18 links, both directions, in NVIDIA's datasheets).", gm.Name, gm.NVLinkLinks.V, m.Name, m.NVSwitches.V))
	}
	gpuRate := pcieOverride(m.GPUPCI, 0, 0)
	if gm != nil {
		gpuRate = pcieOverride(m.GPUPCI, gm.PCIeGen.V, gm.PCIeWidth.V)
	}
	for i := 0; i < int(m.GPUs.V); i++ {
		if c2c && plan.gpuSwitch[i] < 0 && m.CPU.C2CRate.V <= 0 {
			fail(m.CPU.DeclRange, "NVLink-C2C without a rate",
				fmt.Sprintf("node_model %q links its GPUs to the CPU by NVLink-C2C (gpu_link = \"c2c\") but sets no c2c_rate, so that link would carry 0 b/s; set c2c_rate (per direction, e.g. \"450GB/s\" for GB200).", m.Name))
			break
		}
		if (!c2c || plan.gpuSwitch[i] >= 0) && gpuRate == 0 {
			where := "hangs off its socket's root complex"
			if plan.gpuSwitch[i] >= 0 {
				where = "sits under a pcie_switch (its link would silently run at the switch's rate)"
			}
			fail(m.GPU.Range, "GPU PCIe link without a rate",
				fmt.Sprintf("GPU %d of node_model %q %s, but gpu_model %q sets no pcie_gen and pcie_width (or sets one to 0) and the node model's gpu_pci block overrides neither; set them.", i, m.Name, where, m.GPU.V))
			break
		}
	}
	for _, spec := range m.NICs {
		nicRate := pcieOverride(spec.PCI, 0, 0)
		if nm := s.cat.nics[spec.Model.V]; nm != nil {
			nicRate = pcieOverride(spec.PCI, nm.PCIeGen.V, nm.PCIeWidth.V)
		}
		for i := 0; i < int(spec.Count.V); i++ {
			if nicRate == 0 {
				where := "hangs off its socket's root complex, so its link would carry 0 b/s"
				if plan.nicSwitch[spec.Role][i] >= 0 {
					where = "sits under a pcie_switch, so its link would silently run at the switch's rate"
				}
				fail(spec.DeclRange, "NIC PCIe link without a rate",
					fmt.Sprintf("NIC %q of node_model %q %s: nic_model %q sets no pcie_gen and pcie_width (or sets one to 0) and the nic block's pci overrides neither; set them.", spec.Role, m.Name, where, spec.Model.V))
				break
			}
		}
	}
	if m.CPU != nil && m.CPU.Sockets.V > 1 {
		if m.CPU.InterSocketRate.Set && m.CPU.InterSocketRate.V <= 0 {
			fail(m.CPU.InterSocketRate.Range, "Inter-socket link without a rate",
				fmt.Sprintf("node_model %q sets inter_socket_rate to 0; sockets are always linked (NCCL links the CPUs of one node), so give the link's rate per direction, or leave it out for NCCL's default.", m.Name))
		} else if _, _, known := interSocketBPS(m.CPU); !known {
			fail(m.CPU.DeclRange, "Sockets without an inter-socket rate",
				fmt.Sprintf("node_model %q has %d sockets but no inter_socket_rate, and its arch %q is not one NCCL models (x86_64 with vendor GenuineIntel or AuthenticAMD, arm64, ppc64), so GPUs on one socket would have no path to NICs on another; set inter_socket_rate (per direction) or arch and vendor.", m.Name, m.CPU.Sockets.V, m.CPU.Arch.V))
		}
	}
	return ok
}

// pcieOverride is the PCIe rate of a device whose model says gen × width,
// with a node model's pci block overriding either: bits per second per
// direction, 0 when a part is missing.
func pcieOverride(p *lang.PCISpec, gen, width int64) float64 {
	if p != nil && p.Gen.Set {
		gen = p.Gen.V
	}
	if p != nil && p.Width.Set {
		width = p.Width.V
	}
	return pcieRateBPS(gen, width)
}

// interSocketBPS is the socket-to-socket link rate of cpu in bits per
// second per direction: inter_socket_rate when set, else the value NCCL
// 2.30 assumes for the CPU-CPU (SYS) link of that architecture
// (src/graph/topo.h and topo.cc; docs/reference/nccl-topo-xml.md §4.2):
// AMD 16 GB/s; ARM 6; POWER 32; Intel by CPUID model ≥ 0xCF 40 ("ERP"),
// ≥ 0x8F 22 ("SRP"), ≥ 0x55 10 ("SKL"), else 6 ("BDW"). A modelling
// default, named as such in docs/language.md: NCCL always links the CPUs
// of one node, so a server does too. source names which rule applied;
// known is false when none does.
func interSocketBPS(cpu *lang.CPUSpec) (bps float64, source string, known bool) {
	if cpu.InterSocketRate.V > 0 {
		return cpu.InterSocketRate.V, "inter_socket_rate", true
	}
	gbs := func(x float64) float64 { return x * 8e9 }
	arch := cpu.Arch.V
	if arch == "" && (cpu.Vendor.V == "AuthenticAMD" || cpu.Vendor.V == "GenuineIntel") {
		arch = "x86_64" // those vendors make x86 CPUs only
	}
	switch {
	case strings.HasPrefix(arch, "arm") || strings.HasPrefix(arch, "aarch64"):
		return gbs(6), "NCCL ARM_BW", true
	case strings.HasPrefix(arch, "ppc"):
		return gbs(32), "NCCL P9_BW", true
	case strings.HasPrefix(arch, "x86"):
		switch cpu.Vendor.V {
		case "AuthenticAMD":
			return gbs(16), "NCCL AMD_BW", true
		case "GenuineIntel":
			switch id := cpu.ModelID.V; {
			case id >= 0xCF:
				return gbs(40), "NCCL ERP_QPI_BW", true
			case id >= 0x8F:
				return gbs(22), "NCCL SRP_QPI_BW", true
			case id >= 0x55:
				return gbs(10), "NCCL SKL_QPI_BW", true
			}
			return gbs(6), "NCCL BDW_QPI_BW", true
		}
	}
	return 0, "", false
}
