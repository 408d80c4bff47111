package topoxml

import (
	"fmt"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// endpoint is a GPU or NIC of a topology file with its ancestors, nearest
// first (pci switches, then the cpu), after NCCL's Broadcom flattening.
type endpoint struct {
	el   *Element
	up   []*Element
	name string
	c2c  bool
}

// endpoints collects the GPUs and NICs of a loaded <system> tree: pci
// elements of class 0x03… or with a <gpu> child, pci elements of class
// 0x02… or with a <nic> child, and <nic> elements directly under a cpu.
func endpoints(sys *Element) (gpus, nics []endpoint) {
	var rec func(e *Element, up []*Element)
	rec = func(e *Element, up []*Element) {
		if e.Ignored {
			return
		}
		chain := append([]*Element{e}, up...)
		switch e.Name {
		case "nic":
			if len(up) > 0 && up[0].Name == "cpu" {
				name := "a NIC under the cpu"
				for _, n := range e.Children {
					if v, ok := n.Get("name"); ok && n.Name == "net" {
						name = "NIC " + v
						break
					}
				}
				nics = append(nics, endpoint{el: e, up: flatten(up), name: name})
			}
			return
		case "pci":
			class, _ := e.Get("class")
			busid, _ := e.Get("busid")
			isGPU, isNIC, c2c := strings.HasPrefix(class, "0x03"), strings.HasPrefix(class, "0x02"), false
			for _, c := range e.Children {
				if c.Ignored {
					continue
				}
				switch c.Name {
				case "gpu":
					isGPU = true
					for _, cc := range c.Children {
						c2c = c2c || (cc.Name == "c2c" && !cc.Ignored)
					}
				case "nic":
					isNIC = true
				}
			}
			switch {
			case isGPU:
				gpus = append(gpus, endpoint{el: e, up: flatten(up), name: busid, c2c: c2c})
				return
			case isNIC:
				nics = append(nics, endpoint{el: e, up: flatten(up), name: busid})
				return
			}
		}
		for _, c := range e.Children {
			rec(c, chain)
		}
	}
	for _, c := range sys.Children {
		rec(c, nil)
	}
	return gpus, nics
}

// flatten applies NCCL's Broadcom merge to an ancestor chain: a
// lower-level PEX switch directly under an upper-level one of the same
// generation disappears into it.
func flatten(up []*Element) []*Element {
	var out []*Element
	for i, e := range up {
		if e.Name == "pci" && i+1 < len(up) && up[i+1].Name == "pci" {
			g1, l1 := BroadcomLevel(ids(e))
			g2, l2 := BroadcomLevel(ids(up[i+1]))
			if g1 != 0 && g1 == g2 && (l1 == "any" || l1 == "lower") && (l2 == "any" || l2 == "upper") {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

func ids(e *Element) (string, string, string, string) {
	v, _ := e.Get("vendor")
	d, _ := e.Get("device")
	sv, _ := e.Get("subsystem_vendor")
	sd, _ := e.Get("subsystem_device")
	return v, d, sv, sd
}

// classify returns NCCL's path class between a GPU and a NIC of a file:
// PIX when both sit directly under one switch, PXB when they meet at a
// switch through others, PHB when they meet at their cpu (P2C when the GPU
// has a C2C link), SYS across cpus.
func classify(gpu, nic endpoint) ir.PathClass {
	for i, a := range gpu.up {
		for j, b := range nic.up {
			if a != b {
				continue
			}
			switch {
			case a.Name == "cpu" && gpu.c2c:
				return ir.PathP2C
			case a.Name == "cpu":
				return ir.PathPHB
			case i == 0 && j == 0:
				return ir.PathPIX
			}
			return ir.PathPXB
		}
	}
	return ir.PathSYS
}

// gdr warns about every GPU of the file whose nearest NIC is too far for
// GPUDirect RDMA under NCCL 2.30's defaults.
func (l *linter) gdr(sys *Element) {
	gpus, nics := endpoints(sys)
	if len(nics) == 0 {
		return
	}
	for _, g := range gpus {
		// Every NIC at the closest class is named: which of them NCCL
		// assigns (it spreads GPUs over equally near NICs) does not change
		// the class, which is what this warning is about.
		best, near := ir.PathDIS, []string{}
		for _, n := range nics {
			switch c := classify(g, n); {
			case c < best:
				best, near = c, []string{n.name}
			case c == best:
				near = append(near, n.name)
			}
		}
		if best <= GDRLevel {
			continue
		}
		what := "Its nearest NIC (" + near[0] + ") is"
		if len(near) > 1 {
			what = "Its nearest NICs (" + strings.Join(near, ", ") + ") are"
		}
		l.add(diag.SevWarning, diag.NCCLNoGDR, g.el.Range, fmt.Sprintf("GPU %s has no GPUDirect RDMA", g.name),
			fmt.Sprintf("%s %s: the path %s. NCCL 2.30 enables GPUDirect RDMA only up to PXB (P2C on Grace), so network traffic of this GPU is staged through host memory. Put the GPU and its NIC under one pci switch element; a fake switch with an unused bus id such as ffff:ff:01.0 works.",
				what, best, map[ir.PathClass]string{ir.PathPHB: "goes through the CPU's root complex", ir.PathSYS: "crosses CPU sockets"}[best]))
	}
}
