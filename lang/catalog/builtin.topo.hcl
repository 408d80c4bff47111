# topoc built-in catalogue
#
# The parts topoc knows without being told, written in the design language
# itself. A design overrides a part by declaring a block of the same kind and
# name: the user's block replaces the built-in one whole (nothing is merged,
# so restate every argument you need). New names add parts. docs/catalog.md
# tables every number below with its source.
#
# Conventions
# - Rates are per direction (full duplex). Marketing figures are often
#   bidirectional sums: H100 "900 GB/s NVLink" = 18 links x 25 GB/s x 2.
# - "GB/s" is bytes per second, "Gb/s" bits per second; 1 GB = 1e9 bytes.
# - Lengths: "3m", "0.5m", "2km"; sizes are decimal ("80GB" = 80e9 bytes).
# - Markers, as in docs/reference: [src] read in the cited source;
#   [derived] arithmetic on [src] facts (shown); [inferred] a reading of what a
#   source implies; [secondary] a third-party summary; [unconfirmed] no source
#   found; [assumption] a modelling choice of topoc's, named as such.
# - Source ids: "nodes.md S6" is source S6 of docs/reference/nodes.md §9;
#   "cabling.md S1" and "designs.md §6" likewise. K1-K9 are documents read for
#   this catalogue (full addresses in docs/catalog.md):
#   K1 NVIDIA QM97XX 1U NDR 400Gb/s InfiniBand Switch Systems User Manual, "Interfaces"
#   K2 NVIDIA UFM-SDN Appliance User Manual v4.17.0, "Installation Notes"
#   K3 NVIDIA SHARP Rev 3.3.0, "Setting up NVIDIA SHARP Environment"
#   K4 NVIDIA SN5000 Series switch manual, "Data Interfaces"
#   K5 NVIDIA ConnectX-7 Cards for OCP Spec 3.0 User Manual, "Supported Interfaces"
#   K6 NVIDIA DOCA 2.9.0 Installation Guide for Linux, "Supported Platforms"
#   K7 NVIDIA ConnectX-8 SuperNIC Firmware Release Notes v40.44.0208, "Changes and New Features"
#   K8 NVIDIA DOCA 2.9.0_CX8, "Changes and New Features"
#   K9 NVIDIA Q32xx and Q34xx XDR 800Gb/s InfiniBand Switch Systems User Manual

# ---------------------------------------------------------------------------
# Packet switches
# ---------------------------------------------------------------------------

# NVIDIA Quantum-2 NDR InfiniBand, internally managed.
switch_model "QM9700" {
  radix     = 64        # 32 twin-port OSFP cages x 2 logical ports; designs.md §3/§6 (H100 RA Table 4: 4 spines x 64 = 256) [src]; K1: each OSFP = 2 logical IB ports [src]
  port_rate = "400Gb/s" # NDR; designs.md §3 (H100 RA), K1 "40/56/100/200/400 Gb/s" [src]
  # breakouts: NDR200: a 400G port split by a 1:2 fiber or DAC (MFP7E20, MCP7Y50/MCP7Y40); cabling.md §1a/§1c S2, S3, S4 [src]
  breakouts = ["2x200Gb/s"]
  sharp     = true # Quantum-2 switches run SHARP; K3 [src]
  vendor    = "NVIDIA"
  protocol  = "infiniband" # NDR InfiniBand; K1 title [src]
  # latency: not set. NVIDIA publishes none; third-party figures conflict (nodes.md §7, S31 [unconfirmed]).
  ports_per_cage = 2 # 32 twin-port OSFP cages, 2 logical NDR ports each; K1 [src], cabling.md §1a, S31 [secondary]
  # power: not set. No power figure for the QM9700 was read in a source.
  form_factor = "osfp" # 32 twin-port OSFP cages; K1 [src]
}

# NVIDIA Quantum-2 NDR InfiniBand, externally managed (no on-box subnet manager).
switch_model "QM9790" {
  radix     = 64        # same system family and manual as QM9700; K1, designs.md §6 [src]
  port_rate = "400Gb/s" # NDR; K1 [src]
  # breakouts: as QM9700; cabling.md S2, S3, S4 [src]
  breakouts      = ["2x200Gb/s"]
  sharp          = true # Quantum-2 ASIC; K3 [src]. Externally managed per K2 [src]
  vendor         = "NVIDIA"
  protocol       = "infiniband" # NDR InfiniBand; K1 [src]
  ports_per_cage = 2            # as QM9700: 32 twin-port OSFP cages; K1 [src]
  form_factor    = "osfp"       # as QM9700; K1 [src]
}

# NVIDIA Quantum-X800 XDR InfiniBand (Q3400).
switch_model "Quantum-X800" {
  radix     = 144       # designs.md §6, derived from the B300-XDR RA tables [derived]
  port_rate = "800Gb/s" # XDR; K9 title "XDR 800Gb/s"; designs.md §6 [src]
  # breakouts: [unconfirmed]: no source read lists the Q3400's port splits
  breakouts = ["2x400Gb/s"]
  sharp     = true # [unconfirmed]: SHARP on Quantum-X800 was not read in a source
  vendor    = "NVIDIA"
  protocol  = "infiniband" # XDR InfiniBand; K9 title [src]
  # latency: not found (nodes.md §7 gap).
  form_factor = "osfp" # XDR switch ports are twin-port OSFP; cabling.md §1a [src]
}

# NVIDIA Spectrum-4 Ethernet, 51.2 Tb/s.
switch_model "SN5600" {
  radix     = 64        # K4: SN5600 64 ports [src]
  port_rate = "800Gb/s" # K4: 800GbE (100 Gb/s per lane) [src]
  # breakouts: K4: 128 x 400GbE, 256 x 200GbE or 100GbE [src]; 8x100G would be 512 ports, which K4 does not list
  breakouts = ["2x400Gb/s", "4x200Gb/s", "4x100Gb/s"]
  sharp     = false # [assumption]: no source read gives Spectrum-4 in-network reduction
  vendor    = "NVIDIA"
  protocol  = "ethernet" # 800GbE; K4 [src]
  # latency: not found (nodes.md §7 gap).
  form_factor = "osfp" # Spectrum-4 takes the same twin-port OSFP optics as Quantum-2; cabling.md §1b [src]
}

# A generic 51.2 Tb/s Ethernet box on a Broadcom Tomahawk 5 class ASIC.
switch_model "TH5-64x800G" {
  radix     = 64        # designs.md §6 "51.2T class, e.g. 64 x 800G" [unconfirmed]
  port_rate = "800Gb/s" # designs.md §6 [unconfirmed]; 64 x 800G = 51.2 Tb/s [derived]
  # breakouts: [unconfirmed]: the usual OSFP800 splits (e.g. Juniper QFX5140 port docs [secondary]), not read for TH5 itself
  breakouts = ["2x400Gb/s", "4x200Gb/s", "8x100Gb/s"]
  sharp     = false      # [assumption]: no in-network reduction on merchant Ethernet in any source read
  vendor    = "Broadcom" # ASIC vendor; the box vendor varies
  protocol  = "ethernet" # [inferred]: Tomahawk is Broadcom's StrataXGS Ethernet switch line; no source read states the protocol
}

# A generic 25.6 Tb/s Ethernet box on a Broadcom Tomahawk 4 ASIC.
switch_model "TH4-64x400G" {
  radix     = 64        # designs.md §6: Tomahawk 4, 25.6 Tb/s, 64 x 400G [src, the7.net quote]
  port_rate = "400Gb/s" # designs.md §6 [src]
  # breakouts: [unconfirmed]: common 400G splits, not read for TH4
  breakouts = ["2x200Gb/s", "4x100Gb/s"]
  sharp     = false # [assumption], as TH5
  vendor    = "Broadcom"
  protocol  = "ethernet" # [inferred], as TH5
}

