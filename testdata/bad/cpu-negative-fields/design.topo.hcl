# Issue 19 attack: negative core counts and CPUID fields were accepted.
node_model "x" {
  gpus = 0
  cpu {
    sockets  = 1
    cores    = -5
    model_id = -1
  }
}
