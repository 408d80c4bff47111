# Issue 19: server names built from 2 MB each, 64 times, exhausted memory.
node_group "h" {
  model = "DGX-H100"
  count = 64
  name  = "${join("", [for i in range(500) : format("%04000d", 0)])}${count.index}"
}
