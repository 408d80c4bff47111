# Issue 19: sockets = 0 with gpus = 0 was accepted; a server has a socket.
node_model "empty" {
  gpus = 0
  cpu {
    sockets = 0
  }
}