# HPE Slingshot switch ASIC (dragonfly router).
switch_model "Rosetta" {
  radix     = 64        # designs.md §2: 64 ports x 200 Gb/s [src, ALCF Aurora page, HPE datasheet]
  port_rate = "200Gb/s" # designs.md §2 [src]
  sharp     = false     # [assumption]: no in-network reduction in the sources read
  vendor    = "HPE"
  # protocol: not set. Slingshot is HPE's own Ethernet-compatible protocol, and no NIC of this catalogue speaks it.
  latency = "350ns" # designs.md §2: mean switch latency about 350 ns [src]; nodes.md §7
}

# NVSwitch chips are switch models too: the nvlink_domain fabric and the
# node models' in-box NVSwitches use them.

# Third-generation NVSwitch (NVLink4; HGX/DGX H100 and H200, 4 per board).
switch_model "NVSwitch-gen3" {
  radix     = 64       # 64 NVLink4 ports; nodes.md §2, S32 [secondary]
  port_rate = "25GB/s" # one NVLink4 link = 50 GB/s bidirectional = 25 GB/s per direction; designs.md §4 [src]
  sharp     = true     # NVLink SHARP (NVLS) on NVSwitch gen3; designs.md §4 (NCCL env.rst, HGX H100 blog) [src]
  vendor    = "NVIDIA"
  protocol  = "nvlink" # an NVLink switch chip; designs.md §4 [src]
  # latency: not published (nodes.md §7 [unconfirmed]); use NCCL's NVLink hop constants instead.
}

# NVLink5 switch chip ("fifth-generation NVLink switch"; DGX B200 has 2, a
# GB200 NVL72 rack 18, two per NVLink switch tray).
switch_model "NVSwitch-gen4" {
  radix     = 72       # nodes.md §4: 144 NVLink ports per switch tray (S18 [secondary]) / 2 chips per tray (S15 [src]) = 72 [derived]; check: 18 chips x 72 = 1,296 = 72 GPUs x 18 links
  port_rate = "50GB/s" # one NVLink5 link = 100 GB/s bidirectional = 50 GB/s per direction; designs.md §4 [src]
  sharp     = true     # [inferred]: NVLS on "Hopper or later" and NCCL's Blackwell NVLS efficiency 0.74 (designs.md §4 [src])
  vendor    = "NVIDIA"
  protocol  = "nvlink" # an NVLink switch chip; designs.md §4 [src]
}

# GB200 NVL72 NVLink switch tray: 2 x "NVSwitch-gen4" chips, 144 NVLink ports,
# 9 trays per rack (nodes.md §4, S15, S18; cabling.md §5). There is no
# node_model form for a switch tray: model the rack's NVLink fabric as an
# nvlink_domain (gpus = 72, switches = 18, switch_model = "NVSwitch-gen4",
# gpu_nodes = node_group.<name>.gpus) over "GB200-NVL72-compute-tray" nodes.

# ---------------------------------------------------------------------------
# GPUs
# ---------------------------------------------------------------------------

gpu_model "A100" {
  nvlink_links       = 12       # NVLink3; nodes.md §5 (S22: NV12) [src]; designs.md §4
  nvlink_rate        = "25GB/s" # 50 GB/s bidirectional per link / 2; designs.md §4 [src] (12 x 50 = 600 GB/s bidir)
  pcie_gen           = 4        # nodes.md §5, S22 [src]
  pcie_width         = 16       # nodes.md §5, S22 [src]
  compute_capability = "8.0"    # SM80; nodes.md §1, S26 [src]
  memory             = "80GB"   # A100 SXM4 80GB, device 0x20b2; nodes.md §1, S28 [src]
}

gpu_model "A100-40GB" {
  nvlink_links       = 12       # as A100
  nvlink_rate        = "25GB/s" # as A100; designs.md §4 [src]
  pcie_gen           = 4        # nodes.md §5, S22 [src]
  pcie_width         = 16       # nodes.md §5, S22 [src]
  compute_capability = "8.0"    # nodes.md §1, S26 [src]
  memory             = "40GB"   # A100 SXM4 40GB, device 0x20b0 (the DGX A100 of S22); nodes.md §1/§5, S28 [src]
}

gpu_model "H100" {
  nvlink_links       = 18       # NVLink4; nodes.md §2 (S34, S33: NV18) [src]
  nvlink_rate        = "25GB/s" # 900 GB/s bidirectional / 18 links / 2; designs.md §4 [src]
  pcie_gen           = 5        # nodes.md §2, S6, S34 [src]
  pcie_width         = 16       # nodes.md §2, S6, S34 [src]
  compute_capability = "9.0"    # SM90; nodes.md §1, S26 [src]
  memory             = "80GB"   # H100 SXM5 80 GB; nodes.md §2, S1 [src]
}

gpu_model "H200" {
  nvlink_links       = 18       # nodes.md §2, S34 [src]
  nvlink_rate        = "25GB/s" # S34: 18 x NVLink4 = 900 GB/s bidirectional [src]; /18/2 [derived]
  pcie_gen           = 5        # S34: PCIe Gen5 x16 [src]
  pcie_width         = 16       # S34 [src]
  compute_capability = "9.0"    # Hopper = SM90; nodes.md §1/§2, S1, S26 [src]
  memory             = "141GB"  # nodes.md §2, S1: H200 141 GB (1,128 GB / 8) [src]
}

gpu_model "B200" {
  nvlink_links       = 18       # NVLink5; nodes.md §3, S12, S35 [src]
  nvlink_rate        = "50GB/s" # 1.8 TB/s bidirectional / 18 / 2; designs.md §4 [src]
  pcie_gen           = 5        # Gen5 x16 on Xeon hosts; nodes.md §3, S35 [src] (the GPU itself is quoted Gen6-capable [secondary])
  pcie_width         = 16       # nodes.md §3, S35 [src]
  compute_capability = "10.0"   # SM100 (Blackwell); nodes.md §1, S26 [src]
  memory             = "180GB"  # DGX B200 1,440 GB / 8 GPUs; nodes.md §3, S11 [derived]
}

# The Blackwell GPU of a GB200 superchip. Its host link is NVLink-C2C to
# Grace (set on the node model's cpu block), so no PCIe link is given here.
gpu_model "GB200" {
  nvlink_links       = 18       # nodes.md §4, S20; designs.md §3 (GB200 RA) [src]
  nvlink_rate        = "50GB/s" # NVLink5, designs.md §4 [src]; nvidia-smi reports 53.125 GB/s per link (S20), read as the signalling rate [inferred]
  compute_capability = "10.0"   # Blackwell = SM100; nodes.md §1, S26 [inferred for GB200]
  memory             = "186GB"  # MLPerf system name "GB200-186GB"; nodes.md §9 S21 [src]
}

# ---------------------------------------------------------------------------
# NICs
# ---------------------------------------------------------------------------

# Single-port OSFP ConnectX-7, the DGX/HGX compute NIC.
nic_model "ConnectX-7" {
  ports       = 1            # nodes.md §2/§3, S1, S11: single-port [src]
  port_rate   = "400Gb/s"    # NDR; nodes.md §2, S1 [src]
  pcie_gen    = 5            # nodes.md §2, S6 (Gen5 x16 in the dump) [src]; K5 [src]
  pcie_width  = 16           # S6, K5 [src]
  protocol    = "infiniband" # IB by default on DGX; nodes.md §3, S11 [src]
  form_factor = "osfp"       # single-port OSFP; cabling.md §1a/§1c, S6 [src]
}

