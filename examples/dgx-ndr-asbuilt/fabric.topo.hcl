# The NDR InfiniBand fabric that compiler/asbuilt/testdata/
# ibnetdiscover-ndr-dgx.out discovered (a real cluster; see that
# directory's SOURCE.md), written as its designers meant it, so that
# `topoc verify` reads off the file what an expert would. Every number
# here is read from the file; README.md says how.
#
# 144 DGX H100 in 8 scalable units of 18, four of each server's compute
# NICs on this fabric (HCA-1, HCA-2, HCA-5, HCA-6: one rail each), a leaf
# per SU and rail (32 QM9701), 9 spines, each leaf 2 links to every spine
# on adjacent ports (33-34 to spine 1, ... 49-50 to spine 9): 1:1.

switch_model "QM9701" {
  radix     = 64 # 64 x NDR 400G (the file's 65th port is the SHARP aggregation node)
  port_rate = "400Gb/s"
  vendor    = "NVIDIA"
  protocol  = "infiniband"
}

# A DGX H100 as this fabric sees it: the four compute NICs cabled to it,
# named as the hosts' NodeDescriptions name them ("<host> HCA-1"). The
# other four compute NICs and the storage NICs are on fabrics the file
# does not show [assumption: the 8-rail DGX H100 split over two planes].
node_model "DGX-H100-P1" {
  gpu               = "H100"
  gpus              = 8
  nvswitches        = 4
  nvlink_per_switch = [4, 5, 5, 4] # HGX H100, as the catalogue's DGX-H100

  cpu {
    sockets           = 2
    numa_per_socket   = 1
    vendor            = "GenuineIntel"
    arch              = "x86_64"
    family            = 6
    model_id          = 143
    gpu_link          = "pcie"
    inter_socket_rate = "22GB/s" # NCCL's "SRP" model value (nccl-topo-xml.md §4.2)
  }

  nic "compute" {
    model = "ConnectX-7"
    count = 4
    pci {
      names = ["HCA-1", "HCA-2", "HCA-5", "HCA-6"] # the file's NodeDescriptions
    }
  }

  # One NIC and two GPUs per PCIe switch [assumption: not in the file].
  pcie_switch {
    count  = 4
    socket = floor(count.index / 2)
    gpus   = [2 * count.index, 2 * count.index + 1]
    nics   = ["compute[${count.index}]"]
    gen    = 5
    width  = 16
  }
}

# Host names as the file gives them: SU s in rack a05-a08 (s = 1-4) or
# b05-b08 (s = 5-8), "<rack>-p1-dgx-<su>-c<node>".
node_group "dgx" {
  model = "DGX-H100-P1"
  count = 8 * 18
  name = format("%s-p1-dgx-%02d-c%02d",
    floor(count.index / 18) < 4 ? format("a%02d", floor(count.index / 18) + 5) : format("b%02d", floor(count.index / 18) + 1),
  floor(count.index / 18) + 1, count.index % 18 + 1)
}

fabric "ib" {
  clos {
    endpoints = node_group.dgx.nics.compute
    rails     = 4
    unit "su" {
      nodes = 18
    }
    # Leaf ports 1-18 take nodes c01-c18; the uplinks start at port 33,
    # after the 32 ports the leaf keeps for nodes.
    tier "leaf" {
      model = "QM9701"
      per   = ["su", "rail"]
      down  = 32
      up    = 18
    }
    # Each leaf's two links to a spine on adjacent ports, spine after
    # spine; each spine takes the leaves in order, SU by SU, rail by rail
    # (ports 1-2 from SU 1 rail 1, 3-4 from SU 1 rail 2, ...).
    tier "spine" {
      model    = "QM9701"
      count    = 9
      striping = "bundled"
    }
  }
}
