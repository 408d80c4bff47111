# Loaded beside examples/dgx-h100-superpod: a ring AllReduce over all
# 1,016 GPUs in NCCL's rail-aware order and in naive rank order, under
# static per-QP hashing (the InfiniBand fabric's own default, its
# forwarding tables, spreads the naive ring's rail crossings without a
# collision).
workload "orders" {
  gpus    = node_group.dgx.gpus
  routing = "ecmp"

  collective "rail_aware" {
    op    = "allreduce"
    size  = "1GiB"
    order = "rail_aware"
  }
  collective "naive" {
    op    = "allreduce"
    size  = "1GiB"
    order = "naive"
  }
}

workload "hierarchical" {
  gpus = node_group.dgx.gpus

  collective "allreduce" {
    op        = "allreduce"
    algorithm = "hierarchical"
    size      = "1GiB"
  }
}