# The same single-port ConnectX-7 running 400GbE (RoCE).
nic_model "ConnectX-7-Eth" {
  ports       = 1         # as ConnectX-7
  port_rate   = "400Gb/s" # "Ethernet 10-400 GbE"; nodes.md §3, S11 [src]
  pcie_gen    = 5         # K5 [src]
  pcie_width  = 16        # K5 [src]
  protocol    = "ethernet"
  form_factor = "osfp" # as ConnectX-7
}

# Dual-port QSFP112 ConnectX-7 VPI: the DGX H100/H200 storage and in-band NIC
# (slots 1 and 2). Two 400G ports share one Gen5 x16 link (about 504 Gb/s per
# direction, designs.md §6), so both ports cannot run at line rate at once.
nic_model "ConnectX-7-2P" {
  ports       = 2            # nodes.md §2, S1, S3: dual-port QSFP112 [src]
  port_rate   = "400Gb/s"    # QSFP112 CX-7 ports take 400G (MCP7Y10 800G-to-2x400G QSFP112 splitter); cabling.md §1a S3 [src]
  pcie_gen    = 5            # K5: dual-port QSFP112 cards are PCIe Gen 5.0 x16 [src]
  pcie_width  = 16           # K5 [src]
  protocol    = "infiniband" # [assumption]: VPI; in BasePOD port 2 runs bonded Ethernet and port 1 optional IB storage (S3). Override per design.
  form_factor = "qsfp112"    # dual-port QSFP112; nodes.md §2, S1, S3 [src]
}

# Single-port ConnectX-6 HDR, the DGX A100 compute NIC.
nic_model "ConnectX-6" {
  ports      = 1            # nodes.md §5, S22 [src]
  port_rate  = "200Gb/s"    # HDR, speed="200000"; nodes.md §5, S22 [src]
  pcie_gen   = 4            # 16 GT/s x16 for HDR IB NICs in nccl-xml/azhpc_ndv4-topo.xml (ND A100 v4) [src]
  pcie_width = 16           # same file [src]
  protocol   = "infiniband" # class 0x020700; nodes.md §5, S22 [src]
}

# Dual-port ConnectX-6: the DGX A100 storage NIC (S22 shows one 200G and one
# 100G port; one rate per model, so 200G is the ceiling).
nic_model "ConnectX-6-2P" {
  ports      = 2         # nodes.md §5, S22 (mlx5_4/mlx5_5) [src]
  port_rate  = "200Gb/s" # nodes.md §5, S22: 200G + 100G ports [src]
  pcie_gen   = 4         # as ConnectX-6 [src]
  pcie_width = 16        # as ConnectX-6 [src]
  # protocol: not stated in S22; set it in your design.
}

# ConnectX-8 SuperNIC (XDR), the GB300 / B300 NIC.
nic_model "ConnectX-8" {
  ports      = 1            # K7: 800Gb/s XDR IB (or 2 x 400GbE) [src]
  port_rate  = "800Gb/s"    # K7 [src]
  pcie_gen   = 6            # [unconfirmed]: no card manual read; K8 reaches 800 Gb/s over 2 x Gen5 (Socket Direct), which a Gen6 x16 link would match
  pcie_width = 16           # [unconfirmed], as above
  protocol   = "infiniband" # XDR IB (K7); Ethernet mode is 2 x 400GbE [src]
}

# BlueField-3 DPU in NIC mode (B3240 class): the DGX B200 and GB200 storage /
# in-band / north-south NIC.
nic_model "BlueField-3" {
  ports       = 2          # nodes.md §3, S11: dual-port [src]; K6 B3240 dual-port QSFP112 [src]
  port_rate   = "400Gb/s"  # nodes.md §3, S11: one port up to 400 GbE, one up to 400 Gb/s IB [src]; K6 B3240 "400GbE / NDR IB" [src]
  pcie_gen    = 5          # K6: PCIe Gen5.0 x16 [src]
  pcie_width  = 16         # K6 [src]
  protocol    = "ethernet" # [assumption]: VPI; BasePOD and GB200 use it for Ethernet north-south / in-band (nodes.md §3/§4, S1, S13). Override per design.
  form_factor = "qsfp112"  # K6 B3240 dual-port QSFP112 [src]; cabling.md §1a (MCP7Y10 to QSFP112 CX-7/BF-3), S3 [src]
}

# ---------------------------------------------------------------------------
# Cables and optics: one medium per entry, with the longest reach sold or
# specified at max_rate per link. A twin-port cable that carries two 400G
# links is still a 400G medium here.
# ---------------------------------------------------------------------------

cable_model "DAC-100G" {
  media    = "copper"
  kind     = "passive_dac"
  reach    = "5m"      # EDR/100G QSFP28 MCP1600, 0.5-5 m; cabling.md §1a, S19 [secondary]
  max_rate = "100Gb/s" # cabling.md §1a [secondary]
  # kg_per_m: not set; S15 gives the mass of NDR (400G) copper only.
}

cable_model "DAC-400G" {
  media    = "copper"
  kind     = "passive_dac"
  reach    = "2m"      # MCP4Y10 twin OSFP 2x400G, 0.5-2 m; cabling.md §1a, S1 [src]; designs.md §6
  max_rate = "400Gb/s" # NDR / 400GbE per link (8 x 100G-PAM4 per twin cable); cabling.md S1 [src]
  kg_per_m = 0.045     # NVIDIA NDR copper, 9.43 mm: cabling.md §2, S15 [src]
}

cable_model "DAC-400G-splitter" {
  media    = "copper"
  kind     = "passive_dac"
  reach    = "3m"      # MCP7Y00 / MCP7Y10 800G to 2x400G splitter, 1-3 m; cabling.md §1a, S2, S3 [src]; designs.md §6
  max_rate = "400Gb/s" # per leg; cabling.md S2, S3 [src]
  kg_per_m = 0.045     # NVIDIA NDR copper, 9.43 mm: cabling.md §2, S15 [src]
}

cable_model "DAC-800G" {
  media    = "copper"
  kind     = "passive_dac"
  reach    = "2m"      # ~2 m at 100G per lane (NVIDIA DAC 0.5-2 m); cabling.md §1b, S4 [src; IEEE value unconfirmed]
  max_rate = "800Gb/s" # 800GbE = 8 x 100G-PAM4 (Spectrum-4 switch-switch, cabling.md §1c S1). Not XDR: at 200G per lane there is no DAC (cabling.md S12)
  protocol = "ethernet"
  # kg_per_m: not set; S15 gives the mass of NDR (400G) copper only.
}

cable_model "ACC-400G" {
  media    = "copper"
  kind     = "acc"
  reach    = "5m"               # MCA4J80 linear ACC, 3-5 m; cabling.md §1a, S4 [src]; designs.md §6
  max_rate = "400Gb/s"          # NDR per link; cabling.md S4 [src]
  lengths  = ["3m", "4m", "5m"] # MCA4J80-N003/N004/N005 only; cabling.md S4, S47 [secondary]
  kg_per_m = 0.045              # NVIDIA NDR copper, 9.43 mm: cabling.md §2, S15 [src]
}

cable_model "ACC-800G" {
  media    = "copper"
  kind     = "acc"
  reach    = "3m"      # XDR MCA4K50 ACC <= 3 m; cabling.md §1a, S12 [src for ACC at XDR], lengths S19 [secondary]
  max_rate = "800Gb/s" # XDR per link; cabling.md S12 [src]
  # kg_per_m: not set; S15 gives the mass of NDR (400G) copper only.
}

cable_model "AEC-800G" {
  media    = "copper"
  kind     = "aec"
  reach    = "7m"      # [unconfirmed]: "5-7 m typical" (cabling.md §1b), "~7 m" (designs.md §6)
  max_rate = "800Gb/s" # [unconfirmed]: designs.md §6 lists AEC for 400/800G
  # kg_per_m: not set; S15 gives the mass of NDR (400G) copper only.
}

