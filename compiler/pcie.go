package compiler

// pcieRateBPS returns the per-direction data rate of a PCIe link of the
// given generation and lane width, in bits per second: transfer rate ×
// lanes × encoding efficiency. Gen 3–5 use 128b/130b encoding at 8, 16 and
// 32 GT/s (PCI-SIG, as tabulated in shared/reference/designs.md §6: x16 =
// 15.75, 31.5, 63.0 GB/s); Gen 6 runs 64 GT/s PAM4 with FLIT mode, modelled
// here at 242/256 FLIT efficiency (≈121 GB/s at x16; designs.md marks that
// figure unconfirmed, so it is a modelling assumption). Gen 1–2 use 8b/10b
// at 2.5 and 5 GT/s. It returns 0 for an unknown generation.
func pcieRateBPS(gen, width int64) float64 {
	var gts, eff float64
	switch gen {
	case 1:
		gts, eff = 2.5, 0.8
	case 2:
		gts, eff = 5, 0.8
	case 3:
		gts, eff = 8, 128.0/130
	case 4:
		gts, eff = 16, 128.0/130
	case 5:
		gts, eff = 32, 128.0/130
	case 6:
		gts, eff = 64, 242.0/256
	default:
		return 0
	}
	return gts * 1e9 * float64(width) * eff
}