cable_model "MMF-SR4-100G" {
  media    = "fiber"
  kind     = "mmf"
  reach    = "100m"     # 100GbE SR4 QSFP28 (MMA1B00-C100D): OM3 70 m, OM4 100 m; cabling.md §1a, S19 [secondary]
  max_rate = "100Gb/s"  # cabling.md §1a [secondary]
  protocol = "ethernet" # 100GbE SR4; cabling.md §1a, S19 [secondary]
  kg_per_m = 0.009      # NVIDIA AOC and fiber, 3.0 mm: cabling.md §2, S15 [src]
}

cable_model "AOC-200G" {
  media    = "fiber"
  kind     = "aoc"
  reach    = "100m"    # HDR MFS1S00-H, up to 100 m; cabling.md §1a, S19 [secondary]. No AOC at NDR 800G (S4, S14 [src])
  max_rate = "200Gb/s" # HDR; cabling.md §1a [secondary]
  kg_per_m = 0.009     # NVIDIA AOC and fiber, 3.0 mm: cabling.md §2, S15 [src]
}

cable_model "MMF-SR4-400G" {
  media    = "fiber"
  kind     = "mmf"
  reach    = "50m"     # 400G SR4 (100G/lane) on OM4; 30 m on OM3; cabling.md §1a/§1d, S5, S6, S11 [src]; designs.md §6
  max_rate = "400Gb/s" # MMA4Z00-NS / -NS400; cabling.md S5, S6 [src]
  kg_per_m = 0.009     # NVIDIA AOC and fiber, 3.0 mm: cabling.md §2, S15 [src]
  # splits: MFP7E20, a 1:2 multimode fiber, turns a 400G SR4 port into two 200G legs; cabling.md §1a/§1c, S5, S6 [src]
  splits      = ["2x200Gb/s"]
  split_reach = "50m" # MPO multimode straight or splitter <= 50 m; cabling.md §1d, S11 [src]
}

cable_model "MMF-2xSR4-800G" {
  media    = "fiber"
  kind     = "mmf"
  reach    = "50m"      # one 800GbE port through a twin-port 2xSR4 module (MMA4Z00-NS-T on Spectrum-4) over two MPO-12/APC multimode fibers, 50 m on OM4; cabling.md §1b/§1c, S5 [src]
  max_rate = "800Gb/s"  # 2 x 400G SR4 = 8 x 100G-PAM4; S5 [src]
  protocol = "ethernet" # XDR (InfiniBand) 800G has no multimode optic: LACC and single-mode only; cabling.md §1a, S12 [src]
  kg_per_m = 0.009      # NVIDIA AOC and fiber, 3.0 mm: cabling.md §2, S15 [src]
  # cords_per_link: the twin-port module's two SR4 halves each take one MPO-12/APC fiber; cabling.md §1c, S5 [src]
  cords_per_link = 2
}

cable_model "MMF-SR8-400G" {
  media    = "fiber"
  kind     = "mmf"
  reach    = "100m"     # 400GBASE-SR8 on OM4 (OM3 70 m); cabling.md §1b, S20 [src]; designs.md §6
  max_rate = "400Gb/s"  # 8 x 50G; S20 [src]
  protocol = "ethernet" # an IEEE Ethernet PHY; NVIDIA's NDR optics are SR4, DR4 and FR4 only (cabling.md §1a/§1c, S4) [src]
  kg_per_m = 0.009      # NVIDIA AOC and fiber, 3.0 mm: cabling.md §2, S15 [src]
}

cable_model "SMF-DR4-400G" {
  media    = "fiber"
  kind     = "smf"
  reach    = "500m"    # 400GBASE-DR4 (S21) and NVIDIA MMS4X00-NM (S8); cabling.md §1a/§1b [src]. Splitter MPO-SM links only 50 m (S11)
  max_rate = "400Gb/s" # cabling.md S8, S21 [src]
  kg_per_m = 0.009     # NVIDIA AOC and fiber, 3.0 mm: cabling.md §2, S15 [src]
  # splits: MFP7E40, a 1:2 single-mode fiber, turns a 400G DR4 port into two 200G legs; cabling.md §1a/§1c, S7, S9 [src]
  splits      = ["2x200Gb/s"]
  split_reach = "50m" # MPO single-mode splitter <= 50 m in all; cabling.md §1d, S11 [src]
}

cable_model "SMF-DR8-800G" {
  media    = "fiber"
  kind     = "smf"
  reach    = "500m"    # 800GBASE-DR8 on OS2; cabling.md §1b, S20 [src]. XDR MMS4A00 2xDR4 also 500 m (S19 [secondary])
  max_rate = "800Gb/s" # S20 [src]
  kg_per_m = 0.009     # NVIDIA AOC and fiber, 3.0 mm: cabling.md §2, S15 [src]
}

cable_model "SMF-FR4-400G" {
  media    = "fiber"
  kind     = "smf"
  reach    = "2km"     # 400GBASE-FR4 (S21), NVIDIA MMS4X50-NM 2xFR4 (S10); cabling.md §1a/§1b [src]
  max_rate = "400Gb/s" # S10, S21 [src]
  kg_per_m = 0.009     # NVIDIA AOC and fiber, 3.0 mm: cabling.md §2, S15 [src]
}

cable_model "SMF-LR4-400G" {
  media    = "fiber"
  kind     = "smf"
  reach    = "10km"     # 400GBASE-LR4 10 km per S21 [src] (IEEE's 6 km LR4-6 variant [unconfirmed which]); 400GBASE-LR8 10 km (S20 [src]); cabling.md §1b
  max_rate = "400Gb/s"  # S20, S21 [src]
  protocol = "ethernet" # NVIDIA keeps NDR optics to 2 km (cabling.md §1a, S4) [src]
  kg_per_m = 0.009      # NVIDIA AOC and fiber, 3.0 mm: cabling.md §2, S15 [src]
}

# ---------------------------------------------------------------------------
# Transceivers: the optical modules the bill of materials orders, one per
# cage at each end of a multimode or single-mode fiber (an AOC or a copper
# cable has its ends built in). A twin-port module fills a cage of two
# logical ports (a QM9700 cage, a DGX H100 cage) or one 800G Ethernet port.
# ---------------------------------------------------------------------------

transceiver_model "MMA4Z00-NS" {
  fits         = "switch"         # finned, for air-cooled switch cages; cabling.md §1c, S5 [src]
  cable_models = ["MMF-SR4-400G"] # 2 x 400G SR4 over two MPO-12/APC fibers, 50 m; cabling.md §1a, S5 [src]
  rate         = "800Gb/s"
  reach        = "50m"
  ports        = 2            # twin-port OSFP; S5 [src]
  power        = "15W"        # twin-port, max; cabling.md §1a, S5, S38 [src]
  protocol     = "infiniband" # the -T part is the Ethernet one; cabling.md §1b, S5 [src]
  vendor       = "NVIDIA"
  form_factor  = "osfp" # cabling.md §1a/§1c (S5–S10: OSFP modules) [src]
}

transceiver_model "MMA4Z00-NS-T" {
  fits         = "switch"                           # Spectrum-4 (SN5600) cages; cabling.md §1b, S5 [src]
  cable_models = ["MMF-SR4-400G", "MMF-2xSR4-800G"] # 2 x 400GbE in one 800G cage (a broken-out SN5600 port), or one 800GbE port; S5 [src]
  rate         = "800Gb/s"
  reach        = "50m"
  ports        = 2
  power        = "15W" # as MMA4Z00-NS [derived: same module, Ethernet firmware]
  protocol     = "ethernet"
  vendor       = "NVIDIA"
  form_factor  = "osfp" # cabling.md §1a/§1c (S5–S10: OSFP modules) [src]
}

transceiver_model "MMA4Z00-NS-FLT" {
  fits         = "node" # flat-top twin-port for the DGX's twin OSFP cages; cabling.md §1c/§4, S5, S4 [src], BasePOD BOM S31 [secondary]
  cable_models = ["MMF-SR4-400G"]
  rate         = "800Gb/s"
  reach        = "50m"
  ports        = 2
  power        = "15W" # as the finned twin-port [derived]. The -FLT part number follows NVIDIA's flat-top naming (S1) [unconfirmed for this part]
  vendor       = "NVIDIA"
  form_factor  = "osfp" # cabling.md §1a/§1c (S5–S10: OSFP modules) [src]
}

transceiver_model "MMA4Z00-NS400" {
  fits         = "node" # single-port 400G SR4 OSFP for ConnectX-7 cages; never in a switch cage; cabling.md §1c, S6 [src]
  cable_models = ["MMF-SR4-400G"]
  rate         = "400Gb/s"
  reach        = "50m"
  ports        = 1
  power        = "9W"      # max at 400G (8 W typical); cabling.md §1a, S6 [src]
  split_rate   = "200Gb/s" # 200G on a 1:2 MFP7E20 fiber (2 lanes); cabling.md §1a/§1c, S6 [src]
  split_power  = "6.5W"    # max at 200G (5 W typical); cabling.md §1a, S6 [src]
  vendor       = "NVIDIA"
  form_factor  = "osfp" # cabling.md §1a/§1c (S5–S10: OSFP modules) [src]
}

transceiver_model "MMS4X00-NS" {
  fits         = "switch"                         # twin-port 2xDR4, 100 m; cabling.md §1a/§1c, S7 [src]
  cable_models = ["SMF-DR4-400G", "SMF-DR8-800G"] # 2 x 400G DR4, or one 800G DR8 port (MMS4X00-NS-T on Spectrum-4); cabling.md §1b, S7 [src]
  rate         = "800Gb/s"
  reach        = "100m"
  ports        = 2
  power        = "17W"        # twin-port, max (16 W typical); cabling.md §1a, S9 [src]
  protocol     = "infiniband" # the -T part is the Ethernet one; cabling.md §1b, S7 [src]
  vendor       = "NVIDIA"
  form_factor  = "osfp" # cabling.md §1a/§1c (S5–S10: OSFP modules) [src]
}
transceiver_model "MMS4X00-NS-T" {
  fits         = "switch"                         # Spectrum-4 (SN5600) cages; cabling.md §1b, S7 [src]
  cable_models = ["SMF-DR4-400G", "SMF-DR8-800G"] # 2 x 400GbE DR4, or one 800GbE DR8 port; S7 [src]
  rate         = "800Gb/s"
  reach        = "100m"
  ports        = 2
  power        = "17W" # as MMS4X00-NS [derived: same module, Ethernet firmware]
  protocol     = "ethernet"
  vendor       = "NVIDIA"
  form_factor  = "osfp" # cabling.md §1a/§1c (S5–S10: OSFP modules) [src]
}


transceiver_model "MMS4X00-NM" {
  fits         = "switch" # twin-port 2xDR4, 500 m; cabling.md §1a/§1c, S8 [src]
  cable_models = ["SMF-DR4-400G"]
  rate         = "800Gb/s"
  reach        = "500m"
  ports        = 2
  power        = "17W"        # the 2xDR4 twin family's maximum; cabling.md §1a, S9 [src]
  protocol     = "infiniband" # NVIDIA lists no Ethernet (-T) twin of it in the sources read (S7, S8)
  vendor       = "NVIDIA"
  form_factor  = "osfp" # cabling.md §1a/§1c (S5–S10: OSFP modules) [src]
}

transceiver_model "MMS4X50-NM" {
  fits         = "switch" # twin-port 2xFR4 over LC duplex, 2 km switch to switch; cabling.md §1a/§1c, S10 [src]
  cable_models = ["SMF-FR4-400G"]
  rate         = "800Gb/s"
  reach        = "2km"
  ports        = 2
  # power: not set; cabling.md lists the MMS4X50-NM's power among the figures not read.
  vendor      = "NVIDIA"
  form_factor = "osfp" # cabling.md §1a/§1c (S5–S10: OSFP modules) [src]
}

transceiver_model "MMS4X00-NS400" {
  fits         = "node" # single-port 400G DR4 OSFP for ConnectX-7; cabling.md §1a, S9 [src]
  cable_models = ["SMF-DR4-400G"]
  rate         = "400Gb/s"
  reach        = "100m"
  ports        = 1
  power        = "9W"      # at 400G; cabling.md §1a, S9 [src]
  split_rate   = "200Gb/s" # 200G on a 1:2 MFP7E40 fiber (2 lanes); cabling.md §1a, S9 [src]
  split_power  = "5W"      # max at 200G; cabling.md §1a, S9 [src] (the -T page says 6.5 W)
  vendor       = "NVIDIA"
  form_factor  = "osfp" # cabling.md §1a/§1c (S5–S10: OSFP modules) [src]
}

transceiver_model "MMA1Z00-NS400" {
  fits         = "node"           # single-port 400G SR4 QSFP112 for ConnectX-7 and BlueField-3 QSFP112 cages; cabling.md §1a/§1c, S6, S11 [src]
  cable_models = ["MMF-SR4-400G"] # 400G SR4 over one MPO-12/APC fiber; cabling.md §1a [src]
  rate         = "400Gb/s"
  reach        = "50m" # OM4; cabling.md §1a [src]
  ports        = 1
  form_factor  = "qsfp112"
  vendor       = "NVIDIA"
  # power: not set; cabling.md gives the single-port OSFP's 9 W, not this module's.
  # split_rate: not set; no source read says it runs 200G on a 1:2 fiber.
}

transceiver_model "MMA1B00-C100D" {
  fits         = "any"            # QSFP28, in a switch or a NIC cage alike [assumption: one part for both ends, as QSFP28 SR4 is sold]
  cable_models = ["MMF-SR4-100G"] # cabling.md §1a, S19 [secondary]
  rate         = "100Gb/s"        # 100GbE SR4; cabling.md §1a [secondary]
  ports        = 1
  reach        = "100m" # OM4; cabling.md §1a, S19 [secondary]
  vendor       = "NVIDIA"
  protocol     = "ethernet"
  # power: not set; cabling.md §1a gives none for this part.
  form_factor = "qsfp28" # cabling.md §1a, S19 [secondary]
}

# ---------------------------------------------------------------------------
# Servers
# ---------------------------------------------------------------------------
#
# nic "<role>" blocks declare NICs; "role[i]" (e.g. "compute[3]") names the
# i-th NIC of a role. pcie_switch blocks take count / count.index. A NIC under
# no pcie_switch hangs off the socket given in its role's socket list.
# inter_socket_rate, where set, is NCCL's model of the CPU-CPU (SYS) link, not
# a hardware figure (nccl-topo-xml.md §4.2, nodes.md §1, S26).
#
# PCIe identity for the NCCL topology file (docs/nccl.md): numa blocks give
# each NUMA domain's Linux id and CPU list; gpu_pci and nic pci blocks give
# bus ids in device order. A pcie_switch without bus_id gets a MADE-UP id
# from topoc (ffff:ff:NN.0, never colliding with a stated id, marked as made
# up in the emitted file): no source publishes the real switch ids of these
# machines. bus_ids_unconfirmed = true marks ids stated without a source.
# Devices without a bus id are left out of the NCCL file (NCCL detects them).

# NVIDIA DGX H100 (and DGX H200 with gpu = "H200").
node_model "DGX-H100" {
  gpu            = "H100"          # nodes.md §2, S1 [src]
  gpus           = 8               # S1 [src]
  nvswitches     = 4               # third-generation NVSwitch; S1, S5 [src]
  nvswitch_model = "NVSwitch-gen3" # 64 NVLink4 ports a chip, 40 or 32 used by the GPUs; nodes.md §2, S32 [secondary]
  # nvlink_per_switch: 5 links to two switches and 4 to the other two, listed
  # in the switches' bus order as three dumps show it (OCI 1a-1d: 4/5/5/4;
  # Supermicro 05-08 and SimAI: 5 to 06 and 07); nodes.md §2, S6, S8, S9 [src]
  nvlink_per_switch = [4, 5, 5, 4]

  cpu {
    sockets           = 2                     # S1 [src]
    numa_per_socket   = 1                     # 2 NUMA nodes; S33 [secondary], S6 masks [src]
    model             = "Xeon Platinum 8480C" # S1 [src]
    vendor            = "GenuineIntel"        # S6 [src; inferred for DGX: same CPU generation]
    arch              = "x86_64"              # S26 [src]
    family            = 6                     # S6, S26 [src]
    model_id          = 143                   # 0x8F Sapphire Rapids; S6, S26 [src]
    cores             = 56                    # 112 cores in total / 2; S1 [src]
    gpu_link          = "pcie"
    inter_socket_rate = "22GB/s" # NCCL's "SRP" model value, not a UPI figure; nodes.md §1, S26 [src]

    # NUMA node 0 = CPUs 0-55,112-167, node 1 = 56-111,168-223 (SMT on, 224
    # logical CPUs); nodes.md §2, S33 [secondary], the same masks in S6 [src].
    numa {
      id     = 0
      socket = 0
      cpus   = "0-55,112-167"
    }
    numa {
      id     = 1
      socket = 1
      cpus   = "56-111,168-223"
    }
  }

  # GPU i sits in the same PEX890xx complex as compute NIC i, three buses
  # below it. [unconfirmed]: recalled from DGX H100 nvidia-smi output, not
  # read in a source; consistent with the NIC buses of S2/S4 + 3 [derived].
  gpu_pci {
    bus_ids             = ["0000:1b:00.0", "0000:43:00.0", "0000:52:00.0", "0000:61:00.0", "0000:9d:00.0", "0000:c3:00.0", "0000:d1:00.0", "0000:df:00.0"]
    bus_ids_unconfirmed = true
  }

  power = "10.2kW" # maximum system power; 4 per rack = 40.8 kW, cabling.md §4, S45 [secondary]

  nic "compute" {
    model = "ConnectX-7" # 8 x single-port CX-7, 400G; S1, S2 [src]
    count = 8
    # The eight CX-7 reach the panel through four twin-port OSFP cages
    # (OSFP1-4, ports P1/P2); cabling.md §4, S26, S27 [src].
    ports_per_cage = 2
    pci {
      # ibpNNNs0 names the PCI bus in decimal (S2 Table 6); S4 lists the same
      # buses in hex: 18 40 4f 5e 9a c0 ce dc [src]; domain 0 [derived: the
      # name carries no domain]. NIC i is the one S2 pairs with GPU i.
      bus_ids = ["0000:18:00.0", "0000:40:00.0", "0000:4f:00.0", "0000:5e:00.0", "0000:9a:00.0", "0000:c0:00.0", "0000:ce:00.0", "0000:dc:00.0"]
      names   = ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"] # RDMA names, S2 Table 6 [src]
      # IPoIB netdevs ibp<bus in decimal>s0, S2 Table 6 [src]
      interfaces = ["ibp24s0", "ibp64s0", "ibp79s0", "ibp94s0", "ibp154s0", "ibp192s0", "ibp206s0", "ibp220s0"]
    }
  }

  nic "storage" {
    model  = "ConnectX-7-2P" # 2 x dual-port QSFP112 CX-7 in slots 1 and 2; S1, S3 [src]
    count  = 2
    socket = [0, 1] # mlx5_1/2 on NUMA 0, mlx5_7/8 on NUMA 1 (DGX H200); nodes.md §2.1, S33 [secondary]
    pci {
      # RDMA names of the two cards' ports, NIC-major: the gaps in the
      # compute names (DGX H200 as read; nodes.md §2.1, S33 [secondary]).
      # Bus ids and interface names: not published for the DGX H100
      # storage cards; left to NCCL.
      names = ["mlx5_1", "mlx5_2", "mlx5_7", "mlx5_8"]
    }
  }

  # One GPU and its compute NIC behind each Broadcom PEX890xx complex; GPUs
  # 0-3 on socket 0, 4-7 on socket 1 (nodes.md §2, S6 [src], S33). The OCI dump
  # shows two levels (an upper switch over two lower ones); NCCL flattens them
  # into one (S26), and so does this model. GPU i pairs with compute NIC i
  # (nodes.md §2.1 table, S2 [src]). bus_id: unset, so MADE UP by topoc.
  pcie_switch {
    count  = 8
    socket = floor(count.index / 4)
    gpus   = [count.index]
    nics   = ["compute[${count.index}]"]
    gen    = 5  # Gen5 (PEX890xx, 32 GT/s); S6, S28 [src]
    width  = 16 # x16; S6 [src]
  }
}

# HGX H100 8-GPU baseboard in a generic 2-socket Sapphire Rapids host with one
# 400G compute NIC per GPU. Storage NICs, NIC speeds and the switch depth vary
# by vendor (nodes.md §2.2): declare your own node_model for a specific server.
node_model "HGX-H100" {
  gpu            = "H100"          # nodes.md §2 [src]
  gpus           = 8               # S5 [src]
  nvswitches     = 4               # S5 [src]
  nvswitch_model = "NVSwitch-gen3" # nodes.md §2, S32 [secondary]
  # nvlink_per_switch: as DGX-H100; S6, S8, S9 [src]
  nvlink_per_switch = [4, 5, 5, 4]

  cpu {
    sockets           = 2                        # S6: 2 cpu elements [src]
    numa_per_socket   = 1                        # S6 [src]
    model             = "Xeon (Sapphire Rapids)" # family 6 model 143; the SKU varies by vendor
    vendor            = "GenuineIntel"           # S6 [src]
    arch              = "x86_64"                 # S6 [src]
    family            = 6                        # S6 [src]
    model_id          = 143                      # S6 [src]
    cores             = 56                       # S6 affinity masks: CPUs 0-55 (+112-167 SMT) per node [derived]
    gpu_link          = "pcie"
    inter_socket_rate = "22GB/s" # NCCL "SRP" model value; S26 [src]

    # Affinity masks of the OCI dump decode to these lists; nodes.md §2.2, S6 [src; decode derived]
    numa {
      id     = 0
      socket = 0
      cpus   = "0-55,112-167"
    }
    numa {
      id     = 1
      socket = 1
      cpus   = "56-111,168-223"
    }
  }

  # Bus ids are those of OCI's BM.GPU.H100.8 (nodes.md §2.2, S6 [src]); other
  # HGX H100 servers differ: declare your own node_model for them.
  gpu_pci {
    bus_ids = ["0000:0f:00.0", "0000:2d:00.0", "0000:44:00.0", "0000:5b:00.0", "0000:89:00.0", "0000:a8:00.0", "0000:c0:00.0", "0000:d8:00.0"]
  }

  nic "compute" {
    model = "ConnectX-7" # 1 NIC per GPU (S6, S9) [src]; OCI's are dual-port 2x200G RoCE, SimAI's 400G IB
    count = 8
    pci {
      bus_ids = ["0000:0c:00.0", "0000:2a:00.0", "0000:41:00.0", "0000:58:00.0", "0000:86:00.0", "0000:a5:00.0", "0000:bd:00.0", "0000:d5:00.0"] # S6 [src]
    }
  }

  # One Broadcom PEX890xx complex per GPU/NIC pair. S6 shows an upper switch
  # over two lower ones, which NCCL flattens (S26); this model keeps the upper
  # switch, at bus 08 26 3d 54 82 a1 b9 d1 (S6 [src]; "0000:XX:00.0" [derived]).
  pcie_switch {
    count               = 8
    socket              = floor(count.index / 4) # GPUs 0-3 on NUMA 0; S6 [src]
    gpus                = [count.index]
    nics                = ["compute[${count.index}]"]
    gen                 = 5  # S6, S9 [src]
    width               = 16 # S6 [src]
    bus_id              = format("0000:%s:00.0", ["08", "26", "3d", "54", "82", "a1", "b9", "d1"][count.index])
    vendor_id           = "0x1000" # Broadcom; S6, S28 [src]
    device_id           = "0xc030" # PEX890xx Gen5; S6, S28 [src]
    subsystem_vendor_id = "0x1000" # S6 [src]
    subsystem_device_id = "0x0072" # the upper switch's; S6 [src]
  }
}

# NVIDIA DGX B200.
node_model "DGX-B200" {
  gpu            = "B200"          # nodes.md §3, S11 [src]
  gpus           = 8               # S11 [src]
  nvswitches     = 2               # fifth-generation NVLink switch chips; S11 [src]
  nvswitch_model = "NVSwitch-gen4" # 72 NVLink5 ports a chip [derived], all 72 used by 8 GPUs x 9 links; nodes.md §4
  # nvlink_per_switch: unset, so the 18 links spread evenly, 9 to each chip
  # (8 x 18 = 144 links / 2 chips = 72 per chip [derived]; split unconfirmed).

  cpu {
    sockets           = 2                    # S11 [src]
    numa_per_socket   = 1                    # 2 NUMA nodes on an 8 x B200 host; S12 [src] (host not stated to be a DGX)
    model             = "Xeon Platinum 8570" # S11 [src]
    vendor            = "GenuineIntel"       # S11 (Intel Xeon) [src]
    arch              = "x86_64"             # S26 [src]
    family            = 6                    # S26 [src]
    model_id          = 207                  # 0xCF Emerald Rapids; S26 [src]; that the 8570 reports it is [inferred] from "5th gen" (S1)
    cores             = 56                   # S11 [src]
    gpu_link          = "pcie"
    inter_socket_rate = "40GB/s" # NCCL's "ERP" model value, not a UPI figure; nodes.md §1, S26 [src]

    # CPUs 0-55,112-167 and 56-111,168-223 on an 8 x B200 host; nodes.md §3, S12 [src]
    numa {
      id     = 0
      socket = 0
      cpus   = "0-55,112-167"
    }
    numa {
      id     = 1
      socket = 1
      cpus   = "56-111,168-223"
    }
  }
  # No bus ids: no public DGX B200 NCCL dump or bus-id table was found
  # (nodes.md §3), so topoc writes no NCCL file for this model, only the
  # predicted GPU-NIC paths.

  power = "14.3kW" # maximum system power; cabling.md §4, S27 [src]

  nic "compute" {
    model = "ConnectX-7" # 8 x single-port CX-7, IB up to 400 Gb/s; S11, S1 [src]
    count = 8
    # Four twin-port OSFP cages, as the DGX H100; cabling.md §4, S23, S27 [src].
    ports_per_cage = 2
  }

  nic "storage" {
    model  = "BlueField-3" # 2 x dual-port BlueField-3 in NIC mode; S11, S1 [src]
    count  = 2
    socket = [0, 1] # [assumption]: one per socket, as on DGX H100; not found for B200
  }

  # Each GPU is PXB to exactly one NIC and NODE to the other NICs on its socket
  # (S12 [src]), so one GPU and one NIC share a switch complex, 4 per socket
  # [inferred]. Switch vendor and depth are [unconfirmed]: no public B200 NCCL
  # dump was found (nodes.md §3).
  pcie_switch {
    count  = 8
    socket = floor(count.index / 4)
    gpus   = [count.index]
    nics   = ["compute[${count.index}]"]
    gen    = 5  # PCIe Gen5 hosts; S11, S35 [src]
    width  = 16 # S35 [src]
  }
}

# NVIDIA DGX A100 (640 GB variant; the 320 GB one has gpu = "A100-40GB").
node_model "DGX-A100" {
  gpu        = "A100" # nodes.md §5 [src]
  gpus       = 8      # S22 [src]
  nvswitches = 6      # second-generation NVSwitch; S22 [src]
  # nvlink_per_switch: 2 links to each switch = 12; S22 [src]
  nvlink_per_switch = [2, 2, 2, 2, 2, 2]

  cpu {
    sockets           = 2              # S23 [secondary]; fits S22's 8 NUMA x 16 cores [derived]
    numa_per_socket   = 4              # 8 NUMA nodes (NPS4-style); S22 [src]
    model             = "EPYC 7742"    # S23 [secondary]
    vendor            = "AuthenticAMD" # S22 [src]
    arch              = "x86_64"       # S26 [src]
    family            = 143            # as NCCL computes it (display family 23); S22 [src]
    model_id          = 49             # S22 [src]
    cores             = 64             # S23 [secondary]; 4 NUMA x 16 cores [derived from S22]
    gpu_link          = "pcie"
    inter_socket_rate = "16GB/s" # NCCL's AMD SYS model value, not a hardware figure; nccl-topo-xml.md §4.2 (S26) [src]

    # 8 NUMA nodes of 16 cores + 16 SMT siblings: node n = CPUs 16n..16n+15 and
    # 128+16n..128+16n+15 (node 0 = 0-15,128-143; node 7 = 112-127,240-255);
    # nodes.md §5, S22 [src; decode derived]. Nodes 0-3 on socket 0.
    numa {
      count  = 8
      id     = count.index
      socket = floor(count.index / 4)
      cpus   = format("%d-%d,%d-%d", 16 * count.index, 16 * count.index + 15, 128 + 16 * count.index, 128 + 16 * count.index + 15)
    }
  }

  # GPU 0 = 0000:07:00.0 (S22 [src]). The others are [unconfirmed]: recalled
  # from DGX A100 nvidia-smi output, not read in a source.
  gpu_pci {
    bus_ids             = ["0000:07:00.0", "0000:0f:00.0", "0000:47:00.0", "0000:4e:00.0", "0000:87:00.0", "0000:90:00.0", "0000:b7:00.0", "0000:bd:00.0"]
    bus_ids_unconfirmed = true
  }

  nic "compute" {
    model = "ConnectX-6" # 8 x single-port HDR 200G; S22 [src]
    count = 8
    pci {
      # mlx5_0 = 0000:0c:00.0 (S22 [src]). The others are [unconfirmed]: the
      # DGX A100 interface names ibp12s0 ibp18s0 ibp75s0 ibp84s0 ibp141s0
      # ibp148s0 ibp186s0 ibp204s0 as recalled, buses in hex.
      bus_ids             = ["0000:0c:00.0", "0000:12:00.0", "0000:4b:00.0", "0000:54:00.0", "0000:8d:00.0", "0000:94:00.0", "0000:ba:00.0", "0000:cc:00.0"]
      bus_ids_unconfirmed = true
    }
  }

  nic "storage" {
    model  = "ConnectX-6-2P" # dual-port CX-6 directly on NUMA node 0 (0000:61:00.0); S22 [src]
    count  = 1
    socket = [0]
    pci {
      bus_ids = ["0000:61:00.0"] # S22 [src]
      numa    = [0]              # S22 [src]
      class   = "0x020700"       # InfiniBand, in the S22 dump [src]
    }
  }

  # 4 Broadcom PEX880xx Gen4 complexes, each with 2 GPUs and 2 compute NICs
  # (PXB); S22 [src], S23 [secondary]. GPU0/1 -> NUMA 3, GPU2/3 -> NUMA 1 (socket 0),
  # GPU4/5 -> NUMA 7, GPU6/7 -> NUMA 5 (socket 1) (S22 [src]). Compute NICs 2i
  # and 2i+1 are paired with GPUs 2i and 2i+1 [assumption: NIC order follows
  # GPU order]. bus_id: unset, so MADE UP by topoc (S22 shows several switch
  # levels per complex, flattened here into one).
  pcie_switch {
    count  = 4
    socket = floor(count.index / 2)
    numa   = [3, 1, 7, 5][count.index] # S22 [src]
    gpus   = [2 * count.index, 2 * count.index + 1]
    nics   = ["compute[${2 * count.index}]", "compute[${2 * count.index + 1}]"]
    gen    = 4  # PEX880xx Gen4 (0x1000:0xc010); S22, S28 [src]
    width  = 16 # S22 [src]
  }
}

# One 1RU compute tray of a GB200 NVL72 rack: 2 Grace CPUs + 4 Blackwell GPUs
# (2 GB200 superchips). The NVLink switches live in separate switch trays
# (see "NVSwitch-gen4" above), so nvswitches = 0 and the rack's NVLink
# fabric is an nvlink_domain over these trays' GPUs.
node_model "GB200-NVL72-compute-tray" {
  gpu        = "GB200" # nodes.md §4, S13 [src]
  gpus       = 4       # S13, S15 [src]
  nvswitches = 0       # no NVSwitch inside the tray; S13, S15 [src]

  cpu {
    sockets         = 2         # 2 Grace per tray; S13 [src]
    numa_per_socket = 1         # Grace 0 = CPUs 0-71, Grace 1 = 72-143; S16 [src]. GPU-memory NUMA nodes (S19) are not modelled
    model           = "Grace"   # S13 [src]
    arch            = "arm64"   # NCCL arch; S26 [src]. No vendor: NCCL needs none for arm64 (nodes.md §4)
    cores           = 72        # 144 cores per 4-GPU tray / 2; S21 [derived]
    gpu_link        = "c2c"     # NVLink-C2C between Grace and its GPUs; nodes.md §4 [secondary]
    c2c_rate        = "450GB/s" # 900 GB/s bidirectional per superchip / 2 [secondary]; how it divides between the superchip's 2 GPUs is [unconfirmed]
    # inter_socket_rate: the Grace-Grace link inside a tray was not found (nodes.md §4 gap).

    # Grace 0 = CPUs 0-71, Grace 1 = 72-143; nodes.md §4, S16 [src]
    numa {
      id     = 0
      socket = 0
      cpus   = "0-71"
    }
    numa {
      id     = 1
      socket = 1
      cpus   = "72-143"
    }
  }
  # GPU bus ids 0008:01:00.0, 0009:01:00.0 (Grace 0) and 0018:01:00.0,
  # 0019:01:00.0 (Grace 1) are known (S16 [src]) but not given: their PCIe
  # link speed and width are not published, and NCCL needs both. NCCL
  # detects the GPUs and their C2C link itself.

  # No PCIe switches: every GPU and NIC sits in its own PCI domain, so NICs
  # hang off a socket and GPU<->NIC traffic goes GPU -> C2C -> Grace -> PCIe
  # (NCCL P2C); nodes.md §4, S14, S16, S26 [inferred].
  nic "compute" {
    model  = "ConnectX-7" # 4 x single-port 400G OSFP CX-7 per tray; S13 [src]
    count  = 4
    socket = [0, 0, 1, 1] # left bay (domains 0, 2) -> Grace 0, right bay (0x10, 0x12) -> Grace 1; S14, S16 [inferred]
    pci {
      # S14 table "00:03:00.0" etc., read as domain:bus [inferred] (nodes.md §4)
      bus_ids = ["0000:03:00.0", "0002:03:00.0", "0010:03:00.0", "0012:03:00.0"]
      names   = ["mlx5_0", "mlx5_1", "mlx5_4", "mlx5_5"] # S14 [src]
    }
  }

  nic "storage" {
    model  = "BlueField-3" # 2 x BlueField-3 per tray; S13, S15 [src]
    count  = 2
    socket = [0, 1] # left BF-3 (domain 6) -> Grace 0, right (0x16) -> Grace 1; S14 [inferred]
    pci {
      bus_ids = ["0006:03:00.0", "0016:03:00.0"] # S14 [src; domain reading inferred]
    }
  }
}

# Azure ND H100 v5 (Standard_ND96isr_H100_v5) as the guest sees it, after
# nccl-xml/azhpc_ndv5-topo.xml (S25). The host CPU model is not published.
node_model "ND-H100-v5" {
  gpu            = "H100"          # 8 x H100 80 GB with NVLink 4.0; nodes.md §6, S24 [src]
  gpus           = 8               # S24 [src]
  nvswitches     = 4               # not visible in the VM; an HGX H100 host is [inferred] (nodes.md §6 sketch)
  nvswitch_model = "NVSwitch-gen3" # as HGX H100 [inferred]
  # nvlink_per_switch: as HGX H100 [inferred]
  nvlink_per_switch = [4, 5, 5, 4]

  cpu {
    sockets           = 2                        # 2 NUMA domains in the file; S25 [src]
    numa_per_socket   = 1                        # S25 [src]
    model             = "Xeon (Sapphire Rapids)" # "4th-gen Xeon"; S24 [src]; host SKU [unconfirmed]
    vendor            = "GenuineIntel"           # file [src]
    arch              = "x86_64"                 # file [src]
    family            = 6                        # file [src]
    model_id          = 143                      # file [src]
    cores             = 48                       # 96 vCPUs = 96 physical cores, no SMT; CPUs 0-47 / 48-95; S24, file [src; decode derived]
    gpu_link          = "pcie"
    inter_socket_rate = "22GB/s" # NCCL "SRP" model value; S26 [src]

    # affinity 00000000,0000ffff,ffffffff and ffffffff,ffff0000,00000000 in the file [src]
    numa {
      id     = 0
      socket = 0
      cpus   = "0-47"
    }
    numa {
      id     = 1
      socket = 1
      cpus   = "48-95"
    }
  }

  # Hyper-V bus ids: the domain carries the identity (file [src]; nodes.md §6)
  gpu_pci {
    bus_ids = ["0001:00:00.0", "0002:00:00.0", "0003:00:00.0", "0008:00:00.0", "0009:00:00.0", "000a:00:00.0", "000b:00:00.0", "000c:00:00.0"]
  }

  nic "compute" {
    model = "ConnectX-7" # 8 x 400 Gb/s NDR IB, one per GPU; S24, file (class 0x020700) [src]
    count = 8
    pci {
      bus_ids = ["0101:00:00.0", "0102:00:00.0", "0103:00:00.0", "0104:00:00.0", "0105:00:00.0", "0106:00:00.0", "0107:00:00.0", "0108:00:00.0"] # file [src]
    }
  }

  # One fake switch (ffff:ff:0N.0, ids 0x0000 so that NCCL never takes it for
  # a Broadcom switch) per GPU/NIC pair, 4 per NUMA node; GPU i pairs with
  # NIC i in bus order (S25 file [src]).
  pcie_switch {
    count               = 8
    socket              = floor(count.index / 4)
    gpus                = [count.index]
    nics                = ["compute[${count.index}]"]
    gen                 = 5                                         # 32.0 GT/s; file [src]
    width               = 16                                        # file [src]
    bus_id              = format("ffff:ff:%02x.0", count.index + 1) # Azure's fake ids; file [src]
    vendor_id           = "0x0000"                                  # file [src]
    device_id           = "0x0000"
    subsystem_vendor_id = "0x0000"
    subsystem_device_id = "0x0000"
  }
}
